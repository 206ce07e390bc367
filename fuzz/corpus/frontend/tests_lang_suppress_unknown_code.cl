// Tests suppress.unknown-code: `allow` names no code; a close code is suggested. A warning: exit 0.
// clusterc: allow(require.faild)
require 1 < 2 : "one is less than two"
