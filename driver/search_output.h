// What `clusterc search` prints: text, JSON (versioned, docs/search-format.md) and CSV renderings
// of a search result, the JSON pieces shard files share, and the `plan` block --emit-plan writes.
#pragma once

#include <string>

#include "analysis/search.h"
#include "analysis/sweep.h"
#include "diag/source.h"
#include "driver/session.h"
#include "llvm/Support/JSON.h"

namespace clusterc {

inline constexpr int kSearchFormatVersion = 1;

// What was asked: the command line, or what a shard file recorded of it.
struct SearchRequest {
  std::string spec, root, plan, sweep, objective = "time", vary, fix, gpus;
  int top = 10;
  int jobs = 1;
  int shard = 0, shards = 1;
};

// One design of a sweep (or the plan's own cluster): the search runs once per design.
struct DesignContext {
  std::string label;
  analysis::PlanInputs base;
  analysis::SearchSpace space;
  analysis::SearchOptions options;
  analysis::ClusterResults cluster;
  bool within_power = true;
};

// A plan of the answer and the design it runs on.
struct Ranked {
  size_t design = 0;
  analysis::Scored plan;
};

// The compiled spec and the search it sets up.
struct SearchContext {
  SearchRequest request;
  SourceManager sources;
  Session session;
  uint32_t plan_index = 0;
  analysis::PlanInputs base;
  analysis::ClusterResults cluster;
  analysis::SearchSpace space;
  analysis::SearchOptions options;
  analysis::Candidate user_candidate;
  analysis::Scored user;  // the plan as written
  double headroom = 0.9;
  std::string fingerprint;
  std::vector<DesignContext> designs;  // one, the plan's cluster, without a sweep
  bool sweep = false;
  double max_training_time = 0;  // s; 0: no limit (sweep)
};

// The top K over every design: within the sweep's limits, by objective, step time, design order
// and candidate order.
std::vector<Ranked> RankDesigns(const SearchContext& ctx,
                                const std::vector<analysis::SearchResult>& results, int k);

std::string JsonString(const std::string& s);
std::string StatsJson(const analysis::SearchStats& s, const std::string& indent);
std::string ScoredJson(const analysis::Scored& s);
bool ParseStatsJson(const llvm::json::Object* o, analysis::SearchStats& s);
bool ParseScoredJson(const llvm::json::Object* o, analysis::Scored& s);

// The answer in `format` (text, json or csv).
std::string RenderSearch(const SearchContext& ctx,
                         const std::vector<analysis::SearchResult>& results,
                         const std::string& format);

// `best` as a plan block (and, when it uses fewer GPUs, the partition cluster it runs on) that
// extends the searched plan, for appending to the spec. Sets `error` when it cannot be written.
std::string PlanBlock(const SearchContext& ctx, const analysis::Scored& best, std::string& error);

}  // namespace clusterc
