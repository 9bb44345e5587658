# Sourced by scripts/test.sh (`make test`, plain or sanitized): `run_test_suites KIND CMD…`
# runs every suite with `CMD… test --skip-build` (CMD is `swift`, or a function that adds a scratch path and
# sanitizer flags; KIND is plain, address or thread).
#
# One run, every suite at once — what a contributor's `swift test` runs. No test blocks Swift's cooperative pool
# (child processes go through swift-subprocess; BlockingCallsTests keeps it so) and the tests whose outcome hangs on
# a wall-clock deadline run on threads of their own (docs/TESTING.md, "No blocking on the cooperative pool"). Until
# 2026-11-26 the end-to-end tests ran apart, because a wait on Foundation's Process could hang for ever in a full run.
run_test_suites() {
  shift
  "$@" test --skip-build
}
