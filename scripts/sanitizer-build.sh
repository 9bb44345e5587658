#!/usr/bin/env bash
# Sourced by sanitize.sh and fuzz.sh: how the sanitized builds are made (docs/TESTING.md).
#
# One ASan scratch path serves both the ASan test run and the fuzzers: everything in it is compiled with
# AddressSanitizer plus libFuzzer's coverage instrumentation (cheap when no fuzzer runs), and the fuzz target is
# declared (TRIPTERM_FUZZ_RUNTIME, see Package.swift) for every build there, so the two never rebuild each other's
# modules. TSan has its own scratch path. Neither touches the shared .build.
SWIFT="${SWIFT:-swift}"
ASAN_SCRATCH="${ASAN_SCRATCH:-.build-asan}"
TSAN_SCRATCH="${TSAN_SCRATCH:-.build-tsan}"
# libFuzzer's coverage feedback: edges, indirect calls and comparison operands (what -sanitize=fuzzer turns on).
SANITIZER_COVERAGE=edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table

# libFuzzer's runtime without its main (tripterm-fuzz has its own), from the toolchain's clang resource directory.
fuzzer_runtime() {
  local resources
  resources=$("$(dirname "$(command -v "$SWIFT")")/swiftc" -print-target-info |
    sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p' | head -1)
  local runtime="$resources/clang/lib/linux/libclang_rt.fuzzer_no_main-$(uname -m).a"
  [ -f "$runtime" ] || { echo "libFuzzer runtime not found at $runtime" >&2; return 1; }
  echo "$runtime"
}

# `asan_swift build|test ARGS…`: swift with the ASan scratch path, flags and the fuzz target declared.
asan_swift() {
  local command=$1
  shift
  TRIPTERM_FUZZ_RUNTIME="$(fuzzer_runtime)" "$SWIFT" "$command" --scratch-path "$ASAN_SCRATCH" \
    --sanitize=address -Xswiftc "-sanitize-coverage=$SANITIZER_COVERAGE" "$@"
}

tsan_swift() {
  local command=$1
  shift
  "$SWIFT" "$command" --scratch-path "$TSAN_SCRATCH" --sanitize=thread "$@"
}
