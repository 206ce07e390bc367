// A Chakra execution-trace reader for the ASTRA-sim backend's tests, written from the protobuf
// wire format and et_def.proto independently of the backend's encoder.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace clusterc::testing::chakra {

// ---- an independent protobuf reader ---------------------------------------------------------

struct Reader {
  const std::string& s;
  size_t pos = 0, end = 0;
  bool ok = true;
  uint64_t Varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos >= end) {
        ok = false;
        return 0;
      }
      auto b = static_cast<uint8_t>(s[pos++]);
      v |= uint64_t(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
    }
    ok = false;
    return 0;
  }
};

struct Attr {
  std::string name;
  int value_field = 0;  // the oneof member present
  uint64_t int_value = 0;
  std::string str_value;
};

struct DecodedNode {
  uint64_t id = 0;
  std::string name;
  uint64_t type = 0;
  std::vector<uint64_t> deps;
  uint64_t duration = 0;
  std::map<std::string, Attr> attrs;
};

// Calls f(field, wire_type, reader) for each field of the message in [begin, end).
template <class F>
inline bool Fields(const std::string& s, size_t begin, size_t end, F f) {
  Reader r{s, begin, end};
  while (r.ok && r.pos < end) {
    uint64_t key = r.Varint();
    int field = int(key >> 3), wire = int(key & 7);
    if (wire == 0) {
      uint64_t v = r.Varint();
      f(field, wire, v, std::string());
    } else if (wire == 2) {
      uint64_t len = r.Varint();
      if (r.pos + len > end) return false;
      f(field, wire, len, s.substr(r.pos, len));
      r.pos += len;
    } else {
      return false;  // the writer uses no other wire types
    }
  }
  return r.ok;
}

inline Attr DecodeAttr(const std::string& bytes) {
  Attr a;
  Fields(bytes, 0, bytes.size(), [&](int field, int wire, uint64_t v, const std::string& str) {
    if (field == 1) {
      a.name = str;
    } else {
      a.value_field = field;
      if (wire == 0)
        a.int_value = v;
      else
        a.str_value = str;
    }
  });
  return a;
}

struct DecodedTrace {
  bool ok = true;
  std::string version;
  std::vector<DecodedNode> nodes;
};

inline DecodedTrace Decode(const std::string& file) {
  DecodedTrace t;
  Reader r{file, 0, file.size()};
  bool first = true;
  while (r.pos < file.size()) {
    uint64_t len = r.Varint();
    if (!r.ok || r.pos + len > file.size()) {
      t.ok = false;
      return t;
    }
    size_t begin = r.pos, end = r.pos + len;
    r.pos = end;
    if (first) {
      first = false;
      t.ok &= Fields(file, begin, end, [&](int field, int, uint64_t, const std::string& str) {
        if (field == 1) t.version = str;
      });
      continue;
    }
    DecodedNode n;
    t.ok &= Fields(file, begin, end, [&](int field, int wire, uint64_t v, const std::string& str) {
      switch (field) {
        case 1:
          n.id = v;
          break;
        case 2:
          n.name = str;
          break;
        case 3:
          n.type = v;
          break;
        case 5:
          if (wire == 0) {
            n.deps.push_back(v);
          } else {
            Reader p{str, 0, str.size()};
            while (p.ok && p.pos < str.size()) n.deps.push_back(p.Varint());
          }
          break;
        case 7:
          n.duration = v;
          break;
        case 10: {
          Attr a = DecodeAttr(str);
          n.attrs[a.name] = a;
          break;
        }
        default:
          break;
      }
    });
    t.nodes.push_back(n);
  }
  return t;
}

}  // namespace clusterc::testing::chakra
