// NCCL backend: the NCCL environment of each (node type, fabric) the spec's clusters use, as
// `nccl.conf` (KEY=VALUE, what NCCL reads from /etc/nccl.conf or ~/.nccl.conf) and `nccl.env`
// (`export KEY=VALUE`, what the Slurm backend's sbatch scripts source), plus an NCCL_TOPO_FILE
// topology XML per node type.
//
// Output layout (under nccl/):
//   nccl.conf, nccl.env            the first configuration: the node type and fabric of the first
//                                  lowered plan's cluster, else of the main file's first cluster
//   <name>/nccl.conf, <name>/nccl.env
//                                  one folder per configuration, only when there are several
//                                  (<name> is the node type, or node-fabric when a node type
//                                  meets several fabrics); the top-level files are then copies of
//                                  the first folder's
//   topology/<node>.xml            NCCL topology of one node type (<node>-<fabric>.xml when
//                                  the node type meets several fabrics: the fabric sets its NICs'
//                                  class, GPUDirect and plane links)
//
// Every value set is justified by a fact of the spec, written as a comment line above it;
// NCCL's defaults are left alone otherwise. The topology XML likewise holds only attributes the
// spec determines: what it does not (PCI bus ids of the real machine, compute capability, CPU
// family/model and affinity, PCIe link speed, NIC GUIDs, GPUDirect support) is left out, and
// NCCL fills a missing attribute from the live system when it matches a device (xml.cc fills
// only absent attributes). The bus ids are a deterministic nominal layout: NCCL matches file and
// machine by bus id (GPUs) and device name (NICs), so the structure takes effect where the
// deployed machine's bus ids are written in (nvidia-smi / lspci, or NCCL_TOPO_DUMP_FILE);
// elements that match no device are trimmed by NCCL (ncclTopoTrimXml). The file is therefore
// opt-in: nccl.env points NCCL_TOPO_FILE at it only with CLUSTERC_NCCL_TOPO_FILE=1, nccl.conf
// names it in a comment. GPUs carry `sm` (compute capability, from the GPU's name) and `gdr`, as
// NCCL's own dumps do; NVLink counts come from the link's links_per_gpu or its bandwidth.
//
// AMD GPUs: RCCL (ROCm/rccl) reads the same NCCL_* variables and nccl.conf, so the same
// settings are written; its topology XML needs facts the spec lacks (see TopologyXml).
//
// The fabric reaches NCCL only through the NIC devices it is given and which of them can reach
// which: rail-only and multi-plane fabrics (NIC device i reaches only device i elsewhere) get
// NCCL_CROSS_NIC=0 and PXN, rail-optimised ones CROSS_NIC=0 (Settings). The number of switch
// tiers does not reach NCCL at all: its topology search is within the node, and between nodes
// it sees NICs, not switches; a 4-tier Clos adds switch hops of well under a microsecond each,
// far below NCCL_IB_TIMEOUT's default (4.096 us x 2^20, about 4.3 s per retry). So a fourth tier
// changes no NCCL setting.
//
// Rules of NCCL's readers that the output respects (FORMATS.md; NVIDIA/nccl src/graph/xml.cc,
// xml.h, src/include/param.h):
//  - XML: no `<?xml?>` declaration and no comments (an `<!--` is an unknown element to NCCL
//    releases before comment support), no tabs, attributes on the element's line separated by one
//    space, values in double quotes, at most 253 characters per name or value (MAX_STR_LEN 255
//    holds the closing quote and the terminator), at most 16 attributes per element, fewer than
//    256 elements (NCCL_TOPO_XML_MAX_NODES; the parser checks for room before every read),
//    at most 640 children per element, `<system version="1">`, bus ids `%04x:%02x:%02x.%x`
//    lower case.
//  - nccl.conf: NCCL takes every line holding a `=` as KEY=VALUE, comment or not, and the value
//    literally (no quotes, no expansion); so comment lines never hold a `=`.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "backends/emitters.h"
#include "backends/escape.h"
#include "ir/checked.h"

namespace clusterc::backends {
namespace {

// NCCL_TOPO_XML_MAX_NODES (src/graph/topo.h) is 256, and xmlLoadSub checks for room before it
// reads each node, closing tags included: a file of 256 elements already fails.
constexpr int kMaxXmlNodes = 255;
constexpr int kMaxXmlSubs = 640;       // MAX_SUBS (xml.h)
constexpr int kMaxXmlAttrs = 16;       // MAX_ATTR_COUNT (xml.h)
constexpr size_t kMaxXmlString = 253;  // MAX_STR_LEN 255 less closing quote and terminator

// Where nccl.conf expects the topology files once installed (nccl.conf cannot hold a relative
// path: NCCL opens NCCL_TOPO_FILE relative to the process's working directory).
constexpr const char* kInstallDir = "/etc/nccl/topology/";

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool IsInfiniBand(ir::FabricKind k) {
  return k == ir::FabricKind::infiniband_hdr || k == ir::FabricKind::infiniband_ndr ||
         k == ir::FabricKind::infiniband_xdr;
}

bool IsAmd(const ir::Program& p, const ir::Node& node) {
  return node.gpus.ref.Valid() && Lower(p.Get(node.gpus.ref).vendor) == "amd";
}

// Fabrics NCCL drives through IB verbs (its `IB` transport): InfiniBand and RoCE v2.
bool IsVerbs(ir::FabricKind k) {
  return IsInfiniBand(k) || k == ir::FabricKind::roce_v2;
}

std::string KindName(ir::FabricKind k) {
  return std::string(ir::EnumName(k));
}

std::string Count(int64_t n, const std::string& what) {
  return fmt::format("{} {}{}", n, what, n == 1 ? "" : "s");
}

// Line rate of one NIC port in Mb/s, the unit of the XML's `speed` (NCCL: bw = speed / 8000 GB/s).
int64_t PortMbps(const ir::Nic& nic) {
  return ir::SaturatingInt64(nic.bandwidth.si * 8.0 / 1e6 + 0.5);
}

// ---------------------------------------------------------------------------------------------
// Topology XML

std::string BusId(int64_t index, int function = 0) {
  // One bus per device (functions are its ports); buses 0x01-0xff of domain 0, then domain 1...
  int64_t bus = index + 1;
  return fmt::format("{:04x}:{:02x}:{:02x}.{:x}", (bus >> 8) & 0xffff, bus & 0xff, 0, function);
}

// Keeps a value within what NCCL reads back: no quote, angle bracket, ampersand or control
// character, at most kMaxXmlString characters.
std::string XmlValue(const std::string& s) {
  std::string out;
  for (char c : s) {
    unsigned char u = static_cast<unsigned char>(c);
    bool ok = std::isalnum(u) || c == ' ' || c == '.' || c == '_' || c == '-' || c == ':' ||
              c == '/' || c == '+' || c == ',' || c == '(' || c == ')';
    out += ok ? c : '_';
  }
  if (out.size() > kMaxXmlString) out.resize(kMaxXmlString);
  return out;
}

using Attrs = std::vector<std::pair<std::string, std::string>>;

class XmlWriter {
 public:
  void Open(const std::string& name, const Attrs& attrs) {
    Tag(name, attrs, false);
    stack_.push_back(name);
  }
  void Leaf(const std::string& name, const Attrs& attrs) { Tag(name, attrs, true); }
  void Close() {
    std::string name = stack_.back();
    stack_.pop_back();
    out_ += std::string(2 * stack_.size(), ' ') + "</" + name + ">\n";
  }
  int nodes() const { return nodes_; }
  int max_subs() const { return max_subs_; }
  bool attrs_ok() const { return attrs_ok_; }
  std::string Take() { return std::move(out_); }

 private:
  void Tag(const std::string& name, const Attrs& attrs, bool leaf) {
    ++nodes_;
    attrs_ok_ &= attrs.size() <= static_cast<size_t>(kMaxXmlAttrs);
    if (!subs_.empty()) max_subs_ = std::max(max_subs_, ++subs_.back());
    if (!leaf) subs_.push_back(0);
    out_ += std::string(2 * stack_.size(), ' ') + "<" + name;
    for (const auto& [key, value] : attrs) out_ += " " + key + "=\"" + XmlValue(value) + "\"";
    out_ += leaf ? "/>\n" : ">\n";
  }
  std::string out_;
  std::vector<std::string> stack_;
  std::vector<int> subs_;
  int nodes_ = 0;
  int max_subs_ = 0;
  bool attrs_ok_ = true;
};

// `arch` and `vendor` of a CPU as NCCL's x86 detection writes them (cpuid vendor strings), when
// the spec names the vendor; empty when it does not.
std::pair<std::string, std::string> CpuArchVendor(const std::string& vendor) {
  std::string v = Lower(vendor);
  if (v == "intel") return {"x86_64", "GenuineIntel"};
  if (v == "amd") return {"x86_64", "AuthenticAMD"};
  if (v == "nvidia" || v == "ampere" || v == "arm") return {"arm64", ""};
  return {"", ""};
}

// NCCL's `sm` attribute of a GPU: its CUDA compute capability x 10, as ncclTopoAddGpu reads it
// (cudaCompCap) and NCCL's own dumps write it. From the GPU's name (NVIDIA CUDA GPUs list:
// developer.nvidia.com/cuda-gpus); 0 when the name is not one of these, and the attribute is
// then left to NCCL's detection.
int ComputeCapability(const std::string& gpu_name) {
  std::string n = Lower(gpu_name);
  auto starts = [&](const char* p) { return n.rfind(p, 0) == 0; };
  if (starts("gb3") || starts("b3") || starts("gb2") || starts("b2") || starts("b1")) return 100;
  if (starts("h1") || starts("h2") || starts("h8") || starts("gh2")) return 90;
  if (starts("l40") || starts("l4")) return 89;
  if (starts("a1") || starts("a8") || starts("a30")) return 80;
  if (starts("v100")) return 70;
  return 0;
}

// Bandwidth of one NVLink link, both directions together, by GPU generation (compute
// capability): NVLink3 (A100) and NVLink4 (H100/H800) 50 GB/s, NVLink5 (Blackwell) 100 GB/s
// (NVIDIA NVLink pages: 12 x 50 = 600 GB/s, 18 x 50 = 900 GB/s, 18 x 100 = 1.8 TB/s).
double NvlinkLinkBandwidth(int sm) {
  if (sm >= 100) return 100e9;
  if (sm >= 80) return 50e9;
  return 0;
}

struct Topology {
  std::string xml;  // empty when the node cannot be written within NCCL's limits
  std::string why_not;
  int nodes = 0;
};

// The nominal layout: sockets share the PCIe switches evenly, switches share the GPUs and the NIC
// adapters evenly (GPU g and NIC n on switch floor(g·P/G) and floor(n·P/N)), so each switch
// holds GPUs and the NICs of their rails, as on HGX baseboards. Without PCIe switches, GPUs and
// NICs hang off the sockets' root complexes the same way.
Topology TopologyXml(const Context& ctx, const ir::Node& node, const ir::Fabric* fabric,
                     const analysis::ClusterResults& r) {
  const ir::Program& p = ctx.program;
  const int64_t sockets = std::max<int64_t>(1, node.cpus.ref.Valid() ? node.cpus.count : 0);
  const int64_t switches = std::max<int64_t>(0, node.pcie_switches);
  const int64_t gpus = std::max<int64_t>(0, node.gpus.count);
  const bool has_nic = node.nics.ref.Valid() && node.nics.count > 0;
  const ir::Nic* nic = has_nic ? &p.Get(node.nics.ref) : nullptr;
  const int64_t adapters = has_nic ? node.nics.count : 0;
  // A multi-plane fabric splits each port into one link per plane, each its own PCI function
  // and RDMA device at 1/planes the port's rate (as NCCL_IB_HCA lists them).
  const int64_t planes = std::max<int64_t>(1, r.fabric.planes);
  const int64_t ports = has_nic ? std::max<int64_t>(1, nic->ports) * planes : 0;

  Topology t;
  if (IsAmd(p, node)) {
    // ROCm/rccl src/graph/topo.cc reads NCCL_TOPO_FILE with NCCL's parser (xml.cc), but
    // ncclTopoAddGpu there requires `gcn` and `arch` (a packed hipDeviceArch_t) on every GPU
    // and reads xGMI links from `xgmi` elements: facts the spec does not give.
    t.why_not = fmt::format(
        "node {} carries AMD GPUs, whose RCCL topology elements need the GPUs' gcn and arch "
        "attributes and xGMI links, which the spec does not give",
        node.name);
    return t;
  }
  // Elements: system, sockets, switches, per GPU pci+gpu(+nvlink), per port pci+nic+net.
  int64_t estimate = 1 + sockets + switches + 3 * gpus + 3 * adapters * ports;
  if (estimate > kMaxXmlNodes || ports > 8) {
    t.why_not = fmt::format(
        "node {} needs {} XML elements (or more than 8 ports or plane links per NIC), beyond "
        "what NCCL's topology reader holds ({})",
        node.name, estimate, kMaxXmlNodes);
    return t;
  }

  // Bus numbers in document order: a switch, then its GPUs, then its NICs.
  int64_t next_bus = 0;
  struct Device {
    int64_t index;
    std::string busid;
  };
  auto owner = [](int64_t i, int64_t n, int64_t groups) { return n > 0 ? i * groups / n : 0; };
  const int64_t groups = switches > 0 ? switches : sockets;
  std::vector<std::vector<Device>> gpu_at(groups), nic_at(groups);
  std::vector<std::string> switch_bus(switches);
  std::vector<std::string> gpu_bus(gpus);
  for (int64_t g = 0; g < groups; ++g) {
    if (switches > 0) switch_bus[g] = BusId(next_bus++);
    for (int64_t i = 0; i < gpus; ++i)
      if (owner(i, gpus, groups) == g) {
        gpu_bus[i] = BusId(next_bus++);
        gpu_at[g].push_back({i, gpu_bus[i]});
      }
    for (int64_t i = 0; i < adapters; ++i)
      if (owner(i, adapters, groups) == g) nic_at[g].push_back({i, BusId(next_bus++)});
  }
  // The NVSwitch is not a PCI device of the node's tree; its bus id only names the NVLink target.
  const std::string nvswitch_bus = BusId(next_bus++);

  // NVLink: a count per GPU (NCCL: bandwidth = count x its per-link figure for the GPU's
  // generation): the link's links_per_gpu, else its bandwidth over the generation's per-link
  // bandwidth (H800: 400 GB/s / 50 GB/s = 8 links). Only a link whose count cannot be derived
  // is left out, and NCCL then asks NVML: an unknown count must not read as "no NVLink".
  const ir::Link* link = node.scale_up.Valid() ? &p.Get(node.scale_up) : nullptr;
  const ir::Gpu* gpu_part = node.gpus.ref.Valid() ? &p.Get(node.gpus.ref) : nullptr;
  const int sm = gpu_part ? ComputeCapability(gpu_part->name) : 0;
  int64_t links = link ? link->links_per_gpu : 0;
  if (link && links <= 0 && NvlinkLinkBandwidth(sm) > 0)
    links = std::llround(link->bandwidth.si / NvlinkLinkBandwidth(sm));
  const int64_t domain = r.scale_up_domain;
  const bool pairs = domain == 2;  // an NVLink bridge joins two cards; larger domains: NVSwitch

  const std::string nic_class =
      fabric && IsInfiniBand(fabric->kind) ? "0x020700" : "0x020000";  // IB or Ethernet function
  auto [arch, vendor] =
      node.cpus.ref.Valid() ? CpuArchVendor(p.Get(node.cpus.ref).vendor) : std::make_pair("", "");

  XmlWriter w;
  w.Open("system", {{"version", "1"}, {"name", node.name + " from " + ctx.spec_name}});
  for (int64_t s = 0; s < sockets; ++s) {
    Attrs cpu = {{"numaid", std::to_string(s)}};
    if (!arch.empty()) cpu.push_back({"arch", arch});
    if (!vendor.empty()) cpu.push_back({"vendor", vendor});
    bool any = false;
    for (int64_t g = 0; g < groups; ++g) any |= owner(g, groups, sockets) == s;
    if (!any) {
      w.Leaf("cpu", cpu);
      continue;
    }
    w.Open("cpu", cpu);
    for (int64_t g = 0; g < groups; ++g) {
      if (owner(g, groups, sockets) != s) continue;
      if (switches > 0) w.Open("pci", {{"busid", switch_bus[g]}, {"class", "0x060400"}});
      for (const Device& d : gpu_at[g]) {
        w.Open("pci", {{"busid", d.busid}, {"class", "0x030200"}});
        Attrs gpu = {{"dev", std::to_string(d.index)}, {"rank", std::to_string(d.index)}};
        // sm and gdr as NCCL's dumps carry them (ncclTopoAddGpu reads both): gdr 1 when the node
        // has RDMA NICs (GPUDirect RDMA through nvidia-peermem or DMA-BUF).
        if (sm > 0) gpu.push_back({"sm", std::to_string(sm)});
        if (has_nic && fabric && IsVerbs(fabric->kind)) gpu.push_back({"gdr", "1"});
        std::string target;
        std::string tclass;
        if (links > 0 && pairs && (d.index ^ 1) < gpus) {
          target = gpu_bus[d.index ^ 1];
          tclass = "0x030200";
        } else if (links > 0 && domain > 2 && gpus > 1) {
          target = nvswitch_bus;
          tclass = "0x068000";
        }
        if (target.empty()) {
          w.Leaf("gpu", gpu);
        } else {
          w.Open("gpu", gpu);
          w.Leaf("nvlink",
                 {{"target", target}, {"count", std::to_string(links)}, {"tclass", tclass}});
          w.Close();
        }
        w.Close();
      }
      for (const Device& d : nic_at[g]) {
        for (int64_t port = 0; port < ports; ++port) {
          int64_t dev = d.index * ports + port;
          // One PCI function and one RDMA device per port (mlx5_N), each with its port 1.
          std::string busid = d.busid.substr(0, d.busid.size() - 1) + std::to_string(port);
          w.Open("pci", {{"busid", busid}, {"class", nic_class}});
          w.Open("nic", {});
          w.Leaf("net", {{"name", fmt::format("mlx5_{}", dev)},
                         {"dev", std::to_string(dev)},
                         {"speed", std::to_string(PortMbps(*nic) / planes)},
                         {"port", "1"}});
          w.Close();
          w.Close();
        }
      }
      if (switches > 0) w.Close();
    }
    w.Close();
  }
  w.Close();

  t.nodes = w.nodes();
  if (t.nodes > kMaxXmlNodes || w.max_subs() > kMaxXmlSubs || !w.attrs_ok()) {
    t.why_not = fmt::format("node {} needs {} XML elements, beyond what NCCL's reader holds ({})",
                            node.name, t.nodes, kMaxXmlNodes);
    return t;
  }
  t.xml = w.Take();
  return t;
}

// ---------------------------------------------------------------------------------------------
// nccl.conf / nccl.env

struct Setting {
  std::string why;  // the fact, one line
  std::string key;
  std::string value;      // as nccl.conf holds it
  std::string env_value;  // as nccl.env holds it (shell word); empty: "\"" + value + "\""
  // Not set unless asked for: nccl.env sets it when CLUSTERC_<KEY>=1, nccl.conf describes it in
  // a comment.
  bool opt_in = false;
};

struct Config {
  uint32_t node = 0;
  uint32_t fabric = ir::Ref<ir::Fabric>::kNone;
  std::vector<uint32_t> clusters;  // in order of first use
  std::string dir;                 // "" or "<name>/"
  std::string topology;  // its topology file's name: the node's, or node-fabric (see above)
  const analysis::ClusterResults* view = nullptr;  // the first cluster as its group sees it
};

// Comment text safe for nccl.conf: NCCL would read a line holding `=` as a setting.
std::string Comment(const std::string& text) {
  std::string out = "# ";
  for (char c : escape::CommentText(text)) out += c == '=' ? ':' : c;
  return out + "\n";
}

std::string Join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? sep : "") + parts[i];
  return out;
}

// Why NCCL does not apply to a configuration; empty when it does.
std::string NotApplicable(const ir::Program& p, const ir::Node& node, const ir::Fabric* fabric) {
  if (fabric && fabric->kind == ir::FabricKind::ici)
    return fmt::format("fabric {} is `ici` (a TPU interconnect), which NCCL does not drive",
                       fabric->name);
  if (node.gpus.ref.Valid()) {
    const ir::Gpu& gpu = p.Get(node.gpus.ref);
    std::string v = Lower(gpu.vendor);
    if (!v.empty() && v != "nvidia" && v != "amd")
      return fmt::format(
          "node {} carries {} accelerators ({}); NCCL runs on NVIDIA GPUs and "
          "RCCL, which reads the same settings, on AMD GPUs",
          node.name, gpu.vendor, gpu.name);
  }
  return "";
}

std::vector<Setting> Settings(const Context& ctx, const Config& c, const Topology& topo,
                              bool* wrote_topology) {
  const ir::Program& p = ctx.program;
  const ir::Node& node = p.nodes[c.node];
  const ir::Fabric* fabric =
      c.fabric != ir::Ref<ir::Fabric>::kNone ? &p.fabrics[c.fabric] : nullptr;
  const analysis::ClusterResults& r = *c.view;
  std::vector<Setting> out;

  const bool has_nic = node.nics.ref.Valid() && node.nics.count > 0;
  // Multi-plane (`planes` P > 1): each NIC port is P links of 1/P its rate, link p on plane p,
  // and no switch joins the planes (Alibaba HPN's dual-plane). Each link is its own port, so its
  // own RDMA device (mlx5_N) to NCCL.
  const int64_t planes = std::max<int64_t>(1, r.fabric.planes);
  if (fabric && has_nic && IsVerbs(fabric->kind)) {
    const ir::Nic& nic = p.Get(node.nics.ref);
    int64_t ports = std::max<int64_t>(1, nic.ports);
    std::vector<std::string> hcas;
    for (int64_t i = 0; i < node.nics.count * ports * planes; ++i)
      hcas.push_back(fmt::format("mlx5_{}:1", i));
    out.push_back(
        {planes > 1
             ? fmt::format("node {}: {} x {} with {} each, on fabric {} ({}) of {} planes: each "
                           "port is {} links, one per plane, each its own RDMA device (mlx5_N, "
                           "port 1), in PCI order: mlx5_N is on plane N mod {} (bonded links: list "
                           "the bond devices instead)",
                           node.name, node.nics.count, nic.name, Count(ports, "port"), fabric->name,
                           KindName(fabric->kind), planes, planes, planes)
             : fmt::format("node {}: {} x {} with {} each, on fabric {} ({}); one RDMA device "
                           "(mlx5_N, port 1) per port, in PCI order",
                           node.name, node.nics.count, nic.name, Count(ports, "port"), fabric->name,
                           KindName(fabric->kind)),
         "NCCL_IB_HCA", "=" + Join(hcas, ","), ""});
  }
  // Fabrics where NIC device i of a node reaches only NIC device i of the others: rail-only
  // (each rail its own network) and multi-plane (each plane its own network). Rail-optimised
  // fat trees join the rails above the leaves, so keeping to one rail is a matter of speed there.
  const bool isolated = r.fabric.rail_only || planes > 1;
  if (fabric && has_nic && (r.fabric.rails > 1 || isolated)) {
    // NCCL_CROSS_NIC=0 does two things (NVIDIA/nccl src/graph/search.cc): ring and tree
    // channels leave and enter every node through the same NIC device, and a send takes the
    // device the receiver receives on (ncclTopoGetNetDev: a receiver always uses its own NIC,
    // net.cc recvSetup; with CROSS_NIC=0 the sender uses the NIC local to its GPU of the
    // receiver's index). On an isolated fabric that is the only routable choice; the default (2)
    // may cross NICs.
    std::string why =
        planes > 1 ? fmt::format(
                         "fabric {} has {} planes joined by no switch: device N of a node reaches "
                         "only device N of the others (its plane), so every ring/tree hop and "
                         "every send must use the same device at both ends",
                         fabric->name, planes)
        : r.fabric.rail_only
            ? fmt::format(
                  "fabric {} is rail-only ({} rails: NIC i of every node on rail i, no "
                  "switch joins the rails): NIC i reaches only NIC i of the other nodes, "
                  "so every ring/tree hop and every send must stay on one rail",
                  fabric->name, r.fabric.rails)
            : fmt::format(
                  "fabric {} is rail-optimised ({} rails: NIC i of every node on rail i): "
                  "keep each ring/tree channel on one rail",
                  fabric->name, r.fabric.rails);
    out.push_back({why, "NCCL_CROSS_NIC", "0", ""});
  }
  if (fabric && has_nic && isolated && r.scale_up_domain > 1) {
    // PXN (NCCL 2.12): a send to a GPU of another index moves over NVLink to the local GPU
    // beside the receiver's NIC, which sends on it, instead of crossing PCIe and the CPU to a
    // far NIC. Level 2 uses it whenever that GPU is on NVLink and the NIC behind a PCIe switch
    // (search.cc ncclTopoGetNetDev; NCCL_PARAM(P2pPxnLevel, "P2P_PXN_LEVEL", 2)). Both are NCCL's
    // defaults, written out because the fabric depends on them: a site-wide PXN_DISABLE=1 or
    // level 0 would send across the CPU.
    const std::string what = planes > 1 ? "plane" : "rail";
    out.push_back(
        {fmt::format("fabric {} is {}: a send to a GPU on another {} crosses NVLink to "
                     "the GPU beside the receiver's {} NIC and leaves from it (PXN), "
                     "the path between {}s that avoids the CPU",
                     fabric->name, planes > 1 ? "multi-plane" : "rail-only", what, what, what),
         "NCCL_PXN_DISABLE", "0", ""});
    out.push_back({fmt::format("and PXN is used for every such send, not only where the NIC is "
                               "unreachable through PCIe (level 2; level 0 would cross the CPU "
                               "on fabric {})",
                               fabric->name),
                   "NCCL_P2P_PXN_LEVEL", "2", ""});
  }
  if (fabric && has_nic && fabric->kind == ir::FabricKind::roce_v2) {
    // NCCL_IB_GID_INDEX stays unset: NCCL (since 2.21) and RCCL default it to -1 and pick the
    // port's GID by RoCE version and address family (net_ib connect.cc / net_ib.cc:
    // NCCL_PARAM(IbGidIndex, "IB_GID_INDEX", -1)), which a fixed index cannot do when the GID
    // table differs between nodes. The two selectors are written out so the choice is explicit.
    out.push_back({fmt::format("fabric {} is RoCE v2: NCCL/RCCL pick the GID of RoCE version 2 "
                               "(NCCL_IB_GID_INDEX unset: automatic, NCCL 2.21+ and RCCL)",
                               fabric->name),
                   "NCCL_IB_ROCE_VERSION_NUM", "2", ""});
    out.push_back({fmt::format("fabric {} is RoCE v2 routed over IPv4: the GID of the port's IPv4 "
                               "address",
                               fabric->name),
                   "NCCL_IB_ADDR_FAMILY", "AF_INET", ""});
    out.push_back({fmt::format("fabric {} is RoCE v2: mark NCCL traffic DSCP 26 with ECN (traffic "
                               "class 106), the lossless RoCE class; the switches' QoS must match",
                               fabric->name),
                   "NCCL_IB_TC", "106", ""});
  }
  if (fabric && has_nic && r.fabric.sharp) {
    const std::string sw = fabric->switch_.Valid() ? p.Get(fabric->switch_).name : "its switch";
    out.push_back({fmt::format("fabric {} has sharp and {} supports SHARP: in-network reduction "
                               "through CollNet (needs the NCCL SHARP plugin)",
                               fabric->name, sw),
                   "NCCL_COLLNET_ENABLE", "1", ""});
  }
  if (r.scale_up_reduction && node.scale_up.Valid()) {
    out.push_back({fmt::format("scale-up link {} reduces in the network (in_network_reduction: "
                               "NVLink SHARP on NVSwitch)",
                               p.Get(node.scale_up).name),
                   "NCCL_NVLS_ENABLE", "1", ""});
  }
  if (node.pcie_switches > 0 && has_nic) {
    out.push_back({fmt::format("node {} has {} shared by GPUs and NICs: GPUDirect RDMA through "
                               "PCIe switches, never across the CPU root complex",
                               node.name, Count(node.pcie_switches, "PCIe switch")),
                   "NCCL_NET_GDR_LEVEL", "PXB", ""});
  }
  if (r.gpus_per_node > 0 && r.scale_up_domain > r.gpus_per_node && !IsAmd(p, node)) {
    out.push_back({fmt::format("NVLink domains of {} GPUs span {} nodes: multi-node NVLink "
                               "(needs an IMEX channel per job: Slurm 24.11 switch/nvidia_imex, or "
                               "the site's prolog)",
                               r.scale_up_domain, r.scale_up_domain / r.gpus_per_node),
                   "NCCL_MNNVL_ENABLE", "1", ""});
  }
  out.push_back(
      {"bootstrap and socket traffic: any interface but loopback and the virtual "
       "bridges that repeat one address on every node (docker, libvirt, veth); set "
       "the site's management interface to pin it",
       "NCCL_SOCKET_IFNAME", "^lo,docker,virbr,veth",
       "\"${NCCL_SOCKET_IFNAME:-^lo,docker,virbr,veth}\""});
  *wrote_topology = !topo.xml.empty();
  if (!topo.xml.empty()) {
    // Opt-in: a GPU or NIC whose bus id matches no device is trimmed by NCCL, so the file only
    // takes effect once the deployed machine's bus ids are written in; with them, its gdr and
    // link counts override detection.
    std::string up = c.dir.empty() ? "" : "/..";
    Setting topo_file{
        fmt::format("opt-in: the topology of node {} (CPU sockets, PCIe switches, GPUs with "
                    "NVLink, NICs with their speed) as topology/{}.xml, once its PCI bus ids are "
                    "the machine's",
                    node.name, c.topology),
        "NCCL_TOPO_FILE", kInstallDir + c.topology + ".xml",
        fmt::format("\"$(cd \"$(dirname \"${{BASH_SOURCE[0]}}\"){}\" && pwd)/topology/{}.xml\"", up,
                    c.topology)};
    topo_file.opt_in = true;
    out.push_back(topo_file);
  }
  return out;
}

std::string Header(const Context& ctx, const Config& c, const std::string& not_applicable,
                   const Topology& topo, bool env, bool copy_of_first, size_t configs) {
  const ir::Program& p = ctx.program;
  const ir::Node& node = p.nodes[c.node];
  const ir::Fabric* fabric =
      c.fabric != ir::Ref<ir::Fabric>::kNone ? &p.fabrics[c.fabric] : nullptr;
  std::vector<std::string> clusters;
  for (uint32_t i : c.clusters) clusters.push_back(p.clusters[i].name);
  std::string o = Comment("generated by clusterc from " + ctx.spec_name);
  o += Comment(fmt::format("NCCL settings for node type {} on fabric {}{}, cluster{} {}.",
                           node.name, fabric ? fabric->name : "(none)",
                           fabric ? " (" + KindName(fabric->kind) + ")" : "",
                           clusters.size() == 1 ? "" : "s", Join(clusters, ", ")));
  if (copy_of_first)
    o +=
        Comment(fmt::format("{} node-type configurations: this top-level file is the first; "
                            "each has its own folder ({}{}).",
                            configs, c.dir, env ? "nccl.env" : "nccl.conf"));
  if (!not_applicable.empty()) {
    o += Comment("Nothing is set: " + not_applicable + ".");
    return o;
  }
  o += Comment("Each setting follows from the fact in the comment above it; everything else is");
  o += Comment("left at NCCL's default.");
  if (IsAmd(p, node))
    o += Comment("AMD GPUs: RCCL reads these NCCL_* variables and nccl.conf as NCCL does.");
  if (env) {
    o += Comment("Source it from bash (the Slurm backend's sbatch scripts do); with");
    o += Comment("CLUSTERC_NCCL_TOPO_FILE set to 1 it also points NCCL_TOPO_FILE at the generated");
    o += Comment("topology file, found relative to this file.");
  } else {
    o += Comment("Install as /etc/nccl.conf or ~/.nccl.conf, with the topology files in");
    o += Comment(std::string(kInstallDir) + ". NCCL reads every line holding an equals sign");
    o += Comment("as a setting, comments included, and takes values literally.");
  }
  if (!topo.xml.empty()) {
    o += Comment("The topology file is opt-in: its PCI bus ids are a nominal layout, and NCCL");
    o += Comment("ignores elements that match no device. Write in the deployed machine's bus ids");
    o += Comment("(nvidia-smi, lspci, or NCCL_TOPO_DUMP_FILE) before enabling it.");
  } else if (!topo.why_not.empty()) {
    o += Comment("No topology file: " + topo.why_not + "; NCCL detects the topology itself.");
  }
  return o;
}

std::string Render(const std::string& header, const std::vector<Setting>& settings, bool env) {
  std::string o = header;
  for (const Setting& s : settings) {
    o += "\n" + Comment(s.why);
    if (s.opt_in && env)
      o += fmt::format("if [[ \"${{CLUSTERC_{0}:-0}}\" == 1 ]]; then export {0}={1}; fi\n", s.key,
                       s.env_value.empty() ? "\"" + s.value + "\"" : s.env_value);
    else if (s.opt_in)
      o += Comment("to enable it, add a line: " + s.key + ", an equals sign, " + s.value);
    else if (env)
      o += fmt::format("export {}={}\n", s.key,
                       s.env_value.empty() ? "\"" + s.value + "\"" : s.env_value);
    else
      o += s.key + "=" + s.value + "\n";
  }
  return o;
}

// The configurations to write: one per (node type, fabric) of the clusters the build lowers, in
// order of first use, each with its folder under nccl/ ("" when there is only one).
std::vector<Config> Configurations(const Context& ctx) {
  const ir::Program& p = ctx.program;
  // The clusters: those of the lowered plans first (so the top-level file is what their sbatch
  // scripts need), then the main file's.
  std::vector<uint32_t> clusters;
  auto add = [&](uint32_t i) {
    if (i >= p.clusters.size() || i >= ctx.results.clusters.size()) return;
    if (std::find(clusters.begin(), clusters.end(), i) != clusters.end()) return;
    const ir::Cluster& cl = p.clusters[i];
    if (!ctx.results.clusters[i].valid || !cl.nodes.ref.Valid()) return;
    clusters.push_back(i);
  };
  for (uint32_t pi : ctx.plans)
    if (pi < p.plans.size() && p.plans[pi].cluster.Valid()) add(p.plans[pi].cluster.index);
  for (uint32_t i = 0; i < p.clusters.size(); ++i)
    if (p.clusters[i].range.file == p.main_file) add(i);
  if (clusters.empty()) return {};

  // One configuration per (node type, fabric), in order of first use.
  std::vector<Config> configs;
  // Mixed node groups: one configuration per GPU node type of the cluster.
  for (uint32_t ci : clusters) {
    const ir::Cluster& cl = p.clusters[ci];
    uint32_t fabric = cl.fabric.Valid() ? cl.fabric.index : ir::Ref<ir::Fabric>::kNone;
    for (size_t g = 0; g < cl.nodes.Groups(); ++g) {
      const uint32_t node = cl.nodes.Group(g).ref.index;
      const bool has_views =
          ci < ctx.results.group_views.size() && g < ctx.results.group_views[ci].size();
      if (node >= p.nodes.size() || (!has_views && g > 0)) continue;
      const analysis::ClusterResults& view =
          has_views ? ctx.results.group_views[ci][g] : ctx.results.clusters[ci];
      if (cl.nodes.Groups() > 1 && !view.valid) continue;  // CPU-only nodes run no NCCL
      auto it = std::find_if(configs.begin(), configs.end(),
                             [&](const Config& c) { return c.node == node && c.fabric == fabric; });
      if (it == configs.end()) {
        configs.push_back({node, fabric, {}, "", p.nodes[node].name, &view});
        it = configs.end() - 1;
      }
      if (std::find(it->clusters.begin(), it->clusters.end(), ci) == it->clusters.end())
        it->clusters.push_back(ci);
    }
  }
  if (configs.size() > 1) {
    std::map<uint32_t, int> per_node;
    for (const Config& c : configs) ++per_node[c.node];
    for (Config& c : configs) {
      std::string name = p.nodes[c.node].name;
      if (per_node[c.node] > 1)
        name += "-" + (c.fabric != ir::Ref<ir::Fabric>::kNone ? p.fabrics[c.fabric].name
                                                              : std::string("none"));
      c.dir = name + "/";
      c.topology = name;
    }
  }

  return configs;
}

}  // namespace

std::string NcclEnvFile(const Context& ctx, uint32_t cluster, uint32_t node) {
  const ir::Program& p = ctx.program;
  const uint32_t fabric = cluster < p.clusters.size() && p.clusters[cluster].fabric.Valid()
                              ? p.clusters[cluster].fabric.index
                              : ir::Ref<ir::Fabric>::kNone;
  for (const Config& c : Configurations(ctx))
    if (c.node == node && c.fabric == fabric) return "nccl/" + c.dir + "nccl.env";
  return "nccl/nccl.env";
}

void EmitNccl(const Context& ctx, OutputTree& out) {
  const ir::Program& p = ctx.program;
  const std::vector<Config> configs = Configurations(ctx);
  if (configs.empty()) return;

  std::map<std::string, Topology> topologies;  // by file name
  for (size_t k = 0; k < configs.size(); ++k) {
    const Config& c = configs[k];
    const ir::Node& node = p.nodes[c.node];
    const ir::Fabric* fabric =
        c.fabric != ir::Ref<ir::Fabric>::kNone ? &p.fabrics[c.fabric] : nullptr;
    std::string not_applicable = NotApplicable(p, node, fabric);
    Topology topo;
    std::vector<Setting> settings;
    if (not_applicable.empty()) {
      auto found = topologies.find(c.topology);
      if (found == topologies.end())
        found = topologies.emplace(c.topology, TopologyXml(ctx, node, fabric, *c.view)).first;
      topo = found->second;
      bool wrote = false;
      settings = Settings(ctx, c, topo, &wrote);
      if (wrote) out.Write("nccl/topology/" + c.topology + ".xml", topo.xml);
    }
    for (bool env : {false, true}) {
      const char* file = env ? "nccl.env" : "nccl.conf";
      std::string text =
          Render(Header(ctx, c, not_applicable, topo, env, false, configs.size()), settings, env);
      out.Write("nccl/" + c.dir + file, text);
      if (k == 0 && !c.dir.empty()) {
        // The top-level copy sits one folder up: its NCCL_TOPO_FILE has no "/..".
        Config top = c;
        top.dir = "";
        bool unused = false;
        std::vector<Setting> top_settings =
            not_applicable.empty() ? Settings(ctx, top, topo, &unused) : settings;
        top.dir = c.dir;
        out.Write("nccl/" + std::string(file),
                  Render(Header(ctx, top, not_applicable, topo, env, true, configs.size()),
                         top_settings, env));
      }
    }
  }
}

}  // namespace clusterc::backends
