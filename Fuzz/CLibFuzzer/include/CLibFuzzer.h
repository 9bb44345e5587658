#ifndef TRIPTERM_CLIBFUZZER_H
#define TRIPTERM_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for programs with their own `main` (libclang_rt.fuzzer_no_main): runs the fuzzing
/// loop over `callback` with libFuzzer's command-line flags, and returns its exit status.
int tripterm_fuzz_run(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
