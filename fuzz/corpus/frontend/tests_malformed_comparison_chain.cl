require 1 < 2 < 3 : "chain"
