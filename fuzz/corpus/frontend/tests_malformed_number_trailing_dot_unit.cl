let x = 1. GB
