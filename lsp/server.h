// `clusterc lsp`: a Language Server Protocol 3.17 server. One process serves many open
// documents; every edit recompiles the document and what it imports from scratch (the frontend
// has no global state), with the editor's unsaved buffers winning over the disk.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lsp/workspace.h"

namespace llvm::json {
class Value;
class Object;
}  // namespace llvm::json

namespace clusterc::lsp {

struct ServerOptions {
  std::string version;  // of clusterc, for serverInfo
  // Folder holding the standard library as files, so that editors can open a definition in it
  // (`<std>/nvidia.cl` is served as `<std_dir>/nvidia.cl`).
  std::string std_dir;
  // Reads a file that no open document holds (an import); empty: the disk. The fuzz target reads
  // nothing, so that what it finds depends on its input only.
  std::function<std::optional<std::string>(const std::string& path)> read_file;
};

class Server {
 public:
  explicit Server(ServerOptions options);
  ~Server();

  // Handles one message body and returns the message bodies to send, in order.
  std::vector<std::string> Handle(std::string_view body);
  // The answer to a message whose framing was broken.
  std::string FramingError() const;
  bool Exited() const { return exited_; }
  // 0 after `shutdown` then `exit`; 1 when the client went away or exited without shutdown.
  int ExitCode() const { return shutdown_ ? 0 : 1; }

 private:
  struct Document {
    std::string uri, path, text;
    int64_t version = 0;
    std::unique_ptr<Snapshot> snapshot;
  };

  void Request(const std::string& method, const llvm::json::Value* params,
               const llvm::json::Value& id);
  void Notification(const std::string& method, const llvm::json::Value* params);
  void Reply(const llvm::json::Value& id, llvm::json::Value result);
  void ReplyError(const llvm::json::Value& id, int code, std::string message);
  void Notify(std::string method, llvm::json::Value params);

  void Open(const llvm::json::Object& params);
  void Change(const llvm::json::Object& params);
  void Close(const llvm::json::Object& params);
  // Recompiles `uri` and every open document that imports it; publishes their diagnostics.
  void Rebuild(const std::string& uri);
  void Publish(Document& doc);

  llvm::json::Value Hover(const Document& doc, uint32_t offset);
  llvm::json::Value Definition(const Document& doc, uint32_t offset);
  llvm::json::Value References(const Document& doc, uint32_t offset, bool declaration);
  llvm::json::Value Symbols(const Document& doc);
  llvm::json::Value Completion(const Document& doc, uint32_t offset);
  llvm::json::Value CodeActions(const Document& doc, const llvm::json::Object& params);
  llvm::json::Value Formatting(const Document& doc);
  llvm::json::Value InlayHintsOf(const Document& doc, uint32_t first_line, uint32_t last_line);

  // The URI of a file of a snapshot (standard modules: their file under std_dir).
  std::string UriOf(const Snapshot& s, uint32_t file) const;
  llvm::json::Object RangeOf(const Snapshot& s, SourceRange r) const;
  llvm::json::Object LocationOf(const Snapshot& s, SourceRange r) const;

  ServerOptions options_;
  std::map<std::string, Document> docs_;  // by URI
  // Files other than open documents that a document's compilation published diagnostics on:
  // cleared when that document no longer reports there.
  std::map<std::string, std::vector<std::string>> foreign_;  // document URI -> file URIs
  std::vector<std::string> out_;
  bool initialized_ = false, shutdown_ = false, exited_ = false;
  bool inlay_hints_ = true;
};

// Extracts the standard library into `dir` (files rewritten only when they differ).
void ExtractStdlib(const std::string& dir);

class Transport;
// Answers the messages `transport` reads until `exit` or the end of the input; returns the
// process exit code. Writes nothing to disk (the fuzz target runs it on bytes in memory).
int Run(Server& server, Transport& transport);

// Serves one client on the file descriptors: extracts the standard library into
// options.std_dir (the only file the server writes), then Run.
int Serve(int in_fd, int out_fd, ServerOptions options);

}  // namespace clusterc::lsp
