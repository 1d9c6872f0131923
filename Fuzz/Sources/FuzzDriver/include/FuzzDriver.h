// libFuzzer's entry point for programs that have their own main (SwiftPM's executables do).
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size));
