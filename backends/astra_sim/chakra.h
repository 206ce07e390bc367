// A minimal writer of Chakra execution traces (schema/protobuf/et_def.proto in mlcommons/chakra):
// the protobuf wire format by hand, no libprotobuf.
//
// An .et file is a sequence of messages, each preceded by its length as a varint: first a
// GlobalMetadata, then Nodes. Field numbers, from et_def.proto:
//   GlobalMetadata: version = 1 (string)
//   Node: id = 1 (uint64), name = 2 (string), type = 3 (enum NodeType), ctrl_deps = 4,
//         data_deps = 5 (repeated uint64, written packed), duration_micros = 7 (uint64),
//         attr = 10 (repeated AttributeProto)
//   AttributeProto: name = 1; oneof value: int32_val = 7, int64_val = 9, bool_val = 27,
//         string_val = 29
// The attribute types are the ones Chakra's feeder reads (src/feeder/et_feeder_node.cpp):
// is_cpu_op bool_val, comm_type and comm_size int64_val, comm_src/comm_dst/comm_tag int32_val,
// pg_name string_val. A oneof member is written even when it holds the default (false, 0), so
// the value case is set: ASTRA-sim's feeder v3 rejects an attribute whose oneof is unset.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace clusterc::backends::chakra {

enum NodeType : uint32_t {
  kCompNode = 4,
  kCommSendNode = 5,
  kCommRecvNode = 6,
  kCommCollNode = 7,
};

enum CommType : int64_t {
  kAllReduce = 0,
  kAllGather = 2,
  kBroadcast = 5,
  kAllToAll = 6,
  kReduceScatter = 7,
};

inline constexpr std::string_view kSchemaVersion = "0.0.4";

// Protobuf wire format primitives.
class Encoder {
 public:
  void Varint(uint64_t v) {
    while (v >= 0x80) {
      buf_.push_back(static_cast<char>((v & 0x7f) | 0x80));
      v >>= 7;
    }
    buf_.push_back(static_cast<char>(v));
  }
  void Key(uint32_t field, uint32_t wire_type) { Varint((uint64_t(field) << 3) | wire_type); }
  void VarintField(uint32_t field, uint64_t v) {
    Key(field, 0);
    Varint(v);
  }
  void BytesField(uint32_t field, std::string_view bytes) {
    Key(field, 2);
    Varint(bytes.size());
    buf_.append(bytes.data(), bytes.size());
  }
  const std::string& Bytes() const { return buf_; }
  std::string Take() { return std::move(buf_); }

 private:
  std::string buf_;
};

struct Node {
  uint64_t id = 0;
  std::string name;
  NodeType type = kCompNode;
  std::vector<uint64_t> data_deps;
  uint64_t duration_micros = 0;
  // Communication (0 / empty when not applicable).
  bool has_comm_type = false;
  CommType comm_type = kAllReduce;
  uint64_t comm_size = 0;
  bool has_peer = false;  // send/recv
  int32_t comm_src = 0, comm_dst = 0, comm_tag = 0;
  std::string pg_name;
};

// Appends a length-delimited message to `out`.
void AppendDelimited(std::string& out, const std::string& message);
std::string EncodeMetadata();
std::string EncodeNode(const Node& node);

}  // namespace clusterc::backends::chakra
