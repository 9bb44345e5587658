# Sourced by scripts/test.sh (`make test`, plain or sanitized): `run_test_suites CMD…`
# runs every suite with `CMD… test --skip-build` (CMD is `swift`, or a function that adds a scratch path and
# sanitizer flags).
#
# Two runs: the end-to-end tests (TriptermTests, whose child processes — servers, full-speed replays, a rider polling
# every 5 ms — keep both cores busy), then everything else. No test blocks Swift's cooperative pool any more
# (docs/TESTING.md, "No blocking on the cooperative pool"), so each half runs all its suites at once; what the split
# still buys is CPU for the in-process fault tests, whose proxies answer on the test process's two pool threads:
# with every suite at once, FaultCatalogueTests' "close mid-body" was seen to outlast its 30 s timeout there.
run_test_suites() {
  "$@" test --skip-build --skip TriptermTests
  "$@" test --skip-build --filter TriptermTests
}
