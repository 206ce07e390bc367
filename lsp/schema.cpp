#include "lsp/schema.h"

#include <fmt/format.h>

#include <type_traits>

#include "diag/format.h"
#include "ir/derived.h"
#include "ir/ir.h"
#include "ir/traits.h"

namespace clusterc::lsp {
namespace {

template <class E>
std::vector<std::string> WordsOf() {
  std::vector<std::string> out;
  for (auto n : ir::EnumNames<E>::kNames) out.emplace_back(n);
  return out;
}

std::string Quoted(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "`" : ", `") + w + "`";
  return out;
}

template <class T>
std::string KindOf() {
  return std::string(ir::EnumName(ir::TableOf<T>::kKind));
}

// Walks Describe like the field reference does, keeping the fields as data.
class Collector {
 public:
  explicit Collector(std::vector<FieldDoc>& out) : out_(out) {}

  template <class E>
  void Tag(E&) {
    tags_ = WordsOf<E>();
  }

  template <class T, class... Only>
  void Field(std::string_view name, T& member, uint32_t flags, std::string_view doc, Only...) {
    FieldDoc f;
    f.name = std::string(name);
    f.doc = std::string(doc);
    f.required = (flags & ir::kRequired) != 0;
    if (flags & ir::kPositive) f.doc += "; greater than zero";
    if constexpr (ir::IsQ<T>::value) {
      f.takes = fmt::format("{} (`{}`)", ir::DimName(T::kDim), ir::DimUnit(T::kDim));
      f.default_value = member.si == 0 ? "not set" : FormatForPeople(member.ToRuntime());
    } else if constexpr (std::is_same_v<T, int64_t>) {
      f.takes = "whole number";
      f.default_value = member == 0 ? "not set" : std::to_string(member);
    } else if constexpr (std::is_same_v<T, double>) {
      f.takes = (flags & ir::kFraction) ? "fraction (`0.9` or `90 %`)" : "number";
      f.default_value = member <= 0 ? "not set" : FormatCount(member);  // negative: unset
    } else if constexpr (std::is_same_v<T, bool>) {
      f.takes = "`true` or `false`";
      f.default_value = member ? "true" : "false";
      f.words = {"true", "false"};
    } else if constexpr (std::is_same_v<T, std::string>) {
      f.takes = "string";
      f.default_value = member.empty() ? "empty" : member;
    } else if constexpr (std::is_enum_v<T>) {
      f.words = WordsOf<T>();
      f.takes = "one of " + Quoted(f.words);
      f.default_value = std::string(ir::EnumName(member));
    } else if constexpr (std::is_same_v<T, ir::Ratio>) {
      f.takes = "ratio (`1:1`)";
      f.default_value = fmt::format("{}:{}", member.left, member.right);
    } else if constexpr (ir::IsRef<T>::value) {
      f.takes = fmt::format("a `{}`", KindOf<typename ir::IsRef<T>::Target>());
      f.default_value = "none";
    } else if constexpr (ir::IsRefList<T>::value) {
      f.takes = fmt::format("`{}`s joined by `+`", KindOf<typename ir::IsRefList<T>::Target>());
      f.default_value = "none";
    } else if constexpr (ir::IsList<T>::value) {
      f.takes = "`one_of(...)` alternatives";
      f.default_value = "the cluster's";
    } else if constexpr (ir::IsPartSum<T>::value) {
      f.takes = fmt::format("`N x {0}`, or groups `N x {0} + M x {0}`",
                            KindOf<typename ir::IsPart<T>::Target>());
      f.default_value = "none";
    } else if constexpr (ir::IsPart<T>::value) {
      f.takes = fmt::format("`N x {}`", KindOf<typename ir::IsPart<T>::Target>());
      f.default_value = "none";
    } else if constexpr (ir::IsQuantityPart<T>::value) {
      using Each = typename ir::IsQuantityPart<T>::Each;
      f.takes = fmt::format("`N x` {}", ir::DimName(Each::kDim));
      f.default_value = "none";
    } else {
      f.takes = "block";
      f.default_value = "see its fields";
      Collector sub(f.fields);
      Describe(member, sub);
      f.tags = sub.tags_;
    }
    out_.push_back(std::move(f));
  }

  template <class S>
  void Optional(std::string_view name, bool&, S& sub, std::string_view doc) {
    S copy = sub;
    Field(name, copy, 0, doc);
  }

 private:
  std::vector<FieldDoc>& out_;
  std::vector<std::string> tags_;
};

const FieldDoc* Find(const std::vector<FieldDoc>& fields, std::string_view name) {
  for (const auto& f : fields)
    if (f.name == name) return &f;
  return nullptr;
}

}  // namespace

const std::vector<KindDoc>& Schema() {
  static const std::vector<KindDoc> kSchema = [] {
    std::vector<KindDoc> out;
    ir::ForEachEntityType([&](auto* type) {
      using T = std::remove_pointer_t<decltype(type)>;
      T defaults{};
      KindDoc k;
      k.kind = KindOf<T>();
      Collector c(k.fields);
      Describe(defaults, c);
      for (const auto& d : ir::kDerived)
        if (d.kind == ir::TableOf<T>::kKind)
          k.derived.push_back(
              {std::string(d.name), ir::DimUnit(d.dim), std::string(d.description)});
      out.push_back(std::move(k));
    });
    return out;
  }();
  return kSchema;
}

const KindDoc* FindKind(std::string_view kind) {
  for (const auto& k : Schema())
    if (k.kind == kind) return &k;
  return nullptr;
}

const std::vector<FieldDoc>* FieldsAt(std::string_view kind, const std::vector<std::string>& path) {
  const KindDoc* k = FindKind(kind);
  if (!k) return nullptr;
  const std::vector<FieldDoc>* fields = &k->fields;
  for (const auto& step : path) {
    const FieldDoc* f = Find(*fields, step);
    if (!f || f->fields.empty()) return nullptr;
    fields = &f->fields;
  }
  return fields;
}

std::string FieldMarkdown(std::string_view where, const FieldDoc& f) {
  std::string out = fmt::format("**{}**.{} — {}\n\n", where, f.name, f.doc);
  out += fmt::format("- takes: {}\n- required: {}\n- default: {}\n", f.takes,
                     f.required ? "yes" : "no", f.default_value);
  if (!f.tags.empty()) out += "- written as `WORD { ... }`, WORD one of " + Quoted(f.tags) + "\n";
  return out;
}

}  // namespace clusterc::lsp
