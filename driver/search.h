// `clusterc search`: the best parallelism plans of a spec's plan, exhaustively (analysis/search.h),
// with its shard files, merge and Slurm job array. Output formats: docs/search-format.md.
#pragma once

#include "driver/cli.h"
#include "driver/driver.h"

namespace clusterc {

// The command's table entry (options, help) and its handler.
cli::CommandSpec SearchCommand();

}  // namespace clusterc
