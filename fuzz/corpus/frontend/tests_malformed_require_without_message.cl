require 1 < 2
