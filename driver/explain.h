// `clusterc explain`: every derived quantity of a spec, grouped, for people (text) and machines
// (JSON, exact SI values).
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "analysis/analysis.h"
#include "ir/ir.h"

namespace clusterc {

struct ExplainRow {
  std::string entity;  // "cluster colossus", "plan pretrain"
  std::string group;   // counts, fabric, power, memory, time, reliability, cost
  std::string name;    // stable key, e.g. "facility_power"
  std::string label;   // what a person reads, e.g. "facility power (IT x PUE)"
  ir::Quantity value;  // SI
  std::string unit;    // the JSON unit when it is not the dimension's SI unit ("GPU-h")
  std::string note;    // what the figure assumes, when it assumes something; usually empty
};

// Rows for every cluster of the main file and every plan (or only `plan`, when not empty, and
// its cluster).
std::vector<ExplainRow> ExplainRows(const ir::Program& program, const analysis::Results& results,
                                    const std::string& plan);

// A row's value as the text rendering shows it: `41 GiB`, `28.9 %`, `8.62 million GPU-hours`.
std::string ReadableValue(const ExplainRow& row);

// Error codes by entity ("plan pretrain" -> {"memory.exceeds-hbm"}): an entity with errors is
// infeasible, and explain says so before its figures. Empty: feasible.
using Verdicts = std::map<std::string, std::set<std::string>>;

// `errors` > 0 puts a NOT FEASIBLE line at the very top.
std::string RenderExplainText(const std::vector<ExplainRow>& rows, const Verdicts& verdicts = {},
                              size_t errors = 0);
std::string RenderExplainJson(const std::vector<ExplainRow>& rows, const std::string& spec,
                              const Verdicts& verdicts = {}, size_t errors = 0);

}  // namespace clusterc
