// The field reference of every block kind, generated from the IR's Describe functions.
#pragma once

#include <string>

namespace clusterc {

std::string FieldReference();
// docs/rules.md: every diagnostic code with its severity and explanation.
std::string RulesMarkdown();

}  // namespace clusterc
