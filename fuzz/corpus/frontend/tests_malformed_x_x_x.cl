x x x
