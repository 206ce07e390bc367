let r = 1 GB:2
