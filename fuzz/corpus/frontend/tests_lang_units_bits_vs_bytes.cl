// Tests Gb (bits) against GB (bytes): 400 Gb/s is 50 GB/s, so this requirement fails.
require 400 Gb/s >= 400 GB/s : "a 400 Gb/s NIC moves 400 GB/s"
