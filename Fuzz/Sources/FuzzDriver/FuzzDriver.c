// The declaration in include/FuzzDriver.h is all; libFuzzer defines it.
