// The one C header the PublicSuffix module sees; nothing else imports CLibPSL.
//
// libpsl (Debian `libpsl-dev`) answers which part of a domain name is a public suffix, from the
// Public Suffix List: the newest of its built-in copy and the system's (Debian `publicsuffix`).
// libidn2 (Debian `libidn2-dev`, which libpsl itself links) writes internationalized domain
// names in their A-label form (IDNA2008, `xn--bcher-kva.example` of `bücher.example`), the form
// DKIM's `d=` and DNS use.
#ifndef RESERVATION_FEED_CLIBPSL_SHIM_H
#define RESERVATION_FEED_CLIBPSL_SHIM_H
#include <libpsl.h>
#include <idn2.h>
#endif
