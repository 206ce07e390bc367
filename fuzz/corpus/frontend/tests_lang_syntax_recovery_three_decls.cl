// Tests recovery: errors in three separate declarations are all reported.
let a = * 2
gpu g { memory = 80 GB memory_bandwidth }
let c = (1 + 2
let d = 4
