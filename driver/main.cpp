#include <unistd.h>

#include <cstdio>
#include <exception>

#include "driver/driver.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  clusterc::Streams streams;
  streams.err_is_terminal = isatty(STDERR_FILENO) == 1;
  if (isatty(STDOUT_FILENO) == 1) {
    streams.progress = [](const std::string& line) {
      // Rewrites one status line in place; an empty line clears it.
      std::fprintf(stderr, "\r\033[K%s", line.c_str());
      std::fflush(stderr);
    };
  }
  int code;
  try {
    code = clusterc::Run(args, streams);
  } catch (const std::exception& e) {
    // A bug, not a diagnostic: say so plainly rather than crash.
    std::fprintf(stderr, "clusterc: internal error: %s\n", e.what());
    return 70;
  }
  std::fwrite(streams.out.data(), 1, streams.out.size(), stdout);
  std::fwrite(streams.err.data(), 1, streams.err.size(), stderr);
  return code;
}
