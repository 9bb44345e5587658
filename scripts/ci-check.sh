#!/usr/bin/env bash
# `ci-check.sh [rotation|all|bench-build|asan|tsan]`: the checks too long to run all together on every CI run
# (docs/TESTING.md, "In CI"). Each needs a cold build of its own — the benchmarks in release, the stack under
# AddressSanitizer (with the fuzzers), the stack under ThreadSanitizer — and with `make test` the three come to about
# 50 minutes on two cores, against CI's budget of 30. So CI runs `rotation`: one of them, in turn by the number of
# commits on HEAD (CI_CHECK overrides), and every one runs at least every third landing. `all` runs the three.
set -euo pipefail
cd "$(dirname "$0")/.."
checks=(bench-build asan tsan)

run() {
  echo "ci-check: $1"
  case "$1" in
    bench-build) make bench-build ;;
    asan) make sanitize-address fuzz ;;
    tsan) make sanitize-thread ;;
    *) echo "ci-check: expected one of ${checks[*]}, rotation or all, not $1" >&2; exit 2 ;;
  esac
}

turn() {
  if [ -n "${CI_CHECK:-}" ]; then echo "$CI_CHECK"; return; fi
  local count
  if [ "$(git rev-parse --is-shallow-repository 2>/dev/null)" = false ]; then
    count=$(git rev-list --count HEAD)
  else
    count=$((16#$(git rev-parse --short=6 HEAD 2>/dev/null || echo 0)))  # a shallow clone: the commit's own id
  fi
  echo "${checks[$((count % ${#checks[@]}))]}"
}

case "${1:-rotation}" in
  rotation) run "$(turn)" ;;
  all) for check in "${checks[@]}"; do run "$check"; done ;;
  *) run "$1" ;;
esac
