#!/bin/bash
# The HTML report in a real browser: Debian's chromium renders the Colossus report headless.
#
#   report_browser.sh CLUSTERC SOURCE_DIR BINARY_DIR
#
# Checks that the page loads with no console message, that every chart <svg> reaches the DOM
# with content, that the page attempts no network request (the DOM holds no http(s) reference
# and Chromium's net log shows no request beyond Chromium's own background services), and that
# the screenshot is non-trivial. Keeps the screenshot at BINARY_DIR/artifacts/colossus-report.png.
# Without chromium: exit 77 (skipped), or fail when CI is set (CI must run this test).
set -u

clusterc=$1
source_dir=$2
binary_dir=$3

fail() {
  echo "report_browser: FAIL: $*" >&2
  exit 1
}

browser=""
for candidate in chromium chromium-browser google-chrome; do
  if command -v "$candidate" >/dev/null 2>&1; then
    browser=$(command -v "$candidate")
    break
  fi
done
if [ -z "$browser" ]; then
  if [ -n "${CI:-}" ]; then
    fail "chromium is not installed (CI is set: scripts/test.sh installs it)"
  fi
  echo "report_browser: chromium not found; skipped"
  exit 77
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$clusterc" build "$source_dir/examples/colossus.cl" -o "$work/out" --emit report --quiet ||
  fail "clusterc build failed"
html="$work/out/report/report.html"
[ -s "$html" ] || fail "no report.html"

flags=(--headless --no-sandbox --disable-gpu --disable-background-networking
  --disable-component-update --disable-sync --no-first-run --disable-quic
  --enable-logging=stderr --v=0)

# 1. The DOM after load, with the console and the network logged.
timeout 120 "$browser" "${flags[@]}" --user-data-dir="$(mktemp -d -p "$work")" \
  --log-net-log="$work/net.json" --dump-dom "file://$html" >"$work/dom.html" 2>"$work/dom.log" ||
  fail "chromium --dump-dom failed: $(tail -5 "$work/dom.log")"

# 2. The screenshot.
mkdir -p "$binary_dir/artifacts"
png="$binary_dir/artifacts/colossus-report.png"
rm -f "$png"
timeout 120 "$browser" "${flags[@]}" --user-data-dir="$(mktemp -d -p "$work")" \
  --hide-scrollbars --window-size=1280,4000 --screenshot="$png" "file://$html" \
  >"$work/shot.out" 2>"$work/shot.log" ||
  fail "chromium --screenshot failed: $(tail -5 "$work/shot.log")"

# No console output at all: the page has no scripts, so any message is an error.
if grep -E "CONSOLE|Uncaught" "$work/dom.log" "$work/shot.log"; then
  fail "the page logged to the console"
fi

# The DOM holds the whole report and every chart with content.
grep -q "<main>" "$work/dom.html" || fail "the DOM has no <main>"
grep -q 'id="diagnostics"' "$work/dom.html" || fail "the DOM lacks the diagnostics section"
source_charts=$(grep -o "<svg " "$html" | wc -l)
dom_charts=$(grep -o "<svg " "$work/dom.html" | wc -l)
closed=$(grep -o "</svg>" "$work/dom.html" | wc -l)
[ "$source_charts" -ge 6 ] || fail "only $source_charts charts in report.html"
[ "$dom_charts" -eq "$source_charts" ] || fail "$dom_charts of $source_charts charts in the DOM"
[ "$closed" -eq "$dom_charts" ] || fail "unbalanced <svg> in the DOM"
if tr -d '\n' <"$work/dom.html" | grep -Eq '<svg[^>]*>(<title>[^<]*</title>)?</svg>'; then
  fail "an empty chart"
fi
with_shapes=$(tr -d '\n' <"$work/dom.html" | sed 's#</svg>#</svg>\n#g' | grep -c '<svg .*<\(rect\|line\|path\)')
[ "$with_shapes" -eq "$dom_charts" ] || fail "$with_shapes of $dom_charts charts draw shapes"

# No external reference in the DOM and no request by the page.
if grep -Eio '(src|href)="[a-z]+://[^"]*"' "$work/dom.html" | grep -Ev '="file://'; then
  fail "the DOM refers to a network resource"
fi
if grep -Ei 'url\((["'"'"']?)(https?:)?//' "$work/dom.html"; then
  fail "the style sheet refers to a network resource"
fi
# Chromium's own background services (time, updates, accounts) are not the page's doing.
requests=$(grep -o '"url":"[a-z]*://[^"]*"' "$work/net.json" 2>/dev/null | sort -u |
  grep -Ev '"url":"(file|data|chrome|chrome-extension|about)://' |
  grep -Ev '://([a-z0-9.-]+\.)?(google\.com|googleapis\.com|gstatic\.com|gvt1\.com)[/:]' || true)
if [ -n "$requests" ]; then
  echo "$requests" >&2
  fail "the page attempted network requests"
fi

# A real rendering, not a blank page.
[ -f "$png" ] || fail "no screenshot"
size=$(stat -c %s "$png")
[ "$size" -gt 20480 ] || fail "screenshot is only $size bytes"

echo "report_browser: ok: $source_charts charts rendered; screenshot $png ($size bytes)"
