// Frontend unit tests: parsing, names, extends, units, defaults, requires, suppression. Sources
// come from an in-memory overlay, the way an editor would pass unsaved buffers.
#include <catch2/catch.hpp>

#include <map>

#include "frontend/compile.h"
#include "frontend/parse.h"
#include "ir/derived.h"

using namespace clusterc;

namespace {

struct Compiled {
  SourceManager sources;
  DiagnosticList diags;
  ir::Program program;
  size_t Count(const std::string& code) const {
    size_t n = 0;
    for (const auto& d : diags.All()) n += Info(d.code).code == code;
    return n;
  }
  std::vector<std::string> Codes() const {
    std::vector<std::string> out;
    for (const auto& d : diags.All()) out.emplace_back(Info(d.code).code);
    return out;
  }
};

std::unique_ptr<Compiled> CompileFiles(std::map<std::string, std::string> files,
                                       const std::string& main = "/p/main.cl") {
  auto c = std::make_unique<Compiled>();
  CompileOptions options;
  options.read_file = [files](const std::string& path) -> std::optional<std::string> {
    auto it = files.find(path);
    if (it == files.end()) return std::nullopt;
    return it->second;
  };
  c->program = Compile(main, options, c->sources, c->diags);
  return c;
}

std::unique_ptr<Compiled> CompileText(const std::string& text) {
  return CompileFiles({{"/p/main.cl", text}});
}

template <class T>
const T& Named(const std::vector<T>& table, const std::string& name) {
  for (const auto& e : table)
    if (e.name == name) return e;
  FAIL("no entity named " << name);
  return table.front();
}

const char* kGpu = R"(
gpu g {
  memory = 80 GB
  memory_bandwidth = 3.35 TB/s
  bf16_flops = 989 TFLOP/s
  tdp = 700 W
}
)";

}  // namespace

TEST_CASE("values are stored in base units, exactly", "[frontend]") {
  auto c = CompileText(std::string(kGpu) + R"(
nic n { bandwidth = 400 Gb/s }
site s { pue = 1.15; electricity = 0.06 USD/kWh; grid_power = 150 MW
  cooling = c }
cooling c { rack_limit = 80 kW }
)");
  REQUIRE(c->Codes().empty());
  const auto& g = Named(c->program.gpus, "g");
  CHECK(g.memory.si == 80e9);
  CHECK(g.memory_bandwidth.si == 3.35e12);
  CHECK(g.bf16_flops.si == 989e12);
  CHECK(g.tdp.si == 700);
  CHECK(Named(c->program.nics, "n").bandwidth.si == 50e9);  // 400 Gb/s = 50 GB/s
  const auto& s = Named(c->program.sites, "s");
  CHECK(s.electricity.si == Approx(0.06 / 3.6e6));
  CHECK(s.grid_power.si == 150e6);
  CHECK(s.pue == Approx(1.15));
}

TEST_CASE("counts take separators, exponents, scale words and percent", "[frontend]") {
  auto c = CompileText(R"(
model m { layers = 1_26 * 1; hidden = 16_384; ffn = 53248; heads = 128; vocab = 128_256
  params = 405.8 billion }
let big = 15 trillion
let share = 1 %
require big == 1.5e13 : "scale words"
require share == 0.01 : "percent"
)");
  REQUIRE(c->Codes().empty());
  const auto& m = Named(c->program.models, "m");
  CHECK(m.layers == 126);
  CHECK(m.params == Approx(405.8e9));
  CHECK(m.kv_heads == 128);  // defaults to heads
}

TEST_CASE("GB and GiB differ, bits and bytes differ", "[frontend]") {
  auto c = CompileText(R"(
require 1 GiB > 1 GB : "GiB is larger"
require 8 b == 1 B : "eight bits make a byte"
require 1 TiB == 1024 GiB : "binary prefixes"
require 1 kWh == 3.6 MJ : "energy"
)");
  CHECK(c->Codes().empty());
}

TEST_CASE("extends copies, overrides, and recomputes computed defaults", "[frontend]") {
  auto c = CompileText(std::string(kGpu) + R"(
gpu h extends g { bf16_flops = 500 TFLOP/s; memory = 96 GB }
gpu k extends h { fp16_flops = 1 TFLOP/s }
)");
  REQUIRE(c->Codes().empty());
  const auto& g = Named(c->program.gpus, "g");
  const auto& h = Named(c->program.gpus, "h");
  const auto& k = Named(c->program.gpus, "k");
  CHECK(g.fp16_flops.si == 989e12);
  CHECK(h.memory.si == 96e9);
  CHECK(h.tdp.si == 700);
  CHECK(h.fp16_flops.si == 500e12);  // follows the overridden bf16_flops
  CHECK(k.fp16_flops.si == 1e12);
  CHECK(k.memory.si == 96e9);
}

TEST_CASE("extends cycles are reported", "[frontend]") {
  auto c = CompileText(std::string(kGpu) + "gpu a extends b { }\ngpu b extends a { }\n");
  CHECK(c->Count("extends.cycle") >= 1);
}

TEST_CASE("inline overrides make anonymous entities", "[frontend]") {
  auto c = CompileText(std::string(kGpu) + R"(
nic n { bandwidth = 400 Gb/s }
node a { gpus = 8 x g { memory = 141 GB }; nics = 8 x n }
node b { gpus = 4 x g; nics = 4 x n }
)");
  REQUIRE(c->Codes().empty());
  const auto& a = Named(c->program.nodes, "a");
  const auto& b = Named(c->program.nodes, "b");
  CHECK(c->program.Get(a.gpus.ref).memory.si == 141e9);
  CHECK(c->program.Get(b.gpus.ref).memory.si == 80e9);
  CHECK(a.gpus.count == 8);
  CHECK(a.gpu_power.si == 700);  // defaults to the GPU's TDP
  CHECK(a.scale_up_domain == 8);
}

TEST_CASE("the standard library is embedded and resolves", "[frontend]") {
  auto c = CompileText(R"(
import std.nvidia
import std.models
node hgx { gpus = 8 x nvidia.H100_SXM5; nics = 8 x nvidia.ConnectX7; scale_up = nvidia.NVLink4 }
model m extends std.models.llama3_8b { }
)");
  REQUIRE(c->Codes().empty());
  const auto& hgx = Named(c->program.nodes, "hgx");
  CHECK(c->program.Get(hgx.gpus.ref).memory.si == 81559.0 * 1048576);  // NVML's "80 GB"
  CHECK(Named(c->program.models, "m").layers == 32);
}

TEST_CASE("file imports are qualified by stem and stay in the root", "[frontend]") {
  auto c = CompileFiles({{"/p/main.cl",
                          "import \"parts/common.cl\"\nlet x = common.y * 2\n"
                          "require x == 6 : \"imported constant\"\n"},
                         {"/p/parts/common.cl", "let y = 3\n"}});
  CHECK(c->Codes().empty());
  auto outside = CompileFiles(
      {{"/p/main.cl", "import \"../etc/x.cl\"\nlet a = 1\n"}, {"/etc/x.cl", "let y = 3\n"}});
  CHECK(outside->Codes() == std::vector<std::string>{"import.outside-root"});
  auto cycle = CompileFiles({{"/p/main.cl", "import \"a.cl\"\nlet z = 1\n"},
                             {"/p/a.cl", "import \"b.cl\"\nlet a = 1\n"},
                             {"/p/b.cl", "import \"a.cl\"\nlet b = 1\n"}});
  CHECK(cycle->Codes() == std::vector<std::string>{"import.cycle"});
}

TEST_CASE("requires naming derived quantities wait for analysis", "[frontend]") {
  auto c = CompileText(std::string(kGpu) + R"(
nic n { bandwidth = 400 Gb/s }
node hgx { gpus = 8 x g; nics = 8 x n }
cooling air { rack_limit = 30 kW }
site s { cooling = air }
switch sw { radix = 64; port_bandwidth = 400 Gb/s }
fabric f { kind = infiniband_ndr; topology = fat_tree { tiers = 2 }; switch = sw }
cluster c { site = s; nodes = 16 x hgx; racks = rack { nodes = 4 }; fabric = f }
require c.facility_power <= 1 MW : "fits"
)");
  REQUIRE(c->Codes().empty());
  REQUIRE(c->program.requires_.size() == 1);
  const auto& cond = c->program.requires_[0].condition;
  CHECK(cond.op == ir::Expr::Op::kLe);
  CHECK(cond.args[0].op == ir::Expr::Op::kDerived);
  CHECK(cond.args[0].derived == uint16_t(ir::DerivedId::cluster_facility_power));
  CHECK(cond.args[1].value.si == 1e6);
}

TEST_CASE("field locations are kept for later diagnostics", "[frontend]") {
  auto c = CompileText(std::string(kGpu));
  const auto& g = Named(c->program.gpus, "g");
  auto r = g.FieldRange("tdp");
  CHECK(c->sources.Slice(r) == "tdp = 700 W");
}

TEST_CASE("independent errors are all reported in source order", "[frontend]") {
  auto c = CompileText(R"(
gpu a { memory = 80 GBB }
gpu b { memroy = 80 GB }
let z = 1 W + 1 s
)");
  c->diags.SortBySource();
  auto codes = c->Codes();
  REQUIRE(codes.size() >= 3);
  for (size_t i = 1; i < c->diags.All().size(); ++i)
    CHECK(c->diags.All()[i - 1].range.begin <= c->diags.All()[i].range.begin);
  CHECK(c->Count("units.unknown") == 1);
  CHECK(c->Count("field.unknown") == 1);
  CHECK(codes.back() == "units.mismatch");
}

TEST_CASE("syntax errors recover to report later ones", "[frontend]") {
  auto c = CompileText("gpu a { memory = }\ngpu b { tdp = = 3 }\n");
  CHECK(c->Count("syntax.unexpected-token") == 2);
}

TEST_CASE("compilations are independent: no global state", "[frontend]") {
  auto a = CompileText(std::string(kGpu));
  auto b = CompileText("gpu g { memory = 1 }\n");
  CHECK(a->Codes().empty());
  CHECK_FALSE(b->Codes().empty());
  auto again = CompileText(std::string(kGpu));
  CHECK(again->Codes().empty());
  CHECK(again->program.gpus.size() == a->program.gpus.size());
}

TEST_CASE("UTF-8 validation finds the first bad byte", "[frontend]") {
  CHECK(FirstInvalidUtf8("caf\xC3\xA9") == std::string_view::npos);
  CHECK(FirstInvalidUtf8("caf\xE9 ") == 3);
  CHECK(FirstInvalidUtf8("\xC0\xAF") == 0);        // overlong
  CHECK(FirstInvalidUtf8("\xED\xA0\x80") == 0);    // surrogate
  CHECK(FirstInvalidUtf8("ok\xF0\x9F\x98") == 2);  // truncated
  CHECK(FirstInvalidUtf8("\xF0\x9F\x98\x80") == std::string_view::npos);
}

TEST_CASE("columns count code points on UTF-8 lines", "[frontend]") {
  auto c = CompileText("let é = 1\n");  // an identifier may not be non-ASCII
  REQUIRE_FALSE(c->diags.All().empty());
  const auto& d = c->diags.All().front();
  CHECK(c->sources.Position(d.range.file, d.range.begin).column == 5);
  auto c2 = CompileText("let s = \"日本\" + 1 W\n");
  REQUIRE_FALSE(c2->diags.All().empty());
}

TEST_CASE("suppression covers a line or the next block", "[frontend]") {
  auto c = CompileText(R"(
let a = 1  // clusterc: allow(units.mismatch)
// clusterc: allow(field.unknown, nonsense.code)
gpu g { colour = 1 }
)");
  REQUIRE(c->program.suppressions.size() == 2);
  const auto& line = c->program.suppressions[0];
  CHECK(c->sources.Slice(line.range).find("let a = 1") == 0);
  const auto& block = c->program.suppressions[1];
  CHECK(c->sources.Slice(block.range) == "gpu g { colour = 1 }");
  CHECK(c->Count("suppress.unknown-code") == 1);
}
