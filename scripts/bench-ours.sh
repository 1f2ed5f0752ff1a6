#!/usr/bin/env bash
# OURS_CMD for ../shared/bench/run.sh: convert $CONTENT_DIR to our format (cached, only changed
# files rewritten) and build it into $OUT_DIR. Conversion time is part of the measured time.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tree="${BENCH_TREE:-$here/.bench/harness-content}"
"$here/node_modules/.bin/node" "$here/scripts/bench-content.mjs" "$CONTENT_DIR" "$tree"
exec "$here/node_modules/.bin/node" "$here/bin/site.js" --content "$tree" build --out "$OUT_DIR" > /dev/null
