// model.moe-groups: group-limited routing needs groups that divide the experts and, among the
// chosen groups, at least top_k experts; the two fields go together.
model uneven {
  layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000
  moe { experts = 60; top_k = 4; groups = 8; top_groups = 2 }
}
model too_few {
  layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000
  moe { experts = 64; top_k = 8; groups = 16; top_groups = 1 }
}
model alone {
  layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000
  moe { experts = 64; top_k = 8; groups = 8 }
}
model fine {
  layers = 4; hidden = 1024; ffn = 4096; heads = 8; vocab = 32_000
  moe { experts = 256; top_k = 8; groups = 8; top_groups = 4 }
}
