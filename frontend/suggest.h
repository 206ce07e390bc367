// "Did you mean": the closest candidate by edit distance, when it is close enough.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace clusterc {

size_t EditDistance(std::string_view a, std::string_view b);
// The closest candidate within a distance that scales with the name's length, or "".
std::string Suggest(std::string_view name, const std::vector<std::string>& candidates);

}  // namespace clusterc
