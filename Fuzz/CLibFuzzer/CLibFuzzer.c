#include "CLibFuzzer.h"

// Declared by libFuzzer (FuzzerInterface.h), defined in libclang_rt.fuzzer_no_main, which only tripterm-fuzz links.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));

int tripterm_fuzz_run(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size)) {
    return LLVMFuzzerRunDriver(argc, argv, callback);
}
