#!/usr/bin/env bash
# `sanitize.sh address|thread`: builds and runs the tests under AddressSanitizer (.build-asan, shared with the
# fuzzers) or ThreadSanitizer (.build-tsan). Extra arguments go to `swift test` (e.g. --filter). docs/TESTING.md.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/sanitizer-build.sh
source scripts/test-suites.sh

# `run_or_all CMD [swift test arguments]`: those arguments (e.g. --filter), or every suite as `make test` runs them.
run_or_all() {
  local command=$1
  shift
  if [ $# -gt 0 ]; then "$command" test --skip-build "$@"; else run_test_suites "$command"; fi
}

kind=${1:?usage: sanitize.sh address|thread [swift test arguments]}
shift
case "$kind" in
  address)
    asan_swift build --build-tests
    # halt_on_error: the first report fails the run. LeakSanitizer runs at the exit of the test process and of
    # every tripterm the tests start (they inherit these options), minus the dependencies' known leaks.
    ASAN_OPTIONS="halt_on_error=1:${ASAN_OPTIONS:-}" \
      LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
      SWIFT_BACKTRACE=enable=no run_or_all asan_swift "$@"
    ;;
  thread)
    tsan_swift build --build-tests
    TSAN_OPTIONS="halt_on_error=1:${TSAN_OPTIONS:-}" run_or_all tsan_swift "$@"
    ;;
  *) echo "sanitize.sh: expected address or thread, not $kind" >&2; exit 2 ;;
esac
