// `clusterc fmt`: rewrite specs in their canonical layout, or check or show what would change.
#pragma once

#include <string>

#include "driver/cli.h"
#include "driver/driver.h"

namespace clusterc {

int FormatCommand(const cli::ParsedArgs& args, Streams& s);
// A unified diff (3 lines of context) from `before` to `after`, labelled with `path`.
std::string UnifiedDiff(const std::string& path, const std::string& before,
                        const std::string& after);

}  // namespace clusterc
