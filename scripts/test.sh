#!/usr/bin/env bash
# `npm test` after scripts/ensure-deps.sh: every check. Typecheck and lint run side by side; then
# the vitest projects (one test file per core); then the browser tests in their own vitest run (with
# their own local stack: two stacks cannot share one vitest process; a file per core), after the
# others, because Chromium's timings would suffer beside a loaded machine's other runs; then
# Stryker. Exits non-zero when any phase failed; nothing is skipped because another phase failed,
# except the test runs after a typecheck or lint failure.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
export AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
started=$SECONDS
phase() { echo "npm test: $1 ($((SECONDS - started)) s)"; }
failed=()

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
  phase 'browser tests (e2e)'
  vitest run --project e2e || failed+=(e2e)
  phase 'Stryker (incremental)'
  stryker run --incremental || failed+=(stryker)
fi

if [ ${#failed[@]} -ne 0 ]; then
  phase "failed: ${failed[*]}"
  exit 1
fi
phase 'all passed'
