// The model's own rules: shapes and encodings a model declares that contradict each other. They
// read the typed IR only; strings and allocation live here, never in the evaluators.
#include <fmt/format.h>

#include <string>
#include <string_view>

#include "analysis/analysis.h"
#include "analysis/rule_text.h"

namespace clusterc::analysis {

using namespace text;  // Count: how rules write numbers

namespace {

// `model { position; rope_fraction; rope_base; rope_scaling }`: a fraction, base or stretch of
// nothing rotated, a stretch's settings without the stretch, or MLA's own rotation contradicted.
void CheckModelPosition(const ir::Model& m, DiagnosticSink& sink) {
  const bool layernorm = m.norm == ir::Norm::layernorm;
  // A fraction of 1, the default, rotates whole heads and contradicts nothing.
  const bool partial = m.rope_fraction < 1;
  if (m.has_mla &&
      (m.position == ir::Position::learned || m.position == ir::Position::alibi || partial)) {
    const std::string_view field = partial ? "rope_fraction" : "position";
    auto d = MakeDiagnostic(DiagCode::ModelPosition, m.FieldRange(field),
                            fmt::format("model `{}` sets `{}` beside `mla`", m.name, field));
    d.Label(m.FieldRange("mla"), "multi-head latent attention rotates its `rope_dim`");
    d.Note("state the rotated width as `mla { rope_dim }` and drop this");
    sink.Report(std::move(d));
    return;
  }
  const bool rotary =
      m.position == ir::Position::rope || (m.position == ir::Position::by_norm && !layernorm);
  if (!rotary && partial) {
    auto d = MakeDiagnostic(
        DiagCode::ModelPosition, m.FieldRange("rope_fraction"),
        fmt::format("model `{}` sets `rope_fraction` without rotary positions", m.name));
    if (m.HasField("position"))
      d.Label(m.FieldRange("position"), "positions that do not rotate");
    else
      d.Label(m.FieldRange("norm"), "a LayerNorm model learns its positions by default");
    d.Note(
        "state `position = rope` (Nemotron, GPT-NeoX: LayerNorm with rotary embeddings), or "
        "drop `rope_fraction`");
    sink.Report(std::move(d));
    return;
  }
  // The rotary embeddings' base and stretch: only where something rotates, and a stretch's
  // settings only beside a stretch.
  static constexpr std::string_view kRotaryFields[] = {
      "rope_base", "rope_scaling", "rope_scaling_factor", "rope_original_context"};
  if (!rotary && !m.has_mla) {
    for (std::string_view field : kRotaryFields) {
      if (!m.HasField(field)) continue;
      auto d = MakeDiagnostic(
          DiagCode::ModelPosition, m.FieldRange(field),
          fmt::format("model `{}` sets `{}` without rotary positions", m.name, field));
      if (m.HasField("position"))
        d.Label(m.FieldRange("position"), "positions that do not rotate");
      else
        d.Label(m.FieldRange("norm"), "a LayerNorm model learns its positions by default");
      d.Note(fmt::format("state `position = rope`, or drop `{}`", field));
      sink.Report(std::move(d));
      return;
    }
  }
  for (std::string_view field : {"rope_scaling_factor", "rope_original_context"}) {
    if (!m.HasField(field) || m.rope_scaling != ir::RopeScaling::none) continue;
    auto d =
        MakeDiagnostic(DiagCode::ModelPosition, m.FieldRange(field),
                       fmt::format("model `{}` sets `{}` without `rope_scaling`", m.name, field));
    d.Note(
        fmt::format("state the stretch it belongs to (`rope_scaling = yarn` or `llama3`), or "
                    "drop `{}`",
                    field));
    sink.Report(std::move(d));
    return;
  }
  // Megatron-LM's llama3 scaling (apply_rope_scaling) fixes Llama 3.1's original 8,192 tokens.
  if (m.rope_scaling == ir::RopeScaling::llama3 && m.HasField("rope_original_context")) {
    auto d = MakeDiagnostic(
        DiagCode::ModelPosition, m.FieldRange("rope_original_context"),
        fmt::format("model `{}` sets `rope_original_context` beside `rope_scaling = llama3`",
                    m.name));
    d.Label(m.FieldRange("rope_scaling"), "Llama 3.1's scaling, its original context fixed");
    d.Note(
        "Megatron-LM's llama3 scaling takes only a factor (--rope-scaling-factor) and keeps "
        "Llama 3.1's original 8,192 tokens; drop `rope_original_context`, or state `rope_scaling "
        "= yarn`");
    sink.Report(std::move(d));
  }
}

}  // namespace

void CheckModel(const ir::Program& p, uint32_t index, DiagnosticSink& sink) {
  const ir::Model& m = p.models[index];
  if (m.has_mla && m.head_dim > 0) {
    auto d = MakeDiagnostic(DiagCode::ModelHeadDimWithMla, m.FieldRange("head_dim"),
                            fmt::format("model `{}` sets `head_dim` beside `mla`", m.name));
    d.Label(m.FieldRange("mla"), "the latent attention's own widths");
    d.Note("set the widths inside `mla { head_dim; rope_dim; v_head_dim }` and drop this one");
    sink.Report(std::move(d));
  }
  if (m.full_attention_every > 0 && m.attention_window <= 0) {
    auto d = MakeDiagnostic(DiagCode::ModelAttentionWindow, m.FieldRange("full_attention_every"),
                            fmt::format("model `{}` sets `full_attention_every` without "
                                        "`attention_window`",
                                        m.name));
    d.Note("set the window the other layers attend to (`attention_window = 4096`), or drop this");
    sink.Report(std::move(d));
  }
  if (m.has_mla && m.attention_window > 0) {
    auto d = MakeDiagnostic(DiagCode::ModelAttentionWindow, m.FieldRange("attention_window"),
                            fmt::format("model `{}` sets `attention_window` beside `mla`", m.name));
    d.Label(m.FieldRange("mla"), "multi-head latent attention");
    d.Note("the step model's windowed kernels are grouped-query attention's; drop the window");
    sink.Report(std::move(d));
  }
  CheckModelPosition(m, sink);
  if (!m.has_moe) return;
  const ir::Moe& moe = m.moe;
  if (moe.clamped_activation && m.activation != ir::Activation::swiglu) {
    auto d = MakeDiagnostic(
        DiagCode::ModelClampedActivation, m.FieldRange("moe"),
        fmt::format("model `{}` clamps the experts' activation, which has no gate", m.name));
    d.Label(m.FieldRange("activation"), "an activation without a gate");
    d.Note(
        "Megatron-Core clamps the halves of a gated activation only; drop `clamped_activation` "
        "or state `activation = swiglu`");
    sink.Report(std::move(d));
  }
  if (moe.groups <= 0 && moe.top_groups <= 0) return;
  std::string why;
  if (moe.groups <= 0 || moe.top_groups <= 0)
    why = "`groups` and `top_groups` go together";
  else if (moe.experts % moe.groups != 0)
    why = fmt::format("{} experts do not split into {} equal groups", moe.experts, moe.groups);
  else if (moe.top_groups > moe.groups)
    why = fmt::format("top_groups = {} is more than the {} groups", moe.top_groups, moe.groups);
  else if (moe.top_groups * (moe.experts / moe.groups) < moe.top_k)
    why = fmt::format("{} of {} experts hold fewer than top_k = {}", Count(moe.top_groups, "group"),
                      moe.experts / moe.groups, moe.top_k);
  if (why.empty()) return;
  auto d = MakeDiagnostic(DiagCode::ModelMoeGroups, m.FieldRange("moe"),
                          fmt::format("model `{}`: {}", m.name, why));
  d.Note(
      "a token's top_k experts are chosen within its best `top_groups` of `groups` equal groups");
  sink.Report(std::move(d));
}

}  // namespace clusterc::analysis
