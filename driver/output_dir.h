// The output directory of `clusterc build`: replaced as a whole, only when what it holds is
// clusterc's own earlier output, durably, and never a folder holding an input.
//
// The rules (docs/output-directory.md): DIR is replaced when it is absent, empty, or holds an
// unmodified tree described by its manifest `.clusterc-build.json` (every file with its SHA-256);
// anything else is refused with a diagnostic naming what was found, unless --force. Never, even
// with --force: a DIR that holds an input of the build, the working directory or one of its
// ancestors, the home directory, or `/`. A symbolic link DIR stays a link: the directory it
// points to is replaced. The new tree is written to a private temporary sibling (mkdtemp), each
// file and folder is fsynced, and one rename swaps it in; a build killed on the way leaves only
// that temporary, which the next build removes.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "backends/output_tree.h"
#include "diag/diagnostic.h"

namespace clusterc {

inline constexpr std::string_view kManifestName = ".clusterc-build.json";
// The default of `build --max-output-size`: far above any representative build (the largest
// example writes a few MiB), far below what fills a disk.
inline constexpr uint64_t kDefaultMaxOutputBytes = uint64_t(2) << 30;

struct OutputProblem {
  DiagCode code = DiagCode::OutputUnwritable;
  std::string message;
};

struct OutputOptions {
  bool force = false;               // replace a DIR clusterc did not write (see above for limits)
  std::vector<std::string> inputs;  // the files the build read
  std::string tool_version;         // recorded in the manifest
};

class OutputDir {
 public:
  // Checks that `dir` may be replaced, removes stale temporaries of earlier runs and creates the
  // temporary the new tree is written to. Null, with the reason in `problem`, on refusal; the
  // user's files are untouched then.
  static std::unique_ptr<OutputDir> Open(const std::string& dir, const OutputOptions& options,
                                         OutputProblem& problem);
  ~OutputDir();  // removes the temporary unless committed
  OutputDir(const OutputDir&) = delete;
  OutputDir& operator=(const OutputDir&) = delete;

  // Writes one file of the new tree (the sink of a streamed OutputTree). `path` is relative,
  // '/'-separated, and may not leave the tree.
  bool WriteFile(const std::string& path, std::string_view contents, std::string& error);
  // Writes the manifest, syncs every file and folder, checks DIR once more and swaps the new tree
  // in. `warning` is set when the old tree could not be removed completely (the next build
  // removes what is left).
  bool Commit(OutputProblem& problem, std::string& warning);

  // The directory that is replaced (a symbolic link's target).
  const std::string& Target() const { return target_; }

 private:
  OutputDir() = default;
  struct Entry {
    uint64_t bytes = 0;
    std::string sha256;
  };
  std::string requested_;  // DIR as the user gave it, for messages
  std::string target_;     // the directory replaced, absolute
  std::string temp_;       // the private temporary sibling
  int lock_fd_ = -1;       // an flock on the temporary: it is not stale while we run
  bool force_ = false;
  bool committed_ = false;
  std::string tool_version_;
  std::map<std::string, Entry> written_;
  std::vector<std::string> folders_;  // created in the temporary, for fsync
};

// Open, write every file of an in-memory tree, Commit.
bool CommitOutputTree(const backends::OutputTree& tree, const std::string& dir,
                      const OutputOptions& options, OutputProblem& problem);

// Writes `data` to `path` atomically and durably (a private temporary sibling, fsync, rename),
// refusing a path that is one of `inputs` or a directory.
bool WriteFileAtomically(const std::string& path, std::string_view data,
                         const std::vector<std::string>& inputs, OutputProblem& problem);

}  // namespace clusterc
