// The one C header the ICalendar module sees. Nothing else in the package imports CLibical.
#ifndef RESERVATION_FEED_CLIBICAL_SHIM_H
#define RESERVATION_FEED_CLIBICAL_SHIM_H
#include <stdlib.h>
#include <libical/ical.h>
#endif
