// The language server target's mutator. Byte flips break the framing (a Content-Length that no
// longer matches) or the JSON at once, so most inputs would end in a parse error before a
// document is ever compiled. This one splits the input into its messages and mutates them as
// messages: the text a document is opened or changed with gets the spec targets' token-level
// mutations (mutator.cpp), positions become boundary values, messages are duplicated, dropped,
// swapped or added from templates of every method, and the stream is framed again with correct
// lengths. One mutation in eight is libFuzzer's byte-level one on the whole stream, so broken
// framing and broken JSON are still met.
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/fuzz_common.h"

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

namespace clusterc::fuzz {
namespace {

namespace json = llvm::json;

struct Stream {
  bool framed = true;
  std::vector<std::string> bodies;
};

Stream Split(std::string_view s) {
  Stream out;
  constexpr std::string_view kHeader = "Content-Length:";
  out.framed = s.substr(0, kHeader.size()) == kHeader;
  while (!s.empty()) {
    if (!out.framed) {
      size_t end = s.find('\n');
      out.bodies.emplace_back(s.substr(0, end));
      s = end == std::string_view::npos ? std::string_view() : s.substr(end + 1);
      continue;
    }
    size_t end = s.find("\r\n\r\n");
    size_t length = 0;
    if (s.substr(0, kHeader.size()) == kHeader && end != std::string_view::npos)
      length = std::strtoul(std::string(s.substr(kHeader.size(), end - kHeader.size())).c_str(),
                            nullptr, 10);
    if (end == std::string_view::npos || length == 0 || s.size() < end + 4 + length) {
      out.bodies.emplace_back(s);  // the rest, unframed: it is reframed whole
      break;
    }
    out.bodies.emplace_back(s.substr(end + 4, length));
    s.remove_prefix(end + 4 + length);
  }
  return out;
}

std::string Join(const Stream& stream) {
  std::string out;
  for (const std::string& body : stream.bodies) {
    if (stream.framed)
      out += "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
    else
      out += body + "\n";
  }
  return out;
}

std::string Serialize(const json::Value& v) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << v;
  return os.str();
}

// The text fields of a message (didOpen's document, didChange's changes).
std::vector<json::Value*> Texts(json::Object& message) {
  std::vector<json::Value*> out;
  json::Object* params = message.getObject("params");
  if (!params) return out;
  if (json::Object* td = params->getObject("textDocument"))
    if (json::Value* text = td->get("text")) out.push_back(text);
  if (json::Array* changes = params->getArray("contentChanges"))
    for (json::Value& c : *changes)
      if (json::Object* o = c.getAsObject())
        if (json::Value* text = o->get("text")) out.push_back(text);
  return out;
}

// Every {line, character} object of a message.
void Positions(json::Value& v, std::vector<json::Object*>& out) {
  if (json::Object* o = v.getAsObject()) {
    if (o->get("line") && o->get("character")) out.push_back(o);
    for (auto& [key, child] : *o) Positions(child, out);
  } else if (json::Array* a = v.getAsArray()) {
    for (json::Value& child : *a) Positions(child, out);
  }
}

// The first document URI of the stream, for new messages.
std::string FirstUri(const Stream& stream) {
  for (const std::string& body : stream.bodies) {
    size_t at = body.find("\"uri\":\"");
    if (at == std::string::npos) continue;
    size_t end = body.find('"', at + 7);
    if (end != std::string::npos) return body.substr(at + 7, end - at - 7);
  }
  return "file:///fuzz/spec.cl";
}

std::string Template(std::mt19937& rng, const std::string& uri, int64_t id) {
  json::Object document{{"uri", uri}};
  json::Object position{{"line", int64_t(rng() % 40)}, {"character", int64_t(rng() % 40)}};
  json::Object range{
      {"start", json::Object(position)},
      {"end", json::Object{{"line", int64_t(rng() % 40)}, {"character", int64_t(rng() % 40)}}}};
  const char* kRequests[] = {"textDocument/hover",
                             "textDocument/definition",
                             "textDocument/references",
                             "textDocument/completion",
                             "textDocument/documentSymbol",
                             "textDocument/formatting",
                             "textDocument/codeAction",
                             "textDocument/inlayHint",
                             "shutdown",
                             "initialize"};
  unsigned choice = rng() % (std::size(kRequests) + 4);
  json::Object message{{"jsonrpc", "2.0"}};
  if (choice < std::size(kRequests)) {
    message["id"] = id;
    message["method"] = kRequests[choice];
    message["params"] =
        json::Object{{"textDocument", std::move(document)},
                     {"position", std::move(position)},
                     {"range", std::move(range)},
                     {"context", json::Object{{"includeDeclaration", bool(rng() % 2)}}}};
    return Serialize(std::move(message));
  }
  choice -= std::size(kRequests);
  if (choice == 0) {  // an edit of a range
    message["method"] = "textDocument/didChange";
    message["params"] = json::Object{
        {"textDocument", json::Object{{"uri", uri}, {"version", int64_t(rng() % 100)}}},
        {"contentChanges",
         json::Array{json::Object{{"range", std::move(range)}, {"text", "gpus = 8 x "}}}}};
  } else if (choice == 1) {
    message["method"] = "textDocument/didClose";
    message["params"] = json::Object{{"textDocument", std::move(document)}};
  } else if (choice == 2) {
    message["method"] = "textDocument/didOpen";
    message["params"] = json::Object{
        {"textDocument", json::Object{{"uri", "file:///fuzz/other.cl"},
                                      {"version", 1},
                                      {"text", "import \"spec.cl\"\nimport std.nvidia\n"}}}};
  } else {
    message["method"] = "exit";
  }
  return Serialize(std::move(message));
}

constexpr int64_t kBoundaries[] = {0, 1, 2, 7, 63, 64, 65535, 65536, 4294967295LL, 4294967296LL,
                                   -1};

size_t MutateMessages(uint8_t* data, size_t size, size_t max_size, unsigned seed) {
  std::mt19937 rng(seed);
  if (size == 0 || rng() % 8 == 0) return LLVMFuzzerMutate(data, size, max_size);
  Stream stream = Split(std::string_view(reinterpret_cast<const char*>(data), size));
  std::vector<std::string>& bodies = stream.bodies;
  size_t pick = rng() % bodies.size();
  auto parsed = json::parse(bodies[pick]);
  json::Object* message = parsed ? parsed->getAsObject() : nullptr;
  switch (rng() % 8) {
    case 0:
    case 1: {  // the text of a document: token-level mutations of the spec
      std::vector<json::Value*> texts;
      for (size_t tries = 0; tries < bodies.size() && texts.empty(); ++tries) {
        pick = (pick + 1) % bodies.size();
        parsed = json::parse(bodies[pick]);
        message = parsed ? parsed->getAsObject() : nullptr;
        if (message) texts = Texts(*message);
      }
      if (texts.empty()) break;
      json::Value* text = texts[rng() % texts.size()];
      std::string spec(text->getAsString().getValueOr("").str());
      if (spec.empty()) spec = "\n";
      size_t used = spec.size();
      spec.resize(used + 256);
      spec.resize(MutateTokens(reinterpret_cast<uint8_t*>(spec.data()), used, spec.size(), rng()));
      *text = json::Value(json::fixUTF8(spec));
      bodies[pick] = Serialize(json::Value(std::move(*message)));
      break;
    }
    case 2: {  // a position becomes a boundary value
      std::vector<json::Object*> positions;
      if (parsed) Positions(*parsed, positions);
      if (positions.empty()) break;
      json::Object* p = positions[rng() % positions.size()];
      (*p)[rng() % 2 ? "line" : "character"] = kBoundaries[rng() % std::size(kBoundaries)];
      bodies[pick] = Serialize(std::move(*parsed));
      break;
    }
    case 3:  // a message again, somewhere else
      bodies.insert(bodies.begin() + long(rng() % (bodies.size() + 1)), bodies[pick]);
      break;
    case 4:
      if (bodies.size() > 1) bodies.erase(bodies.begin() + long(pick));
      break;
    case 5:
      std::swap(bodies[pick], bodies[rng() % bodies.size()]);
      break;
    case 6:  // a new message of any method
      bodies.insert(bodies.begin() + long(rng() % (bodies.size() + 1)),
                    Template(rng, FirstUri(stream), int64_t(1000 + rng() % 1000)));
      break;
    default: {  // libFuzzer's byte-level mutation of one body, framed again
      std::string& body = bodies[pick];
      if (body.empty()) body = "{}";
      size_t used = body.size();
      body.resize(used + 64);
      body.resize(LLVMFuzzerMutate(reinterpret_cast<uint8_t*>(body.data()), used, body.size()));
      if (!stream.framed)
        for (char& c : body)
          if (c == '\n') c = ' ';
      break;
    }
  }
  if (rng() % 32 == 0) stream.framed = !stream.framed;
  std::string out = Join(stream);
  if (out.size() > max_size) out.resize(max_size);
  std::memcpy(data, out.data(), out.size());
  return out.size();
}

}  // namespace
}  // namespace clusterc::fuzz

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size,
                                          unsigned int seed) {
  return clusterc::fuzz::MutateMessages(data, size, max_size, seed);
}
