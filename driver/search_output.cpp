#include "driver/search_output.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "diag/format.h"

namespace clusterc {
namespace {

namespace an = analysis;

// Counts over designs: every count adds up, GPU counts and probes too (unlike shards of one
// design, which share them).
void SumStats(an::SearchStats& to, const an::SearchStats& from) {
  an::AddStats(to, from);
  to.gpu_counts += from.gpu_counts;
  to.probes += from.probes;
}

const char* ObjectiveName(an::Objective o) {
  switch (o) {
    case an::Objective::kTime:
      return "time";
    case an::Objective::kCost:
      return "cost";
    case an::Objective::kEnergy:
      return "energy";
    case an::Objective::kMfu:
      return "mfu";
  }
  return "time";
}

const char* ObjectiveLabel(an::Objective o) {
  switch (o) {
    case an::Objective::kTime:
      return "training time";
    case an::Objective::kCost:
      return "cost";
    case an::Objective::kEnergy:
      return "energy";
    case an::Objective::kMfu:
      return "MFU";
  }
  return "training time";
}

std::string People(double v, ir::Dim d) {
  return FormatForPeople({v, d});
}

std::string Money(double usd) {
  return usd > 0 ? People(usd, ir::dims::kMoney) : "-";
}

std::string Energy(double j) {
  // Facility energy reads best in GWh / MWh.
  if (j <= 0) return "-";
  double mwh = j / 3.6e9;
  return mwh >= 1000 ? fmt::format("{:.3g} GWh", mwh / 1000) : fmt::format("{:.3g} MWh", mwh);
}

std::string Days(const an::Scored& s) {
  return s.training_time > 0 ? fmt::format("{:.1f}", s.training_time / 86400) : "-";
}

// The objective's value, for margins: "+1.2 %".
std::string Margin(const an::Scored& a, const an::Scored* next) {
  if (!next) return "-";
  double x = std::fabs(a.objective), y = std::fabs(next->objective);
  if (x <= 0) return "-";
  return fmt::format("{:.3g} %", 100 * std::fabs(y - x) / x);
}

// The two choices that only some candidates have, blank where they do not apply: resharding
// after the forward (ZeRO-3/FSDP), "pp_dp" for a pipeline inside each replica.
std::string ReshardShort(const an::Candidate& c) {
  if (c.sharding != ir::Sharding::zero3 && c.sharding != ir::Sharding::fsdp) return "";
  return c.reshard ? "on" : "off";
}
std::string OrderShort(const an::Candidate& c) {
  return c.rank_order == ir::RankOrder::tp_cp_ep_pp_dp ? "pp_dp" : "";
}

std::string Layout(const an::Candidate& c) {
  std::string o = fmt::format("tp {} cp {} pp {} dp {} ep {} vpp {} micro {} {} {} sp {}", c.tp,
                              c.cp, c.pp, c.Dp(), c.ep, c.vpp, c.micro, ir::EnumName(c.recompute),
                              ir::EnumName(c.sharding), c.sequence_parallel ? "on" : "off");
  if (!c.reshard) o += " reshard_after_forward off";
  if (!OrderShort(c).empty()) o += fmt::format(" rank_order {}", ir::EnumName(c.rank_order));
  return o;
}

std::string CandidateJsonFields(const an::Candidate& c) {
  return fmt::format(
      "\"gpus\": {}, \"tp\": {}, \"cp\": {}, \"pp\": {}, \"dp\": {}, \"ep\": {}, \"vpp\": {}, "
      "\"micro\": {}, \"recompute\": \"{}\", \"sharding\": \"{}\", \"sequence_parallel\": {}, "
      "\"reshard_after_forward\": {}, \"rank_order\": \"{}\"",
      c.gpus, c.tp, c.cp, c.pp, c.Dp(), c.ep, c.vpp, c.micro, ir::EnumName(c.recompute),
      ir::EnumName(c.sharding), c.sequence_parallel ? "true" : "false",
      c.reshard ? "true" : "false", ir::EnumName(c.rank_order));
}

// Why plan NAME is not the answer: the first constraint it breaks, or the step-time terms (and
// goodput) that separate it from the best.
std::vector<std::string> Why(const SearchContext& ctx, const an::Scored& best) {
  std::vector<std::string> out;
  const an::Scored& u = ctx.user;
  const an::Candidate& uc = ctx.user_candidate;
  if (!an::CandidateBefore(uc, best.c) && !an::CandidateBefore(best.c, uc)) {
    out.push_back("it is the best plan");
    return out;
  }
  if (!u.feasible) {
    out.push_back(fmt::format("it needs {} per GPU, above the limit of {} ({:.0f} % of {})",
                              People(u.memory, ir::dims::kInfo),
                              People(ctx.options.memory_limit, ir::dims::kInfo), 100 * ctx.headroom,
                              People(ctx.base.hbm, ir::dims::kInfo)));
  } else {
    auto value = [&](const an::Scored& x) {
      switch (ctx.options.objective) {
        case an::Objective::kTime:
          return People(x.objective, ir::dims::kTime);
        case an::Objective::kCost:
          return Money(x.cost);
        case an::Objective::kEnergy:
          return Energy(x.energy);
        case an::Objective::kMfu:
          break;
      }
      return fmt::format("{:.1f} %", 100 * x.mfu);
    };
    double rel = best.objective != 0
                     ? 100 * (u.objective - best.objective) / std::fabs(best.objective)
                     : 0.0;
    out.push_back(fmt::format("its {} is {} against {} ({}{:.1f} %)",
                              ObjectiveLabel(ctx.options.objective), value(u), value(best),
                              rel >= 0 ? "+" : "-", std::fabs(rel)));
  }
  // What differs.
  std::string changes;
  auto change = [&](const char* name, const std::string& a, const std::string& b) {
    if (a != b) changes += fmt::format("{}{} {} -> {}", changes.empty() ? "" : ", ", name, a, b);
  };
  const an::Candidate& b = best.c;
  change("gpus", std::to_string(uc.gpus), std::to_string(b.gpus));
  change("tp", std::to_string(uc.tp), std::to_string(b.tp));
  change("cp", std::to_string(uc.cp), std::to_string(b.cp));
  change("pp", std::to_string(uc.pp), std::to_string(b.pp));
  change("dp", std::to_string(uc.Dp()), std::to_string(b.Dp()));
  change("ep", std::to_string(uc.ep), std::to_string(b.ep));
  change("vpp", std::to_string(uc.vpp), std::to_string(b.vpp));
  change("micro", std::to_string(uc.micro), std::to_string(b.micro));
  change("recompute", std::string(ir::EnumName(uc.recompute)),
         std::string(ir::EnumName(b.recompute)));
  change("sharding", std::string(ir::EnumName(uc.sharding)), std::string(ir::EnumName(b.sharding)));
  change("sp", uc.sequence_parallel ? "on" : "off", b.sequence_parallel ? "on" : "off");
  change("reshard_after_forward", uc.reshard ? "on" : "off", b.reshard ? "on" : "off");
  change("rank_order", std::string(ir::EnumName(uc.rank_order)),
         std::string(ir::EnumName(b.rank_order)));
  out.push_back("the best plan changes " + changes);
  if (!u.feasible) return out;
  // The step-time terms, largest difference first.
  an::PlanResults ru = an::EvaluatePlan(an::ApplyCandidate(ctx.base, uc));
  an::PlanResults rb = an::EvaluatePlan(an::ApplyCandidate(ctx.base, b));
  std::vector<std::pair<std::string, std::pair<double, double>>> terms = {
      {"compute", {ru.step.compute, rb.step.compute}},
      {"recompute", {ru.step.recompute, rb.step.recompute}},
      {"pipeline bubble", {ru.step.bubble, rb.step.bubble}},
      {"optimizer", {ru.step.optimizer, rb.step.optimizer}},
      {"gradient accumulation", {ru.step.grad_accumulation, rb.step.grad_accumulation}},
      {"communication contention", {ru.step.contention, rb.step.contention}},
      {"activation offload", {ru.step.offload, rb.step.offload}},
  };
  for (int i = 0; i < int(an::Comm::kCount); ++i)
    terms.push_back(
        {std::string("exposed ") + an::CommName(an::Comm(i)), {ru.step.comm[i], rb.step.comm[i]}});
  std::stable_sort(terms.begin(), terms.end(), [](const auto& x, const auto& y) {
    return std::fabs(x.second.first - x.second.second) >
           std::fabs(y.second.first - y.second.second);
  });
  out.push_back(fmt::format("step time {} against {}", People(ru.step_time, ir::dims::kTime),
                            People(rb.step_time, ir::dims::kTime)));
  for (size_t i = 0; i < terms.size() && i < 3; ++i) {
    double d = terms[i].second.first - terms[i].second.second;
    if (std::fabs(d) < 1e-4 * std::max(ru.step_time, 1e-12)) break;
    out.push_back(fmt::format("{}: {} against {} ({}{})", terms[i].first,
                              People(terms[i].second.first, ir::dims::kTime),
                              People(terms[i].second.second, ir::dims::kTime), d > 0 ? "+" : "-",
                              People(std::fabs(d), ir::dims::kTime)));
  }
  if (uc.gpus != b.gpus)
    out.push_back(fmt::format("goodput {:.1f} % against {:.1f} % (job MTBF falls with GPUs)",
                              100 * ru.goodput, 100 * rb.goodput));
  return out;
}

// The Pareto front over every design: the fastest plan of each GPU count of each design that
// passes the sweep's limits, kept when no other is as good on step time, cost and GPUs.
std::vector<an::Scored> Front(const SearchContext& ctx, const std::vector<an::SearchResult>& rs) {
  an::SearchResult pooled;
  for (size_t d = 0; d < rs.size() && d < ctx.designs.size(); ++d) {
    if (!ctx.designs[d].within_power) continue;
    for (const an::GpuCountBest& g : rs[d].by_gpus)
      for (const an::Scored& s : g.fastest)
        if (ctx.max_training_time <= 0 ||
            (s.training_time > 0 && s.training_time <= ctx.max_training_time)) {
          pooled.by_gpus.push_back({g.gpus, {s}});
          break;
        }
  }
  return an::ParetoFront(pooled);
}

std::string Text(const SearchContext& ctx, const std::vector<an::SearchResult>& rs) {
  const ir::Program& p = ctx.session.program;
  const ir::Plan& plan = p.plans[ctx.plan_index];
  an::SearchStats st;
  for (const auto& r : rs) SumStats(st, r.stats);
  const int k = ctx.options.top_k;
  std::vector<Ranked> ranked = RankDesigns(ctx, rs, k);
  std::vector<an::Scored> top;
  for (const auto& x : ranked) top.push_back(x.plan);
  std::string o = fmt::format("search: plan `{}` (model `{}`, cluster `{}`, {} GPUs for plans)\n",
                              plan.name, p.Get(plan.model).name, p.Get(plan.cluster).name,
                              FormatCount(double(ctx.base.cluster_gpus)));
  if (ctx.sweep)
    o += fmt::format("objective: {}; memory limit {:.0f} % of each design's HBM\n",
                     ObjectiveLabel(ctx.options.objective), 100 * ctx.headroom);
  else
    o += fmt::format("objective: {}; memory limit {} per GPU ({:.0f} % of {})\n",
                     ObjectiveLabel(ctx.options.objective),
                     People(ctx.options.memory_limit, ir::dims::kInfo), 100 * ctx.headroom,
                     People(ctx.base.hbm, ir::dims::kInfo));
  std::string rejected;
  for (size_t i = 0; i < st.rejected.size(); ++i)
    if (st.rejected[i])
      rejected += fmt::format("{}{} {}", rejected.empty() ? "" : ", ",
                              an::RejectName(an::Reject(i)), FormatCount(double(st.rejected[i])));
  o += fmt::format("space: {} GPU counts, {} layouts ({} rejected{}{}{}), {} candidates\n",
                   st.gpu_counts, FormatCount(double(st.layouts)),
                   FormatCount(double(st.layouts - st.work_units)), rejected.empty() ? "" : ": ",
                   rejected, "", FormatCount(double(st.candidates)));
  o += fmt::format(
      "        evaluated {} ({} fit, {} over memory); proven out: memory bound {}, step-time "
      "bound {}; {} probe evaluations\n",
      FormatCount(double(st.evaluated)), FormatCount(double(st.feasible)),
      FormatCount(double(st.over_memory)),
      FormatCount(double(st.pruned[size_t(an::Prune::kMemoryBound)])),
      FormatCount(double(st.pruned[size_t(an::Prune::kTimeBound)])),
      FormatCount(double(st.probes)));
  if (ctx.sweep) {
    o += fmt::format("\ndesigns of sweep `{}`: {}\n", ctx.request.sweep, ctx.designs.size());
    for (size_t d = 0; d < ctx.designs.size(); ++d) {
      const DesignContext& dc = ctx.designs[d];
      std::vector<Ranked> mine;
      for (const auto& x : RankDesigns(ctx, rs, int(ctx.designs.size()) * k))
        if (x.design == d) {
          mine.push_back(x);
          break;
        }
      std::string best =
          !dc.within_power ? "over the facility power limit"
          : mine.empty()
              ? "no plan fits the limits"
              : fmt::format("{} days, {}, step {}", Days(mine[0].plan), Money(mine[0].plan.cost),
                            People(mine[0].plan.step_time, ir::dims::kTime));
      o += fmt::format("  {:>3}  {:<40} {:>7} GPUs {:>9}  {}\n", d + 1, dc.label,
                       dc.cluster.usable_gpus, People(dc.cluster.power.facility, ir::dims::kPower),
                       best);
    }
  }
  if (top.empty()) {
    o += "\nno plan fits\n";
    return o;
  }
  o += fmt::format("\ntop {} by {}:\n", top.size(), ObjectiveLabel(ctx.options.objective));
  o += fmt::format(
      "{:>3} {:>6} {:>3} {:>3} {:>4} {:>5} {:>3} {:>3} {:>5} {:<9} {:<5} {:<7} {:<3} {:<5} "
      "{:>10} {:>9} {:>6} {:>7} {:>10} {:>9} {:>8}\n",
      "#", "GPUs", "tp", "cp", "pp", "dp", "ep", "vpp", "micro", "recompute", "zero", "reshard",
      "sp", "order", "mem/GPU", "step", "MFU", "days", "cost", "energy", "margin");
  auto row = [&](const std::string& rank, const an::Scored& s,
                 const an::Scored* next) -> std::string {
    const an::Candidate& c = s.c;
    return fmt::format(
        "{:>3} {:>6} {:>3} {:>3} {:>4} {:>5} {:>3} {:>3} {:>5} {:<9} {:<5} {:<7} {:<3} {:<5} "
        "{:>10} {:>9} {:>5.1f}% {:>7} {:>10} {:>9} {:>8}\n",
        rank, c.gpus, c.tp, c.cp, c.pp, c.Dp(), c.ep, c.vpp, c.micro, ir::EnumName(c.recompute),
        ir::EnumName(c.sharding), ReshardShort(c), c.sequence_parallel ? "on" : "off",
        OrderShort(c), People(s.memory, ir::dims::kInfo), People(s.step_time, ir::dims::kTime),
        100 * s.mfu, Days(s), Money(s.cost), Energy(s.energy), Margin(s, next));
  };
  for (size_t i = 0; i < top.size(); ++i) {
    o += row(std::to_string(i + 1), top[i], i + 1 < top.size() ? &top[i + 1] : nullptr);
    if (ctx.sweep)
      o += fmt::format("      on design {}: {}\n", ranked[i].design + 1,
                       ctx.designs[ranked[i].design].label);
  }
  std::vector<an::Scored> front = Front(ctx, rs);
  o += fmt::format("\nPareto front (step time vs {} vs GPUs): {} plans\n",
                   ctx.user.cost > 0 ? "cost" : "GPU-hours", front.size());
  for (const an::Scored& s : front)
    o += fmt::format("  {:>6} GPUs  step {:>9}  {:>10}  {:>7} days  {}\n", s.c.gpus,
                     People(s.step_time, ir::dims::kTime),
                     s.cost > 0 ? Money(s.cost) : FormatCount(s.gpu_hours / 3600) + " GPU-h",
                     Days(s), Layout(s.c));
  o += fmt::format("\nplan `{}` as written: {}\n", plan.name, Layout(ctx.user_candidate));
  if (ranked.front().design == 0 && ctx.designs[0].label == "as declared")
    for (const auto& line : Why(ctx, top.front())) o += "  " + line + "\n";
  else
    o += fmt::format("  the best plan runs on another design: {}\n",
                     ctx.designs[ranked.front().design].label);
  return o;
}

std::string Json(const SearchContext& ctx, const std::vector<an::SearchResult>& rs) {
  const ir::Program& p = ctx.session.program;
  const ir::Plan& plan = p.plans[ctx.plan_index];
  std::vector<Ranked> ranked = RankDesigns(ctx, rs, ctx.options.top_k);
  std::vector<an::Scored> top;
  for (const auto& x : ranked) top.push_back(x.plan);
  an::SearchStats st;
  for (const auto& r : rs) SumStats(st, r.stats);
  std::string o = "{\n";
  o += fmt::format("  \"clusterc_search\": {},\n", kSearchFormatVersion);
  o += fmt::format("  \"spec\": {},\n  \"plan\": {},\n  \"model\": {},\n  \"cluster\": {},\n",
                   JsonString(ctx.request.spec), JsonString(plan.name),
                   JsonString(p.Get(plan.model).name), JsonString(p.Get(plan.cluster).name));
  o += fmt::format("  \"objective\": \"{}\",\n  \"top_k\": {},\n",
                   ObjectiveName(ctx.options.objective), ctx.options.top_k);
  o += fmt::format("  \"cluster_gpus\": {},\n  \"memory_limit_bytes\": {},\n",
                   ctx.base.cluster_gpus, ctx.options.memory_limit);
  o += fmt::format("  \"sweep\": {},\n", ctx.sweep ? JsonString(ctx.request.sweep) : "null");
  o += "  \"stats\": " + StatsJson(st, "  ") + ",\n";
  o += "  \"designs\": [";
  for (size_t d = 0; d < ctx.designs.size(); ++d) {
    const DesignContext& dc = ctx.designs[d];
    o += fmt::format(
        "{}\n    {{\"design\": {}, \"label\": {}, \"gpus\": {}, \"facility_power_w\": {}, "
        "\"within_power\": {}, \"candidates\": {}}}",
        d ? "," : "", d, JsonString(dc.label), dc.cluster.usable_gpus, dc.cluster.power.facility,
        dc.within_power ? "true" : "false", rs[d].stats.candidates);
  }
  o += "\n  ],\n";
  o += "  \"top\": [";
  for (size_t i = 0; i < top.size(); ++i) {
    std::string margin =
        i + 1 < top.size() ? fmt::format("{}", top[i + 1].objective - top[i].objective) : "null";
    o += fmt::format(
        "{}\n    {{\"rank\": {}, \"design\": {}, \"margin_to_next\": {}, \"plan\": {}}}",
        i ? "," : "", i + 1, ranked[i].design, margin, ScoredJson(top[i]));
  }
  o += "\n  ],\n  \"pareto\": [";
  std::vector<an::Scored> front = Front(ctx, rs);
  for (size_t i = 0; i < front.size(); ++i)
    o += fmt::format("{}\n    {}", i ? "," : "", ScoredJson(front[i]));
  o += "\n  ],\n";
  o += "  \"user_plan\": " + ScoredJson(ctx.user) + ",\n";
  o += "  \"why\": [";
  if (!top.empty() && ranked.front().design == 0 && !ctx.sweep) {
    auto why = Why(ctx, top.front());
    for (size_t i = 0; i < why.size(); ++i) o += (i ? ", " : "") + JsonString(why[i]);
  }
  o += "]\n}\n";
  return o;
}

// A figure the search could not derive (no prices, no power figures, no token budget): an empty
// CSV field or JSON null, never a 0 a spreadsheet would sum.
std::string CsvKnown(double v) {
  return v > 0 ? fmt::format("{}", v) : std::string();
}
std::string JsonKnown(double v) {
  return v > 0 ? fmt::format("{}", v) : std::string("null");
}

std::string Csv(const SearchContext& ctx, const std::vector<an::SearchResult>& rs, int k) {
  std::string o =
      "rank,design,gpus,tp,cp,pp,dp,ep,vpp,micro,recompute,sharding,sequence_parallel,"
      "reshard_after_forward,rank_order,memory_bytes,step_time_s,mfu,training_time_s,gpu_hours,"
      "cost_usd,energy_j,objective\n";
  std::vector<Ranked> ranked = RankDesigns(ctx, rs, k);
  std::vector<an::Scored> top;
  for (const auto& x : ranked) top.push_back(x.plan);
  for (size_t i = 0; i < top.size(); ++i) {
    const an::Scored& s = top[i];
    const an::Candidate& c = s.c;
    o += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
                     i + 1, ranked[i].design, c.gpus, c.tp, c.cp, c.pp, c.Dp(), c.ep, c.vpp,
                     c.micro, ir::EnumName(c.recompute), ir::EnumName(c.sharding),
                     c.sequence_parallel ? "true" : "false", c.reshard ? "true" : "false",
                     ir::EnumName(c.rank_order), s.memory, s.step_time, s.mfu,
                     CsvKnown(s.training_time), CsvKnown(s.gpu_hours / 3600), CsvKnown(s.cost),
                     CsvKnown(s.energy), s.objective);
  }
  return o;
}

}  // namespace

std::string JsonString(const std::string& s) {
  std::string o = "\"";
  for (char ch : s) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\')
      o += std::string("\\") + ch;
    else if (c < 0x20)
      o += fmt::format("\\u{:04x}", c);
    else
      o += ch;
  }
  return o + "\"";
}

std::string StatsJson(const an::SearchStats& s, const std::string& indent) {
  std::string rejected, pruned;
  for (size_t i = 0; i < s.rejected.size(); ++i)
    rejected +=
        fmt::format("{}\"{}\": {}", i ? ", " : "", an::RejectName(an::Reject(i)), s.rejected[i]);
  for (size_t i = 0; i < s.pruned.size(); ++i)
    pruned += fmt::format("{}\"{}\": {}", i ? ", " : "", an::PruneName(an::Prune(i)), s.pruned[i]);
  std::string in = indent + "  ";
  return fmt::format(
      "{{\n{0}\"gpu_counts\": {1},\n{0}\"layouts\": {2},\n{0}\"layouts_rejected\": {{{3}}},\n"
      "{0}\"layouts_searched\": {4},\n{0}\"candidates\": {5},\n{0}\"evaluated\": {6},\n"
      "{0}\"feasible\": {7},\n{0}\"over_memory\": {8},\n{0}\"pruned\": {{{9}}},\n"
      "{0}\"probe_evaluations\": {10}\n{11}}}",
      in, s.gpu_counts, s.layouts, rejected, s.work_units, s.candidates, s.evaluated, s.feasible,
      s.over_memory, pruned, s.probes, indent);
}

std::string ScoredJson(const an::Scored& s) {
  return fmt::format(
      "{{{}, \"memory_bytes\": {}, \"step_time_s\": {}, \"mfu\": {}, \"training_time_s\": {}, "
      "\"gpu_seconds\": {}, \"cost_usd\": {}, \"energy_j\": {}, \"objective\": {}, \"fits\": {}}}",
      CandidateJsonFields(s.c), s.memory, s.step_time, s.mfu, JsonKnown(s.training_time),
      JsonKnown(s.gpu_hours), JsonKnown(s.cost), JsonKnown(s.energy), s.objective,
      s.feasible ? "true" : "false");
}

bool ParseStatsJson(const llvm::json::Object* o, an::SearchStats& s) {
  if (!o) return false;
  auto get = [&](const llvm::json::Object* obj, const char* key, uint64_t& v) {
    auto x = obj ? obj->getInteger(key) : llvm::None;
    if (!x || *x < 0) return false;
    v = uint64_t(*x);
    return true;
  };
  bool ok = get(o, "gpu_counts", s.gpu_counts) && get(o, "layouts", s.layouts) &&
            get(o, "layouts_searched", s.work_units) && get(o, "candidates", s.candidates) &&
            get(o, "evaluated", s.evaluated) && get(o, "feasible", s.feasible) &&
            get(o, "over_memory", s.over_memory) && get(o, "probe_evaluations", s.probes);
  const llvm::json::Object* rej = o->getObject("layouts_rejected");
  const llvm::json::Object* pr = o->getObject("pruned");
  for (size_t i = 0; ok && i < s.rejected.size(); ++i)
    ok = get(rej, an::RejectName(an::Reject(i)), s.rejected[i]);
  for (size_t i = 0; ok && i < s.pruned.size(); ++i)
    ok = get(pr, an::PruneName(an::Prune(i)), s.pruned[i]);
  return ok;
}

bool ParseScoredJson(const llvm::json::Object* o, an::Scored& s) {
  if (!o) return false;
  auto num = [&](const char* key, double& v) {
    auto x = o->getNumber(key);
    if (!x) return false;
    v = *x;
    return true;
  };
  // Figures written as null when unknown (JsonKnown) read back as 0, analysis' "unknown".
  auto known = [&](const char* key, double& v) {
    const llvm::json::Value* x = o->get(key);
    if (x && x->getAsNull()) {
      v = 0;
      return true;
    }
    return num(key, v);
  };
  auto integer = [&](const char* key, int64_t& v) {
    auto x = o->getInteger(key);
    if (!x || *x <= 0) return false;
    v = *x;
    return true;
  };
  an::Candidate& c = s.c;
  auto rc = o->getString("recompute"), sh = o->getString("sharding");
  auto sp = o->getBoolean("sequence_parallel"), fits = o->getBoolean("fits");
  auto reshard = o->getBoolean("reshard_after_forward");
  auto order = o->getString("rank_order");
  if (!integer("gpus", c.gpus) || !integer("tp", c.tp) || !integer("cp", c.cp) ||
      !integer("pp", c.pp) || !integer("ep", c.ep) || !integer("vpp", c.vpp) ||
      !integer("micro", c.micro) || !rc || !sh || !sp || !fits || !reshard || !order ||
      !ir::EnumFromName(rc->str(), c.recompute) || !ir::EnumFromName(sh->str(), c.sharding) ||
      !ir::EnumFromName(order->str(), c.rank_order) || c.gpus % (c.tp * c.cp * c.pp) != 0)
    return false;
  c.sequence_parallel = *sp;
  c.reshard = *reshard;
  s.feasible = *fits;
  return num("memory_bytes", s.memory) && num("step_time_s", s.step_time) && num("mfu", s.mfu) &&
         known("training_time_s", s.training_time) && known("gpu_seconds", s.gpu_hours) &&
         known("cost_usd", s.cost) && known("energy_j", s.energy) && num("objective", s.objective);
}

std::string RenderSearch(const SearchContext& ctx, const std::vector<an::SearchResult>& results,
                         const std::string& format) {
  if (format == "json") return Json(ctx, results);
  if (format == "csv") return Csv(ctx, results, ctx.options.top_k);
  return Text(ctx, results);
}

std::vector<Ranked> RankDesigns(const SearchContext& ctx,
                                const std::vector<an::SearchResult>& results, int k) {
  std::vector<Ranked> all;
  for (size_t d = 0; d < results.size() && d < ctx.designs.size(); ++d) {
    if (!ctx.designs[d].within_power) continue;
    for (const an::Scored& s : an::TopK(results[d], 1 << 20))
      if (ctx.max_training_time <= 0 ||
          (s.training_time > 0 && s.training_time <= ctx.max_training_time))
        all.push_back({d, s});
  }
  std::sort(all.begin(), all.end(), [](const Ranked& a, const Ranked& b) {
    if (a.plan.objective != b.plan.objective) return a.plan.objective < b.plan.objective;
    if (a.plan.step_time != b.plan.step_time) return a.plan.step_time < b.plan.step_time;
    if (a.design != b.design) return a.design < b.design;
    return an::CandidateBefore(a.plan.c, b.plan.c);
  });
  if (all.size() > size_t(std::max(1, k))) all.resize(size_t(std::max(1, k)));
  return all;
}

std::string PlanBlock(const SearchContext& ctx, const an::Scored& best, std::string& error) {
  const ir::Program& p = ctx.session.program;
  const ir::Plan& plan = p.plans[ctx.plan_index];
  const ir::Cluster& cluster = p.Get(plan.cluster);
  const an::Candidate& c = best.c;
  std::string o = fmt::format(
      "// clusterc search --plan {} --objective {}: the best plan ({} per GPU, step {}, "
      "MFU {:.1f} %)\n",
      plan.name, ObjectiveName(ctx.options.objective), People(best.memory, ir::dims::kInfo),
      People(best.step_time, ir::dims::kTime), 100 * best.mfu);
  std::string cluster_name = cluster.name;
  if (c.gpus != ctx.base.cluster_gpus) {
    // A partition of whole nodes: the plan's degrees must multiply to its cluster's GPUs.
    const ir::Node& node = p.Get(cluster.nodes.ref);
    int64_t per_node = ctx.cluster.gpus_per_node;
    if (per_node <= 0 || c.gpus % per_node != 0) {
      error = fmt::format("{} GPUs are not whole nodes of {} GPUs", c.gpus, per_node);
      return "";
    }
    if (node.range.file != p.main_file) {
      error = fmt::format("node `{}` is not declared in {}; a partition cluster cannot name it",
                          node.name, ctx.request.spec);
      return "";
    }
    cluster_name = fmt::format("{}_{}", cluster.name, c.gpus);
    o += fmt::format("cluster {} extends {} {{\n  nodes  = {} x {}\n  spares = 0\n}}\n\n",
                     cluster_name, cluster.name, c.gpus / per_node, node.name);
  }
  o += fmt::format("plan {}_best extends {} {{\n", plan.name, plan.name);
  if (cluster_name != cluster.name) o += fmt::format("  cluster   = {}\n", cluster_name);
  // The rank order and resharding only where they change the plan, and then always explicitly,
  // whatever plan NAME says.
  std::string order = c.pp > 1 && c.Dp() > 1
                          ? fmt::format("; rank_order = {}", ir::EnumName(c.rank_order))
                          : std::string();
  std::string reshard = c.sharding == ir::Sharding::zero3 || c.sharding == ir::Sharding::fsdp
                            ? fmt::format("; reshard_after_forward = {}", c.reshard)
                            : std::string();
  o += fmt::format(
      "  parallel  {{ tp = {}; cp = {}; pp = {}; dp = {}; ep = {}; vpp = {}; sequence_parallel = "
      "{}{} }}\n",
      c.tp, c.cp, c.pp, c.Dp(), c.ep, c.vpp, c.sequence_parallel ? "true" : "false", order);
  o += fmt::format("  batch     {{ global = {}; micro = {}; seq_len = {} }}\n", plan.batch.global,
                   c.micro, plan.batch.seq_len);
  o += fmt::format("  optimizer = {} {{ sharding = {}{} }}\n", ir::EnumName(plan.optimizer.kind),
                   ir::EnumName(c.sharding), reshard);
  o += fmt::format("  recompute = {}\n}}\n", ir::EnumName(c.recompute));
  return o;
}

}  // namespace clusterc
