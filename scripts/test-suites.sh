# Sourced by scripts/test.sh (`make test`, plain or sanitized): `run_test_suites CMD…`
# runs every suite with `CMD… test --skip-build` (CMD is `swift`, or a function that adds a scratch path and
# sanitizer flags).
#
# Four runs, not one: the end-to-end tests (TriptermTests) wait on tmux and child processes, and those waits hold
# threads of Swift's cooperative pool (two on two cores) that in-process servers need — run together, their
# requests time out for want of a thread. So the end-to-end tests that talk to an in-process server (the rider's
# command tests and its TUI fault soak) run in runs of their own.
in_process_e2e='RiderCommandTests|RiderFaultSoakTests'

run_test_suites() {
  "$@" test --skip-build --skip TriptermTests
  "$@" test --skip-build --filter TriptermTests --skip "$in_process_e2e"
  "$@" test --skip-build --filter RiderCommandTests
  "$@" test --skip-build --filter RiderFaultSoakTests
}
