// The orders of the pipeline schedules the ASTRA-sim traces run beyond Megatron's 1F1B
// (astra_sim.cpp): DualPipe (DeepSeek-V3 report section 3.2.1; deepseek-ai/DualPipe 3da1bbe,
// dualpipe/dualpipe.py DualPipe.step), whose rank i holds stage i of the direction whose
// micro-batches enter at rank 0 (direction 0) and stage pp - 1 - i of the one whose micro-batches
// enter at rank pp - 1 (direction 1), each direction half the step's micro-batches; and
// zero-bubble ZB-H1 (Qi et al. 2024, "Zero Bubble Pipeline Parallelism", ICLR, section 3.1):
// 1F1B's order with each backward's weight gradients run apart, later.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "backends/astra_sim/groups.h"
#include "backends/astra_sim/passes.h"
#include "backends/astra_sim/slice.h"
#include "backends/astra_sim/trace_writer.h"
#include "backends/sim/plan_shape.h"

namespace clusterc::backends::astra {

// One entry of a rank's order: a pass of a micro-batch through its stage, or a pipeline message.
struct ScheduledPass {
  enum class Kind {
    kRecvForward,   // this direction's activations from the stage before
    kRecvBackward,  // this direction's gradients from the stage after
    kForward,
    kBackward,
    kWeight,  // the weight gradients a kBackward deferred (zero bubble)
    kSendForward,
    kSendBackward,
  };
  Kind kind = Kind::kForward;
  int direction = 0;           // 0 or 1 (above)
  int64_t micro_batch = 0;     // of the direction's, 0 .. m / 2 - 1
  bool defer_weights = false;  // kBackward: its weight gradients wait for a later kWeight
  bool paired = false;  // kForward/kBackward: one half of an overlapped forward-backward pair
};

// Whether DualPipe runs pp stages on m micro-batches: it asserts an even pp and an even m of at
// least 2 pp (DualPipe.step).
bool DualPipeRuns(int64_t pp, int64_t m);

// The ops of pipeline rank `rank` of `pp` for one step of `m` micro-batches, in DualPipe.step's
// order; receives and sends to no stage (the first stage's input, the last stage's output) are
// left out. Receives stand where DualPipe posts them: its next batch of communication waits for
// them (_commit_and_wait_comm) before the next compute.
std::vector<ScheduledPass> DualPipeSchedule(int64_t rank, int64_t pp, int64_t m);

// Whether the traces run the plan's step in DualPipe's order: it states `schedule = dualpipe`,
// DualPipe runs its pipeline (DualPipeRuns), without interleaving and without ZeRO-3/FSDP's
// per-micro-batch gathers (which the traces tie to a stage's 1F1B order). Else they run 1F1B
// and say so (sim.not-represented).
bool WritesDualPipe(const sim::PlanShape& s);

// ZB-H1's order of pipeline stage `stage` of `pp` for `m` micro-batches, as ScheduledPass kForward,
// kBackward (each deferring its weight gradients) and kWeight, direction 0 (no sends or
// receives: 1F1B's, where they stand). 1F1B's forwards and backwards; after each backward the
// stage runs the oldest deferred weight passes while more than `stage` wait, the rest after its
// last backward. Replayed, that is the paper's (p - 1)(F + B - W) bubble, B the backward without
// its weight pass W, and 1F1B's activations in flight (test_astra_pipeline_orders.cpp).
std::vector<ScheduledPass> ZeroBubbleSchedule(int64_t stage, int64_t pp, int64_t m);

// Whether the traces run the plan's step in ZB-H1's order: it states `schedule = zero_bubble`,
// runs a pipeline without interleaving (vpp 1) and without ZeRO-3/FSDP's per-micro-batch
// collectives. Else they run 1F1B and say so.
bool WritesZeroBubble(const sim::PlanShape& s);

// Why a DualPipe or zero-bubble plan's traces run 1F1B instead, as a clause (" (DualPipe
// needs ...)"); empty for 1F1B and where they run the plan's schedule.
std::string ScheduleUnwritten(const sim::PlanShape& s);

enum class DualPipeEvent {
  kFirstForwardDone,  // after the step's first forward
  kLastGradients,     // before the pass that completes the step's last weight gradients
};

// Writes pipeline rank p's step in DualPipe's order: `blocks0` the layers of its stage p
// (direction 0), `blocks1` those of stage pp - 1 - p (direction 1); `peer(q)` the rank at
// pipeline position q beside it; `event` hooks the data-parallel collectives in.
// A direction-d micro-batch j is the step's micro-batch d m / 2 + j (its pipeline tags).
void WriteDualPipe(TraceWriter& w, const sim::PlanShape& s, const Slice& sl, const Groups& g,
                   int64_t r, int64_t p, const std::vector<Block>& blocks0,
                   const std::vector<Block>& blocks1, const std::function<int64_t(int64_t)>& peer,
                   const std::function<void(DualPipeEvent)>& event);

}  // namespace clusterc::backends::astra
