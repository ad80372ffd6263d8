#!/usr/bin/env bash
# `npm test` (the whole suite, as CI runs it) and `npm run test:quick` (typecheck, lint, domain, web
# components and the server on PGlite). Typecheck runs beside the tests, not before them; each stage
# prints its time. Figures in the README ("Test it") were measured on the 2-core machine CI runs on.
set -uo pipefail
cd "$(dirname "$0")/.."
mode="${1:-full}"
start=$(date +%s)
stamp() { echo "[test] $1: $(( $(date +%s) - $2 )) s"; }

if [ "$mode" = quick ]; then
  echo "[test] quick subset: typecheck, lint, domain, web components, the server on PGlite (about 10 minutes on 2 quiet cores); 'npm test' runs everything"
  # The server's own tests on PGlite, without PostgreSQL or the browser.
  unset TEST_DATABASE_URL
  projects=(--project domain --project web --project server)
else
  echo "[test] the whole suite as CI runs it (about 30 minutes on 2 quiet cores with TEST_DATABASE_URL, as CI); 'npm run test:quick' for the quick subset"
  projects=()
fi
node --version | sed 's/^/[test] node /'

mkdir -p test-output
t=$(date +%s)
npm run -s typecheck > test-output/typecheck.log 2>&1 &
typecheck_pid=$!
# The typecheck is stopped by its own process id whatever happens to the tests.
trap 'kill "$typecheck_pid" 2>/dev/null' EXIT

t_lint=$(date +%s)
npm run -s lint || { echo "[test] lint failed"; exit 1; }
stamp lint "$t_lint"

t_tests=$(date +%s)
npx vitest run "${projects[@]}"
tests_rc=$?
stamp tests "$t_tests"

wait "$typecheck_pid"
typecheck_rc=$?
trap - EXIT
if [ "$typecheck_rc" -ne 0 ]; then
  cat test-output/typecheck.log
  echo "[test] typecheck failed"
fi
stamp "typecheck (beside the tests)" "$t"
stamp total "$start"
[ "$tests_rc" -eq 0 ] && [ "$typecheck_rc" -eq 0 ]
