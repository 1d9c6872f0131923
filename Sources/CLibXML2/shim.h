// The one C header the HTMLMarkup module sees; nothing else imports CLibXML2.
#ifndef RESERVATION_FEED_CLIBXML2_SHIM_H
#define RESERVATION_FEED_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and encoding.h would pull in the system's ICU headers,
// which clash with the ICU copy inside Foundation. Nothing here touches the ICU-specific fields
// those headers add to xmlCharEncodingHandler, so they are left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
// xmlFree is a global function pointer, which Swift 6 treats as shared mutable state.
static inline void rf_xml_free(void *pointer) { xmlFree(pointer); }
#endif
