// Enumerations whose names are part of the language: one macro declares the C++ enum and the
// spelling a user writes, so the two cannot drift apart.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace clusterc::ir {

template <class E>
struct EnumInfo;  // specialised by CLUSTERC_ENUM

#define CLUSTERC_ENUM_NAME_(x) #x,
#define CLUSTERC_ENUM(Name, ...)                                \
  enum class Name : uint8_t { __VA_ARGS__ };                    \
  template <>                                                   \
  struct EnumInfo<Name> {                                       \
    static constexpr std::string_view kTypeName = #Name;        \
    static constexpr std::string_view kSpelling = #__VA_ARGS__; \
  };

// Splits the comma-separated spelling list once, at compile time.
template <class E>
struct EnumNames {
  static constexpr size_t Count() {
    size_t n = 1;
    for (char c : EnumInfo<E>::kSpelling)
      if (c == ',') ++n;
    return n;
  }
  static constexpr std::array<std::string_view, Count()> Build() {
    std::array<std::string_view, Count()> out{};
    std::string_view s = EnumInfo<E>::kSpelling;
    size_t i = 0;
    while (!s.empty()) {
      size_t comma = s.find(',');
      std::string_view item = s.substr(0, comma);
      while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
      while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
      if (!item.empty() && item.back() == '_') item.remove_suffix(1);  // `switch_` is `switch`
      out[i++] = item;
      if (comma == std::string_view::npos) break;
      s.remove_prefix(comma + 1);
    }
    return out;
  }
  static constexpr auto kNames = Build();
};

template <class E>
constexpr std::string_view EnumName(E e) {
  return EnumNames<E>::kNames[static_cast<size_t>(e)];
}

template <class E>
constexpr bool EnumFromName(std::string_view name, E& out) {
  for (size_t i = 0; i < EnumNames<E>::kNames.size(); ++i) {
    if (EnumNames<E>::kNames[i] == name) {
      out = static_cast<E>(i);
      return true;
    }
  }
  return false;
}

}  // namespace clusterc::ir
