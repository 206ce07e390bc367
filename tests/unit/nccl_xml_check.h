// An independent checker of the rules of NCCL's topology XML reader (NVIDIA/nccl src/graph/xml.cc
// and xml.h; FORMATS.md), for the tests of the NCCL backend's topology files.
#pragma once

#include <cctype>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace clusterc::testing {

// ---------------------------------------------------------------------------------------------
// The checker. It is stricter than NCCL where NCCL's behaviour differs between releases (it
// rejects comments, single quotes and unknown elements) and exact where NCCL has a hard limit.

struct XmlCheck {
  std::vector<std::string> errors;
  int elements = 0;
  // Every element in document order: name and attributes, with its parent's name.
  struct Element {
    std::string name, parent;
    std::vector<std::pair<std::string, std::string>> attrs;
    std::string Attr(const std::string& key) const {
      for (const auto& [k, v] : attrs)
        if (k == key) return v;
      return "";
    }
  };
  std::vector<Element> all;
  bool Ok() const { return errors.empty(); }
};

constexpr int kNcclMaxNodes = 256;   // NCCL_TOPO_XML_MAX_NODES (topo.h)
constexpr size_t kNcclMaxStr = 255;  // MAX_STR_LEN (xml.h)
constexpr int kNcclMaxAttrs = 16;    // MAX_ATTR_COUNT (xml.h)
constexpr int kNcclMaxSubs = 640;    // MAX_SUBS (xml.h)

inline bool IsBusId(const std::string& s) {
  // `%04x:%02x:%02x.%x`, lower case; device 0-0x1f, function 0-7.
  static const std::regex re("^[0-9a-f]{4}:[0-9a-f]{2}:([0-9a-f]{2})\\.([0-7])$");
  std::smatch m;
  if (!std::regex_match(s, m, re)) return false;
  return std::stoi(m[1].str(), nullptr, 16) <= 0x1f;
}

inline XmlCheck CheckNcclXml(const std::string& text) {
  XmlCheck r;
  int line = 1;
  auto error = [&](const std::string& what) {
    r.errors.push_back("line " + std::to_string(line) + ": " + what);
  };
  for (size_t k = 0, l = 1; k < text.size(); ++k) {
    if (text[k] == '\n') ++l;
    if (text[k] == '\t') {
      r.errors.push_back("line " + std::to_string(l) + ": tab character (NCCL's reader only " +
                         "skips spaces and newlines)");
      return r;
    }
  }
  if (text.rfind("\xEF\xBB\xBF", 0) == 0) {
    error("byte order mark");
    return r;
  }
  // The longest name or value NCCL's reader takes: its buffer of MAX_STR_LEN also holds the
  // delimiter it reads (closing quote, '>' or ' ') and the terminator.
  const size_t max_len = kNcclMaxStr - 2;
  // Parents allowed for each element NCCL's reader knows (xml.cc handler tables).
  const std::map<std::string, std::set<std::string>> parents = {
      {"system", {""}},        {"cpu", {"system"}}, {"pci", {"cpu", "pci"}},
      {"gpu", {"pci"}},        {"nvlink", {"gpu"}}, {"c2c", {"gpu"}},
      {"nic", {"cpu", "pci"}}, {"net", {"nic"}},    {"pcilink", {"pci"}},
  };
  struct Open {
    std::string name;
    int children = 0;
  };
  std::vector<Open> stack;
  bool seen_root = false;
  size_t i = 0;
  auto name_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  while (true) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\n' || text[i] == '\r')) {
      if (text[i] == '\n') ++line;
      ++i;
    }
    if (i >= text.size()) break;
    if (text[i] != '<') {
      error(std::string("expected '<', got '") + text[i] + "'");
      return r;
    }
    ++i;
    if (i < text.size() && text[i] == '?') {
      error("XML declaration (NCCL reads `<?xml` as an element and fails on `?>`)");
      return r;
    }
    if (i < text.size() && text[i] == '!') {
      error("comment or declaration (NCCL releases before comment support cannot read it)");
      return r;
    }
    if (i < text.size() && text[i] == '/') {
      ++i;
      size_t start = i;
      while (i < text.size() && name_char(text[i])) ++i;
      std::string name = text.substr(start, i - start);
      if (i >= text.size() || text[i] != '>') {
        error("closing tag </" + name + " not followed by '>'");
        return r;
      }
      ++i;
      if (stack.empty() || stack.back().name != name) {
        error("closing tag </" + name + "> does not match " +
              (stack.empty() ? std::string("anything") : "<" + stack.back().name + ">"));
        return r;
      }
      stack.pop_back();
      continue;
    }
    size_t start = i;
    while (i < text.size() && name_char(text[i])) ++i;
    XmlCheck::Element e;
    e.name = text.substr(start, i - start);
    e.parent = stack.empty() ? "" : stack.back().name;
    if (e.name.empty() || e.name.size() > max_len) {
      error("bad element name");
      return r;
    }
    ++r.elements;
    if (!stack.empty() && ++stack.back().children > kNcclMaxSubs)
      error("more than " + std::to_string(kNcclMaxSubs) + " children in <" + e.parent + ">");
    auto allowed = parents.find(e.name);
    if (allowed == parents.end())
      error("unknown element <" + e.name + ">");
    else if (!allowed->second.count(e.parent))
      error("<" + e.name + "> inside " +
            (e.parent.empty() ? "the document" : "<" + e.parent + ">"));
    if (e.name == "system") {
      if (seen_root) error("second <system>");
      seen_root = true;
    }
    // Attributes: one space, key, '=', a double-quoted value.
    std::set<std::string> keys;
    while (i < text.size() && text[i] == ' ') {
      ++i;
      size_t k0 = i;
      while (i < text.size() && name_char(text[i])) ++i;
      std::string key = text.substr(k0, i - k0);
      if (key.empty() || i >= text.size() || text[i] != '=') {
        error("malformed attribute in <" + e.name +
              "> (one space between attributes, key=\"value\")");
        return r;
      }
      ++i;
      if (i >= text.size() || text[i] != '"') {
        error("attribute " + key + " of <" + e.name + "> is not in double quotes");
        return r;
      }
      ++i;
      size_t v0 = i;
      while (i < text.size() && text[i] != '"' && text[i] != '\n' && text[i] != '<') ++i;
      if (i >= text.size() || text[i] != '"') {
        error("unterminated value of " + key);
        return r;
      }
      std::string value = text.substr(v0, i - v0);
      ++i;
      if (key.size() > max_len) error("attribute name longer than " + std::to_string(max_len));
      if (value.size() > max_len)
        error("value of " + key + " has " + std::to_string(value.size()) +
              " characters; NCCL takes at most " + std::to_string(max_len));
      if (!keys.insert(key).second) error("duplicate attribute " + key);
      e.attrs.push_back({key, value});
      if (i < text.size() && text[i] != ' ' && text[i] != '/' && text[i] != '>') {
        error("attribute " + key + " of <" + e.name + "> is not followed by a space, / or >");
        return r;
      }
    }
    if (e.attrs.size() > static_cast<size_t>(kNcclMaxAttrs))
      error("<" + e.name + "> has " + std::to_string(e.attrs.size()) +
            " attributes; NCCL keeps at most " + std::to_string(kNcclMaxAttrs));
    bool single = false;
    if (i + 1 < text.size() && text[i] == '/' && text[i + 1] == '>') {
      single = true;
      i += 2;
    } else if (i < text.size() && text[i] == '>') {
      ++i;
    } else {
      error("<" + e.name + "> not closed by '>' or '/>' on its line");
      return r;
    }
    for (const auto& [key, value] : e.attrs) {
      if ((key == "busid" || (key == "target" && e.name == "nvlink")) && !IsBusId(value))
        error(key + " \"" + value + "\" is not a lower-case %04x:%02x:%02x.%x bus id");
    }
    if (e.name == "system" && e.Attr("version") != "1") error("<system> needs version=\"1\"");
    if (e.name == "pci") {
      if (e.Attr("busid").empty()) error("<pci> without busid");
      if (!std::regex_match(e.Attr("class"), std::regex("^0x[0-9a-f]{6}$")))
        error("<pci> class \"" + e.Attr("class") + "\" is not 0x followed by six hex digits");
    }
    if (e.name == "cpu" && e.Attr("numaid").empty()) error("<cpu> without numaid");
    if (e.name == "net" && (e.Attr("name").empty() || e.Attr("dev").empty()))
      error("<net> needs name and dev");
    if (e.name == "nvlink" &&
        (e.Attr("target").empty() || e.Attr("count").empty() || e.Attr("tclass").empty()))
      error("<nvlink> needs target, count and tclass");
    r.all.push_back(e);
    if (!single) stack.push_back({e.name, 0});
  }
  if (!stack.empty()) error("unterminated <" + stack.back().name + ">");
  if (!seen_root) error("no <system> element");
  // xmlLoadSub checks for room before reading each node, closing tags included: the 256th
  // element already fails.
  if (r.elements >= kNcclMaxNodes)
    error(std::to_string(r.elements) + " elements; NCCL's reader holds fewer than " +
          std::to_string(kNcclMaxNodes));
  return r;
}

}  // namespace clusterc::testing
