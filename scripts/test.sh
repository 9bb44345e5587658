#!/usr/bin/env bash
# `test.sh [plain|address|thread] [swift test arguments]` is `make test` (SANITIZER= picks the build). It builds the
# tests — into .build, or under AddressSanitizer into .build-asan (shared with the fuzzers), or under
# ThreadSanitizer into .build-tsan — then runs every suite in one `swift test` run, the command a contributor types,
# and the conformance test against that build's tripterm (and, on the plain build, scripts/check-install.sh). With
# swift test arguments (e.g. --filter) it runs only those, once. docs/TESTING.md.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/sanitizer-build.sh

plain_swift() { "$SWIFT" "$@"; }

# Sanitizer reports go to files, one per process that has one (log_path), because the end-to-end tests run
# tripterm inside tmux, where its stderr is lost with the pane; they are printed at the end and fail the run.
reports=""
show_reports() {
  local status=$1 files
  shopt -s nullglob
  files=("$reports"/report.*)
  if [ ${#files[@]} -gt 0 ]; then
    echo "test.sh: sanitizer reports from ${#files[@]} process(es):" >&2
    for file in "${files[@]}"; do echo "== $file" >&2; cat "$file" >&2; done
    exit 1
  fi
  exit "$status"
}

kind=${1:-plain}
[ $# -gt 0 ] && shift
case "$kind" in
  plain) build=plain_swift ;;
  address)
    build=asan_swift
    sanitized=1
    reports="$PWD/$ASAN_SCRATCH/sanitizer-reports"
    # halt_on_error: the first report fails the run. LeakSanitizer runs at the exit of the test process and of
    # every tripterm the tests start (they inherit these options), minus the dependencies' known leaks. Swift's
    # own crash backtracer is itself flagged by ASan.
    export ASAN_OPTIONS="halt_on_error=1:log_path=$reports/report${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
    export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
    export SWIFT_BACKTRACE=enable=no
    ;;
  thread)
    build=tsan_swift
    sanitized=1
    reports="$PWD/$TSAN_SCRATCH/sanitizer-reports"
    # suppressions: reports inside dependencies whose ordering TSan cannot see (the file says which and why).
    export TSAN_OPTIONS="halt_on_error=1:log_path=$reports/report:suppressions=$PWD/scripts/tsan-suppressions.txt${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
    ;;
  *) echo "test.sh: expected plain, address or thread, not $kind" >&2; exit 2 ;;
esac

# Everything the tests and the processes they start write to the temporary directory (servers' databases, keys,
# recordings, tmux sockets) goes under one directory of this run's, removed when the run ends, pass or fail.
# tmux's servers put their sockets there too (TMUX_TMPDIR), so that a test process that crashed cannot leave its
# sessions — and the tripterm processes in them — running after the run: they are stopped here, with any process
# still using the directory (a server a crashed test had started on a database there).
run_tmp=$(mktemp -d "${TMPDIR:-/tmp}/tripterm-test.XXXXXX")
export TMPDIR="$run_tmp" TMUX_TMPDIR="$run_tmp"
finish() {
  local status=$? socket
  for socket in "$run_tmp"/tmux-*/*; do
    [ -S "$socket" ] && tmux -S "$socket" kill-server 2>/dev/null || true
  done
  pkill -KILL -f -- "$run_tmp" 2>/dev/null || true
  rm -rf "$run_tmp"
  if [ -n "$reports" ]; then show_reports "$status"; fi
  exit "$status"
}
trap finish EXIT
if [ -n "$reports" ]; then
  rm -rf "$reports"
  mkdir -p "$reports"
fi
# Under a sanitizer every test costs several times the CPU, and Swift Testing's default of twice as many tests at
# once as cores (four here, each with its in-process servers and child processes) starved in-process servers for
# longer than their clients' deadlines; two at a time keeps each test's timing close to a plain run's.
if [ -n "${sanitized:-}" ]; then
  export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH="${SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH:-2}"
fi
# The formatter's lint first: it takes seconds, and a finding is as much a failure as a red test.
SWIFT="$SWIFT" ./scripts/format.sh --lint
# Then the docs' line limits (docs/TESTING.md): the reference docs must not grow back into logs.
./scripts/lint-docs.sh
# Each target may import only the package's targets it declares (SwiftPM's check; DeclaredImportsTests checks
# libraries and direct declarations too).
"$build" build --build-tests --explicit-target-dependency-import-check error
if [ $# -gt 0 ]; then
  "$build" test --skip-build "$@"
else
  # One run for every build, the kill -9 trials and the end-to-end tests included: nothing blocks the cooperative
  # pool, what the wall clock decides runs off it, and the tests count rather than bet on the machine's speed
  # (docs/TESTING.md, "No blocking on the cooperative pool"; ten runs in a row passed under each build).
  "$build" test --skip-build
  TRIPTERM_BIN="$("$build" build --show-bin-path)/tripterm" SWIFT="$SWIFT" ./Tests/conformance/run.sh
  if [ "$kind" = plain ]; then
    SWIFT="$SWIFT" ./scripts/check-install.sh
  fi
fi
