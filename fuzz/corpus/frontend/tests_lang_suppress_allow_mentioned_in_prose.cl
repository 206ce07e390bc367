// Tests a comment that only mentions the directive in prose, e.g. "write clusterc: allow(code)":
// it is read as a directive and warns that `code` names no diagnostic code.
let x = 1
