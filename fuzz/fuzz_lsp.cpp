// Fuzz target: the language server's message handling on arbitrary bytes. An input that starts
// with `Content-Length` is a framed JSON-RPC stream, read by the server's own transport; any other
// is one message body per line. Every answer must be a JSON-RPC message, whatever the input:
// initialize, didOpen and didChange with any text, then hover, definition, references,
// completion, formatting, ... on any position. Nothing touches the disk: the standard library is
// never extracted (its URIs name a folder that does not exist) and no file is read, so imports of
// files fail with a diagnostic.
#include <llvm/Support/JSON.h>

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "lsp/server.h"
#include "lsp/transport.h"

namespace {

using clusterc::lsp::Server;
using clusterc::lsp::Transport;

void CheckAnswer(std::string_view body) {
  auto parsed = llvm::json::parse(body);
  if (!parsed) __builtin_trap();
  const llvm::json::Object* o = parsed->getAsObject();
  if (!o || o->getString("jsonrpc") != llvm::StringRef("2.0")) __builtin_trap();
}

// Splits what the transport sent back into its framed bodies.
void CheckFramed(std::string_view sent) {
  while (!sent.empty()) {
    size_t end = sent.find("\r\n\r\n");
    constexpr std::string_view kHeader = "Content-Length: ";
    if (end == std::string_view::npos || sent.substr(0, kHeader.size()) != kHeader)
      __builtin_trap();
    size_t length = std::stoul(std::string(sent.substr(kHeader.size(), end - kHeader.size())));
    if (sent.size() < end + 4 + length) __builtin_trap();
    CheckAnswer(sent.substr(end + 4, length));
    sent.remove_prefix(end + 4 + length);
  }
}

bool Framed(std::string_view bytes) {
  constexpr std::string_view kName = "content-length";
  if (bytes.size() < kName.size()) return false;
  for (size_t i = 0; i < kName.size(); ++i)
    if (char(std::tolower(static_cast<unsigned char>(bytes[i]))) != kName[i]) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  clusterc::lsp::ServerOptions options;
  options.version = "fuzz";
  options.std_dir = "/nonexistent/clusterc-fuzz/std";  // named in URIs, never written
  options.read_file = [](const std::string&) -> std::optional<std::string> { return std::nullopt; };
  Server server(std::move(options));
  if (Framed(bytes)) {
    Transport transport(std::move(bytes));
    clusterc::lsp::Run(server, transport);
    CheckFramed(transport.Sent());
    return 0;
  }
  std::string_view rest = bytes;
  while (!rest.empty() && !server.Exited()) {
    size_t end = rest.find('\n');
    std::string_view line = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    for (const std::string& answer : server.Handle(line)) CheckAnswer(answer);
  }
  return 0;
}
