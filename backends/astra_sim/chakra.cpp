#include "backends/astra_sim/chakra.h"
#include "ir/checked.h"

namespace clusterc::backends::chakra {

namespace {

// AttributeProto field numbers (et_def.proto).
constexpr uint32_t kAttrName = 1;
constexpr uint32_t kAttrInt32 = 7;
constexpr uint32_t kAttrInt64 = 9;
constexpr uint32_t kAttrBool = 27;
constexpr uint32_t kAttrString = 29;
// Node field numbers.
constexpr uint32_t kNodeId = 1;
constexpr uint32_t kNodeName = 2;
constexpr uint32_t kNodeType = 3;
constexpr uint32_t kNodeDataDeps = 5;
constexpr uint32_t kNodeDuration = 7;
constexpr uint32_t kNodeAttr = 10;
// GlobalMetadata field numbers.
constexpr uint32_t kMetadataVersion = 1;

std::string IntAttr(std::string_view name, uint32_t field, int64_t value) {
  Encoder e;
  e.BytesField(kAttrName, name);
  // int32 and int64 are plain varints; negative values sign-extend to 64 bits.
  e.VarintField(field, static_cast<uint64_t>(value));
  return e.Take();
}

std::string StringAttr(std::string_view name, std::string_view value) {
  Encoder e;
  e.BytesField(kAttrName, name);
  e.BytesField(kAttrString, value);
  return e.Take();
}

}  // namespace

void AppendDelimited(std::string& out, const std::string& message) {
  Encoder e;
  e.Varint(message.size());
  out += e.Bytes();
  out += message;
}

std::string EncodeMetadata() {
  Encoder e;
  e.BytesField(kMetadataVersion, kSchemaVersion);
  return e.Take();
}

std::string EncodeNode(const Node& n) {
  Encoder e;
  e.VarintField(kNodeId, n.id);
  e.BytesField(kNodeName, n.name);
  e.VarintField(kNodeType, n.type);
  if (!n.data_deps.empty()) {
    Encoder packed;
    for (uint64_t d : n.data_deps) packed.Varint(d);
    e.BytesField(kNodeDataDeps, packed.Bytes());
  }
  if (n.duration_micros > 0) e.VarintField(kNodeDuration, n.duration_micros);
  e.BytesField(kNodeAttr, IntAttr("is_cpu_op", kAttrBool, 0));
  if (n.has_comm_type) e.BytesField(kNodeAttr, IntAttr("comm_type", kAttrInt64, n.comm_type));
  if (n.type != kCompNode)
    e.BytesField(kNodeAttr, IntAttr("comm_size", kAttrInt64, ir::SaturatingInt64(n.comm_size)));
  if (n.has_peer) {
    e.BytesField(kNodeAttr, IntAttr("comm_src", kAttrInt32, n.comm_src));
    e.BytesField(kNodeAttr, IntAttr("comm_dst", kAttrInt32, n.comm_dst));
    e.BytesField(kNodeAttr, IntAttr("comm_tag", kAttrInt32, n.comm_tag));
  }
  if (!n.pg_name.empty()) e.BytesField(kNodeAttr, StringAttr("pg_name", n.pg_name));
  return e.Take();
}

}  // namespace clusterc::backends::chakra
