// Tests field.unknown-value: `batch` takes `batch { ... }`; another block word (`adm`) is refused.
import std.models
plan p {
  model     = models.llama3_70b
  cluster   = models.llama3_70b
  batch     = adm { global = 1024; seq_len = 8192 }
}
