// Tests the `switch` block kind (a C++ keyword internally); the missing fields are named.
switch s { radix = 64 }
