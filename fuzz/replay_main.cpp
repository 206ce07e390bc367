// Runs a fuzz target's entry point on files, without libFuzzer: the normal (and sanitizer) builds
// replay the committed corpus and every regression input this way, so a fixed finding stays fixed
// in CI even where clang's libFuzzer is absent.
//   fuzz_frontend_replay FILE_OR_DIR...
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    if (fs::is_directory(argv[i])) {
      for (const auto& e : fs::recursive_directory_iterator(argv[i]))
        // Seeds are the repository's own specs (`.cl`), the language server's recorded
        // conversations (`.jsonrpc` framed, `.jsonl` a message per line), and every file of
        // regressions/.
        if (e.is_regular_file() &&
            (e.path().extension() == ".cl" || e.path().extension() == ".jsonrpc" ||
             e.path().extension() == ".jsonl" ||
             e.path().parent_path().filename() == "regressions"))
          files.push_back(e.path());
    } else {
      files.push_back(argv[i]);
    }
  }
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  }
  std::printf("replayed %zu inputs\n", files.size());
  return files.empty() ? 1 : 0;
}
