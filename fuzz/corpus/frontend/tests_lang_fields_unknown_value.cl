// Tests field.unknown-value with "did you mean": enum words `bf61` and `selectiv`.
import std.models
plan p {
  model     = models.llama3_70b
  cluster   = c
  precision = bf61
  recompute = selectiv
  batch     { global = 1024; seq_len = 8192 }
}
cluster c { }
