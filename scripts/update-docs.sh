#!/usr/bin/env bash
# Regenerates the generated parts of docs/ from the compiler's tables; review the diff.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${CLUSTERC:-build/clusterc}
"$bin" rules --format markdown > docs/rules.md
python_free_splice() {
  local begin='<!-- BEGIN GENERATED: clusterc reference -->' end='<!-- END GENERATED -->'
  { sed -n "1,/^${begin}\$/p" docs/language.md
    "$bin" reference
    sed -n "/^${end}\$/,\$p" docs/language.md; } > docs/language.md.tmp
  mv docs/language.md.tmp docs/language.md
}
python_free_splice
git diff --stat docs/ || true
