#ifndef CWRITEBACK_H
#define CWRITEBACK_H

/// Asks the system to start writing a range of an open file to disk, without waiting: a later
/// fsync then has little left to wait for. Linux's sync_file_range(2), which Swift's Glibc module
/// does not bring in; on other systems it does nothing. Returns 0, or -1 with errno set.
int cwriteback_start(int descriptor, long long offset, long long count);

#endif
