// The one C header the MailMessage module sees; nothing else imports CGMime.
#ifndef RESERVATION_FEED_CGMIME_SHIM_H
#define RESERVATION_FEED_CGMIME_SHIM_H
#include <gmime/gmime.h>

// GObject's type checks are macros Swift cannot import; these are their functions.
static inline int rf_is_multipart(GMimeObject *object) { return GMIME_IS_MULTIPART(object); }
static inline int rf_is_part(GMimeObject *object) { return GMIME_IS_PART(object); }
static inline int rf_is_message_part(GMimeObject *object) { return GMIME_IS_MESSAGE_PART(object); }
static inline void rf_unref(void *object) { if (object) g_object_unref(object); }
#endif
