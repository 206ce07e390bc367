// The NCCL backend: an independent checker of the rules of NCCL's topology XML reader
// (NVIDIA/nccl src/graph/xml.cc and xml.h; FORMATS.md), run on every example's generated XML,
// and checks of nccl.conf / nccl.env against the facts of each example's IR.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "driver/driver.h"
#include "frontend/compile.h"
#include "tests/unit/nccl_xml_check.h"
#include "tests/unit/support.h"

namespace fs = std::filesystem;
using clusterc::testing::CompileSpec;
using clusterc::testing::Examples;

using clusterc::testing::CheckNcclXml;
using clusterc::testing::Slurp;
using clusterc::testing::XmlCheck;

namespace {

// ---------------------------------------------------------------------------------------------
// Helpers

fs::path TempDir(const std::string& name) {
  return clusterc::testing::ScratchDir("nccl_" + name);
}

// Builds `spec` with --emit `emit` into a fresh directory; returns it.
fs::path Build(const fs::path& spec, const std::string& tag, const std::string& emit = "nccl") {
  fs::path out = TempDir(tag) / "out";
  clusterc::Streams s;
  int code =
      clusterc::Run({"build", spec.string(), "-o", out.string(), "--emit", emit, "--quiet"}, s);
  INFO(s.err);
  REQUIRE(code == 0);
  return out;
}

// nccl.conf as NCCL reads it: every line holding '=' is KEY=VALUE. Fails on anything else than
// blank lines, comments (without '=') and NCCL_ keys; checks each setting has a comment above.
std::vector<std::pair<std::string, std::string>> ReadConf(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> out;
  std::istringstream in(text);
  std::string line, previous;
  while (std::getline(in, line)) {
    INFO(line);
    if (line.empty() || line[0] == '#') {
      CHECK(line.find('=') == std::string::npos);  // NCCL would take it as a setting
    } else {
      size_t eq = line.find('=');
      REQUIRE(eq != std::string::npos);
      std::string key = line.substr(0, eq);
      CHECK(std::regex_match(key, std::regex("^NCCL_[A-Z0-9_]+$")));
      CHECK(line.back() != ' ');
      CHECK(previous.rfind("# ", 0) == 0);  // the fact that justifies it
      out.push_back({key, line.substr(eq + 1)});
    }
    previous = line;
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> ReadEnv(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> out;
  std::istringstream in(text);
  std::string line, previous;
  while (std::getline(in, line)) {
    INFO(line);
    if (line.empty() || line[0] == '#' || line.rfind("if [[ \"${CLUSTERC_NCCL_", 0) == 0) {
      previous = line;  // comments, and opt-in settings (OptIn)
      continue;
    }
    REQUIRE(line.rfind("export NCCL_", 0) == 0);
    CHECK(previous.rfind("# ", 0) == 0);
    size_t eq = line.find('=');
    REQUIRE(eq != std::string::npos);
    std::string value = line.substr(eq + 1);
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
      value = value.substr(1, value.size() - 2);
    out.push_back({line.substr(7, eq - 7), value});
    previous = line;
  }
  return out;
}

// The value nccl.env gives an opt-in setting, set only when CLUSTERC_<KEY> is 1; "" if none.
std::string OptIn(const std::string& env, const std::string& key) {
  std::smatch m;
  std::regex re("\nif \\[\\[ \"\\$\\{CLUSTERC_" + key + ":-0\\}\" == 1 \\]\\]; then export " + key +
                "=(.*); fi\n");
  return std::regex_search(env, m, re) ? m[1].str() : "";
}

std::string Value(const std::vector<std::pair<std::string, std::string>>& kv,
                  const std::string& key) {
  for (const auto& [k, v] : kv)
    if (k == key) return v;
  return "";
}
bool Has(const std::vector<std::pair<std::string, std::string>>& kv, const std::string& key) {
  for (const auto& [k, v] : kv)
    if (k == key) return true;
  return false;
}

struct Facts {
  std::string node, fabric;
  int64_t gpus = 0, rdma_ports = 0;
  bool verbs = false, roce = false, sharp = false, nvls = false, rails = false, pcie = false;
  bool rail_only = false;  // no switch joins the rails: NCCL must proxy across NVLink (PXN)
  int64_t planes = 1;      // multi-plane: each port is one link per plane, each an RDMA device
  bool nccl = true;
  bool mnnvl = false;
  std::string sm;  // NCCL's compute-capability attribute of the node's GPUs
};

// The (node type, fabric) pairs of the main file's clusters, read from the IR, independently of
// the backend and of analysis.
std::vector<Facts> FactsOf(const fs::path& spec) {
  clusterc::SourceManager sources;
  clusterc::DiagnosticList diags;
  auto p = clusterc::Compile(spec.string(), {}, sources, diags);
  std::vector<Facts> out;
  using K = clusterc::ir::FabricKind;
  for (const auto& cl : p.clusters) {
    if (cl.range.file != p.main_file || !cl.nodes.ref.Valid()) continue;
    const auto& node = p.Get(cl.nodes.ref);
    const auto& fabric = p.Get(cl.fabric);
    Facts f;
    f.node = node.name;
    f.fabric = fabric.name;
    f.gpus = node.gpus.count;
    const auto& nic = p.Get(node.nics.ref);
    // A multi-plane fat tree splits each port into one link (one RDMA device) per plane.
    f.planes = fabric.topology.kind == clusterc::ir::TopologyKind::fat_tree
                   ? std::max<int64_t>(1, fabric.topology.planes)
                   : 1;
    f.rdma_ports = node.nics.count * nic.ports * f.planes;
    f.verbs = fabric.kind == K::infiniband_hdr || fabric.kind == K::infiniband_ndr ||
              fabric.kind == K::infiniband_xdr || fabric.kind == K::roce_v2;
    f.roce = fabric.kind == K::roce_v2;
    f.sharp = fabric.sharp && fabric.switch_.Valid() && p.Get(fabric.switch_).sharp;
    f.nvls = node.scale_up.Valid() && p.Get(node.scale_up).in_network_reduction;
    f.rails = (fabric.topology.kind == clusterc::ir::TopologyKind::fat_tree &&
               fabric.topology.rails > 1) ||
              (fabric.topology.kind == clusterc::ir::TopologyKind::rail_only && f.rdma_ports > 1) ||
              f.planes > 1;
    f.rail_only = fabric.topology.kind == clusterc::ir::TopologyKind::rail_only && f.rdma_ports > 0;
    f.pcie = node.pcie_switches > 0;
    const auto& gpu = p.Get(node.gpus.ref);
    std::string vendor = gpu.vendor;
    for (char& c : vendor) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    f.nccl = fabric.kind != K::ici && (vendor.empty() || vendor == "nvidia" || vendor == "amd");
    // A rack-scale domain (NVL72) overrides the node's.
    int64_t domain = cl.racks.scale_up_domain > 0 ? cl.racks.scale_up_domain : node.scale_up_domain;
    // Blackwell (B200, GB200) is compute capability 10.0, Hopper 9.0 (NVIDIA CUDA GPUs list).
    f.sm = gpu.name.rfind("GB", 0) == 0 || gpu.name.rfind("B", 0) == 0 ? "100" : "90";
    f.mnnvl = vendor != "amd" && domain > node.gpus.count;
    bool dup = false;
    for (const auto& g : out) dup |= g.node == f.node && g.fabric == f.fabric;
    if (!dup) out.push_back(f);
  }
  return out;
}

// Checks one configuration folder against the IR's facts.
void CheckConfig(const fs::path& dir, const Facts& f) {
  INFO(dir.string() + " (" + f.node + " on " + f.fabric + ")");
  REQUIRE(fs::exists(dir / "nccl.conf"));
  REQUIRE(fs::exists(dir / "nccl.env"));
  std::string conf_text = Slurp(dir / "nccl.conf");
  CHECK(conf_text.rfind("# generated by clusterc from ", 0) == 0);
  auto conf = ReadConf(conf_text);
  std::string env_text = Slurp(dir / "nccl.env");
  auto env = ReadEnv(env_text);
  // Same settings, same order, same values (the socket interface may be overridden in nccl.env).
  REQUIRE(conf.size() == env.size());
  for (size_t i = 0; i < conf.size(); ++i) {
    CHECK(conf[i].first == env[i].first);
    if (conf[i].first != "NCCL_SOCKET_IFNAME") CHECK(conf[i].second == env[i].second);
  }
  if (!f.nccl) {
    CHECK(conf.empty());
    return;
  }
  // NCCL_IB_HCA: exactly one `=mlx5_N:1` per NIC port, for IB and RoCE fabrics only.
  CHECK(Has(conf, "NCCL_IB_HCA") == f.verbs);
  if (f.verbs) {
    std::string hca = Value(conf, "NCCL_IB_HCA");
    REQUIRE(!hca.empty());
    CHECK(hca[0] == '=');
    std::vector<std::string> entries;
    std::stringstream ss(hca.substr(1));
    for (std::string e; std::getline(ss, e, ',');) entries.push_back(e);
    CHECK(static_cast<int64_t>(entries.size()) == f.rdma_ports);
    for (size_t i = 0; i < entries.size(); ++i)
      CHECK(entries[i] == "mlx5_" + std::to_string(i) + ":1");
  }
  // The GID index is never fixed: NCCL >= 2.21 and RCCL choose it by RoCE version and family.
  CHECK_FALSE(Has(conf, "NCCL_IB_GID_INDEX"));
  CHECK(Has(conf, "NCCL_IB_ROCE_VERSION_NUM") == f.roce);
  CHECK(Has(conf, "NCCL_IB_ADDR_FAMILY") == f.roce);
  CHECK(Has(conf, "NCCL_IB_TC") == f.roce);
  CHECK(Has(conf, "NCCL_MNNVL_ENABLE") == f.mnnvl);
  CHECK(Value(conf, "NCCL_SOCKET_IFNAME") == "^lo,docker,virbr,veth");
  CHECK(Has(conf, "NCCL_IB_SL") == false);
  CHECK(Has(conf, "NCCL_COLLNET_ENABLE") == f.sharp);
  CHECK(Has(conf, "NCCL_NVLS_ENABLE") == f.nvls);
  CHECK(Has(conf, "NCCL_CROSS_NIC") == f.rails);
  CHECK(Has(conf, "NCCL_NET_GDR_LEVEL") == f.pcie);
  if (f.rails) CHECK(Value(conf, "NCCL_CROSS_NIC") == "0");
  // Rail-only and multi-plane: a device reaches only its own rail or plane elsewhere, so sends
  // to other GPUs cross NVLink (PXN, at level 2).
  const bool isolated = f.rail_only || f.planes > 1;
  CHECK(Has(conf, "NCCL_PXN_DISABLE") == isolated);
  CHECK(Has(conf, "NCCL_P2P_PXN_LEVEL") == isolated);
  if (isolated) CHECK(Value(conf, "NCCL_PXN_DISABLE") == "0");
  if (isolated) CHECK(Value(conf, "NCCL_P2P_PXN_LEVEL") == "2");
  if (f.roce) CHECK(Value(conf, "NCCL_IB_ROCE_VERSION_NUM") == "2");
  // Only the settings above, nothing else.
  const std::set<std::string> known = {
      "NCCL_IB_HCA",        "NCCL_IB_ROCE_VERSION_NUM", "NCCL_IB_ADDR_FAMILY",
      "NCCL_IB_TC",         "NCCL_COLLNET_ENABLE",      "NCCL_NVLS_ENABLE",
      "NCCL_CROSS_NIC",     "NCCL_NET_GDR_LEVEL",       "NCCL_MNNVL_ENABLE",
      "NCCL_SOCKET_IFNAME", "NCCL_PXN_DISABLE",         "NCCL_P2P_PXN_LEVEL"};
  for (const auto& [k, v] : conf) CHECK(known.count(k) == 1);
  // The topology file is opt-in: nccl.conf only describes it, nccl.env sets NCCL_TOPO_FILE when
  // CLUSTERC_NCCL_TOPO_FILE=1. It passes the checker and holds the node's GPUs and NICs.
  CHECK_FALSE(Has(conf, "NCCL_TOPO_FILE"));
  // One file per node type, or per node type and fabric where it meets several (the fabric sets
  // the NICs' class, GPUDirect and plane links).
  const std::string topo =
      dir.filename() == f.node + "-" + f.fabric ? f.node + "-" + f.fabric : f.node;
  fs::path xml = dir / "topology" / (topo + ".xml");
  if (!fs::exists(xml)) xml = dir.parent_path() / "topology" / (topo + ".xml");
  REQUIRE(fs::exists(xml));
  CHECK(OptIn(env_text, "NCCL_TOPO_FILE").find("/topology/" + topo + ".xml") != std::string::npos);
  CHECK(conf_text.find("NCCL_TOPO_FILE, an equals sign, /etc/nccl/topology/" + topo + ".xml") !=
        std::string::npos);
  XmlCheck c = CheckNcclXml(Slurp(xml));
  INFO(xml.string());
  for (const auto& e : c.errors) INFO(e);
  CHECK(c.Ok());
  int64_t gpus = 0;
  std::vector<std::string> nets;
  for (const auto& e : c.all) {
    if (e.name == "gpu") {
      ++gpus;
      // As NCCL's own dumps: compute capability and GPUDirect RDMA.
      CHECK(e.Attr("sm") == f.sm);
      CHECK(e.Attr("gdr") == (f.verbs ? "1" : ""));
    }
    if (e.name == "net") nets.push_back(e.Attr("name"));
  }
  CHECK(gpus == f.gpus);
  CHECK(static_cast<int64_t>(nets.size()) == f.rdma_ports);
  for (size_t i = 0; i < nets.size(); ++i) CHECK(nets[i] == "mlx5_" + std::to_string(i));
}

// The folder of each configuration: nccl/ itself when there is one, else nccl/<node> or
// nccl/<node>-<fabric> when a node type meets several fabrics.
fs::path ConfigDir(const fs::path& nccl, const std::vector<Facts>& all, const Facts& f) {
  if (all.size() == 1) return nccl;
  int same_node = 0;
  for (const auto& g : all) same_node += g.node == f.node;
  return nccl / (same_node > 1 ? f.node + "-" + f.fabric : f.node);
}

}  // namespace

// ---------------------------------------------------------------------------------------------

TEST_CASE("the checker accepts NCCL-shaped topology files", "[nccl]") {
  const std::string good =
      "<system version=\"1\">\n"
      "  <cpu numaid=\"0\" arch=\"x86_64\" vendor=\"AuthenticAMD\" familyid=\"25\" "
      "modelid=\"17\">\n"
      "    <pci busid=\"0000:00:01.0\" class=\"0x060400\" link_speed=\"16.0 GT/s PCIe\" "
      "link_width=\"16\">\n"
      "      <pci busid=\"0000:4f:00.0\" class=\"0x030200\">\n"
      "        <gpu dev=\"0\" sm=\"90\" rank=\"0\" gdr=\"1\">\n"
      "          <nvlink target=\"0000:ff:00.0\" count=\"18\" tclass=\"0x068000\"/>\n"
      "        </gpu>\n"
      "      </pci>\n"
      "      <pci busid=\"0000:50:00.0\" class=\"0x020000\">\n"
      "        <nic>\n"
      "          <net name=\"mlx5_0\" dev=\"0\" speed=\"400000\" port=\"1\" latency=\"0\" "
      "guid=\"0x1\" maxconn=\"131072\" gdr=\"1\"/>\n"
      "        </nic>\n"
      "      </pci>\n"
      "    </pci>\n"
      "  </cpu>\n"
      "</system>\n";
  XmlCheck c = CheckNcclXml(good);
  for (const auto& e : c.errors) INFO(e);
  CHECK(c.Ok());
  CHECK(c.elements == 9);
}

TEST_CASE("the checker rejects what NCCL's XML reader rejects", "[nccl]") {
  auto rejects = [](const std::string& text, const std::string& why) {
    XmlCheck c = CheckNcclXml(text);
    INFO(text);
    REQUIRE_FALSE(c.Ok());
    bool found = false;
    for (const auto& e : c.errors) found |= e.find(why) != std::string::npos;
    INFO(c.errors.front());
    CHECK(found);
  };
  const std::string cpu = "  <cpu numaid=\"0\"/>\n";
  rejects("<system version=\"1\">\n\t<cpu numaid=\"0\"/>\n</system>\n", "tab");
  rejects("<system version=\"1\">\n  <cpu numaid=\"0\"\tarch=\"x86_64\"/>\n</system>\n", "tab");
  rejects(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<system version=\"1\">\n" + cpu + "</system>\n",
      "XML declaration");
  std::string attrs;
  for (int i = 0; i < 17; ++i) attrs += " a" + std::to_string(i) + "=\"" + std::to_string(i) + "\"";
  rejects(
      "<system version=\"1\">\n  <cpu numaid=\"0\">\n    <pci busid=\"0000:01:00.0\" "
      "class=\"0x030200\"" +
          attrs.substr(0, attrs.size()) + "/>\n  </cpu>\n</system>\n",
      "attributes; NCCL keeps at most 16");
  rejects(
      "<system version=\"1\">\n  <cpu numaid=\"0\">\n    <pci busid=\"0000:4F:00.0\" "
      "class=\"0x030200\"/>\n  </cpu>\n</system>\n",
      "lower-case");
  rejects(
      "<system version=\"1\">\n  <cpu numaid=\"0\">\n    <pci busid=\"0:4f:00.0\" "
      "class=\"0x030200\"/>\n  </cpu>\n</system>\n",
      "lower-case");
  rejects("<system version=\"2\">\n" + cpu + "</system>\n", "version=\"1\"");
  rejects("<system version=1>\n" + cpu + "</system>\n", "double quotes");
  rejects("<system version='1'>\n" + cpu + "</system>\n", "double quotes");
  rejects("<system version=\"1\">\n  <!-- note -->\n" + cpu + "</system>\n", "comment");
  rejects("<system version=\"1\">\n  <cpu numaid=\"0\"\n    arch=\"x86_64\"/>\n</system>\n",
          "not followed by a space");
  rejects("<system version=\"1\">\n  <cpu\n    numaid=\"0\"/>\n</system>\n", "not closed");
  rejects("<system version=\"1\">\n  <cpu numaid=\"0\">\n</system>\n", "does not match");
  rejects("<system version=\"1\">\n" + cpu, "unterminated");
  rejects("<system version=\"1\" name=\"" + std::string(254, 'x') + "\">\n" + cpu + "</system>\n",
          "at most 253");
  rejects("<system version=\"1\">\n  <gpu dev=\"0\"/>\n</system>\n", "<gpu> inside <system>");
  // 256 elements: one system, 255 cpus.
  std::string many = "<system version=\"1\">\n";
  for (int i = 0; i < 255; ++i) many += "  <cpu numaid=\"" + std::to_string(i) + "\"/>\n";
  rejects(many + "</system>\n", "fewer than 256");
  // 255 elements pass.
  std::string fits = "<system version=\"1\">\n";
  for (int i = 0; i < 254; ++i) fits += "  <cpu numaid=\"" + std::to_string(i) + "\"/>\n";
  CHECK(CheckNcclXml(fits + "</system>\n").Ok());
}

TEST_CASE("every example's NCCL output follows its spec and NCCL's readers", "[nccl]") {
  for (const auto& example : Examples()) {
    std::string stem = example.stem().string();
    DYNAMIC_SECTION(stem) {
      fs::path out = Build(example, stem);
      fs::path nccl = out / "nccl";
      REQUIRE(fs::exists(nccl / "nccl.env"));  // the sbatch scripts source it
      REQUIRE(fs::exists(nccl / "nccl.conf"));
      auto facts = FactsOf(example);
      REQUIRE_FALSE(facts.empty());
      for (const auto& f : facts) CheckConfig(ConfigDir(nccl, facts, f), f);
      // Every topology file passes the checker (CheckConfig finds each through its settings).
      if (fs::exists(nccl / "topology"))
        for (const auto& e : fs::directory_iterator(nccl / "topology")) {
          XmlCheck c = CheckNcclXml(Slurp(e.path()));
          INFO(e.path().string());
          for (const auto& err : c.errors) INFO(err);
          CHECK(c.Ok());
        }
    }
  }
}

TEST_CASE("RoCE settings only on RoCE fabrics, SHARP only with SHARP", "[nccl]") {
  fs::path examples = fs::path(CLUSTERC_SOURCE_DIR) / "examples";
  auto conf = [&](const std::string& stem) {
    return ReadConf(Slurp(Build(examples / (stem + ".cl"), "roce_" + stem) / "nccl/nccl.conf"));
  };
  auto meta = conf("meta_24k");  // roce_v2, ConnectX-7, no rails, no SHARP
  CHECK_FALSE(Has(meta, "NCCL_IB_GID_INDEX"));
  CHECK(Value(meta, "NCCL_IB_ROCE_VERSION_NUM") == "2");
  CHECK(Value(meta, "NCCL_IB_ADDR_FAMILY") == "AF_INET");
  CHECK(Value(meta, "NCCL_IB_TC") == "106");
  CHECK(Value(meta, "NCCL_IB_HCA") ==
        "=mlx5_0:1,mlx5_1:1,mlx5_2:1,mlx5_3:1,mlx5_4:1,mlx5_5:1,mlx5_6:1,mlx5_7:1");
  CHECK_FALSE(Has(meta, "NCCL_COLLNET_ENABLE"));
  CHECK_FALSE(Has(meta, "NCCL_CROSS_NIC"));
  CHECK(Value(meta, "NCCL_NVLS_ENABLE") == "1");
  auto ib = conf("h100_10k");  // InfiniBand NDR, 8 rails, SHARP on QM9700
  CHECK_FALSE(Has(ib, "NCCL_IB_GID_INDEX"));
  CHECK_FALSE(Has(ib, "NCCL_IB_TC"));
  CHECK(Value(ib, "NCCL_COLLNET_ENABLE") == "1");
  CHECK(Value(ib, "NCCL_CROSS_NIC") == "0");
  auto deepseek = conf("deepseek_2k");  // InfiniBand without SHARP; H800 link without NVLS
  CHECK_FALSE(Has(deepseek, "NCCL_COLLNET_ENABLE"));
  CHECK_FALSE(Has(deepseek, "NCCL_NVLS_ENABLE"));
  CHECK_FALSE(Has(deepseek, "NCCL_IB_GID_INDEX"));
}

TEST_CASE("H800 NVLink: an unknown link count is derived, not dropped", "[nccl]") {
  // NVLink4_H800 gives no links_per_gpu: 400 GB/s over NVLink4's 50 GB/s per link = 8 links,
  // to the NVSwitch, on every GPU.
  fs::path out = Build(fs::path(CLUSTERC_SOURCE_DIR) / "examples/deepseek_2k.cl", "h800");
  XmlCheck c = CheckNcclXml(Slurp(out / "nccl/topology/hgx_h800.xml"));
  REQUIRE(c.Ok());
  int nvlinks = 0;
  for (const auto& e : c.all)
    if (e.name == "nvlink") {
      ++nvlinks;
      CHECK(e.parent == "gpu");
      CHECK(e.Attr("count") == "8");
      CHECK(e.Attr("tclass") == "0x068000");
    }
  CHECK(nvlinks == 8);
}

TEST_CASE("a node with PCIe switches: 8 GPUs, 8 NICs, 4 switches, 2 CPUs", "[nccl]") {
  // h100_10k's DGX H100 with `pcie_switches = 4` added.
  std::string spec = Slurp(fs::path(CLUSTERC_SOURCE_DIR) / "examples/h100_10k.cl");
  const std::string anchor = "  nics         = 8 x nvidia.ConnectX7";
  size_t at = spec.find(anchor);
  REQUIRE(at != std::string::npos);
  spec.insert(at, "  pcie_switches = 4\n");
  fs::path dir = TempDir("pcie");
  fs::path file = dir / "h100_pcie.cl";
  std::ofstream(file, std::ios::binary) << spec;
  fs::path out = Build(file, "pcie_build");
  auto facts = FactsOf(file);
  REQUIRE(facts.size() == 1);
  CHECK(facts[0].pcie);
  CheckConfig(out / "nccl", facts[0]);
  auto conf = ReadConf(Slurp(out / "nccl/nccl.conf"));
  CHECK(Value(conf, "NCCL_NET_GDR_LEVEL") == "PXB");
  XmlCheck c = CheckNcclXml(Slurp(out / "nccl/topology/dgx_h100.xml"));
  for (const auto& e : c.errors) INFO(e);
  REQUIRE(c.Ok());
  // Two sockets, four switches, each holding two GPUs and two NICs.
  int cpus = 0, bridges = 0;
  std::map<std::string, int> under;  // parent name -> children of kind
  for (const auto& e : c.all) {
    if (e.name == "cpu") {
      ++cpus;
      CHECK(e.Attr("vendor") == "GenuineIntel");
      CHECK(e.Attr("arch") == "x86_64");
    }
    if (e.name == "pci" && e.Attr("class") == "0x060400") ++bridges;
    if (e.name == "pci") CHECK(e.parent == (e.Attr("class") == "0x060400" ? "cpu" : "pci"));
  }
  CHECK(cpus == 2);
  CHECK(bridges == 4);
  CHECK(c.elements < 256);
  // Document order: bridge, 2 GPUs, 2 NICs, repeated.
  std::string order;
  for (const auto& e : c.all)
    if (e.name == "pci")
      order += e.Attr("class") == "0x060400" ? 'S' : e.Attr("class")[3] == '3' ? 'G' : 'N';
  CHECK(order == "SGGNNSGGNNSGGNNSGGNN");
}

TEST_CASE("NCCL output is deterministic and the sbatch scripts find nccl.env", "[nccl]") {
  fs::path spec = fs::path(CLUSTERC_SOURCE_DIR) / "examples/meta_24k.cl";
  fs::path a = Build(spec, "det_a", "slurm,nccl");
  fs::path b = Build(spec, "det_b", "slurm,nccl");
  for (const auto& e : fs::recursive_directory_iterator(a / "nccl")) {
    if (!e.is_regular_file()) continue;
    fs::path rel = fs::relative(e.path(), a);
    INFO(rel.string());
    CHECK(Slurp(e.path()) == Slurp(b / rel));
  }
  // Each sbatch's `source <path>` resolves from its own folder.
  int scripts = 0;
  for (const auto& e : fs::recursive_directory_iterator(a / "slurm")) {
    if (e.path().extension() != ".sbatch") continue;
    ++scripts;
    std::string text = Slurp(e.path());
    std::smatch m;
    REQUIRE(std::regex_search(text, m, std::regex("\nsource ([^\n]+)\n")));
    INFO(e.path().string() + " sources " + m[1].str());
    CHECK(fs::exists(e.path().parent_path() / m[1].str()));
  }
  CHECK(scripts >= 1);
}

TEST_CASE("several node types and fabrics: one folder each, dual-port NICs", "[nccl]") {
  // h100_10k plus the same node type on a RoCE fabric and a node type with 4 dual-port NICs.
  std::string spec = Slurp(fs::path(CLUSTERC_SOURCE_DIR) / "examples/h100_10k.cl");
  spec +=
      "\nnode dgx_dual extends dgx_h100 {\n"
      "  nics = 4 x nvidia.ConnectX7 { ports = 2 }\n"
      "}\n"
      "fabric roce_alt {\n"
      "  kind     = roce_v2\n"
      "  topology = fat_tree { tiers = 3; rails = 8 }\n"
      "  switch   = nvidia.Spectrum4_SN5600\n"
      "}\n"
      "cluster h100_roce {\n"
      "  site   = campus\n"
      "  nodes  = 1_250 x dgx_h100\n"
      "  racks  = rack { nodes = 4 }\n"
      "  fabric = roce_alt\n"
      "}\n"
      "cluster dual_ib {\n"
      "  site   = campus\n"
      "  nodes  = 1_250 x dgx_dual\n"
      "  racks  = rack { nodes = 4 }\n"
      "  fabric = ndr\n"
      "}\n";
  fs::path dir = TempDir("multi");
  fs::path file = dir / "multi.cl";
  std::ofstream(file, std::ios::binary) << spec;
  fs::path out = Build(file, "multi_build");
  auto facts = FactsOf(file);
  REQUIRE(facts.size() == 3);
  for (const auto& f : facts) CheckConfig(ConfigDir(out / "nccl", facts, f), f);
  CHECK(fs::exists(out / "nccl/dgx_h100-ndr/nccl.env"));
  CHECK(fs::exists(out / "nccl/dgx_h100-roce_alt/nccl.env"));
  CHECK(fs::exists(out / "nccl/dgx_dual/nccl.env"));
  // The top-level files are the first configuration's (the plan's cluster, h100_10k on ndr).
  auto top = ReadConf(Slurp(out / "nccl/nccl.conf"));
  auto first = ReadConf(Slurp(out / "nccl/dgx_h100-ndr/nccl.conf"));
  CHECK(top == first);
  // Dual-port adapters: two functions of one PCI device, one RDMA device each.
  XmlCheck c = CheckNcclXml(Slurp(out / "nccl/topology/dgx_dual.xml"));
  REQUIRE(c.Ok());
  std::vector<std::string> nic_busids;
  for (const auto& e : c.all)
    if (e.name == "pci" && e.Attr("class").rfind("0x02", 0) == 0)
      nic_busids.push_back(e.Attr("busid"));
  REQUIRE(nic_busids.size() == 8);
  for (size_t i = 0; i < 8; i += 2) {
    CHECK(nic_busids[i].substr(0, 11) == nic_busids[i + 1].substr(0, 11));
    CHECK(nic_busids[i].back() == '0');
    CHECK(nic_busids[i + 1].back() == '1');
  }
  // Each env file, sourced by bash from elsewhere, names an existing topology file.
  for (const char* env :
       {"nccl.env", "dgx_h100-ndr/nccl.env", "dgx_h100-roce_alt/nccl.env", "dgx_dual/nccl.env"}) {
    INFO(env);
    std::string cmd =
        "cd / && bash -c 'set -euo pipefail; CLUSTERC_NCCL_TOPO_FILE=1; set -a; "
        "source \"" +
        (out / "nccl" / env).string() + "\"; set +a; test -f \"$NCCL_TOPO_FILE\"' >/dev/null 2>&1";
    CHECK(std::system(cmd.c_str()) == 0);
    // Without the opt-in, NCCL_TOPO_FILE stays unset.
    std::string plain =
        "cd / && env -u NCCL_TOPO_FILE bash -c 'set -euo pipefail; set -a; "
        "source \"" +
        (out / "nccl" / env).string() +
        "\"; set +a; test -z \"${NCCL_TOPO_FILE:-}\"' >/dev/null 2>&1";
    CHECK(std::system(plain.c_str()) == 0);
  }
}

TEST_CASE("multi-plane fabrics keep every hop on one plane, a fourth tier changes nothing",
          "[nccl]") {
  // h100_10k's nodes on three more fabrics: a dual-plane fat tree (Alibaba HPN: each 400G port
  // as two 200G links, one per plane), the same tree with four tiers, and a 4-tier Clos of one
  // plane. Each cluster is built alone so its NCCL files are the top-level ones.
  std::string base = Slurp(fs::path(CLUSTERC_SOURCE_DIR) / "examples/h100_10k.cl");
  auto build = [&](const std::string& name, const std::string& topology) {
    std::string spec = base +
                       "\nfabric alt {\n"
                       "  kind     = infiniband_ndr\n"
                       "  topology = " +
                       topology +
                       "\n"
                       "  switch   = nvidia.Quantum2_QM9700\n"
                       "}\n"
                       "cluster " +
                       name +
                       " {\n"
                       "  site   = campus\n"
                       "  nodes  = 1_250 x dgx_h100\n"
                       "  racks  = rack { nodes = 4 }\n"
                       "  fabric = alt\n"
                       "}\n";
    // The example's plan moves to the new cluster, whose configuration is then the first.
    const std::string on = "cluster    = h100_10k";
    REQUIRE(spec.find(on) != std::string::npos);
    spec.replace(spec.find(on), on.size(), "cluster    = " + name);
    fs::path dir = TempDir(name);
    fs::path file = dir / (name + ".cl");
    std::ofstream(file, std::ios::binary) << spec;
    return Build(file, name + "_build");
  };
  fs::path two = build("planes2", "fat_tree { tiers = 3; planes = 2 }");
  auto conf = ReadConf(Slurp(two / "nccl/nccl.conf"));
  // 8 single-port NICs, each port two links: 16 RDMA devices, plane = N mod 2.
  std::string hca = Value(conf, "NCCL_IB_HCA");
  CHECK(hca.rfind("=mlx5_0:1,mlx5_1:1,", 0) == 0);
  CHECK(hca.find("mlx5_15:1") != std::string::npos);
  CHECK(hca.find("mlx5_16:1") == std::string::npos);
  CHECK(Value(conf, "NCCL_CROSS_NIC") == "0");
  CHECK(Value(conf, "NCCL_PXN_DISABLE") == "0");
  CHECK(Value(conf, "NCCL_P2P_PXN_LEVEL") == "2");
  std::string text = Slurp(two / "nccl/nccl.conf");
  CHECK(text.find("2 planes joined by no switch") != std::string::npos);
  // The topology file: 16 nets of 200 Gb/s, two functions of each NIC's PCI device.
  XmlCheck c = CheckNcclXml(Slurp(two / "nccl/topology/dgx_h100-alt.xml"));
  REQUIRE(c.Ok());
  int nets = 0;
  for (const auto& e : c.all)
    if (e.name == "net") {
      ++nets;
      CHECK(e.Attr("speed") == "200000");
    }
  CHECK(nets == 16);
  // The same fabric on four tiers: the NCCL settings are the same, only comments name it.
  fs::path four = build("planes2t4", "fat_tree { tiers = 4; planes = 2 }");
  CHECK(ReadConf(Slurp(four / "nccl/nccl.conf")) == conf);
  // One plane, four tiers, no rails: nothing about planes or rails is set.
  fs::path one = build("tier4", "fat_tree { tiers = 4 }");
  auto single = ReadConf(Slurp(one / "nccl/nccl.conf"));
  CHECK_FALSE(Has(single, "NCCL_CROSS_NIC"));
  CHECK_FALSE(Has(single, "NCCL_PXN_DISABLE"));
  CHECK_FALSE(Has(single, "NCCL_P2P_PXN_LEVEL"));
  CHECK(Value(single, "NCCL_IB_HCA") ==
        "=mlx5_0:1,mlx5_1:1,mlx5_2:1,mlx5_3:1,mlx5_4:1,mlx5_5:1,mlx5_6:1,mlx5_7:1");
  // Against the facts read from the IR, as for every example.
  for (const char* name : {"planes2", "planes2t4", "tier4"}) {
    // The folders the builds above wrote (TempDir would empty them).
    fs::path root = clusterc::testing::ScratchRoot();
    fs::path file = root / ("nccl_" + std::string(name)) / (std::string(name) + ".cl");
    fs::path out = root / ("nccl_" + std::string(name) + "_build") / "out";
    auto facts = FactsOf(file);
    for (const auto& f : facts) CheckConfig(ConfigDir(out / "nccl", facts, f), f);
  }
}
