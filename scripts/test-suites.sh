# Sourced by scripts/test.sh (`make test`, plain or sanitized): `run_test_suites KIND CMD…`
# runs every suite with `CMD… test --skip-build` (CMD is `swift`, or a function that adds a scratch path and
# sanitizer flags; KIND is plain, address or thread).
#
# Two runs still: everything but the end-to-end tests (TriptermTests), then those. No test blocks Swift's cooperative
# pool, and the tests whose outcome hangs on a wall-clock deadline run on threads of their own (docs/TESTING.md, "No
# blocking on the cooperative pool"), so the in-process suites pass in one run with everything else (2026-11-25).
# But in one full run here the gpsd end-to-end test (DriverCommandTests, gpsfake) never finished — every child
# process gone, no thread waiting on anything visible — while it passes alone in 11 s; until that is understood the
# end-to-end tests keep their own run (issue 23).
run_test_suites() {
  shift
  "$@" test --skip-build --skip TriptermTests
  "$@" test --skip-build --filter TriptermTests
}
