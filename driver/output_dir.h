// Committing an in-memory output tree to a directory, all or nothing.
#pragma once

#include <string>

#include "backends/output_tree.h"

namespace clusterc {

// Writes every file of `tree` under `dir`. The tree is built in a temporary sibling directory
// and swapped into place with one rename, so after any failure the previous `dir` is intact and
// no partial file is visible. Paths must be relative and stay inside `dir`. False on failure,
// with a message in `error`.
bool CommitOutputTree(const backends::OutputTree& tree, const std::string& dir, std::string& error);

}  // namespace clusterc
