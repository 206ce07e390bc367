// The fields of every block kind, from the IR's Describe functions (the same source as
// docs/language.md): what hover shows and completion offers.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace clusterc::lsp {

struct FieldDoc {
  std::string name;
  std::string takes;  // "power (`W`)", "a `gpu`", "one of `none`, `selective`, `full`"
  std::string default_value;
  bool required = false;
  std::string doc;
  std::vector<std::string> words;  // enum fields: the accepted words
  std::vector<FieldDoc> fields;    // a block field: its own fields
  std::vector<std::string> tags;   // a block field written `WORD { ... }`: the words
};

struct DerivedDoc {
  std::string name, unit, description;
};

struct KindDoc {
  std::string kind;  // "gpu", "plan"
  std::vector<FieldDoc> fields;
  std::vector<DerivedDoc> derived;
};

// Every block kind, in the order of docs/language.md. Computed once.
const std::vector<KindDoc>& Schema();
const KindDoc* FindKind(std::string_view kind);
// The fields of `kind` nested `path` deep (`plan` + {"parallel"}): null when there is no such
// block.
const std::vector<FieldDoc>* FieldsAt(std::string_view kind, const std::vector<std::string>& path);
// Markdown for a hover on a field.
std::string FieldMarkdown(std::string_view where, const FieldDoc& field);

}  // namespace clusterc::lsp
