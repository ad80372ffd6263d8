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
  projects=(--project domain --project web --project web-mocks --project server)
else
  echo "[test] the whole suite as CI runs it (about 45 minutes on 2 quiet cores with TEST_DATABASE_URL, as CI); 'npm run test:quick' for the quick subset"
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
if [ "$mode" = quick ]; then
  npx vitest run "${projects[@]}"
  tests_rc=$?
else
  # Two streams side by side. Stream 1: everything but the browser files (two files at a time), then
  # the browser files of E2E_AFTER. Stream 2, from the start: the other browser files, one at a time
  # (each drives a server and Chromium, and waits on them for much of its time). With all browser
  # files in stream 2, it ran for twice as long as stream 1 and left a core idle at the end; the
  # files after the others even the two out (their times are in test-output/file-times-e2e-*.json).
  # Both browser runs serve one build of the web app, made here first.
  E2E_AFTER=(e2e/links.test.ts e2e/lists.test.ts e2e/staking.test.ts e2e/states.test.ts e2e/csp.test.ts)
  e2e_beside=()
  for f in e2e/*.test.ts; do
    [[ " ${E2E_AFTER[*]} " == *" $f "* ]] || e2e_beside+=("$f")
  done
  E2E_WEB_DIST="$(mktemp -d "${TMPDIR:-/tmp}/earn-web-dist-XXXXXX")"
  export E2E_WEB_DIST
  # Stream 2 in its own process group (job control on for the one command), so that a stop ends its
  # servers and browser too. It builds the app first; stream 1 reaches its browser files much later.
  set -m
  (
    t_build=$(date +%s)
    (cd apps/web && NODE_ENV=production node ../../node_modules/vite/bin/vite.js build --outDir "$E2E_WEB_DIST" --emptyOutDir) > test-output/web-build.log 2>&1 \
      || { echo "[test] web build failed"; cat test-output/web-build.log; exit 1; }
    stamp "web build (for the browser files)" "$t_build"
    FILE_TIMES_OUT=test-output/file-times-e2e-beside.json npx vitest run --project e2e "${e2e_beside[@]}"
  ) > test-output/e2e.log 2>&1 &
  e2e_pid=$!
  set +m
  trap 'kill "$typecheck_pid" 2>/dev/null; kill -- "-$e2e_pid" 2>/dev/null; rm -rf "$E2E_WEB_DIST"' EXIT
  npx vitest run --project '!e2e'
  tests_rc=$?
  stamp "tests (all but the browser)" "$t_tests"
  for _ in $(seq 1 600); do
    [ -f "$E2E_WEB_DIST/index.html" ] || ! kill -0 "$e2e_pid" 2>/dev/null && break
    sleep 1
  done
  FILE_TIMES_OUT=test-output/file-times-e2e-after.json npx vitest run --project e2e "${E2E_AFTER[@]}"
  after_rc=$?
  stamp "browser tests after the others" "$t_tests"
  [ "$after_rc" -eq 0 ] || tests_rc=$after_rc
  wait "$e2e_pid"
  e2e_rc=$?
  cat test-output/e2e.log
  stamp "browser tests (beside the others)" "$t_tests"
  [ "$e2e_rc" -eq 0 ] || tests_rc=$e2e_rc
fi
stamp tests "$t_tests"

wait "$typecheck_pid"
typecheck_rc=$?
trap - EXIT
[ -n "${E2E_WEB_DIST:-}" ] && rm -rf "$E2E_WEB_DIST"
if [ "$typecheck_rc" -ne 0 ]; then
  cat test-output/typecheck.log
  echo "[test] typecheck failed"
fi
stamp "typecheck (beside the tests)" "$t"
stamp total "$start"
[ "$tests_rc" -eq 0 ] && [ "$typecheck_rc" -eq 0 ]
