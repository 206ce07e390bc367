#include "driver/reference.h"

#include <fmt/format.h>

#include <type_traits>

#include "diag/diagnostic.h"
#include "diag/format.h"
#include "ir/derived.h"
#include "ir/ir.h"
#include "ir/limits.h"
#include "ir/traits.h"

namespace clusterc {
namespace {

using ir::IsPart;
using ir::IsQ;
using ir::IsQuantityPart;
using ir::IsRef;

// GitHub's heading anchors: lower case, punctuation other than `-` dropped.
std::string Anchor(std::string_view code) {
  std::string out;
  for (char c : code)
    if (c != '.' && c != '`') out += c;
  return out;
}

std::string Escape(std::string_view s) {
  std::string out;
  for (char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

template <class T>
std::string KindOf() {
  return std::string(ir::EnumName(ir::TableOf<T>::kKind));
}

template <class E>
std::string Words() {
  std::string out;
  for (auto n : ir::EnumNames<E>::kNames) out += (out.empty() ? "`" : ", `") + std::string(n) + "`";
  return out;
}

// Writes one Markdown table row per field; sub-structs get their own section afterwards.
class Documenter {
 public:
  // `scope` places the block in the schema ("plan.batch"), for the plausible ranges.
  Documenter(std::string title, std::string scope)
      : title_(std::move(title)), scope_(std::move(scope)) {}

  template <class E>
  void Tag(E&) {
    tag_words_ = Words<E>();
  }

  template <class T, class... Only>
  void Field(std::string_view name, T& member, uint32_t flags, std::string_view doc, Only... only) {
    std::string type, def;
    if constexpr (IsQ<T>::value) {
      type = fmt::format("{} (`{}`)", ir::DimName(T::kDim), ir::DimUnit(T::kDim));
      def = member.si == 0 ? "not set" : FormatForPeople(member.ToRuntime());
    } else if constexpr (std::is_same_v<T, int64_t>) {
      type = "whole number";
      def = member == 0 ? "not set" : std::to_string(member);
    } else if constexpr (std::is_same_v<T, double>) {
      type = (flags & ir::kFraction) ? "fraction (`0.9` or `90 %`)" : "number";
      def = member <= 0 ? "not set" : FormatCount(member);  // negative: unset (speed_variation)
    } else if constexpr (std::is_same_v<T, bool>) {
      type = "`true` or `false`";
      def = member ? "`true`" : "`false`";
    } else if constexpr (std::is_same_v<T, std::string>) {
      type = "string";
      def = member.empty() ? "empty" : member;
    } else if constexpr (std::is_enum_v<T>) {
      type = "one of " + Words<T>();
      def = "`" + std::string(ir::EnumName(member)) + "`";
    } else if constexpr (std::is_same_v<T, ir::Ratio>) {
      type = "ratio (`1:1`)";
      def = fmt::format("`{}:{}`", member.left, member.right);
    } else if constexpr (IsRef<T>::value) {
      type = fmt::format("a `{}`", KindOf<typename IsRef<T>::Target>());
      def = "none";
    } else if constexpr (ir::IsRefList<T>::value) {
      type = fmt::format("`{}`s joined by `+`", KindOf<typename ir::IsRefList<T>::Target>());
      def = "none";
    } else if constexpr (ir::IsPartSum<T>::value) {
      type = fmt::format("`N x {0}`, or groups `N x {0} + M x {0}`",
                         KindOf<typename IsPart<T>::Target>());
      def = "none";
    } else if constexpr (IsPart<T>::value) {
      type = fmt::format("`N x {}`", KindOf<typename IsPart<T>::Target>());
      def = "none";
    } else if constexpr (ir::IsList<T>::value) {
      type = "`one_of(...)` alternatives";
      def = "the cluster's";
    } else if constexpr (IsQuantityPart<T>::value) {
      using Each = typename IsQuantityPart<T>::Each;
      type = fmt::format("`N x` {}", ir::DimName(Each::kDim));
      def = "none";
    } else {
      type = fmt::format("block (see `{}` below)", name);
      def = "see below";
      Documenter sub{std::string(name), scope_ + "." + std::string(name)};
      Describe(member, sub);
      subsections_ += sub.Render(3);
    }
    std::string required = (flags & ir::kRequired) ? "yes" : "no";
    std::string applies;
    if constexpr (sizeof...(Only) > 0) {
      ((applies +=
        (applies.empty() ? "" : ", ") + std::string("`") + std::string(ir::EnumName(only)) + "`"),
       ...);
    }
    std::string desc(doc);
    if (flags & ir::kPositive) desc += "; greater than zero";
    if (const ir::PlausibleRange* r = ir::FindPlausibleRange(scope_, name)) {
      std::string unit;
      if constexpr (IsQ<T>::value) unit = " " + ir::DimUnit(T::kDim);
      desc += fmt::format("; plausible range {:g} to {:g}{}", r->min, r->max, unit);
    }
    if (!applies.empty()) desc += "; only in " + applies;
    rows_ += fmt::format("| `{}` | {} | {} | {} | {} |\n", name, Escape(type), required,
                         Escape(def), Escape(desc));
  }

  template <class S>
  void Optional(std::string_view name, bool&, S& sub, std::string_view doc) {
    S copy = sub;
    Field(name, copy, 0, doc);
  }

  std::string Render(int level) const {
    std::string out = fmt::format("{} `{}`\n\n", std::string(size_t(level), '#'), title_);
    if (!tag_words_.empty())
      out += fmt::format("Written as `WORD {{ ... }}` where WORD is {}.\n\n", tag_words_);
    out += "| field | takes | required | default | description |\n";
    out += "|---|---|---|---|---|\n";
    out += rows_ + "\n" + subsections_;
    return out;
  }

 private:
  std::string title_;
  std::string scope_;
  std::string rows_;
  std::string subsections_;
  std::string tag_words_;
};

}  // namespace

std::string FieldReference() {
  std::string out;
  ir::ForEachEntityType([&](auto* type) {
    using T = std::remove_pointer_t<decltype(type)>;
    T defaults{};
    Documenter doc(KindOf<T>(), KindOf<T>());
    Describe(defaults, doc);
    out += doc.Render(2);
    std::string derived;
    for (const auto& d : ir::kDerived) {
      if (d.kind != ir::TableOf<T>::kKind) continue;
      std::string unit = ir::DimUnit(d.dim);
      derived += fmt::format("| `{}` | {} | {} |\n", d.name,
                             unit.empty() ? "count" : "`" + unit + "`", Escape(d.description));
    }
    if (!derived.empty()) {
      out += fmt::format("Derived quantities of a `{}` (for `require` and `clusterc explain`):\n\n",
                         KindOf<T>());
      out += "| name | unit | description |\n|---|---|---|\n" + derived + "\n";
    }
  });
  return out;
}

std::string RulesMarkdown() {
  std::string out =
      "# Diagnostic rules\n\n"
      "Every diagnostic clusterc reports has a stable code. This page is generated from the\n"
      "registry (`diag/codes.def`) by `clusterc rules --format markdown`; a test keeps it in\n"
      "sync. Suppress a code on one line or block with `// clusterc: allow(code)`.\n\n"
      "| code | severity | summary |\n|---|---|---|\n";
  for (const auto& r : kDiagCodes)
    out += fmt::format("| [`{}`](#{}) | {} | {} |\n", r.code, Anchor(r.code),
                       SeverityName(r.severity), Escape(r.summary));
  out += "\n";
  for (const auto& r : kDiagCodes)
    out += fmt::format("## `{}`\n\nSeverity: {}. {}.\n\n{}\n\n", r.code, SeverityName(r.severity),
                       r.summary, r.explanation);
  return out;
}

}  // namespace clusterc
