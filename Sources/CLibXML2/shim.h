// The one C header of libxml2: HTMLMarkup reads HTML through it, XMLParsing XML (WebDAV answers);
// nothing else imports CLibXML2.
#ifndef RESERVATION_FEED_CLIBXML2_SHIM_H
#define RESERVATION_FEED_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and encoding.h would pull in the system's ICU headers,
// which clash with the ICU copy inside Foundation. Nothing here touches the ICU-specific fields
// those headers add to xmlCharEncodingHandler, so they are left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>

// xmlFree is a global function pointer, which Swift 6 treats as shared mutable state.
static inline void rf_xml_free(void *pointer) { xmlFree(pointer); }

// Parses an HTML document with the given SAX callbacks and no tree: the callbacks receive the
// parser context, whose _private field is `private_data`. `encoding` (or NULL to follow the page)
// says how the bytes are encoded. Returns 0, or -1 when no parser could be made.
static inline int rf_html_parse(const char *bytes, int size, const char *encoding, int options,
                                const htmlSAXHandler *sax, void *private_data) {
    htmlParserCtxtPtr ctxt = htmlCreateMemoryParserCtxt(bytes, size);
    if (ctxt == NULL) return -1;
    *ctxt->sax = *sax;  // into the parser's own allocation, which it frees
    ctxt->userData = ctxt;
    ctxt->_private = private_data;
    if (encoding != NULL) {
        xmlCharEncodingHandlerPtr handler = xmlFindCharEncodingHandler(encoding);
        if (handler != NULL) xmlSwitchToEncoding(ctxt, handler);
    }
    htmlCtxtUseOptions(ctxt, options);
    htmlParseDocument(ctxt);
    if (ctxt->myDoc != NULL) {
        xmlFreeDoc(ctxt->myDoc);
        ctxt->myDoc = NULL;
    }
    htmlFreeParserCtxt(ctxt);
    return 0;
}

// A push parser for XML (an answer read as it arrives) with the given SAX callbacks and no tree:
// the callbacks receive the parser context, whose _private field is `private_data`. The handler
// is copied into the parser's own allocation. NULL when no parser could be made.
static inline xmlParserCtxtPtr rf_xml_push_parser(const xmlSAXHandler *sax, void *private_data, int options) {
    xmlParserCtxtPtr ctxt = xmlCreatePushParserCtxt((xmlSAXHandlerPtr)sax, NULL, NULL, 0, "answer.xml");
    if (ctxt == NULL) return NULL;
    ctxt->_private = private_data;
    xmlCtxtUseOptions(ctxt, options);
    return ctxt;
}
static inline int rf_xml_well_formed(xmlParserCtxtPtr ctxt) { return ctxt->wellFormed; }

// libxml2 prints some messages (an encoding's conversion failing) through its generic error
// function whatever the parser's options: a server's answer must not write to our standard error.
static inline void rf_xml_silent(void *context, const char *message, ...) { (void)context; (void)message; }

// Reads the next bytes of a push parser's document, with libxml2's generic messages silenced on
// this thread (the setting is the thread's, and a task may have moved to another).
static inline int rf_xml_parse_chunk(xmlParserCtxtPtr ctxt, const char *bytes, int size, int terminate) {
    xmlSetGenericErrorFunc(NULL, rf_xml_silent);
    return xmlParseChunk(ctxt, bytes, size, terminate);
}
static inline void rf_xml_free_push_parser(xmlParserCtxtPtr ctxt) {
    if (ctxt->myDoc != NULL) {
        xmlFreeDoc(ctxt->myDoc);
        ctxt->myDoc = NULL;
    }
    xmlFreeParserCtxt(ctxt);
}

// What the callbacks need of the parser context.
static inline void *rf_parser_private(void *ctx) { return ((htmlParserCtxtPtr)ctx)->_private; }
static inline int rf_parser_line(void *ctx) {
    htmlParserCtxtPtr ctxt = ctx;
    return ctxt->input != NULL ? ctxt->input->line : 0;
}
// The bytes read so far that are still in the parser's buffer, up to `limit` of them, ending
// where the parser is: enough to see the tag it has just read.
static inline const xmlChar *rf_parser_recent(void *ctx, int limit, int *count) {
    htmlParserCtxtPtr ctxt = ctx;
    if (ctxt->input == NULL || ctxt->input->cur == NULL || ctxt->input->base == NULL) { *count = 0; return NULL; }
    long available = ctxt->input->cur - ctxt->input->base;
    *count = available < limit ? (int)available : limit;
    return ctxt->input->cur - *count;
}
static inline void rf_parser_stop(void *ctx) { xmlStopParser((xmlParserCtxtPtr)ctx); }
#endif
