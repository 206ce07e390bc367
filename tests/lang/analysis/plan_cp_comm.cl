// `parallel { cp_comm }`: how context parallelism exchanges attention inputs. Ulysses
// (`all_to_all`) gives each context-parallel rank whole heads, so every tensor-parallel rank's
// query and KV heads must divide by cp: Llama 3 70B's 64 query and 8 KV heads over tp 8 leave 1
// KV head a rank, which cp 2 cannot split (plan.indivisible); at cp 16 neither the 8 query heads
// nor the KV head divide. The ring and Llama 3's all-gather split the sequence instead and are
// clean; Ulysses at tp 4 (2 KV heads a rank) with cp 2 is clean too.
import std.nvidia
import std.models
import std.cooling

site s { pue = 1.2; cooling = cooling.direct_liquid }
node hgx {
  gpus = 8 x nvidia.H100_SXM5
  scale_up = nvidia.NVLink4
  nics = 8 x nvidia.ConnectX7
}
fabric ndr {
  kind = infiniband_ndr
  topology = fat_tree { tiers = 2; rails = 8 }
  switch = nvidia.Quantum2_QM9700
}
cluster c { site = s; nodes = 16 x hgx; racks = rack { nodes = 4 }; fabric = ndr }
plan ring {
  model = models.llama3_70b
  cluster = c
  parallel { tp = 8; pp = 4; cp = 2; dp = 2 }
  batch { global = 64; micro = 1; seq_len = 32_768 }
  optimizer = adam { sharding = zero1 }
  recompute = full
}
plan gathered extends ring { parallel { tp = 8; pp = 4; cp = 2; dp = 2; cp_comm = all_gather } }
plan ulysses extends ring { parallel { tp = 4; pp = 8; vpp = 2; cp = 2; dp = 2; cp_comm = all_to_all } }
plan ulysses_kv extends ring { parallel { tp = 8; pp = 4; cp = 2; dp = 2; cp_comm = all_to_all } }
plan ulysses_heads extends ring {
  parallel { tp = 8; pp = 1; cp = 16; dp = 1; cp_comm = all_to_all }
  batch { global = 16; micro = 1; seq_len = 131_072 }
}
