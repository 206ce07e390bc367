#include "driver/search.h"

#include <fmt/format.h>
#include <llvm/Support/JSON.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "analysis/search.h"
#include "diag/format.h"
#include "diag/render.h"
#include "driver/output_dir.h"
#include "driver/search_output.h"
#include "driver/session.h"

namespace clusterc {
namespace {

namespace an = analysis;
namespace fs = std::filesystem;

constexpr int kShardFormatVersion = 1;

// Facility W per GPU the plan runs on. A plan's view of a mixed cluster holds its own node group
// only (analysis::DeriveCluster's group views): that group's draw, not the whole site's, which
// would charge the plan for the other groups' nodes.
double FacilityPowerPerGpu(const an::ClusterResults& c) {
  double facility = c.groups.size() == 1 ? c.groups[0].facility_power : c.power.facility;
  return c.gpus > 0 ? facility / double(c.gpus) : 0;
}

// Parses "A|B|C" alternatives of one dimension into `out`; false on a bad value.
bool ParseInts(const std::string& text, std::vector<int64_t>& out) {
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, '|')) {
    if (item.empty() || item.find_first_not_of("0123456789_") != std::string::npos) return false;
    item.erase(std::remove(item.begin(), item.end(), '_'), item.end());
    if (item.size() > 12) return false;
    int64_t v = std::stoll(item);
    if (v <= 0) return false;
    out.push_back(v);
  }
  return !out.empty();
}

template <class E>
bool ParseEnums(const std::string& text, std::vector<E>& out) {
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, '|')) {
    E e{};
    if (!ir::EnumFromName(item, e)) return false;
    out.push_back(e);
  }
  return !out.empty();
}

bool ParseBools(const std::string& text, std::vector<bool>& out) {
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, '|')) {
    if (item == "on" || item == "true")
      out.push_back(true);
    else if (item == "off" || item == "false")
      out.push_back(false);
    else
      return false;
  }
  return !out.empty();
}

const std::vector<std::string>& Dimensions() {
  static const std::vector<std::string> kDims = {
      "gpus",  "tp",        "cp",       "pp", "dp",      "ep",        "vpp",
      "micro", "recompute", "sharding", "sp", "reshard", "rank_order"};
  return kDims;
}

std::string DimensionList() {
  std::string out;
  for (const auto& d : Dimensions()) out += (out.empty() ? "" : ", ") + d;
  return out;
}

// Applies `dim=VALUES` to the space; an error message, or empty.
std::string Constrain(an::SearchSpace& space, const std::string& dim, const std::string& values) {
  bool ok = false;
  if (dim == "gpus") {
    std::vector<int64_t> g;
    ok = ParseInts(values, g) && g.size() == 1;
    if (ok) space.min_gpus = space.max_gpus = g[0];
  } else if (dim == "tp") {
    ok = ParseInts(values, space.tp);
  } else if (dim == "cp") {
    ok = ParseInts(values, space.cp);
  } else if (dim == "pp") {
    ok = ParseInts(values, space.pp);
  } else if (dim == "dp") {
    ok = ParseInts(values, space.dp);
  } else if (dim == "ep") {
    ok = ParseInts(values, space.ep);
  } else if (dim == "vpp") {
    ok = ParseInts(values, space.vpp);
  } else if (dim == "micro") {
    ok = ParseInts(values, space.micro);
  } else if (dim == "recompute") {
    ok = ParseEnums(values, space.recompute);
  } else if (dim == "sharding") {
    ok = ParseEnums(values, space.sharding);
  } else if (dim == "sp") {
    ok = ParseBools(values, space.sequence_parallel);
  } else if (dim == "reshard") {
    ok = ParseBools(values, space.reshard);
  } else if (dim == "rank_order") {
    ok = ParseEnums(values, space.rank_order);
  } else {
    return fmt::format("unknown dimension `{}`; the dimensions are {}", dim, DimensionList());
  }
  if (!ok) return fmt::format("bad value `{}` for {}", values, dim);
  return "";
}

std::vector<std::string> SplitOn(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, sep))
    if (!item.empty()) out.push_back(item);
  return out;
}

// The plan's own value of a dimension, as a --fix value.
std::string PlanValue(const an::Candidate& c, const std::string& dim) {
  if (dim == "gpus") return std::to_string(c.gpus);
  if (dim == "tp") return std::to_string(c.tp);
  if (dim == "cp") return std::to_string(c.cp);
  if (dim == "pp") return std::to_string(c.pp);
  if (dim == "dp") return std::to_string(c.Dp());
  if (dim == "ep") return std::to_string(c.ep);
  if (dim == "vpp") return std::to_string(c.vpp);
  if (dim == "micro") return std::to_string(c.micro);
  if (dim == "recompute") return std::string(ir::EnumName(c.recompute));
  if (dim == "sharding") return std::string(ir::EnumName(c.sharding));
  if (dim == "reshard") return c.reshard ? "on" : "off";
  if (dim == "rank_order") return std::string(ir::EnumName(c.rank_order));
  return c.sequence_parallel ? "on" : "off";
}

// Replaces each dimension of `to` that `from` sets (a non-empty list).
void TakeSetDimensions(an::SearchSpace& to, const an::SearchSpace& from) {
  auto take = [](auto& dst, const auto& src) {
    if (!src.empty()) dst = src;
  };
  take(to.tp, from.tp);
  take(to.cp, from.cp);
  take(to.pp, from.pp);
  take(to.dp, from.dp);
  take(to.ep, from.ep);
  take(to.vpp, from.vpp);
  take(to.micro, from.micro);
  take(to.recompute, from.recompute);
  take(to.sharding, from.sharding);
  take(to.sequence_parallel, from.sequence_parallel);
  take(to.reshard, from.reshard);
  take(to.rank_order, from.rank_order);
}

uint64_t Fnv1a(std::string_view data, uint64_t h = 1469598103934665603ull) {
  for (unsigned char ch : data) {
    h ^= ch;
    h *= 1099511628211ull;
  }
  return h;
}

std::string ReadAll(const std::string& path, bool& ok) {
  std::ifstream in(path, std::ios::binary);
  ok = bool(in);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Compiles the spec and sets up the search the request describes. Returns an exit code and
// fills `problem` for usage errors.
int Load(const SearchRequest& req, SearchContext& ctx, Streams& s, std::string& problem) {
  CompileOptions options;
  options.root = req.root;
  CompileAndAnalyze(req.spec, options, ctx.sources, ctx.session);
  std::vector<Diagnostic> errors;
  for (const auto& d : ctx.session.diags.All())
    if (d.severity == Severity::kError && !d.suppressed) errors.push_back(d);
  s.err += RenderText(errors, ctx.sources, s.err_is_terminal);
  if (ctx.session.io_failure) return kExitUsage;
  if (!errors.empty()) {
    s.err += fmt::format("clusterc: no search: {} has errors\n", req.spec);
    return kExitDiagnostics;
  }
  const ir::Program& p = ctx.session.program;
  bool found = false;
  for (uint32_t i = 0; i < p.plans.size(); ++i)
    if (p.plans[i].name == req.plan && p.plans[i].range.file == p.main_file) {
      ctx.plan_index = i;
      found = true;
    }
  if (!found) {
    problem = fmt::format("{} has no plan `{}`", req.spec, req.plan);
    return kExitUsage;
  }
  const ir::Plan& plan = p.plans[ctx.plan_index];
  ctx.request = req;
  ctx.base = ctx.session.results.plan_inputs[ctx.plan_index];
  const an::ClusterResults& cluster = ctx.plan_index < ctx.session.results.plan_clusters.size()
                                          ? ctx.session.results.plan_clusters[ctx.plan_index]
                                          : ctx.session.results.clusters[plan.cluster.index];
  ctx.cluster = cluster;
  // The base fills the cluster; the search varies the GPUs used.
  an::Candidate own = an::CandidateOf(ctx.base);
  ctx.user_candidate = own;

  // --vary: the listed dimensions vary, the others keep the plan's values; --fix narrows.
  an::SearchSpace& space = ctx.space;
  if (!req.vary.empty()) {
    std::vector<std::string> vary = SplitOn(req.vary, ',');
    for (const auto& v : vary)
      if (std::find(Dimensions().begin(), Dimensions().end(), v) == Dimensions().end()) {
        problem = fmt::format("--vary: unknown dimension `{}`; the dimensions are {}", v,
                              DimensionList());
        return kExitUsage;
      }
    for (const auto& d : Dimensions())
      if (std::find(vary.begin(), vary.end(), d) == vary.end()) {
        std::string err = Constrain(space, d, PlanValue(own, d));
        if (!err.empty()) {
          problem = "--vary: " + err;
          return kExitUsage;
        }
      }
  }
  for (const auto& item : SplitOn(req.fix, ',')) {
    size_t eq = item.find('=');
    if (eq == std::string::npos) {
      problem = fmt::format("--fix takes DIM=VALUE[|VALUE...],...; got `{}`", item);
      return kExitUsage;
    }
    std::string dim = item.substr(0, eq);
    // A fixed dimension replaces what --vary left.
    an::SearchSpace fresh;
    std::string err = Constrain(fresh, dim, item.substr(eq + 1));
    if (!err.empty()) {
      problem = "--fix: " + err;
      return kExitUsage;
    }
    if (dim == "gpus") {
      space.min_gpus = fresh.min_gpus;
      space.max_gpus = fresh.max_gpus;
    }
    TakeSetDimensions(space, fresh);
  }
  if (!req.gpus.empty()) {
    size_t dots = req.gpus.find("..");
    std::vector<int64_t> lo, hi;
    bool ok = dots == std::string::npos ? ParseInts(req.gpus, lo) && lo.size() == 1
                                        : ParseInts(req.gpus.substr(0, dots), lo) &&
                                              ParseInts(req.gpus.substr(dots + 2), hi) &&
                                              lo.size() == 1 && hi.size() == 1 && lo[0] <= hi[0];
    if (!ok) {
      problem = fmt::format("--gpus takes N or MIN..MAX; got `{}`", req.gpus);
      return kExitUsage;
    }
    space.min_gpus = lo[0];
    space.max_gpus = hi.empty() ? lo[0] : hi[0];
  }
  if (space.min_gpus > ctx.base.cluster_gpus) {
    problem = fmt::format("--gpus: cluster `{}` has {} GPUs for plans", p.Get(plan.cluster).name,
                          ctx.base.cluster_gpus);
    return kExitUsage;
  }

  an::SearchOptions& o = ctx.options;
  const std::string& obj = req.objective;
  o.objective = obj == "cost"     ? an::Objective::kCost
                : obj == "energy" ? an::Objective::kEnergy
                : obj == "mfu"    ? an::Objective::kMfu
                                  : an::Objective::kTime;
  o.top_k = req.top;
  o.jobs = req.jobs;
  o.shard = req.shard;
  o.shards = req.shards;
  double headroom = plan.memory_headroom > 0 ? plan.memory_headroom : 0.9;
  o.memory_limit = ctx.base.hbm > 0 ? headroom * ctx.base.hbm : 0;
  ctx.headroom = headroom;
  o.gpu_power = FacilityPowerPerGpu(cluster);
  if (ctx.base.cluster_cost_per_second > 0 && ctx.base.cluster_gpus > 0)
    o.owned_cost_per_gpu_s = ctx.base.cluster_cost_per_second / double(ctx.base.cluster_gpus);
  if (o.objective == an::Objective::kCost && ctx.base.gpu_rental <= 0 &&
      o.owned_cost_per_gpu_s <= 0) {
    problem = fmt::format(
        "--objective cost: cluster `{}` has no price (give it `gpu_rental` or capital and "
        "operating costs)",
        p.Get(plan.cluster).name);
    return kExitUsage;
  }
  if (o.objective == an::Objective::kEnergy && o.gpu_power <= 0) {
    problem = fmt::format("--objective energy: cluster `{}` has no power figures",
                          p.Get(plan.cluster).name);
    return kExitUsage;
  }
  ctx.user = an::ScoreCandidate(ctx.base, own, o);

  // The designs: the plan's cluster, or every design of the sweep.
  if (req.sweep.empty()) {
    DesignContext d;
    d.label = "as declared";
    d.base = ctx.base;
    d.space = ctx.space;
    d.options = ctx.options;
    d.cluster = cluster;
    ctx.designs.push_back(std::move(d));
  } else {
    ctx.sweep = true;
    const ir::Sweep* sweep = nullptr;
    for (const auto& sw : p.sweeps)
      if (sw.name == req.sweep && sw.range.file == p.main_file) sweep = &sw;
    if (!sweep) {
      problem = fmt::format("{} has no sweep `{}`", req.spec, req.sweep);
      return kExitUsage;
    }
    if (sweep->plan.index != ctx.plan_index) {
      problem = fmt::format("sweep `{}` varies plan `{}`, not `{}`", req.sweep,
                            p.Get(sweep->plan).name, req.plan);
      return kExitUsage;
    }
    ctx.max_training_time = sweep->max_training_time.si;
    for (an::Design& design : an::Designs(p, *sweep, an::Options{})) {
      DesignContext d;
      d.label = design.label;
      d.base = design.inputs;
      d.space = ctx.space;
      // A design is a whole cluster: its GPUs are all used unless --gpus says otherwise.
      if (req.gpus.empty()) d.space.min_gpus = d.space.max_gpus = d.base.cluster_gpus;
      d.options = ctx.options;
      d.options.memory_limit = d.base.hbm > 0 ? headroom * d.base.hbm : 0;
      d.options.gpu_power = FacilityPowerPerGpu(design.cluster);
      d.options.owned_cost_per_gpu_s =
          d.base.cluster_cost_per_second > 0 && d.base.cluster_gpus > 0
              ? d.base.cluster_cost_per_second / double(d.base.cluster_gpus)
              : 0;
      d.cluster = design.cluster;
      d.within_power = design.within_power;
      ctx.designs.push_back(std::move(d));
    }
  }

  // Shards and merge check they describe the same search of the same spec.
  bool ok = true;
  std::string text = ReadAll(req.spec, ok);
  ctx.fingerprint = fmt::format(
      "{:016x}", Fnv1a(fmt::format("{}\n{}\n{}\n{}\n{}\n{}\n{}\n{}", req.plan, req.sweep,
                                   req.objective, req.top, req.vary, req.fix, req.gpus, req.shards),
                       Fnv1a(text)));
  return kExitOk;
}

// ---- shard files ------------------------------------------------------------------------------

std::string ShardJson(const SearchContext& ctx, const std::vector<an::SearchResult>& rs) {
  const SearchRequest& q = ctx.request;
  std::string o = "{\n";
  o += fmt::format("  \"clusterc_search_shard\": {},\n", kShardFormatVersion);
  o += fmt::format("  \"fingerprint\": \"{}\",\n", ctx.fingerprint);
  o += fmt::format("  \"shard\": {},\n  \"shards\": {},\n", q.shard, q.shards);
  o += "  \"request\": {";
  o += fmt::format(
      "\"spec\": {}, \"root\": {}, \"plan\": {}, \"sweep\": {}, \"objective\": {}, \"top\": {}, "
      "\"vary\": {}, \"fix\": {}, \"gpus\": {}",
      JsonString(q.spec), JsonString(q.root), JsonString(q.plan), JsonString(q.sweep),
      JsonString(q.objective), q.top, JsonString(q.vary), JsonString(q.fix), JsonString(q.gpus));
  o += "},\n";
  o += "  \"designs\": [";
  for (size_t d = 0; d < rs.size(); ++d) {
    const an::SearchResult& r = rs[d];
    o += fmt::format("{}\n   {{\"stats\": {},\n    \"by_gpus\": [", d ? "," : "",
                     StatsJson(r.stats, "    "));
    for (size_t i = 0; i < r.by_gpus.size(); ++i) {
      o += fmt::format("{}\n    {{\"gpus\": {}, \"fastest\": [", i ? "," : "", r.by_gpus[i].gpus);
      for (size_t j = 0; j < r.by_gpus[i].fastest.size(); ++j)
        o += (j ? ",\n      " : "\n      ") + ScoredJson(r.by_gpus[i].fastest[j]);
      o += "]}";
    }
    o += "]}";
  }
  o += "\n  ]\n}\n";
  return o;
}

bool ReadShard(const std::string& path, SearchRequest& req, std::string& fingerprint,
               std::vector<an::SearchResult>& rs, std::string& error) {
  bool ok = true;
  std::string text = ReadAll(path, ok);
  if (!ok) {
    error = fmt::format("cannot read {}", path);
    return false;
  }
  auto parsed = llvm::json::parse(text);
  if (!parsed) {
    error = fmt::format("{} is not JSON: {}", path, llvm::toString(parsed.takeError()));
    return false;
  }
  const llvm::json::Object* doc = parsed->getAsObject();
  auto fail = [&](const char* what) {
    error = fmt::format("{} is not a clusterc search shard ({})", path, what);
    return false;
  };
  if (!doc || doc->getInteger("clusterc_search_shard").getValueOr(0) != kShardFormatVersion)
    return fail("no clusterc_search_shard version 1");
  auto str = [](const llvm::json::Object* o, const char* key) {
    auto v = o ? o->getString(key) : llvm::None;
    return v ? v->str() : std::string();
  };
  fingerprint = str(doc, "fingerprint");
  const llvm::json::Object* q = doc->getObject("request");
  if (!q) return fail("no request");
  req.spec = str(q, "spec");
  req.root = str(q, "root");
  req.plan = str(q, "plan");
  req.sweep = str(q, "sweep");
  req.objective = str(q, "objective");
  req.top = int(q->getInteger("top").getValueOr(10));
  req.vary = str(q, "vary");
  req.fix = str(q, "fix");
  req.gpus = str(q, "gpus");
  req.shard = int(doc->getInteger("shard").getValueOr(-1));
  req.shards = int(doc->getInteger("shards").getValueOr(0));
  const llvm::json::Array* designs = doc->getArray("designs");
  if (!designs) return fail("no designs");
  for (const auto& dv : *designs) {
    const llvm::json::Object* design = dv.getAsObject();
    an::SearchResult r;
    if (!design || !ParseStatsJson(design->getObject("stats"), r.stats)) return fail("bad stats");
    const llvm::json::Array* gpus = design->getArray("by_gpus");
    if (!gpus) return fail("no by_gpus");
    for (const auto& g : *gpus) {
      const llvm::json::Object* go = g.getAsObject();
      const llvm::json::Array* list = go ? go->getArray("fastest") : nullptr;
      if (!list) return fail("bad by_gpus entry");
      an::GpuCountBest best;
      best.gpus = go->getInteger("gpus").getValueOr(0);
      for (const auto& e : *list) {
        an::Scored s;
        if (!ParseScoredJson(e.getAsObject(), s)) return fail("bad plan entry");
        best.fastest.push_back(s);
      }
      r.by_gpus.push_back(std::move(best));
    }
    rs.push_back(std::move(r));
  }
  return true;
}

// ---- Slurm job array --------------------------------------------------------------------------

std::string ShellQuote(const std::string& s) {
  std::string o = "'";
  for (char c : s) o += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return o + "'";
}

// Writes DIR/shards.sbatch (the array), DIR/merge.sbatch and DIR/submit.sh, which submits the
// array and the merge with --dependency=afterok on it.
int WriteSlurmArray(const SearchRequest& q, int n, const std::string& dir, Streams& s) {
  std::string self = "clusterc";
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) self = exe.string();
  std::string spec = fs::absolute(q.spec, ec).string();
  std::string common =
      fmt::format("{} search {} --plan {} --objective {} --top {}", ShellQuote(self),
                  ShellQuote(spec), ShellQuote(q.plan), q.objective, q.top);
  if (!q.root.empty()) common += " --root " + ShellQuote(fs::absolute(q.root, ec).string());
  if (!q.sweep.empty()) common += " --sweep " + ShellQuote(q.sweep);
  if (!q.vary.empty()) common += " --vary " + ShellQuote(q.vary);
  if (!q.fix.empty()) common += " --fix " + ShellQuote(q.fix);
  if (!q.gpus.empty()) common += " --gpus " + ShellQuote(q.gpus);
  // The Slurm backend's conventions (backends/slurm): partition `gpu`, job output %x-%j.out.
  std::string shards =
      "#!/bin/bash\n"
      "# clusterc search: one shard of the plan search per array task.\n"
      "#SBATCH --job-name=clusterc-search\n"
      "#SBATCH --partition=gpu\n" +
      fmt::format("#SBATCH --array=0-{}\n", n - 1) +
      "#SBATCH --nodes=1\n"
      "#SBATCH --ntasks=1\n"
      "#SBATCH --cpus-per-task=1\n"
      "#SBATCH --output=%x-%A_%a.out\n"
      "set -euo pipefail\n"
      "cd \"$SLURM_SUBMIT_DIR\"\n" +
      fmt::format(
          "exec {} --jobs \"${{SLURM_CPUS_PER_TASK:-1}}\" --shard \"$SLURM_ARRAY_TASK_ID/{}\" "
          "--output \"shard-$SLURM_ARRAY_TASK_ID.json\"\n",
          common, n);
  std::string files;
  for (int i = 0; i < n; ++i) files += fmt::format(" shard-{}.json", i);
  std::string merge =
      "#!/bin/bash\n"
      "# clusterc search: merges the shards into the answer an unsharded run gives.\n"
      "#SBATCH --job-name=clusterc-search-merge\n"
      "#SBATCH --partition=gpu\n"
      "#SBATCH --nodes=1\n"
      "#SBATCH --ntasks=1\n"
      "#SBATCH --output=%x-%j.out\n"
      "set -euo pipefail\n"
      "cd \"$SLURM_SUBMIT_DIR\"\n" +
      fmt::format("{} search --merge{} --format json --output search.json\n", ShellQuote(self),
                  files) +
      fmt::format("{} search --merge{} --format text --output search.txt\n", ShellQuote(self),
                  files);
  std::string submit =
      "#!/bin/bash\n"
      "# Submits the shard array and the merge, which runs only if every shard succeeded.\n"
      "set -euo pipefail\n"
      "cd \"$(dirname \"$0\")\"\n"
      "array=$(sbatch --parsable \"$@\" shards.sbatch)\n"
      "array=${array%%;*}\n"
      "merge=$(sbatch --parsable --dependency=afterok:\"$array\" \"$@\" merge.sbatch)\n"
      "echo \"shards: job $array, merge: job ${merge%%;*}\"\n";
  fs::create_directories(dir, ec);
  for (auto& [name, text] : std::vector<std::pair<std::string, std::string>>{
           {"shards.sbatch", shards}, {"merge.sbatch", merge}, {"submit.sh", submit}}) {
    std::string path = (fs::path(dir) / name).string();
    OutputProblem problem;
    if (!WriteFileAtomically(path, text, {}, problem)) {
      s.err += fmt::format("clusterc: error: {} [{}]\n", problem.message, Info(problem.code).code);
      return kExitUsage;
    }
    if (name == "submit.sh")
      fs::permissions(path, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                      fs::perm_options::add, ec);
  }
  s.out +=
      fmt::format("wrote {}/shards.sbatch ({} array tasks), merge.sbatch and submit.sh\n", dir, n);
  return kExitOk;
}

// Writes a search result to `output` ("" or "-": stdout), never over one of `inputs`.
int Emit(const std::string& data, const std::string& output, const std::vector<std::string>& inputs,
         Streams& s) {
  if (output.empty() || output == "-") {
    s.out += data;
    return kExitOk;
  }
  std::error_code ec;
  if (fs::exists(output, ec) && !fs::is_regular_file(output, ec)) {
    // A device or pipe: never replace it with a renamed temporary file.
    std::ofstream out(output, std::ios::binary);
    out << data;
    if (out) return kExitOk;
    s.err += fmt::format("clusterc: error: cannot write {} [output.unwritable]\n", output);
    return kExitUsage;
  }
  OutputProblem problem;
  if (!WriteFileAtomically(output, data, inputs, problem)) {
    s.err += fmt::format("clusterc: error: {} [{}]\n", problem.message, Info(problem.code).code);
    return kExitUsage;
  }
  return kExitOk;
}

int UsageProblem(Streams& s, const std::string& message) {
  s.err += fmt::format("clusterc: error: {} [driver.usage]\n", message);
  s.err += cli::CommandHelp(SearchCommand());
  return kExitUsage;
}

int Search(const cli::ParsedArgs& args, Streams& s) {
  std::string format = args.Get("--format", "text"), output = args.Get("--output");
  if (args.Has("--merge")) {
    if (args.Has("--shard") || args.Has("--slurm-array"))
      return UsageProblem(s,
                          "--merge takes shard files only; --shard and --slurm-array do not apply");
    std::vector<std::vector<an::SearchResult>> parts;
    std::vector<bool> seen;
    SearchRequest req;
    std::string fingerprint;
    for (const auto& file : args.operands) {
      SearchRequest r;
      std::string fp, error;
      std::vector<an::SearchResult> part;
      if (!ReadShard(file, r, fp, part, error)) {
        s.err += fmt::format("clusterc: error: {} [search.bad-shard]\n", error);
        return kExitUsage;
      }
      if (parts.empty()) {
        req = r;
        fingerprint = fp;
        seen.assign(size_t(std::max(0, r.shards)), false);
      }
      if (fp != fingerprint || r.shards != req.shards || r.shard < 0 || r.shard >= r.shards) {
        s.err += fmt::format(
            "clusterc: error: {} is shard {}/{} of another search (fingerprint {}, expected {}) "
            "[search.bad-shard]\n",
            file, r.shard, r.shards, fp, fingerprint);
        return kExitUsage;
      }
      if (seen[size_t(r.shard)]) {
        s.err +=
            fmt::format("clusterc: error: {} repeats shard {} [search.bad-shard]\n", file, r.shard);
        return kExitUsage;
      }
      seen[size_t(r.shard)] = true;
      parts.push_back(std::move(part));
    }
    for (size_t i = 0; i < seen.size(); ++i)
      if (!seen[i]) {
        s.err += fmt::format("clusterc: error: shard {}/{} is missing [search.bad-shard]\n", i,
                             seen.size());
        return kExitUsage;
      }
    SearchContext ctx;
    std::string problem;
    req.shard = 0;
    int rc = Load(req, ctx, s, problem);
    if (!problem.empty()) return UsageProblem(s, problem);
    if (rc != kExitOk) return rc;
    if (ctx.fingerprint != fingerprint) {
      s.err += fmt::format(
          "clusterc: error: {} changed since the shards ran (fingerprint {}, shards {}) "
          "[search.bad-shard]\n",
          req.spec, ctx.fingerprint, fingerprint);
      return kExitUsage;
    }
    std::vector<an::SearchResult> merged;
    for (size_t d = 0; d < ctx.designs.size(); ++d) {
      std::vector<an::SearchResult> of_design;
      for (const auto& part : parts) {
        if (part.size() != ctx.designs.size()) {
          s.err += "clusterc: error: a shard has another number of designs [search.bad-shard]\n";
          return kExitUsage;
        }
        of_design.push_back(part[d]);
      }
      merged.push_back(an::MergeResults(of_design, req.top));
    }
    return Emit(RenderSearch(ctx, merged, format), output, args.operands, s);
  }

  if (args.operands.size() != 1) return UsageProblem(s, "`clusterc search` takes one FILE");
  SearchRequest req;
  req.spec = args.operands[0];
  req.root = args.Get("--root");
  req.plan = args.Get("--plan");
  req.sweep = args.Get("--sweep");
  if (req.plan.empty() && !req.sweep.empty()) {
    // The sweep names its plan.
    SearchContext probe;
    CompileOptions options;
    options.root = req.root;
    CompileAndAnalyze(req.spec, options, probe.sources, probe.session);
    for (const auto& sw : probe.session.program.sweeps)
      if (sw.name == req.sweep && sw.plan.Valid())
        req.plan = probe.session.program.Get(sw.plan).name;
  }
  if (req.plan.empty())
    return UsageProblem(s, "`clusterc search` needs --plan NAME or --sweep NAME");
  req.objective = args.Get("--objective", "time");
  req.top = args.Has("--top") ? int(std::min<long long>(1000, std::stoll(args.Get("--top")))) : 10;
  req.vary = args.Get("--vary");
  req.fix = args.Get("--fix");
  req.gpus = args.Get("--gpus");
  unsigned hw = std::thread::hardware_concurrency();
  req.jobs = args.Has("--jobs") ? int(std::min<long long>(1024, std::stoll(args.Get("--jobs"))))
                                : int(hw ? hw : 1);
  if (args.Has("--shard")) {
    std::string v = args.Get("--shard");
    size_t slash = v.find('/');
    std::vector<int64_t> n;
    int64_t i = -1;
    if (slash != std::string::npos &&
        v.substr(0, slash).find_first_not_of("0123456789") == std::string::npos && slash > 0 &&
        slash < 10)
      i = std::stoll(v.substr(0, slash));
    if (i < 0 || !ParseInts(v.substr(slash == std::string::npos ? 0 : slash + 1), n) ||
        n.size() != 1 || i >= n[0] || n[0] > 1000000)
      return UsageProblem(s, fmt::format("--shard takes I/N with 0 <= I < N; got `{}`", v));
    req.shard = int(i);
    req.shards = int(n[0]);
  }
  if (args.Has("--slurm-array")) {
    long long n = std::stoll(args.Get("--slurm-array"));
    if (n > 100000) return UsageProblem(s, "--slurm-array takes at most 100000 tasks");
    req.shards = int(n);
    SearchContext ctx;
    std::string problem;
    int rc = Load(req, ctx, s, problem);  // the spec must be searchable before anything runs
    if (!problem.empty()) return UsageProblem(s, problem);
    if (rc != kExitOk) return rc;
    return WriteSlurmArray(req, int(n), output.empty() ? "search-slurm" : output, s);
  }

  SearchContext ctx;
  std::string problem;
  int rc = Load(req, ctx, s, problem);
  if (!problem.empty()) return UsageProblem(s, problem);
  if (rc != kExitOk) return rc;
  auto start = std::chrono::steady_clock::now();
  std::vector<an::SearchResult> results;
  uint64_t candidates = 0;
  for (const DesignContext& d : ctx.designs) {
    // A design over the power limit is not searched.
    results.push_back(d.within_power ? an::SearchPlans(d.base, d.space, d.options)
                                     : an::SearchResult{});
    candidates += results.back().stats.candidates;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (s.err_is_terminal)
    s.err += fmt::format("searched {} candidates in {:.3f} s on {} threads\n",
                         FormatCount(double(candidates)), seconds, ctx.options.jobs);
  if (args.Has("--shard")) return Emit(ShardJson(ctx, results), output, {req.spec}, s);
  std::vector<Ranked> best = RankDesigns(ctx, results, 1);
  if (args.Has("--emit-plan")) {
    if (best.empty()) {
      s.err += "clusterc: error: no plan fits; nothing to emit [search.no-plan]\n";
      return kExitDiagnostics;
    }
    if (ctx.sweep && best.front().design != 0) {
      s.err += fmt::format(
          "clusterc: error: the best plan runs on design `{}`, not the declared cluster; "
          "--emit-plan writes plans for declared clusters only [search.no-plan]\n",
          ctx.designs[best.front().design].label);
      return kExitDiagnostics;
    }
    std::string error, text = PlanBlock(ctx, best.front().plan, error);
    if (!error.empty()) {
      s.err += fmt::format("clusterc: error: {} [search.no-plan]\n", error);
      return kExitDiagnostics;
    }
    if (Emit(text, args.Get("--emit-plan"), {req.spec}, s) != kExitOk) return kExitUsage;
  }
  int written = Emit(RenderSearch(ctx, results, format), output, {req.spec}, s);
  if (written != kExitOk) return written;
  if (best.empty()) {
    s.err += fmt::format(
        "clusterc: error: no plan of the {} searched candidates fits{} [search.no-plan]\n",
        FormatCount(double(candidates)), ctx.sweep ? " the sweep's limits" : " in memory");
    return kExitDiagnostics;
  }
  return kExitOk;
}

}  // namespace

cli::CommandSpec SearchCommand() {
  using cli::Choice;
  using cli::Flag;
  using cli::PositiveInteger;
  using cli::Value;
  cli::CommandSpec c;
  c.name = "search";
  c.summary = "the best parallelism plans (and GPU counts) for a plan's model and cluster";
  c.operand = "FILE";
  c.min_operands = 1;
  c.max_operands = cli::CommandSpec::kUnbounded;
  c.description =
      "Searches every plan the language allows for the model, cluster, batch and tokens of plan\n"
      "NAME: tp, cp, pp, dp, ep, vpp, micro-batch, recompute, ZeRO stage, sequence parallelism,\n"
      "ZeRO-3/FSDP resharding after the forward, rank order and the GPUs used (whole scale-up\n"
      "domains). Exact: each candidate is evaluated or proven unable to enter the answer. Prints\n"
      "the top K by the objective, the Pareto front of step time, cost and GPUs, and what\n"
      "separates plan NAME from the best. With --merge, FILE... are shard files and the answer\n"
      "is the unsharded one. Formats: docs/search-format.md.";
  c.options = {
      Value("--plan", "NAME", "a plan name", "the plan to start from (model, cluster, batch)"),
      Value("--sweep", "NAME", "a sweep name",
            "search every design of sweep NAME (and its plan) as well as the plans"),
      Choice("--objective", "OBJ", {"time", "cost", "energy", "mfu"},
             "rank by training time (default), cost, energy or MFU"),
      PositiveInteger("--top", "K", "a positive number", "plans to list (default 10)"),
      Value("--vary", "DIMS", "a list of dimensions",
            "vary only these (gpus,tp,cp,pp,dp,ep,vpp,micro,recompute,sharding,sp,reshard,"
            "rank_order); the others keep the plan's values (default: vary all)"),
      Value("--fix", "DIM=V,...", "a list of DIM=VALUE",
            "restrict dimensions, e.g. tp=8,recompute=full|selective,sp=on"),
      Value("--gpus", "N|MIN..MAX", "a GPU count or range", "GPUs to consider (default: all)"),
      Choice("--format", "FORMAT", {"text", "json", "csv"}, "text (default), json or csv"),
      Value("--output", "FILE", "a file name",
            "write the answer (or shard, or Slurm directory) there, atomically")
          .Alias("-o"),
      Value("--emit-plan", "FILE", "a file name",
            "write the best plan as a `plan` block `check` accepts (`-`: stdout)"),
      PositiveInteger("--jobs", "N", "a positive number", "threads (default: one per core)"),
      Value("--shard", "I/N", "a shard I/N", "search the deterministic shard I of N; write JSON"),
      Flag("--merge", "FILE... are shard files: combine them"),
      PositiveInteger("--slurm-array", "N", "a positive number",
                      "write a Slurm job array of N shards and a dependent merge job"),
      Value("--root", "DIR", "a directory",
            "project root; imports may not leave it (default: the file's directory)"),
  };
  c.exit_codes = "0 answered, 1 the spec has errors or no plan fits, 2 usage or I/O failure";
  c.run = Search;
  return c;
}

}  // namespace clusterc
