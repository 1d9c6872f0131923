// The one C header the PublicSuffix module sees; nothing else imports CLibPSL.
//
// libpsl (Debian `libpsl-dev`) answers which part of a domain name is a public suffix, from the
// Public Suffix List: the newest of its built-in copy and the system's (Debian `publicsuffix`).
#ifndef RESERVATION_FEED_CLIBPSL_SHIM_H
#define RESERVATION_FEED_CLIBPSL_SHIM_H
#include <libpsl.h>
#endif
