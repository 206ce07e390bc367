// Tests units.mismatch: adding bandwidth to information; both operands are labelled.
let a = 80 GB + 3 TB/s
