// The one C header the MailMessage module sees; nothing else imports CGMime.
#ifndef RESERVATION_FEED_CGMIME_SHIM_H
#define RESERVATION_FEED_CGMIME_SHIM_H
#include <gmime/gmime.h>

// GObject's type checks are macros Swift cannot import; these are their functions.
static inline int rf_is_multipart(GMimeObject *object) { return GMIME_IS_MULTIPART(object); }
static inline int rf_is_part(GMimeObject *object) { return GMIME_IS_PART(object); }
static inline int rf_is_message_part(GMimeObject *object) { return GMIME_IS_MESSAGE_PART(object); }
static inline void rf_unref(void *object) { if (object) g_object_unref(object); }
// The address of the first mailbox of the From header, or NULL.
static inline const char *rf_from_address(GMimeMessage *message) {
    InternetAddressList *list = g_mime_message_get_from(message);
    if (!list) return NULL;
    for (int i = 0; i < internet_address_list_length(list); i++) {
        InternetAddress *address = internet_address_list_get_address(list, i);
        if (INTERNET_ADDRESS_IS_MAILBOX(address)) return internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(address));
    }
    return NULL;
}
// The addresses of the mailboxes an address list names, groups opened, in order: at most
// `capacity` of them are written to `addresses` (each belongs to `list`), and how many there are
// is returned.
static inline int rf_mailboxes(InternetAddressList *list, const char **addresses, int capacity, int count) {
    for (int i = 0; list && i < internet_address_list_length(list); i++) {
        InternetAddress *address = internet_address_list_get_address(list, i);
        if (INTERNET_ADDRESS_IS_MAILBOX(address)) {
            if (count < capacity) addresses[count] = internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(address));
            count++;
        } else if (INTERNET_ADDRESS_IS_GROUP(address)) {
            count = rf_mailboxes(internet_address_group_get_members(INTERNET_ADDRESS_GROUP(address)), addresses, capacity, count);
        }
    }
    return count;
}
// A header of the message itself, or NULL.
static inline const char *rf_message_header(GMimeMessage *message, const char *name) {
    return g_mime_object_get_header(GMIME_OBJECT(message), name);
}
#endif
