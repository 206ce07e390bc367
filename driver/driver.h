// The clusterc command line. The only place that touches argv, the output file system and exit
// codes. `Run` takes its streams so tests drive it in-process.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace clusterc {

enum ExitCode : int { kExitOk = 0, kExitDiagnostics = 1, kExitUsage = 2 };

struct Streams {
  std::string out;  // what goes to stdout
  std::string err;  // what goes to stderr
  bool err_is_terminal = false;
  // Live progress of long work, shown as it happens (not buffered); main sets it only when
  // stdout is a terminal, so pipes and CI logs stay clean.
  std::function<void(const std::string&)> progress;
};

int Run(const std::vector<std::string>& args, Streams& streams);

}  // namespace clusterc
