#!/usr/bin/env bash
# `npm test` after scripts/ensure-deps.sh: every check, with what can overlap run side by side on a
# two-core machine. The browser tests (their own vitest run, with their own local stack: two stacks
# cannot share one vitest process) start first in the background and spend most of their time
# waiting on Chromium and the stack; meanwhile typecheck and lint run side by side, then the other
# vitest projects, then Stryker. The browser run's output is printed in one piece when it ends, so
# the runs' lines never interleave. Exits non-zero when any phase failed; nothing is skipped
# because another phase failed, except the vitest projects after a typecheck or lint failure.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
export AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
started=$SECONDS
phase() { echo "npm test: $1 ($((SECONDS - started)) s)"; }
failed=()

phase 'browser tests (e2e) started in the background'
vitest run --project e2e >"$logs/e2e" 2>&1 &
e2e=$!

phase 'typecheck and lint'
npm run --silent typecheck >"$logs/typecheck" 2>&1 &
typecheck=$!
npm run --silent lint >"$logs/lint" 2>&1 &
lint=$!
for name in typecheck lint; do
  pid=${!name}
  if wait "$pid"; then phase "$name passed"; else failed+=("$name"); fi
  cat "$logs/$name"
done

if [ ${#failed[@]} -eq 0 ]; then
  phase 'vitest: unit, integration, web, infra, bench'
  vitest run --project unit --project integration --project web --project infra --project bench || failed+=(vitest)
  phase 'Stryker (incremental)'
  stryker run --incremental || failed+=(stryker)
fi

phase 'waiting for the browser tests'
wait "$e2e" || failed+=(e2e)
cat "$logs/e2e"

if [ ${#failed[@]} -ne 0 ]; then
  phase "failed: ${failed[*]}"
  exit 1
fi
phase 'all passed'
