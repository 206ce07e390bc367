#include "backends/astra_sim/pipeline_orders.h"

#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <string>
#include <utility>

#include "backends/astra_sim/trace_size.h"

namespace clusterc::backends::astra {

namespace {

using Kind = ScheduledPass::Kind;

// DualPipe.step's bookkeeping: a phase is local (0 or 1 as step() names it); the second half of
// the ranks swaps it for the direction (`phase ^= self.is_in_second_half`). Each direction
// counts its forwards, backwards, sends and receives, first in first out, as DualPipe's lists
// do; the weight gradients a zero-bubble backward defers wait in WeightGradStore's queue.
class Builder {
 public:
  Builder(int64_t rank, int64_t pp) : rank_(rank), pp_(pp), second_half_(rank >= pp / 2) {}

  void RecvForward(int phase) {
    const int d = Direction(phase);
    if (!FirstStage(d)) Emit(Kind::kRecvForward, d, recv_f_[d]++);
  }
  void RecvBackward(int phase) {
    const int d = Direction(phase);
    if (!LastStage(d)) Emit(Kind::kRecvBackward, d, recv_b_[d]++);
  }
  void SendForward(int phase) {
    const int d = Direction(phase);
    if (!LastStage(d)) Emit(Kind::kSendForward, d, send_f_[d]++);
  }
  void SendBackward(int phase) {
    const int d = Direction(phase);
    if (!FirstStage(d)) Emit(Kind::kSendBackward, d, send_b_[d]++);
  }

  // _forward_chunk, _backward_chunk, _forward_backward_chunk and _weight_chunk.
  void ForwardChunk(int phase, bool recv = true, bool send = true) {
    if (recv) RecvForward(phase);
    Forward(phase, false);
    if (send) SendForward(phase);
  }
  void BackwardChunk(int phase, bool zero_bubble = false, bool recv = true, bool send = true) {
    if (recv) RecvBackward(phase);
    Backward(phase, zero_bubble, false);
    if (send) SendBackward(phase);
  }
  // One forward beside another micro-batch's backward (DeepSeek-V3 figure 4): their
  // communication hides behind each other's compute.
  void ForwardBackwardChunk(int phase0, int phase1, bool recv0 = true) {
    if (recv0) RecvForward(phase0);
    RecvBackward(phase1);
    Forward(phase0, true);
    Backward(phase1, false, true);
    SendForward(phase0);
    SendBackward(phase1);
  }
  void WeightChunk() {
    if (deferred_.empty()) return;
    ScheduledPass op = deferred_.front();
    deferred_.pop_front();
    op.kind = Kind::kWeight;
    op.defer_weights = op.paired = false;
    ops_.push_back(op);
  }

  std::vector<ScheduledPass> Take() { return std::move(ops_); }

 private:
  int Direction(int phase) const { return phase ^ (second_half_ ? 1 : 0); }
  bool FirstStage(int d) const { return d == 0 ? rank_ == 0 : rank_ == pp_ - 1; }
  bool LastStage(int d) const { return d == 0 ? rank_ == pp_ - 1 : rank_ == 0; }

  void Emit(Kind kind, int d, int64_t micro_batch, bool defer = false, bool paired = false) {
    ScheduledPass op;
    op.kind = kind;
    op.direction = d;
    op.micro_batch = micro_batch;
    op.defer_weights = defer;
    op.paired = paired;
    ops_.push_back(op);
  }
  void Forward(int phase, bool paired) {
    const int d = Direction(phase);
    Emit(Kind::kForward, d, forward_[d]++, false, paired);
  }
  void Backward(int phase, bool zero_bubble, bool paired) {
    const int d = Direction(phase);
    Emit(Kind::kBackward, d, backward_[d]++, zero_bubble, paired);
    if (zero_bubble) deferred_.push_back(ops_.back());
  }

  int64_t rank_, pp_;
  bool second_half_;
  int64_t forward_[2] = {0, 0}, backward_[2] = {0, 0};
  int64_t recv_f_[2] = {0, 0}, recv_b_[2] = {0, 0}, send_f_[2] = {0, 0}, send_b_[2] = {0, 0};
  std::deque<ScheduledPass> deferred_;
  std::vector<ScheduledPass> ops_;
};

}  // namespace

bool DualPipeRuns(int64_t pp, int64_t m) {
  return pp >= 2 && pp % 2 == 0 && m % 2 == 0 && m >= 2 * pp;
}

std::vector<ScheduledPass> DualPipeSchedule(int64_t rank, int64_t pp, int64_t m) {
  if (!DualPipeRuns(pp, m) || rank < 0 || rank >= pp) return {};
  Builder b(rank, pp);
  const int64_t half_ranks = pp / 2, half_rank = std::min(rank, pp - 1 - rank);
  const int64_t half_chunks = m / 2;
  const bool middle = rank == half_ranks - 1 || rank == half_ranks;

  // Step 1: nF0.
  for (int64_t i = 0; i < (half_ranks - half_rank - 1) * 2; ++i) b.ForwardChunk(0);
  // Step 2: nF0F1.
  const int64_t step_2 = half_rank + 1;
  b.RecvForward(0);
  for (int64_t i = 0; i < step_2; ++i) {
    b.ForwardChunk(0, false, middle);
    b.RecvForward(0);
    b.ForwardChunk(1, true, !middle || i < step_2 - 1);
    if (!middle) b.SendForward(0);
  }
  // Step 3: nB1W1F1, the backward's weight gradients deferred (zero bubble).
  for (int64_t i = 0; i < half_ranks - half_rank - 1; ++i) {
    b.BackwardChunk(1, true);
    b.RecvForward(1);
    b.WeightChunk();
    b.ForwardChunk(1, false);
  }
  // Step 4, the main step: nF0B1F1B0. The middle ranks run their first pair apart ("We don't
  // overlap these two chunks to further reduce bubble size").
  for (int64_t i = 0; i < half_chunks - pp + half_rank + 1; ++i) {
    if (i == 0 && middle) {
      b.ForwardChunk(0, false, false);
      b.SendForward(1);
      b.BackwardChunk(1, false, true, false);
      b.SendForward(0);
      b.SendBackward(1);
    } else {
      b.ForwardBackwardChunk(0, 1, i > 0);
    }
    b.ForwardBackwardChunk(1, 0);
  }
  // Step 5: nB1F1B0.
  for (int64_t i = 0; i < half_ranks - half_rank - 1; ++i) {
    b.BackwardChunk(1);
    b.ForwardBackwardChunk(1, 0);
  }
  // Step 6: nB1B0, the second half of them deferring their weight gradients.
  bool zero_bubble = false;
  for (int64_t i = 0; i < step_2; ++i) {
    if (i == step_2 / 2 && half_rank % 2 == 1) zero_bubble = true;
    b.BackwardChunk(1, zero_bubble);
    if (i == step_2 / 2 && half_rank % 2 == 0) zero_bubble = true;
    b.BackwardChunk(0, zero_bubble);
  }
  // Step 7: nWB0.
  for (int64_t i = 0; i < half_ranks - half_rank - 1; ++i) {
    b.WeightChunk();
    b.BackwardChunk(0, true);
  }
  // Step 8: nW.
  for (int64_t i = 0; i < step_2; ++i) b.WeightChunk();
  return b.Take();
}

std::vector<ScheduledPass> ZeroBubbleSchedule(int64_t stage, int64_t pp, int64_t m) {
  std::vector<ScheduledPass> ops;
  if (pp < 1 || m < 1 || stage < 0 || stage >= pp) return ops;
  auto op = [&](Kind kind, int64_t micro_batch) {
    ScheduledPass o;
    o.kind = kind;
    o.micro_batch = micro_batch;
    o.defer_weights = kind == Kind::kBackward;
    ops.push_back(o);
  };
  std::deque<int64_t> waiting;  // micro-batches whose weight passes wait
  auto backward = [&](int64_t micro_batch, size_t keep) {
    op(Kind::kBackward, micro_batch);
    waiting.push_back(micro_batch);
    while (waiting.size() > keep) {
      op(Kind::kWeight, waiting.front());
      waiting.pop_front();
    }
  };
  const int64_t warmup = std::min(m, pp - stage - 1);
  for (int64_t i = 0; i < warmup; ++i) op(Kind::kForward, i);
  for (int64_t i = 0; i < m - warmup; ++i) {
    op(Kind::kForward, warmup + i);
    backward(i, size_t(stage));
  }
  for (int64_t i = m - warmup; i < m; ++i) backward(i, size_t(stage));
  for (int64_t micro_batch : waiting) op(Kind::kWeight, micro_batch);
  return ops;
}

bool WritesZeroBubble(const sim::PlanShape& s) {
  if (s.in == nullptr) return false;
  const auto& in = *s.in;
  return in.schedule == ir::Schedule::zero_bubble && s.pp > 1 && EffectiveVpp(s) == 1 &&
         in.sharding != ir::Sharding::zero3 && in.sharding != ir::Sharding::fsdp;
}

bool WritesDualPipe(const sim::PlanShape& s) {
  if (s.in == nullptr) return false;
  const auto& in = *s.in;
  return in.schedule == ir::Schedule::dualpipe && DualPipeRuns(s.pp, s.micro_batches) &&
         EffectiveVpp(s) == 1 && in.sharding != ir::Sharding::zero3 &&
         in.sharding != ir::Sharding::fsdp;
}

std::string ScheduleUnwritten(const sim::PlanShape& s) {
  const auto& in = *s.in;
  const bool dualpipe = in.schedule == ir::Schedule::dualpipe;
  if ((!dualpipe && in.schedule != ir::Schedule::zero_bubble) || WritesDualPipe(s) ||
      WritesZeroBubble(s) || s.pp <= 1)
    return "";
  if (dualpipe && !DualPipeRuns(s.pp, s.micro_batches))
    return fmt::format(
        " (DualPipe needs an even pipeline and an even count of at least 2 pp micro-batches; "
        "pp {}, {} micro-batches)",
        s.pp, s.micro_batches);
  if (EffectiveVpp(s) > 1) return " (not written interleaved: vpp > 1)";
  return fmt::format(" (not written with {}'s collectives per micro-batch)",
                     ir::EnumName(in.sharding));
}

void WriteDualPipe(TraceWriter& w, const sim::PlanShape& s, const Slice& sl, const Groups& g,
                   int64_t r, int64_t p, const std::vector<Block>& blocks0,
                   const std::vector<Block>& blocks1, const std::function<int64_t(int64_t)>& peer,
                   const std::function<void(DualPipeEvent)>& event) {
  const int64_t pp = s.pp, m = s.micro_batches;
  const std::vector<ScheduledPass> ops = DualPipeSchedule(p, pp, m);
  // The pass that completes the last weight gradients: a weight pass, or a backward that keeps
  // its own.
  size_t last_gradients = 0;
  for (size_t i = 0; i < ops.size(); ++i)
    if (ops[i].kind == ScheduledPass::Kind::kWeight ||
        (ops[i].kind == ScheduledPass::Kind::kBackward && !ops[i].defer_weights))
      last_gradients = i;
  bool forwarded = false;
  // Under ep_comm_overlap a paired forward and the backward after it are written interleaved
  // (PairedPasses); their receives come before and their sends after them in `ops`.
  const bool interleave = s.in->ep_comm_overlap;
  for (size_t i = 0; i < ops.size(); ++i) {
    const ScheduledPass& op = ops[i];
    const int d = op.direction;
    const int64_t mb = d * (m / 2) + op.micro_batch;
    const int64_t stage = d == 0 ? p : pp - 1 - p;
    const std::vector<Block>& blocks = d == 0 ? blocks0 : blocks1;
    // Direction 0 flows from rank p - 1 to p + 1, direction 1 the other way.
    const int64_t before = d == 0 ? p - 1 : p + 1, after = d == 0 ? p + 1 : p - 1;
    auto tag = [&](size_t k) { return fmt::format(".{}.{}.{}", mb, d, k); };
    if (i == last_gradients) event(DualPipeEvent::kLastGradients);
    switch (op.kind) {
      case ScheduledPass::Kind::kRecvForward:
        w.Recv(fmt::format("ra.{}.{}", mb, d), peer(before), Tag(mb, 0, 1, false));
        break;
      case ScheduledPass::Kind::kRecvBackward:
        w.Recv(fmt::format("rg.{}.{}", mb, d), peer(after), Tag(mb, 0, 1, true));
        break;
      case ScheduledPass::Kind::kSendForward:
        w.Send(fmt::format("sa.{}.{}", mb, d), peer(after), Tag(mb, 0, 1, false));
        break;
      case ScheduledPass::Kind::kSendBackward:
        w.Send(fmt::format("sg.{}.{}", mb, d), peer(before), Tag(mb, 0, 1, true));
        break;
      case ScheduledPass::Kind::kForward:
        if (interleave && op.paired && i + 1 < ops.size() &&
            ops[i + 1].kind == ScheduledPass::Kind::kBackward && ops[i + 1].paired) {
          const ScheduledPass& back = ops[++i];
          const int bd = back.direction;
          const int64_t back_mb = bd * (m / 2) + back.micro_batch;
          if (i == last_gradients) event(DualPipeEvent::kLastGradients);
          if ((bd == 0 ? p : pp - 1 - p) == pp - 1)
            w.Comp(fmt::format("b.head.{}", back_mb), s.head_bwd);
          PairedPasses(w, s, sl, g, r, blocks, fmt::format(".{}.{}", mb, d),
                       bd == 0 ? blocks0 : blocks1, fmt::format(".{}.{}", back_mb, bd),
                       back.defer_weights);
          if (stage == pp - 1) w.Comp(fmt::format("f.head.{}", mb), s.head_fwd);
          if (s.grad_accumulation > 0)
            w.Comp(fmt::format("b.accum.{}.{}", back_mb, bd), s.grad_accumulation);
          if (!forwarded) event(DualPipeEvent::kFirstForwardDone);
          forwarded = true;
          break;
        }
        for (size_t k = 0; k < blocks.size(); ++k)
          Forward(w, s, sl, g, r, blocks[k], tag(k), false, op.paired);
        // The LM head and loss follow the last layer (analysis::HeadTime).
        if (stage == pp - 1) w.Comp(fmt::format("f.head.{}", mb), s.head_fwd);
        if (!forwarded) event(DualPipeEvent::kFirstForwardDone);
        forwarded = true;
        break;
      case ScheduledPass::Kind::kBackward:
        if (stage == pp - 1) w.Comp(fmt::format("b.head.{}", mb), s.head_bwd);
        for (size_t k = blocks.size(); k-- > 0;)
          Backward(w, s, sl, g, r, blocks[k], tag(k), op.paired, op.defer_weights);
        // Unfused accumulation: analysis' per micro-batch pass, over the rank's mean stage.
        if (s.grad_accumulation > 0)
          w.Comp(fmt::format("b.accum.{}.{}", mb, d), s.grad_accumulation);
        break;
      case ScheduledPass::Kind::kWeight:
        for (size_t k = blocks.size(); k-- > 0;) WeightGradients(w, s, blocks[k], tag(k));
        break;
    }
  }
}

}  // namespace clusterc::backends::astra
