// clusterc lsp: a scripted client spawns the server and checks each response, for every method
// the server offers and for malformed and hostile input. Plus the position arithmetic.
#include <fcntl.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <deque>

#include "driver/explain.h"
#include "lsp/text.h"
#include "support.h"

namespace clusterc {
namespace {

namespace fs = std::filesystem;
namespace json = llvm::json;
using testing::ScratchDir;
using testing::Slurp;

// What `explain` prints for one row of colossus's plan (e.g. "1.94 s"): hover and inlay hints
// must show the same figure, whatever the performance model makes of it.
std::string Explained(const std::string& name) {
  auto c = testing::CompileSpec(fs::path(CLUSTERC_SOURCE_DIR) / "examples" / "colossus.cl");
  for (const auto& row : ExplainRows(c->program, c->results, "grok1_pretrain"))
    if (row.entity == "plan grok1_pretrain" && row.name == name) return ReadableValue(row);
  FAIL("explain has no row " << name);
  return "";
}

std::string Str(const json::Value& v) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << v;
  return os.str();
}

// `clusterc lsp` in a child process, spoken to over pipes. Every read has a deadline, so a
// server that hangs fails the test instead of stalling it.
class Client {
 public:
  explicit Client(const fs::path& std_dir) {
    int in[2], out[2];
    REQUIRE(pipe(in) == 0);
    REQUIRE(pipe(out) == 0);
    pid_ = fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      dup2(in[0], STDIN_FILENO);
      dup2(out[1], STDOUT_FILENO);
      close(in[0]), close(in[1]), close(out[0]), close(out[1]);
      std::string dir = std_dir.string();
      execl(CLUSTERC_BINARY, CLUSTERC_BINARY, "lsp", "--stdlib-dir", dir.c_str(),
            static_cast<char*>(nullptr));
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_ = in[1];
    from_ = out[0];
    signal(SIGPIPE, SIG_IGN);
  }
  ~Client() {
    // CLUSTERC_LSP_RECORD=DIR keeps each conversation as DIR/client-N.jsonrpc: the fuzz target's
    // seeds are cut from them (fuzz/lsp_seeds.py).
    if (const char* dir = std::getenv("CLUSTERC_LSP_RECORD")) {
      static int count = 0;
      std::ofstream(fs::path(dir) / ("client-" + std::to_string(++count) + ".jsonrpc"),
                    std::ios::binary)
          << sent_;
    }
    if (to_ >= 0) close(to_);
    if (from_ >= 0) close(from_);
    if (pid_ > 0 && !reaped_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }

  void SendRaw(const std::string& bytes) {
    sent_ += bytes;
    size_t done = 0;
    while (done < bytes.size()) {
      ssize_t n = write(to_, bytes.data() + done, bytes.size() - done);
      if (n <= 0) return;
      done += size_t(n);
    }
  }
  void Send(const json::Value& message) {
    std::string body = Str(message);
    SendRaw("Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
  }
  void Notify(const std::string& method, json::Value params) {
    Send(json::Object{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
  }
  int64_t SendRequest(const std::string& method, json::Value params) {
    int64_t id = next_id_++;
    Send(json::Object{
        {"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}});
    return id;
  }

  // The next message from the server, or nothing at the deadline or the end of its output.
  std::optional<json::Value> Receive(int timeout_ms = 30000) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
      size_t end = buffer_.find("\r\n\r\n");
      if (end != std::string::npos) {
        size_t colon = buffer_.find(':');
        size_t length = std::stoul(buffer_.substr(colon + 1, end - colon - 1));
        if (buffer_.size() >= end + 4 + length) {
          std::string body = buffer_.substr(end + 4, length);
          buffer_.erase(0, end + 4 + length);
          auto v = json::parse(body);
          REQUIRE(bool(v));
          return std::move(*v);
        }
      }
      int left = int(std::chrono::duration_cast<std::chrono::milliseconds>(
                         deadline - std::chrono::steady_clock::now())
                         .count());
      if (left <= 0) return std::nullopt;
      pollfd p{from_, POLLIN, 0};
      if (poll(&p, 1, left) <= 0) return std::nullopt;
      char chunk[65536];
      ssize_t n = read(from_, chunk, sizeof chunk);
      if (n <= 0) return std::nullopt;
      buffer_.append(chunk, size_t(n));
    }
  }

  // Waits for the response to `id`; notifications on the way are kept.
  json::Object Response(int64_t id) {
    for (;;) {
      auto m = Receive();
      REQUIRE(m);
      json::Object* o = m->getAsObject();
      REQUIRE(o);
      if (o->get("id") && o->getInteger("id") == int64_t(id)) return std::move(*o);
      REQUIRE_FALSE(o->get("id"));  // no response to anything else may come first
      notifications_.push_back(std::move(*o));
    }
  }
  json::Value Call(const std::string& method, json::Value params) {
    json::Object r = Response(SendRequest(method, std::move(params)));
    INFO(Str(json::Value(json::Object(r))));
    REQUIRE(r.get("result"));
    return std::move(*r.get("result"));
  }
  // The next publishDiagnostics for `uri`.
  json::Array Diagnostics(const std::string& uri) {
    for (;;) {
      for (auto it = notifications_.begin(); it != notifications_.end(); ++it) {
        const json::Object* params = it->getObject("params");
        if (it->getString("method") == llvm::StringRef("textDocument/publishDiagnostics") &&
            params && params->getString("uri") == llvm::StringRef(uri)) {
          json::Array out = *params->getArray("diagnostics");
          notifications_.erase(it);
          return out;
        }
      }
      auto m = Receive();
      REQUIRE(m);
      REQUIRE(m->getAsObject());
      notifications_.push_back(std::move(*m->getAsObject()));
    }
  }
  void CloseInput() {
    close(to_);
    to_ = -1;
  }
  void CloseOutput() {
    close(from_);
    from_ = -1;
  }
  // The server's exit status, or -1 when it has not exited within the timeout.
  int Wait(int timeout_ms = 20000) {
    for (int waited = 0; waited < timeout_ms; waited += 10) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        reaped_ = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
      usleep(10000);
    }
    return -1;
  }

 private:
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  bool reaped_ = false;
  int64_t next_id_ = 1;
  std::string buffer_, sent_;
  std::deque<json::Object> notifications_;
};

json::Object Doc(const std::string& uri) {
  return json::Object{{"uri", uri}};
}
json::Object Pos(int64_t line, int64_t character) {
  return json::Object{{"line", line}, {"character", character}};
}
json::Object At(const std::string& uri, int64_t line, int64_t character) {
  return json::Object{{"textDocument", Doc(uri)}, {"position", Pos(line, character)}};
}

// Line and UTF-16 column of the first `word` in `text` (after `skip` earlier matches).
std::pair<int64_t, int64_t> Find(const std::string& text, const std::string& word, int skip = 0) {
  size_t at = text.find(word);
  while (skip-- > 0) at = text.find(word, at + 1);
  REQUIRE(at != std::string::npos);
  lsp::LineIndex index(text);
  lsp::Position p = index.ToPosition(uint32_t(at));
  return {p.line, p.character};
}

std::string HoverText(Client& c, const std::string& uri, std::pair<int64_t, int64_t> at) {
  json::Value r = c.Call("textDocument/hover", At(uri, at.first, at.second));
  if (!r.getAsObject()) return "";
  return r.getAsObject()->getObject("contents")->getString("value")->str();
}

bool HasLabel(const json::Array& items, const std::string& label) {
  for (const auto& i : items)
    if (i.getAsObject()->getString("label") == llvm::StringRef(label)) return true;
  return false;
}

void Open(Client& c, const std::string& uri, const std::string& text) {
  c.Notify("textDocument/didOpen",
           json::Object{
               {"textDocument",
                json::Object{
                    {"uri", uri}, {"languageId", "clusterc"}, {"version", 1}, {"text", text}}}});
}

TEST_CASE("lsp: positions count UTF-16 code units and clamp out-of-range input") {
  std::string text =
      "a\xF0\x9D\x84\x9E"
      "b\xC3\xA9"
      "c\nxy";  // a𝄞béc / xy
  lsp::LineIndex index(text);
  CHECK(index.ToPosition(1).character == 1);  // before 𝄞
  CHECK(index.ToPosition(5).character == 3);  // after 𝄞: a surrogate pair
  CHECK(index.ToPosition(8).character == 5);  // after é
  CHECK(index.ToOffset({0, 3}) == 5);
  CHECK(index.ToOffset({0, 2}) == 1);    // inside the surrogate pair: the character's start
  CHECK(index.ToOffset({0, 999}) == 9);  // past the line's end: the end
  CHECK(index.ToOffset({7, 0}) == text.size());
  CHECK(index.ToPosition(10).line == 1);
  CHECK(lsp::UriToPath("file:///a%20b/c.cl") == "/a b/c.cl");
  CHECK(lsp::PathToUri("/a b/c.cl") == "file:///a%20b/c.cl");
  CHECK(lsp::UriToPath("untitled:Untitled-1").empty());
}

TEST_CASE("lsp: a scripted client's conversation covers every method") {
  fs::path dir = ScratchDir("lsp_conversation");
  fs::path std_dir = dir / "std";
  fs::path spec = dir / "colossus.cl";
  fs::copy_file(fs::path(CLUSTERC_SOURCE_DIR) / "examples" / "colossus.cl", spec);
  std::string text = Slurp(spec);
  std::string uri = lsp::PathToUri(spec.string());
  Client c(std_dir);

  // Before initialize, requests are refused with the protocol's code.
  json::Object early = c.Response(c.SendRequest("textDocument/hover", At(uri, 0, 0)));
  CHECK(early.getObject("error")->getInteger("code") == int64_t(-32002));

  json::Value init = c.Call(
      "initialize", json::Object{{"capabilities", json::Object{}},
                                 {"initializationOptions", json::Object{{"inlayHints", true}}}});
  const json::Object* caps = init.getAsObject()->getObject("capabilities");
  for (const char* cap :
       {"hoverProvider", "definitionProvider", "referencesProvider", "documentSymbolProvider",
        "documentFormattingProvider", "inlayHintProvider"})
    CHECK(caps->getBoolean(cap) == true);
  c.Notify("initialized", json::Object{});

  // Diagnostics: colossus is clean (its one warning is suppressed in the source).
  Open(c, uri, text);
  CHECK(c.Diagnostics(uri).empty());

  SECTION("hover: headline figures, field documentation, values with units") {
    std::string plan = HoverText(c, uri, Find(text, "grok1_pretrain {"));
    const std::string step = Explained("step_time");
    CHECK(plan.find("step: " + step) != std::string::npos);
    CHECK(plan.find("most loaded GPU: " + Explained("memory_per_gpu")) != std::string::npos);
    CHECK(plan.find("GPU memory: 79.6 GiB") != std::string::npos);
    CHECK(plan.find("model FLOPs utilisation: " + Explained("mfu")) != std::string::npos);
    CHECK(plan.find(Explained("training_time")) != std::string::npos);
    // The suite's record on the plan's GPU (H100_SXM5) beside its speed.
    CHECK(plan.find("published runs on this GPU in the suite: " + Explained("validation_runs")) !=
          std::string::npos);
    CHECK(plan.find("mean |error| of the predicted speed: " +
                    Explained("validation_mean_abs_error")) != std::string::npos);
    // And how many of them are like this plan: none, for an MoE on 100,000 GPUs.
    CHECK(plan.find("of them like this plan: " + Explained("validation_similar_runs")) !=
          std::string::npos);
    std::string cluster = HoverText(c, uri, Find(text, "colossus {"));
    CHECK(cluster.find("GPUs: 100,000") != std::string::npos);
    CHECK(cluster.find("83.4 MW") != std::string::npos);
    // Only the GPUs have a price: capex is unknown, not their 3 B USD.
    CHECK(cluster.find("capex: unknown") != std::string::npos);
    CHECK(cluster.find("3 B USD") == std::string::npos);
    std::string node = HoverText(c, uri, Find(text, "hgx_h100 {"));
    CHECK(node.find("5.8 kW") != std::string::npos);
    std::string field = HoverText(c, uri, Find(text, "gpu_power"));
    CHECK(field.find("sustained draw of one GPU") != std::string::npos);
    CHECK(field.find("power (`W`)") != std::string::npos);
    auto grid = Find(text, "memphis.grid_power");
    std::string value = HoverText(c, uri, {grid.first, grid.second + 10});
    CHECK(value.find("150 MW") != std::string::npos);
    auto facility = Find(text, "colossus.facility_power");
    std::string derived = HoverText(c, uri, {facility.first, facility.second + 12});
    CHECK(derived.find("83.4 MW") != std::string::npos);
    auto gpu = Find(text, "nvidia.H100_SXM5");
    std::string part = HoverText(c, uri, {gpu.first, gpu.second + 9});
    CHECK(part.find("H100_SXM5") != std::string::npos);
    CHECK(part.find("nvidia.cl") != std::string::npos);
    auto unit = Find(text, "= 150 MW");
    CHECK(HoverText(c, uri, {unit.first, unit.second + 7}).find("power") != std::string::npos);
  }

  SECTION("definition into the standard library, references across the file") {
    auto gpu = Find(text, "nvidia.H100_SXM5");
    json::Value def = c.Call("textDocument/definition", At(uri, gpu.first, gpu.second + 9));
    const json::Object* loc = def.getAsObject();
    REQUIRE(loc);
    std::string path = lsp::UriToPath(loc->getString("uri")->str());
    CHECK(path == (std_dir / "nvidia.cl").string());
    std::string std_text = Slurp(path);
    REQUIRE_FALSE(std_text.empty());
    int64_t line = *loc->getObject("range")->getObject("start")->getInteger("line");
    CHECK(std::string(lsp::LineIndex(std_text).Line(uint32_t(line))).find("H100_SXM5") !=
          std::string::npos);

    auto site = Find(text, "site     = memphis");
    json::Value local = c.Call("textDocument/definition", At(uri, site.first, site.second + 12));
    CHECK(local.getAsObject()->getObject("range")->getObject("start")->getInteger("line") ==
          Find(text, "site memphis").first);

    auto colossus = Find(text, "colossus {");
    json::Value refs =
        c.Call("textDocument/references",
               json::Object{{"textDocument", Doc(uri)},
                            {"position", Pos(colossus.first, colossus.second)},
                            {"context", json::Object{{"includeDeclaration", true}}}});
    // The declaration, `cluster = colossus` and the two `require`s.
    CHECK(refs.getAsArray()->size() == 4);
  }

  SECTION("document symbols, inlay hints, formatting") {
    json::Value symbols =
        c.Call("textDocument/documentSymbol", json::Object{{"textDocument", Doc(uri)}});
    std::vector<std::string> names;
    for (const auto& s : *symbols.getAsArray())
      names.push_back(s.getAsObject()->getString("name")->str());
    CHECK(names == std::vector<std::string>{"memphis", "hgx_h100", "ndr", "spectrum_x", "colossus",
                                            "grok1", "grok1_pretrain"});

    json::Value hints =
        c.Call("textDocument/inlayHint",
               json::Object{{"textDocument", Doc(uri)},
                            {"range", json::Object{{"start", Pos(0, 0)}, {"end", Pos(1000, 0)}}}});
    std::string all = Str(hints);
    CHECK(all.find("// " + Explained("memory_per_gpu") + " of 79.6 GiB") != std::string::npos);
    CHECK(all.find("// step " + Explained("step_time")) != std::string::npos);
    // Only the requested lines: the cluster's header has a hint, the plan's lines are outside.
    auto cluster_line = Find(text, "cluster colossus").first;
    json::Value some =
        c.Call("textDocument/inlayHint",
               json::Object{{"textDocument", Doc(uri)},
                            {"range", json::Object{{"start", Pos(cluster_line, 0)},
                                                   {"end", Pos(cluster_line + 1, 0)}}}});
    REQUIRE(some.getAsArray()->size() == 1);
    CHECK(Str(some).find("100,000 GPUs, 83.4 MW facility") != std::string::npos);
    // Switched off by configuration.
    c.Notify("workspace/didChangeConfiguration",
             json::Object{
                 {"settings", json::Object{{"clusterc", json::Object{{"inlayHints", false}}}}}});
    json::Value none =
        c.Call("textDocument/inlayHint",
               json::Object{{"textDocument", Doc(uri)},
                            {"range", json::Object{{"start", Pos(0, 0)}, {"end", Pos(1000, 0)}}}});
    CHECK(none.getAsArray()->empty());

    std::string messy_uri = lsp::PathToUri((dir / "messy.cl").string());
    Open(c, messy_uri, "site s {pue=1.1}\n");
    c.Diagnostics(messy_uri);
    json::Value edits =
        c.Call("textDocument/formatting",
               json::Object{{"textDocument", Doc(messy_uri)},
                            {"options", json::Object{{"tabSize", 2}, {"insertSpaces", true}}}});
    REQUIRE(edits.getAsArray()->size() == 1);
    CHECK((*edits.getAsArray())[0].getAsObject()->getString("newText") ==
          llvm::StringRef("site s { pue = 1.1 }\n"));
  }

  SECTION("completion: fields not yet set, units, stdlib names, degrees, block kinds") {
    std::string comp_uri = lsp::PathToUri((dir / "comp.cl").string());
    std::string comp =
        "import std.nvidia\n"
        "node n {\n"
        "  gpus = 8 x nvidia.\n"
        "  \n"
        "}\n"
        "plan p {\n"
        "  parallel { tp = 8;  }\n"
        "  tokens = 15 \n"
        "}\n"
        "\n";
    Open(c, comp_uri, comp);
    c.Diagnostics(comp_uri);
    auto items = [&](int64_t line, int64_t character) {
      json::Value r = c.Call("textDocument/completion", At(comp_uri, line, character));
      return *r.getAsObject()->getArray("items");
    };
    json::Array std_names = items(2, 20);
    CHECK(HasLabel(std_names, "H100_SXM5"));
    CHECK(HasLabel(std_names, "B200"));
    json::Array fields = items(3, 2);
    CHECK(HasLabel(fields, "nics"));
    CHECK(HasLabel(fields, "gpu_power"));
    CHECK_FALSE(HasLabel(fields, "gpus"));
    json::Array degrees = items(6, 20);
    CHECK(HasLabel(degrees, "pp"));
    CHECK(HasLabel(degrees, "dp"));
    CHECK_FALSE(HasLabel(degrees, "tp"));
    json::Array units = items(7, 14);
    CHECK(HasLabel(units, "trillion"));
    CHECK(HasLabel(units, "GB"));
    json::Array kinds = items(9, 0);
    CHECK(HasLabel(kinds, "cluster"));
    CHECK(HasLabel(kinds, "plan"));
    CHECK(HasLabel(kinds, "import"));
  }

  SECTION("code actions apply the compiler's fix-its; codes link to docs/rules.md") {
    std::string b_uri = lsp::PathToUri((dir / "params.cl").string());
    std::string src = Slurp(fs::path(CLUSTERC_SOURCE_DIR) / "tests/lang/units/params_405B.cl");
    Open(c, b_uri, src);
    json::Array diags = c.Diagnostics(b_uri);
    REQUIRE_FALSE(diags.empty());
    const json::Object* d = diags[0].getAsObject();
    CHECK(d->getString("code") == llvm::StringRef("units.field-dimension"));
    CHECK(d->getInteger("severity") == int64_t(1));
    CHECK(d->getObject("codeDescription")
              ->getString("href")
              ->endswith("docs/rules.md#unitsfield-dimension"));
    json::Value actions =
        c.Call("textDocument/codeAction",
               json::Object{{"textDocument", Doc(b_uri)},
                            {"range", json::Object(*d->getObject("range"))},
                            {"context", json::Object{{"diagnostics", json::Array{diags[0]}}}}});
    REQUIRE(actions.getAsArray()->size() == 1);
    std::string action = Str((*actions.getAsArray())[0]);
    CHECK(action.find("\"newText\":\"billion\"") != std::string::npos);
    CHECK(action.find("quickfix") != std::string::npos);
  }

  SECTION("an edit that breaks the spec, then one that mends it (incremental sync)") {
    auto at = Find(text, "H100_SXM5");
    json::Object range{{"start", Pos(at.first, at.second + 5)},
                       {"end", Pos(at.first, at.second + 9)}};
    c.Notify("textDocument/didChange",
             json::Object{{"textDocument", json::Object{{"uri", uri}, {"version", 2}}},
                          {"contentChanges", json::Array{json::Object{{"range", std::move(range)},
                                                                      {"text", "SXM9"}}}}});
    json::Array broken = c.Diagnostics(uri);
    REQUIRE(broken.size() >= 1);
    CHECK(Str(broken[0]).find("H100_SXM9") != std::string::npos);
    CHECK(broken[0].getAsObject()->getObject("range")->getObject("start")->getInteger("line") ==
          int64_t(at.first));
    c.Notify("textDocument/didChange",
             json::Object{{"textDocument", json::Object{{"uri", uri}, {"version", 3}}},
                          {"contentChanges", json::Array{json::Object{{"text", text}}}}});
    CHECK(c.Diagnostics(uri).empty());
  }

  SECTION("diagnostics of an import go to that file; its unsaved buffer wins over the disk") {
    fs::path main = dir / "main.cl", parts = dir / "parts.cl";
    std::string site =
        "import std.cooling\nsite s {\n  grid_power = 150 MW\n  cooling = cooling.air\n}\n";
    std::string broken = site;
    broken.replace(broken.find("MW"), 2, "MQ");
    std::ofstream(parts) << broken;
    std::ofstream(main) << "import \"parts.cl\"\nsite t extends parts.s {\n  pue = 1.2\n}\n";
    std::string main_uri = lsp::PathToUri(main.string()),
                parts_uri = lsp::PathToUri(parts.string());
    Open(c, main_uri, Slurp(main));
    json::Array own = c.Diagnostics(main_uri);
    json::Array there = c.Diagnostics(parts_uri);
    REQUIRE(there.size() == 1);
    CHECK(Str(there[0]).find("MQ") != std::string::npos);
    CHECK(there[0].getAsObject()->getObject("range")->getObject("start")->getInteger("line") ==
          int64_t(2));
    // The editor's buffer of parts.cl mends it: both documents are clean.
    Open(c, parts_uri, site);
    CHECK(c.Diagnostics(parts_uri).empty());
    CHECK(c.Diagnostics(main_uri).empty());
  }

  SECTION("UTF-16 positions on a line with characters outside the BMP") {
    std::string u_uri = lsp::PathToUri((dir / "utf16.cl").string());
    std::string src = "gpu g { vendor = \"\xF0\x9D\x84\x9E\xC3\xA9\"; memory = 80 Gq }\n";
    Open(c, u_uri, src);
    json::Array diags = c.Diagnostics(u_uri);
    bool found = false;
    for (const auto& d : diags) {
      if (Str(d).find("Gq") == std::string::npos) continue;
      found = true;
      // `gpu g { vendor = "` is 18 units, 𝄞 two, é one, `"; memory = 80 ` fifteen.
      CHECK(d.getAsObject()->getObject("range")->getObject("start")->getInteger("character") ==
            int64_t(36));
    }
    CHECK(found);
    CHECK(HoverText(c, u_uri, {0, 25}).find("HBM") != std::string::npos);  // on `memory`
  }

  SECTION("malformed and hostile input is answered per the protocol") {
    c.SendRaw("Content-Length: 5\r\n\r\n{bad}");
    auto parse_error = c.Receive();
    REQUIRE(parse_error);
    CHECK(parse_error->getAsObject()->getObject("error")->getInteger("code") == int64_t(-32700));
    CHECK(parse_error->getAsObject()->get("id")->kind() == json::Value::Null);

    c.SendRaw("Content-Length: 5\r\n\r\n[1,2]");
    auto invalid = c.Receive();
    REQUIRE(invalid);
    CHECK(invalid->getAsObject()->getObject("error")->getInteger("code") == int64_t(-32600));

    // An id JSON cannot carry back (1e999 parses as infinity) makes the request invalid; it was
    // echoed as `inf`, which is not JSON (a fuzzing finding, fuzz/regressions/lsp-infinite-id).
    std::string infinite_id = R"({"jsonrpc":"2.0","id":1e999,"method":"shutdown"})";
    c.SendRaw("Content-Length: " + std::to_string(infinite_id.size()) + "\r\n\r\n" + infinite_id);
    auto refused = c.Receive();
    REQUIRE(refused);
    CHECK(refused->getAsObject()->getObject("error")->getInteger("code") == int64_t(-32600));
    CHECK(refused->getAsObject()->get("id")->kind() == json::Value::Null);

    c.SendRaw("X-Nonsense: yes\r\n\r\n");
    auto header = c.Receive();
    REQUIRE(header);
    CHECK(header->getAsObject()->getObject("error")->getInteger("code") == int64_t(-32700));

    c.Notify("clusterc/unknownNotification", json::Object{});  // ignored: no answer
    json::Object unknown = c.Response(c.SendRequest("clusterc/unknown", json::Object{}));
    CHECK(unknown.getObject("error")->getInteger("code") == int64_t(-32601));

    json::Object no_position =
        c.Response(c.SendRequest("textDocument/hover", json::Object{{"textDocument", Doc(uri)}}));
    CHECK(no_position.getObject("error")->getInteger("code") == int64_t(-32602));

    // Positions far outside the document are clamped, never a crash.
    c.Call("textDocument/hover", At(uri, 100000, 99999));
    c.Call("textDocument/definition", At(uri, 3, 100000));
    c.Call("textDocument/completion", At(uri, 100000, 0));

    // A document never opened, and one closed: empty answers.
    std::string ghost = lsp::PathToUri((dir / "ghost.cl").string());
    CHECK(c.Call("textDocument/hover", At(ghost, 0, 0)).kind() == json::Value::Null);
    c.Notify("textDocument/didClose", json::Object{{"textDocument", Doc(uri)}});
    CHECK(c.Diagnostics(uri).empty());
    CHECK(c.Call("textDocument/hover", At(uri, 30, 4)).kind() == json::Value::Null);
    CHECK(c.Call("textDocument/documentSymbol", json::Object{{"textDocument", Doc(uri)}})
              .getAsArray()
              ->empty());
    c.Notify("textDocument/didChange",
             json::Object{{"textDocument", json::Object{{"uri", uri}, {"version", 9}}},
                          {"contentChanges", json::Array{json::Object{{"text", "x"}}}}});
  }

  // Orderly end: shutdown, then requests are refused, then exit with status 0.
  CHECK(c.Call("shutdown", nullptr).kind() == json::Value::Null);
  json::Object late = c.Response(c.SendRequest("textDocument/hover", At(uri, 0, 0)));
  CHECK(late.getObject("error")->getInteger("code") == int64_t(-32600));
  c.Notify("exit", nullptr);
  CHECK(c.Wait() == 0);
}

TEST_CASE("lsp: every malformed input is served without a crash or a hang") {
  fs::path dir = ScratchDir("lsp_malformed");
  Client c(dir / "std");
  c.Call("initialize", json::Object{{"capabilities", json::Object{}}});
  // A Content-Length no client could mean: refused, and the conversation goes on.
  c.SendRaw("Content-Length: 999999999999\r\n\r\n");
  auto refused = c.Receive();
  REQUIRE(refused);
  CHECK(refused->getAsObject()->getObject("error")->getInteger("code") == int64_t(-32700));
  size_t files = 0;
  for (const auto& e : fs::directory_iterator(fs::path(CLUSTERC_SOURCE_DIR) / "tests/malformed")) {
    if (e.path().extension() != ".cl") continue;
    INFO(e.path().string());
    ++files;
    std::string text = Slurp(e.path());
    // The server takes JSON strings; bytes that are not UTF-8 reach it as replacement characters.
    std::string uri = lsp::PathToUri((dir / e.path().filename()).string());
    Open(c, uri, json::isUTF8(text) ? text : json::fixUTF8(text));
    c.Diagnostics(uri);
    lsp::LineIndex index(text);
    for (uint32_t line : {0u, index.LineCount() / 2, index.LineCount()}) {
      for (uint32_t character : {0u, 3u, 1000u}) {
        c.Call("textDocument/hover", At(uri, line, character));
        c.Call("textDocument/definition", At(uri, line, character));
        c.Call("textDocument/completion", At(uri, line, character));
      }
    }
    c.Call("textDocument/documentSymbol", json::Object{{"textDocument", Doc(uri)}});
    c.Call("textDocument/formatting", json::Object{{"textDocument", Doc(uri)}});
    c.Call("textDocument/inlayHint",
           json::Object{{"textDocument", Doc(uri)},
                        {"range", json::Object{{"start", Pos(0, 0)}, {"end", Pos(99999, 0)}}}});
    c.Call("textDocument/codeAction",
           json::Object{{"textDocument", Doc(uri)},
                        {"range", json::Object{{"start", Pos(0, 0)}, {"end", Pos(99999, 0)}}}});
    c.Notify("textDocument/didClose", json::Object{{"textDocument", Doc(uri)}});
    c.Diagnostics(uri);
  }
  CHECK(files > 40);
  CHECK(c.Call("shutdown", nullptr).kind() == json::Value::Null);
  c.Notify("exit", nullptr);
  CHECK(c.Wait() == 0);
}

TEST_CASE("lsp: a client that dies does not leave the server running") {
  fs::path dir = ScratchDir("lsp_death");
  std::string uri = lsp::PathToUri((dir / "a.cl").string());
  SECTION("its input closes") {
    Client c(dir / "std");
    c.Call("initialize", json::Object{{"capabilities", json::Object{}}});
    Open(c, uri, "site s { pue = 1.1 }\n");
    c.CloseInput();
    CHECK(c.Wait() == 1);  // exit without shutdown: status 1, as the protocol says
  }
  SECTION("its output closes mid-conversation") {
    Client c(dir / "std");
    c.Call("initialize", json::Object{{"capabilities", json::Object{}}});
    c.CloseOutput();
    Open(c, uri, "site s { pue = 1.1 }\n");  // the server's diagnostics find no reader
    c.CloseInput();
    CHECK(c.Wait() == 1);
  }
}

}  // namespace
}  // namespace clusterc
