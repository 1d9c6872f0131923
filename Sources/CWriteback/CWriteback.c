// sync_file_range(2) is a GNU extension: declared only with _GNU_SOURCE, before any header.
#define _GNU_SOURCE
#include <fcntl.h>

#include "CWriteback.h"

int cwriteback_start(int descriptor, long long offset, long long count) {
#if defined(__linux__)
    return sync_file_range(descriptor, (off_t)offset, (off_t)count, SYNC_FILE_RANGE_WRITE);
#else
    (void)descriptor;
    (void)offset;
    (void)count;
    return 0;
#endif
}
