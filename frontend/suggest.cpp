#include "frontend/suggest.h"

#include <algorithm>
#include <cctype>

namespace clusterc {

size_t EditDistance(std::string_view a, std::string_view b) {
  // Levenshtein with case-insensitive substitution cost 0, so `gb` suggests `GB`.
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                  std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (same ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

std::string Suggest(std::string_view name, const std::vector<std::string>& candidates) {
  if (name.size() > 64) return {};
  size_t limit = std::max<size_t>(1, (name.size() + 2) / 3);
  std::string best;
  size_t best_distance = limit + 1;
  for (const auto& c : candidates) {
    if (c == name) continue;
    size_t d = EditDistance(name, c);
    if (d < best_distance || (d == best_distance && c < best)) {
      best_distance = d;
      best = c;
    }
  }
  return best_distance <= limit ? best : std::string();
}

}  // namespace clusterc
