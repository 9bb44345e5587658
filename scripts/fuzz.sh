#!/usr/bin/env bash
# Builds tripterm-fuzz (ASan + coverage, .build-asan) and runs each libFuzzer target for FUZZ_SECONDS seconds
# (default 10), FUZZ_JOBS targets at a time (default 2), or only the targets named as arguments. Seeds come from
# Fuzz/Corpus/<target> (read only); what a run adds goes to .build-asan/fuzz/corpus/<target>, a crashing input to
# .build-asan/fuzz/artifacts. Exits non-zero when any target found something. See docs/TESTING.md.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/sanitizer-build.sh

seconds="${FUZZ_SECONDS:-10}"
jobs="${FUZZ_JOBS:-2}"
asan_swift build --product tripterm-fuzz
binary="$ASAN_SCRATCH/debug/tripterm-fuzz"
work="$ASAN_SCRATCH/fuzz"
mkdir -p "$work/corpus" "$work/artifacts" "$work/logs"

if [ $# -gt 0 ]; then targets=("$@"); else mapfile -t targets < <("$binary" list | cut -f1); fi

# Swift's own crash backtracer is itself flagged by ASan; libFuzzer's report names the input anyway.
export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

run_target() {
  local target=$1 seconds=$2 binary=$3 work=$4
  mkdir -p "$work/corpus/$target"
  # leaks are checked too (ASan's LeakSanitizer); -timeout flags a single input that takes over 10 s.
  if "$binary" "$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2560 -max_len=16384 \
      -print_final_stats=1 -artifact_prefix="$work/artifacts/$target-" \
      "$work/corpus/$target" "Fuzz/Corpus/$target" >"$work/logs/$target.log" 2>&1; then
    local runs cov
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/logs/$target.log")
    cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$work/logs/$target.log" | tail -1)
    printf 'fuzz %-16s ok    %8s runs  %s\n' "$target" "${runs:-?}" "$cov"
  else
    printf 'fuzz %-16s FAILED (log: %s)\n' "$target" "$work/logs/$target.log"
    grep -E 'ERROR|Fatal error|invariant failed|SUMMARY|Test unit written' "$work/logs/$target.log" | head -8 | sed 's/^/    /'
    return 1
  fi
}
export -f run_target

started=$SECONDS
if printf '%s\n' "${targets[@]}" | xargs -P "$jobs" -I{} bash -c 'run_target "$@"' _ {} "$seconds" "$binary" "$work"; then
  echo "fuzz: ${#targets[@]} targets, ${seconds} s each, clean in $((SECONDS - started)) s"
else
  echo "fuzz: a target failed; crashing inputs are in $work/artifacts (reproduce: $binary TARGET FILE)" >&2
  exit 1
fi
