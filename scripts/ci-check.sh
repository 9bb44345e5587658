#!/usr/bin/env bash
# `ci-check.sh [rotation|all|plain|address|thread]`: what CI runs (docs/TESTING.md, "In CI"). Each turn is
# `make test` on one build — plain, under AddressSanitizer or under ThreadSanitizer — plus what that build serves:
# the plain turn then checks that the benchmarks compile, the ASan turn runs every fuzz target briefly. A cold build
# of the stack takes 10 to 15 minutes on two cores, so a CI run (30 minutes) has room for one: `rotation` picks it
# by the number of commits on HEAD (CI_CHECK overrides), so each comes at least every third landing. `all` runs the
# three.
set -euo pipefail
cd "$(dirname "$0")/.."
turns=(plain address thread)

run() {
  case "$1" in
    plain | address | thread) echo "ci-check: make test on the $1 build" ;;
    *) echo "ci-check: expected one of ${turns[*]}, rotation or all, not $1" >&2; exit 2 ;;
  esac
  case "$1" in
    plain) make test && make bench-build ;;
    address) make test SANITIZER=address && make fuzz FUZZ_SECONDS=20 ;;
    thread) make test SANITIZER=thread ;;
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
  echo "${turns[$((count % ${#turns[@]}))]}"
}

case "${1:-rotation}" in
  rotation) run "$(turn)" ;;
  all) for each in "${turns[@]}"; do run "$each"; done ;;
  *) run "$1" ;;
esac
