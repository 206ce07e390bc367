// ARGS: check --format json %s
// Tests an allow comment: the failed require below is in the JSON with "suppressed": true; exit 0.
let x = 5
// clusterc: allow(require.failed)
require x < 1 : "x is small"
