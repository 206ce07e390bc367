// Tests GB (10^9 bytes) against GiB (2^30 bytes): 80 GiB is more than 80 GB; the note shows both.
require 80 GiB <= 80 GB : "80 GiB fits in 80 GB"
