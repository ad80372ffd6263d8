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
  echo "[test] quick subset: typecheck, lint, domain, web components, the server's PGlite set (its own start, jobs, CLI and every line's money scenarios) on PGlite: under 5 minutes on 2 quiet cores; 'npm test' runs everything, TEST_PGLITE_ALL=1 every server file on PGlite"
  # The server's PGlite set (vitest.config.ts, PGLITE_WITH_POSTGRES), without PostgreSQL or the browser.
  unset TEST_DATABASE_URL
  export TEST_QUICK=1
  projects=(--project domain --project web --project web-mocks --project server)
else
  echo "[test] the whole suite as CI runs it (12–25 minutes on 2 quiet cores with TEST_DATABASE_URL, as CI, by the machine's speed); 'npm run test:quick' for the quick subset"
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
  # Three lanes of browser files beside the other tests (each lane a vitest of its own, one file at a
  # time: a file drives a server and Chromium and waits on them for much of its time):
  # - lane B from the start, beside the other tests (two files at a time on the two cores);
  # - lanes A1 and A2 once the other tests are done, side by side, so that neither core idles at the
  #   end (with one lane after them, a core sat idle for the last five minutes).
  # The lists are sized from the files' times (test-output/file-times-e2e-*.json): lane B carries
  # about as much as the other tests take plus what A1 and A2 each take after them, longest first.
  # All three serve one build of the web app, made here first.
  # (Session 20's clean clone, 700 s: other tests ended at 437 s, lanes A1/A2 took 151/165 s after
  # them, lane B 656 file-s: dual and earn-overview moved from B to A1 and A2 to even the ends.)
  E2E_B=(e2e/accessibility.test.ts e2e/admin-console.test.ts e2e/simple-earn.test.ts
    e2e/staking-wealth.test.ts e2e/shell.test.ts e2e/launch-pool.test.ts e2e/security.test.ts
    e2e/rewards.test.ts e2e/apr.test.ts e2e/proof-of-liabilities.test.ts
    e2e/csp.test.ts e2e/states.test.ts)
  E2E_A1=(e2e/lists.test.ts e2e/honest-numbers.test.ts e2e/dual.test.ts e2e/notifications.test.ts
    e2e/double-click.test.ts)
  E2E_A2=(e2e/links.test.ts e2e/staking.test.ts e2e/earn-overview.test.ts e2e/bundle-budget.test.ts)
  # Every browser file is in exactly one lane: a new file must be placed.
  for f in e2e/*.test.ts; do
    [[ " ${E2E_B[*]} ${E2E_A1[*]} ${E2E_A2[*]} " == *" $f "* ]] || {
      echo "[test] $f is in no browser lane: add it to E2E_B, E2E_A1 or E2E_A2 in scripts/test.sh"
      exit 1
    }
  done
  E2E_WEB_DIST="$(mktemp -d "${TMPDIR:-/tmp}/earn-web-dist-XXXXXX")"
  export E2E_WEB_DIST
  lane_pids=()
  # Each lane in its own process group (job control on for the command), so that a stop ends its
  # servers and browser too; its output is printed when it ends.
  lane() {
    local name=$1
    shift
    set -m
    (FILE_TIMES_OUT="test-output/file-times-e2e-$name.json" npx vitest run --project e2e "$@") \
      > "test-output/e2e-$name.log" 2>&1 &
    lane_pids+=($!)
    set +m
  }
  trap 'kill "$typecheck_pid" 2>/dev/null; for p in "${lane_pids[@]}"; do kill -- "-$p" 2>/dev/null; done; rm -rf "$E2E_WEB_DIST"' EXIT
  t_build=$(date +%s)
  (cd apps/web && NODE_ENV=production node ../../node_modules/vite/bin/vite.js build --outDir "$E2E_WEB_DIST" --emptyOutDir) > test-output/web-build.log 2>&1 \
    || { echo "[test] web build failed"; cat test-output/web-build.log; exit 1; }
  stamp "web build (for the browser files)" "$t_build"
  lane B "${E2E_B[@]}"
  # Kept in a file too: CI shows only the end of what a run prints, so the failures are listed again last.
  npx vitest run --project '!e2e' 2>&1 | tee test-output/tests.log
  tests_rc=${PIPESTATUS[0]}
  stamp "tests (all but the browser)" "$t_tests"
  lane A1 "${E2E_A1[@]}"
  lane A2 "${E2E_A2[@]}"
  for i in "${!lane_pids[@]}"; do
    wait "${lane_pids[$i]}"
    rc=$?
    name=$([ "$i" -eq 0 ] && echo B || echo "A$i")
    cat "test-output/e2e-$name.log"
    stamp "browser lane $name" "$t_tests"
    [ "$rc" -eq 0 ] || tests_rc=$rc
  done
fi
stamp tests "$t_tests"
if [ "$tests_rc" -ne 0 ]; then
  # What failed, again at the end (without colours): the test's file and name, and its first lines.
  echo "[test] FAILED tests (from test-output/*.log):"
  sed 's/\x1b\[[0-9;]*m//g' test-output/*.log 2>/dev/null | grep -E '^ *(FAIL|×) ' | sort -u | head -40
fi

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
