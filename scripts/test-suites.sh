# Sourced by scripts/test.sh (`make test`, plain or sanitized): `run_test_suites KIND CMD…`
# runs every suite with `CMD… test --skip-build` (CMD is `swift`, or a function that adds a scratch path and
# sanitizer flags; KIND is plain, address or thread).
#
# The plain build: every suite in one run — what a contributor's `swift test` runs — the kill -9 trials included. No
# test blocks Swift's cooperative pool (child processes go through swift-subprocess; BlockingCallsTests keeps it so),
# the tests whose outcome hangs on a wall-clock deadline run on threads of their own, and the soaks judge recovery by
# polls, not seconds (docs/TESTING.md, "No blocking on the cooperative pool"). Ten runs in a row passed on two cores
# (2026-11-27).
#
# Under a sanitizer: two runs, the end-to-end tests (TriptermTests) apart. Nothing hangs there either, but a build
# two to ten times slower with every suite at once keeps the pool busy past the deadlines the product keeps (seen
# under ASan: a tmux wait and a demo screen late, 2026-11-26; a one-line token command past its 30 s, in both single
# runs of 2026-11-27). Apart, each run has the machine to itself.
run_test_suites() {
  local kind=$1
  shift
  if [ "$kind" = plain ]; then
    "$@" test --skip-build
  else
    "$@" test --skip-build --skip TriptermTests
    "$@" test --skip-build --filter TriptermTests
  fi
}
