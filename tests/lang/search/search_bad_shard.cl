// ARGS: search --merge %s
// Tests search.bad-shard: a spec is not a shard file; nothing is merged (exit code 2).
let x = 1
