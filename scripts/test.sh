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
  vitest run --project unit --project integration --project web --project infra --project bench 2>&1 |
    tee "$logs/vitest" || failed+=(vitest)
  phase 'browser tests (e2e)'
  vitest run --project e2e 2>&1 | tee "$logs/e2e" || failed+=(e2e)
  phase 'Stryker (incremental)'
  stryker run --incremental || failed+=(stryker)
  # Stryker's threshold holds the overall score; every rule file must also reach the floor alone.
  tsx scripts/mutation-floor.ts || failed+=(mutation-floor)
fi

# Stryker's report is long and CI keeps only the end of the output: say again what failed, and which
# browser tests passed only on their retry (vitest.config.ts), so a flake is seen even when green.
for name in vitest e2e; do
  [ -f "$logs/$name" ] || continue
  grep -a '^flaky: ' "$logs/$name"
  if [[ " ${failed[*]} " == *" $name "* ]]; then
    echo "npm test: $name failures (again):"
    sed 's/\x1b\[[0-9;]*m//g' "$logs/$name" | sed -n '/Failed Tests\|Unhandled Error/,$p' | head -300
  fi
done

if [ ${#failed[@]} -ne 0 ]; then
  phase "failed: ${failed[*]}"
  exit 1
fi
phase 'all passed'
