require 1 < 2 : why
