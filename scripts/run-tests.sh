#!/usr/bin/env bash
# `make test`'s suites (scripts/test-suites.sh), on the everyday build in .build.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/test-suites.sh
run_test_suites "${SWIFT:-swift}"
