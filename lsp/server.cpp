#include "lsp/server.h"

#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>
#include <signal.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

#include "diag/render.h"
#include "driver/output_dir.h"
#include "frontend/format.h"
#include "frontend/stdlib.h"
#include "lsp/features.h"
#include "lsp/schema.h"
#include "lsp/transport.h"

namespace clusterc::lsp {
namespace {

namespace fs = std::filesystem;
namespace json = llvm::json;

// JSON-RPC and LSP error codes.
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kServerNotInitialized = -32002;

std::string Serialize(const json::Value& v) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << v;
  return os.str();
}

json::Object PositionJson(Position p) {
  return json::Object{{"line", int64_t(p.line)}, {"character", int64_t(p.character)}};
}

std::optional<Position> PositionFrom(const json::Object* o) {
  if (!o) return std::nullopt;
  auto line = o->getInteger("line");
  auto character = o->getInteger("character");
  if (!line || !character || *line < 0 || *character < 0) return std::nullopt;
  return Position{uint32_t(std::min<int64_t>(*line, UINT32_MAX)),
                  uint32_t(std::min<int64_t>(*character, UINT32_MAX))};
}

std::string AbsolutePath(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::absolute(path, ec);
  if (ec) return path;
  fs::path c = fs::weakly_canonical(p, ec);
  return (ec ? p.lexically_normal() : c).string();
}

int SymbolKindOf(const std::string& kind) {
  // LSP SymbolKind: Class 5 for entities people build, Struct 23 for parts, Object 19 for plans.
  if (kind == "cluster" || kind == "site") return 5;
  if (kind == "plan" || kind == "model") return 19;
  return 23;
}

}  // namespace

void ExtractStdlib(const std::string& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  for (const auto& m : EmbeddedStdlib()) {
    fs::path file = fs::path(dir) / (std::string(m.name) + ".cl");
    if (auto existing = ReadFile(file.string()); existing && *existing == m.text) continue;
    OutputProblem problem;
    if (WriteFileAtomically(file.string(), m.text, {}, problem))
      fs::permissions(file, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read,
                      ec);
  }
}

Server::Server(ServerOptions options) : options_(std::move(options)) {}
Server::~Server() = default;

std::string Server::FramingError() const {
  return Serialize(json::Object{
      {"jsonrpc", "2.0"},
      {"id", nullptr},
      {"error", json::Object{{"code", kParseError},
                             {"message", "message header has no valid Content-Length"}}}});
}

void Server::Reply(const json::Value& id, json::Value result) {
  out_.push_back(
      Serialize(json::Object{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}}));
}

void Server::ReplyError(const json::Value& id, int code, std::string message) {
  out_.push_back(Serialize(
      json::Object{{"jsonrpc", "2.0"},
                   {"id", id},
                   {"error", json::Object{{"code", code}, {"message", std::move(message)}}}}));
}

void Server::Notify(std::string method, json::Value params) {
  out_.push_back(Serialize(json::Object{
      {"jsonrpc", "2.0"}, {"method", std::move(method)}, {"params", std::move(params)}}));
}

std::vector<std::string> Server::Handle(std::string_view body) {
  out_.clear();
  auto parsed = json::parse(body);
  if (!parsed) {
    std::string why = llvm::toString(parsed.takeError());
    ReplyError(nullptr, kParseError, "message is not JSON: " + why);
    return std::move(out_);
  }
  const json::Object* message = parsed->getAsObject();
  const json::Value* id = message ? message->get("id") : nullptr;
  llvm::Optional<llvm::StringRef> method = message ? message->getString("method") : llvm::None;
  // A request's id is echoed in its answer, so a number JSON cannot carry back (1e999 parses as
  // infinity, which would be written `inf`) makes the request invalid.
  bool valid_id = id && (id->kind() == json::Value::String ||
                         (id->kind() == json::Value::Number && std::isfinite(*id->getAsNumber())));
  if (!message || !method || (id && !valid_id)) {
    // A response from the client (we send no requests) is ignored; anything else is invalid.
    if (message && !method && id && (message->get("result") || message->get("error"))) return {};
    ReplyError(valid_id ? *id : json::Value(nullptr), kInvalidRequest,
               "not a JSON-RPC request or notification");
    return std::move(out_);
  }
  const json::Value* params = message->get("params");
  if (id)
    Request(method->str(), params, *id);
  else
    Notification(method->str(), params);
  return std::move(out_);
}

void Server::Request(const std::string& method, const json::Value* params, const json::Value& id) {
  if (method == "initialize") {
    if (initialized_) return ReplyError(id, kInvalidRequest, "initialize was already called");
    initialized_ = true;
    if (const json::Object* p = params ? params->getAsObject() : nullptr)
      if (const json::Object* o = p->getObject("initializationOptions"))
        if (auto hints = o->getBoolean("inlayHints")) inlay_hints_ = *hints;
    json::Object capabilities{
        {"positionEncoding", "utf-16"},
        {"textDocumentSync", json::Object{{"openClose", true}, {"change", 2}}},
        {"hoverProvider", true},
        {"definitionProvider", true},
        {"referencesProvider", true},
        {"documentSymbolProvider", true},
        {"completionProvider", json::Object{{"triggerCharacters", json::Array{".", " ", "="}}}},
        {"codeActionProvider", json::Object{{"codeActionKinds", json::Array{"quickfix"}}}},
        {"documentFormattingProvider", true},
        {"inlayHintProvider", true},
    };
    return Reply(id, json::Object{{"capabilities", std::move(capabilities)},
                                  {"serverInfo", json::Object{{"name", "clusterc"},
                                                              {"version", options_.version}}}});
  }
  if (!initialized_) return ReplyError(id, kServerNotInitialized, "initialize first");
  if (shutdown_) return ReplyError(id, kInvalidRequest, "the server is shutting down");
  if (method == "shutdown") {
    shutdown_ = true;
    return Reply(id, nullptr);
  }
  static const std::set<std::string> kDocumentMethods = {
      "textDocument/hover",          "textDocument/definition", "textDocument/references",
      "textDocument/documentSymbol", "textDocument/completion", "textDocument/codeAction",
      "textDocument/formatting",     "textDocument/inlayHint"};
  if (!kDocumentMethods.count(method))
    return ReplyError(id, kMethodNotFound, "method not supported: " + method);

  const json::Object* p = params ? params->getAsObject() : nullptr;
  const json::Object* text_document = p ? p->getObject("textDocument") : nullptr;
  llvm::Optional<llvm::StringRef> uri =
      text_document ? text_document->getString("uri") : llvm::None;
  if (!uri) return ReplyError(id, kInvalidParams, "params.textDocument.uri is missing");
  auto it = docs_.find(uri->str());
  if (it == docs_.end() || !it->second.snapshot) {
    // Not open (or closed): nothing to say about it, which is not an error.
    bool list = method == "textDocument/documentSymbol" || method == "textDocument/references" ||
                method == "textDocument/codeAction" || method == "textDocument/inlayHint";
    return Reply(id, list ? json::Value(json::Array{}) : json::Value(nullptr));
  }
  Document& doc = it->second;
  uint32_t offset = 0;
  bool positional = method == "textDocument/hover" || method == "textDocument/definition" ||
                    method == "textDocument/references" || method == "textDocument/completion";
  if (positional) {
    auto pos = PositionFrom(p->getObject("position"));
    if (!pos) return ReplyError(id, kInvalidParams, "params.position is missing or negative");
    offset = LineIndex(doc.text).ToOffset(*pos);
  }
  if (method == "textDocument/hover") return Reply(id, Hover(doc, offset));
  if (method == "textDocument/definition") return Reply(id, Definition(doc, offset));
  if (method == "textDocument/references") {
    bool declaration = false;
    if (const json::Object* c = p->getObject("context"))
      declaration = c->getBoolean("includeDeclaration").getValueOr(false);
    return Reply(id, References(doc, offset, declaration));
  }
  if (method == "textDocument/documentSymbol") return Reply(id, Symbols(doc));
  if (method == "textDocument/completion") return Reply(id, Completion(doc, offset));
  if (method == "textDocument/codeAction") return Reply(id, CodeActions(doc, *p));
  if (method == "textDocument/formatting") return Reply(id, Formatting(doc));
  // Inlay hints: those in the requested lines (all when the range is missing).
  uint32_t first = 0, last = UINT32_MAX;
  if (const json::Object* range = p->getObject("range")) {
    if (auto b = PositionFrom(range->getObject("start"))) first = b->line;
    if (auto e = PositionFrom(range->getObject("end"))) last = e->line;
  }
  Reply(id, InlayHintsOf(doc, first, last));
}

void Server::Notification(const std::string& method, const json::Value* params) {
  if (method == "exit") {
    exited_ = true;
    return;
  }
  if (!initialized_ || shutdown_) return;  // notifications before initialize are dropped
  const json::Object* p = params ? params->getAsObject() : nullptr;
  if (method == "workspace/didChangeConfiguration") {
    const json::Object* settings = p ? p->getObject("settings") : nullptr;
    const json::Object* ours = settings ? settings->getObject("clusterc") : nullptr;
    if (ours)
      if (auto hints = ours->getBoolean("inlayHints")) inlay_hints_ = *hints;
    return;
  }
  if (!p) return;
  if (method == "textDocument/didOpen") return Open(*p);
  if (method == "textDocument/didChange") return Change(*p);
  if (method == "textDocument/didClose") return Close(*p);
  // Everything else ($/cancelRequest, didSave, ...) needs no action.
}

void Server::Open(const json::Object& params) {
  const json::Object* td = params.getObject("textDocument");
  if (!td) return;
  auto uri = td->getString("uri");
  auto text = td->getString("text");
  if (!uri || !text) return;
  Document& doc = docs_[uri->str()];
  doc.uri = uri->str();
  doc.text = text->str();
  doc.version = td->getInteger("version").getValueOr(0);
  std::string path = UriToPath(doc.uri);
  // An untitled or remote document still gets diagnostics: compile it under a stand-in name.
  doc.path = path.empty() ? AbsolutePath("untitled.cl") : AbsolutePath(path);
  Rebuild(doc.uri);
}

void Server::Change(const json::Object& params) {
  const json::Object* td = params.getObject("textDocument");
  auto uri = td ? td->getString("uri") : llvm::None;
  const json::Array* changes = params.getArray("contentChanges");
  if (!uri || !changes) return;
  auto it = docs_.find(uri->str());
  if (it == docs_.end()) return;  // a change to a document never opened
  Document& doc = it->second;
  for (const json::Value& change : *changes) {
    const json::Object* c = change.getAsObject();
    auto text = c ? c->getString("text") : llvm::None;
    if (!text) continue;
    const json::Object* range = c->getObject("range");
    if (!range) {
      doc.text = text->str();
      continue;
    }
    auto start = PositionFrom(range->getObject("start"));
    auto end = PositionFrom(range->getObject("end"));
    if (!start || !end) continue;
    LineIndex index(doc.text);
    uint32_t b = index.ToOffset(*start), e = index.ToOffset(*end);
    if (e < b) std::swap(b, e);
    doc.text.replace(b, e - b, text->str());
  }
  doc.version = td->getInteger("version").getValueOr(doc.version + 1);
  Rebuild(doc.uri);
}

void Server::Close(const json::Object& params) {
  const json::Object* td = params.getObject("textDocument");
  auto uri = td ? td->getString("uri") : llvm::None;
  if (!uri) return;
  auto it = docs_.find(uri->str());
  if (it == docs_.end()) return;
  std::string closed_path = it->second.path;
  docs_.erase(it);
  // Its diagnostics go with it (clients keep the last set otherwise), and so do the ones it
  // published on its imports.
  Notify("textDocument/publishDiagnostics",
         json::Object{{"uri", uri->str()}, {"diagnostics", json::Array{}}});
  for (const auto& other : foreign_[uri->str()])
    Notify("textDocument/publishDiagnostics",
           json::Object{{"uri", other}, {"diagnostics", json::Array{}}});
  foreign_.erase(uri->str());
  // Documents importing it now read it from the disk again.
  for (auto& [u, d] : docs_) {
    if (!d.snapshot) continue;
    for (uint32_t f = 1; f <= d.snapshot->sources.FileCount(); ++f)
      if (AbsolutePath(std::string(d.snapshot->sources.Path(f))) == closed_path &&
          f != d.snapshot->main_file) {
        Rebuild(u);
        break;
      }
  }
}

void Server::Rebuild(const std::string& uri) {
  auto it = docs_.find(uri);
  if (it == docs_.end()) return;
  std::map<std::string, const std::string*> buffers;
  for (const auto& [u, d] : docs_) buffers[d.path] = &d.text;
  auto read = [this, &buffers](const std::string& path) -> std::optional<std::string> {
    auto b = buffers.find(path);
    if (b != buffers.end()) return *b->second;
    return options_.read_file ? options_.read_file(path) : ReadFile(path);
  };
  Document& doc = it->second;
  doc.snapshot = BuildSnapshot(doc.path, read);
  Publish(doc);
  // Open documents that import this one see its new text.
  for (auto& [u, d] : docs_) {
    if (u == uri || !d.snapshot) continue;
    bool imports = false;
    for (uint32_t f = 1; f <= d.snapshot->sources.FileCount() && !imports; ++f)
      imports = f != d.snapshot->main_file &&
                AbsolutePath(std::string(d.snapshot->sources.Path(f))) == doc.path;
    if (!imports) continue;
    d.snapshot = BuildSnapshot(d.path, read);
    Publish(d);
  }
}

std::string Server::UriOf(const Snapshot& s, uint32_t file) const {
  std::string path(s.sources.Path(file));
  if (path.rfind("<std>/", 0) == 0)
    return PathToUri((fs::path(options_.std_dir) / path.substr(6)).string());
  if (file == s.main_file) {
    for (const auto& [u, d] : docs_)
      if (d.snapshot.get() == &s) return u;  // as the client named it
  }
  return PathToUri(AbsolutePath(path));
}

json::Object Server::RangeOf(const Snapshot& s, SourceRange r) const {
  const LineIndex& lines = s.Lines(r.file);
  return json::Object{{"start", PositionJson(lines.ToPosition(r.begin))},
                      {"end", PositionJson(lines.ToPosition(std::max(r.end, r.begin)))}};
}

json::Object Server::LocationOf(const Snapshot& s, SourceRange r) const {
  return json::Object{{"uri", UriOf(s, r.file)}, {"range", RangeOf(s, r)}};
}

void Server::Publish(Document& doc) {
  const Snapshot& s = *doc.snapshot;
  std::map<std::string, json::Array> by_uri;
  by_uri[doc.uri];
  std::set<std::string> open_paths;
  for (const auto& [u, d] : docs_) open_paths.insert(d.path);
  for (const Diagnostic& d : s.session.diags.All()) {
    if (d.suppressed) continue;
    SourceRange where = d.range.Valid() ? d.range : SourceRange{s.main_file, 0, 0};
    std::string uri = UriOf(s, where.file);
    // A diagnostic in another open document is that document's own compilation's to publish.
    if (where.file != s.main_file &&
        open_paths.count(AbsolutePath(std::string(s.sources.Path(where.file)))))
      continue;
    std::string message = d.message;
    for (const auto& n : d.notes) message += "\n" + n;
    json::Array related;
    for (const auto& l : d.labels)
      if (l.range.Valid())
        related.push_back(
            json::Object{{"location", LocationOf(s, l.range)}, {"message", l.message}});
    std::string code(Info(d.code).code);
    json::Object item{{"range", RangeOf(s, where)},
                      {"severity", d.severity == Severity::kError     ? 1
                                   : d.severity == Severity::kWarning ? 2
                                                                      : 3},
                      {"code", code},
                      {"codeDescription", json::Object{{"href", RuleHelpUri(code)}}},
                      {"source", "clusterc"},
                      {"message", message}};
    if (!related.empty()) item["relatedInformation"] = std::move(related);
    by_uri[uri].push_back(std::move(item));
  }
  std::vector<std::string>& foreign = foreign_[doc.uri];
  for (const auto& old : foreign)
    if (!by_uri.count(old)) by_uri[old];  // clear what is no longer reported there
  foreign.clear();
  for (auto& [uri, items] : by_uri) {
    if (uri != doc.uri && !items.empty()) foreign.push_back(uri);
    json::Object params{{"uri", uri}, {"diagnostics", std::move(items)}};
    if (uri == doc.uri) params["version"] = doc.version;
    Notify("textDocument/publishDiagnostics", std::move(params));
  }
}

json::Value Server::Hover(const Document& doc, uint32_t offset) {
  const Snapshot& s = *doc.snapshot;
  SourceRange range;
  std::string text = HoverText(s, s.main_file, offset, range);
  if (text.empty()) return nullptr;
  json::Object out{{"contents", json::Object{{"kind", "markdown"}, {"value", text}}}};
  if (range.Valid()) out["range"] = RangeOf(s, range);
  return out;
}

json::Value Server::Definition(const Document& doc, uint32_t offset) {
  const Snapshot& s = *doc.snapshot;
  const ast::File* f = s.Ast(s.main_file);
  if (!f) return nullptr;
  Target t = TargetOf(s, s.main_file, FindAt(*f, offset));
  if (t.kind == Target::Kind::kNone || !t.name.Valid()) return nullptr;
  return LocationOf(s, t.name);
}

json::Value Server::References(const Document& doc, uint32_t offset, bool declaration) {
  const Snapshot& s = *doc.snapshot;
  const ast::File* f = s.Ast(s.main_file);
  json::Array out;
  if (!f) return out;
  Target t = TargetOf(s, s.main_file, FindAt(*f, offset));
  if (t.kind == Target::Kind::kNone) return out;
  if (declaration && t.name.Valid() && t.kind != Target::Kind::kModule)
    out.push_back(LocationOf(s, t.name));
  for (SourceRange r : lsp::References(s, t)) out.push_back(LocationOf(s, r));
  return out;
}

json::Value Server::Symbols(const Document& doc) {
  const Snapshot& s = *doc.snapshot;
  const ast::File* f = s.Ast(s.main_file);
  json::Array out;
  if (!f) return out;
  for (const auto& d : f->decls) {
    json::Array children;
    if (d.body < f->bodies.size())
      for (const auto& m : f->bodies[d.body].members) {
        if (m.kind == ast::Member::Kind::kRequire || !m.range.Valid()) continue;
        children.push_back(json::Object{{"name", m.name.text},
                                        {"kind", 8},  // Field
                                        {"range", RangeOf(s, m.range)},
                                        {"selectionRange", RangeOf(s, m.name.range)}});
      }
    SourceRange whole = d.range.Valid() ? d.range : d.name.range;
    out.push_back(json::Object{{"name", d.name.text},
                               {"detail", d.kind.text},
                               {"kind", SymbolKindOf(d.kind.text)},
                               {"range", RangeOf(s, whole)},
                               {"selectionRange", RangeOf(s, d.name.range)},
                               {"children", std::move(children)}});
  }
  for (const auto& l : f->lets)
    out.push_back(json::Object{{"name", l.name.text},
                               {"detail", "let"},
                               {"kind", 14},  // Constant
                               {"range", RangeOf(s, l.range.Valid() ? l.range : l.name.range)},
                               {"selectionRange", RangeOf(s, l.name.range)}});
  return out;
}

json::Value Server::Completion(const Document& doc, uint32_t offset) {
  json::Array items;
  for (const auto& c : Complete(doc.text, offset, doc.snapshot.get())) {
    json::Object item{{"label", c.label}, {"kind", c.kind}};
    if (!c.detail.empty()) item["detail"] = c.detail;
    if (!c.documentation.empty()) item["documentation"] = c.documentation;
    if (!c.sort_text.empty()) item["sortText"] = c.sort_text;
    if (!c.insert_text.empty()) {
      item["insertText"] = c.insert_text;
      if (c.insert_text.find('$') != std::string::npos) item["insertTextFormat"] = 2;  // snippet
    }
    items.push_back(std::move(item));
  }
  return json::Object{{"isIncomplete", false}, {"items", std::move(items)}};
}

json::Value Server::CodeActions(const Document& doc, const json::Object& params) {
  const Snapshot& s = *doc.snapshot;
  json::Array out;
  uint32_t begin = 0, end = UINT32_MAX;
  if (const json::Object* range = params.getObject("range")) {
    LineIndex index(doc.text);
    if (auto b = PositionFrom(range->getObject("start"))) begin = index.ToOffset(*b);
    if (auto e = PositionFrom(range->getObject("end"))) end = index.ToOffset(*e);
  }
  for (const Diagnostic& d : s.session.diags.All()) {
    if (d.suppressed || d.fixits.empty() || d.range.file != s.main_file) continue;
    if (d.range.end < begin || d.range.begin > end) continue;
    json::Array edits;
    std::string title;
    for (const FixIt& fix : d.fixits) {
      if (fix.range.file != s.main_file) continue;
      edits.push_back(json::Object{{"range", RangeOf(s, fix.range)}, {"newText", fix.replacement}});
      if (title.empty())
        title = "replace `" + std::string(s.sources.Slice(fix.range)) + "` with `" +
                fix.replacement + "`";
    }
    if (edits.empty()) continue;
    std::string code(Info(d.code).code);
    json::Object diagnostic{{"range", RangeOf(s, d.range)},
                            {"severity", d.severity == Severity::kError ? 1 : 2},
                            {"code", code},
                            {"source", "clusterc"},
                            {"message", d.message}};
    out.push_back(json::Object{
        {"title", title},
        {"kind", "quickfix"},
        {"isPreferred", d.fixits.size() == 1},
        {"diagnostics", json::Array{std::move(diagnostic)}},
        {"edit", json::Object{{"changes", json::Object{{doc.uri, std::move(edits)}}}}}});
  }
  return out;
}

json::Value Server::Formatting(const Document& doc) {
  SourceManager sources;
  uint32_t file = sources.Add(doc.path, doc.text);
  DiagnosticList ignored;  // syntax errors are published already; no edit then
  auto formatted = FormatSource(sources, file, ignored);
  json::Array edits;
  if (!formatted || *formatted == doc.text) return edits;
  LineIndex index(doc.text);
  edits.push_back(json::Object{
      {"range", json::Object{{"start", PositionJson({0, 0})},
                             {"end", PositionJson(index.ToPosition(uint32_t(doc.text.size())))}}},
      {"newText", *formatted}});
  return edits;
}

json::Value Server::InlayHintsOf(const Document& doc, uint32_t first_line, uint32_t last_line) {
  json::Array out;
  if (!inlay_hints_) return out;
  const Snapshot& s = *doc.snapshot;
  for (const auto& h : InlayHints(s)) {
    Position at = s.Lines(s.main_file).ToPosition(h.offset);
    if (at.line < first_line || at.line > last_line) continue;
    out.push_back(
        json::Object{{"position", PositionJson(at)}, {"label", h.label}, {"paddingLeft", true}});
  }
  return out;
}

int Run(Server& server, Transport& transport) {
  std::string body;
  for (;;) {
    Transport::Read r = transport.Next(body);
    if (r == Transport::Read::kEnd) return 1;  // the client went away without `exit`
    std::vector<std::string> replies = r == Transport::Read::kBadHeader
                                           ? std::vector<std::string>{server.FramingError()}
                                           : server.Handle(body);
    for (const auto& reply : replies)
      if (!transport.Send(reply)) return 1;
    if (server.Exited()) return server.ExitCode();
  }
}

int Serve(int in_fd, int out_fd, ServerOptions options) {
  // A client that dies mid-write must end the server, not kill it with SIGPIPE.
  ::signal(SIGPIPE, SIG_IGN);
  ExtractStdlib(options.std_dir);
  Server server(std::move(options));
  Transport transport(in_fd, out_fd);
  return Run(server, transport);
}

}  // namespace clusterc::lsp
