#!/usr/bin/env bash
# OURS_CMD for ../shared/bench/run.sh: convert $CONTENT_DIR to our format and build it into
# $OUT_DIR. The conversion is an adapter (the harness's posts lack fields our schema requires),
# not generator work, so it runs only when the corpus or the shipped content changed since the
# last conversion (the harness writes the corpus once per invocation, before any timed run).
# When it runs, its time is part of the measured time.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tree="${BENCH_TREE:-$here/.bench/harness-content}"
stamp="$tree/.converted-from"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$CONTENT_DIR" ] || [ -n "$(find "$CONTENT_DIR" "$here/content" "$here/scripts/bench-content.mjs" -newer "$stamp" -print -quit)" ]; then
  "$here/node_modules/.bin/node" "$here/scripts/bench-content.mjs" "$CONTENT_DIR" "$tree"
  echo "$CONTENT_DIR" > "$stamp"
fi
# As `npx site` runs it: the program itself, with Node 24 first on PATH for its shebang.
export PATH="$here/node_modules/.bin:$PATH"
# --no-cache: the harness compares clean builds (bench.mjs reports our cached build apart).
exec "$here/bin/site.js" --content "$tree" build --out "$OUT_DIR" --no-cache > /dev/null
