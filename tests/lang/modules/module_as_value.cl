// Tests a module used where a cluster is expected: the message says it is a module and
// suggests the cluster of the same name inside it.
import std.models
import "imports/selene.cl"

plan p {
  model = models.llama3_8b
  cluster = selene
  parallel { tp = 8; dp = 4 }
  batch { global = 64; seq_len = 8192 }
}
