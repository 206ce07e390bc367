// Tests that `allow` of another code does not suppress the error.
// clusterc: allow(units.unknown)
require 1 > 2 : "one is more than two"
