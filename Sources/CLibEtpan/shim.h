// The one C header the IMAP module sees; nothing else imports CLibEtpan.
//
// libetpan speaks IMAP; GnuTLS, which libetpan uses for TLS on Debian, checks the server's
// certificate here, because libetpan itself accepts any.
#ifndef RESERVATION_FEED_CLIBETPAN_SHIM_H
#define RESERVATION_FEED_CLIBETPAN_SHIM_H
#include <libetpan/libetpan.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <stdlib.h>
#include <string.h>

// clist's iteration macros, as functions Swift can call.
static inline clistiter *rf_clist_begin(clist *list) { return list ? list->first : NULL; }
static inline clistiter *rf_clist_next(clistiter *cell) { return cell->next; }
static inline void *rf_clist_content(clistiter *cell) { return cell->data; }

// Asks the server for its capabilities, which the session then keeps (libetpan stores what an
// untagged CAPABILITY, or a [CAPABILITY …] code, names). Made of libetpan's own parts rather than
// with mailimap_capability, which after the OK copies the capabilities without looking, and read
// through a null pointer when a server had named none or answered with an empty list (found by
// fuzzing, Fuzz/run imap).
static inline int rf_refresh_capabilities(mailimap *session) {
    if (!session->imap_stream || !session->imap_connection_info) return MAILIMAP_ERROR_BAD_STATE;
    int code = mailimap_send_current_tag(session);
    if (code != MAILIMAP_NO_ERROR) return code;
    static const char command[] = "CAPABILITY\r\n";
    if (mailstream_write(session->imap_stream, command, sizeof command - 1) < 0) return MAILIMAP_ERROR_STREAM;
    if (mailstream_flush(session->imap_stream) == -1) return MAILIMAP_ERROR_STREAM;
    if (mailimap_read_line(session) == NULL) return MAILIMAP_ERROR_STREAM;
    struct mailimap_response *response = NULL;
    code = mailimap_parse_response(session, &response);
    if (code != MAILIMAP_NO_ERROR) return code;
    int state = response->rsp_resp_done->rsp_data.rsp_tagged->rsp_cond_state->rsp_type;
    mailimap_response_free(response);
    return state == MAILIMAP_RESP_COND_STATE_OK ? MAILIMAP_NO_ERROR : MAILIMAP_ERROR_CAPABILITY;
}

// Whether the session's server offered a capability (by its exact upper-case name).
static inline int rf_has_capability(mailimap *session, const char *name) {
    if (!session->imap_connection_info || !session->imap_connection_info->imap_capability) return 0;
    clist *list = session->imap_connection_info->imap_capability->cap_list;
    for (clistiter *cell = rf_clist_begin(list); cell; cell = cell->next) {
        struct mailimap_capability *capability = cell->data;
        if (capability->cap_type == MAILIMAP_CAPABILITY_NAME && capability->cap_data.cap_name
            && strcasecmp(capability->cap_data.cap_name, name) == 0)
            return 1;
    }
    return 0;
}

// Checks the certificate chain the server sent on the session's stream against the system's
// trust store (and the PEM file `extra_ca_file`, when not NULL), for `hostname`. Returns 0 when
// it is trusted for that name; otherwise a negative GnuTLS error, or a positive GnuTLS
// verification status whose text `rf_verification_reason` gives.
static inline int rf_verify_server(mailimap *session, const char *hostname, const char *extra_ca_file) {
    carray *chain = mailstream_get_certificate_chain(session->imap_stream);
    if (!chain) return GNUTLS_E_NO_CERTIFICATE_FOUND;
    unsigned count = carray_count(chain);
    gnutls_x509_crt_t *certificates = calloc(count ? count : 1, sizeof(gnutls_x509_crt_t));
    gnutls_x509_trust_list_t trust = NULL;
    int result = 0;
    unsigned imported = 0;
    for (; imported < count; imported++) {
        MMAPString *der = carray_get(chain, imported);
        gnutls_datum_t datum = {(unsigned char *)der->str, (unsigned)der->len};
        if ((result = gnutls_x509_crt_init(&certificates[imported])) < 0) goto done;
        if ((result = gnutls_x509_crt_import(certificates[imported], &datum, GNUTLS_X509_FMT_DER)) < 0) { imported++; goto done; }
    }
    if (count == 0) { result = GNUTLS_E_NO_CERTIFICATE_FOUND; goto done; }
    if ((result = gnutls_x509_trust_list_init(&trust, 0)) < 0) goto done;
    if ((result = gnutls_x509_trust_list_add_system_trust(trust, 0, 0)) < 0) goto done;
    if (extra_ca_file && (result = gnutls_x509_trust_list_add_trust_file(trust, extra_ca_file, NULL, GNUTLS_X509_FMT_PEM, 0, 0)) < 0) goto done;
    gnutls_typed_vdata_st data = {GNUTLS_DT_DNS_HOSTNAME, (unsigned char *)hostname, 0};
    unsigned status = 0;
    if ((result = gnutls_x509_trust_list_verify_crt2(trust, certificates, count, &data, 1, 0, &status, NULL)) < 0) goto done;
    result = (int)status;
done:
    if (trust) gnutls_x509_trust_list_deinit(trust, 1);
    for (unsigned index = 0; index < imported; index++) gnutls_x509_crt_deinit(certificates[index]);
    free(certificates);
    mailstream_certificate_chain_free(chain);
    return result;
}

// Why a certificate was refused, from a status or error of `rf_verify_server`; free() it.
static inline char *rf_verification_reason(int result) {
    if (result < 0) return strdup(gnutls_strerror(result));
    gnutls_datum_t text = {NULL, 0};
    if (gnutls_certificate_verification_status_print((unsigned)result, GNUTLS_CRT_X509, &text, 0) < 0) return strdup("not trusted");
    char *copy = strndup((const char *)text.data, text.size);
    gnutls_free(text.data);
    return copy;
}
// Connecting with the server's name sent (SNI), over TLS from the start or by STARTTLS.
static void rf_set_server_name(struct mailstream_ssl_context *context, void *data) {
    mailstream_ssl_set_server_name(context, (char *)data);
}
static inline int rf_ssl_connect(mailimap *session, const char *host, uint16_t port) {
    return mailimap_ssl_connect_with_callback(session, host, port, rf_set_server_name, (void *)host);
}
static inline int rf_starttls(mailimap *session, const char *host) {
    return mailimap_socket_starttls_with_callback(session, rf_set_server_name, (void *)host);
}

// UID FETCH first:* (UID RFC822.SIZE), with the Message-ID, Date and Subject fields when asked. The result
// is freed with mailimap_fetch_list_free.
static inline int rf_fetch_summaries(mailimap *session, uint32_t first, int with_message_id, clist **result) {
    struct mailimap_set *set = mailimap_set_new_interval(first, 0);
    struct mailimap_fetch_type *type = mailimap_fetch_type_new_fetch_att_list_empty();
    mailimap_fetch_type_new_fetch_att_list_add(type, mailimap_fetch_att_new_uid());
    mailimap_fetch_type_new_fetch_att_list_add(type, mailimap_fetch_att_new_rfc822_size());
    if (with_message_id) {
        clist *names = clist_new();
        clist_append(names, strdup("Message-ID"));
        clist_append(names, strdup("Date"));
        clist_append(names, strdup("Subject"));
        struct mailimap_section *section = mailimap_section_new_header_fields(mailimap_header_list_new(names));
        mailimap_fetch_type_new_fetch_att_list_add(type, mailimap_fetch_att_new_body_peek_section(section));
    }
    int code = mailimap_uid_fetch(session, set, type, result);
    mailimap_fetch_type_free(type);
    mailimap_set_free(set);
    return code;
}

// UID FETCH uids (UID BODY.PEEK[]): whole messages, without marking them read.
static inline int rf_fetch_bodies(mailimap *session, const uint32_t *uids, size_t count, clist **result) {
    struct mailimap_set *set = mailimap_set_new_empty();
    for (size_t index = 0; index < count; index++) mailimap_set_add_single(set, uids[index]);
    struct mailimap_fetch_type *type = mailimap_fetch_type_new_fetch_att_list_empty();
    mailimap_fetch_type_new_fetch_att_list_add(type, mailimap_fetch_att_new_uid());
    mailimap_fetch_type_new_fetch_att_list_add(type, mailimap_fetch_att_new_body_peek_section(mailimap_section_new(NULL)));
    int code = mailimap_uid_fetch(session, set, type, result);
    mailimap_fetch_type_free(type);
    mailimap_set_free(set);
    return code;
}

// What one message of a fetch's result carries: its UID, its size, and its one body section
// (the whole message, or the header fields asked for); absent ones are left as they were.
static inline void rf_message_attributes(struct mailimap_msg_att *message, uint32_t *uid, uint32_t *size, const char **section, size_t *length) {
    for (clistiter *cell = rf_clist_begin(message->att_list); cell; cell = cell->next) {
        struct mailimap_msg_att_item *item = cell->data;
        if (item->att_type != MAILIMAP_MSG_ATT_ITEM_STATIC) continue;
        struct mailimap_msg_att_static *value = item->att_data.att_static;
        switch (value->att_type) {
        case MAILIMAP_MSG_ATT_UID: *uid = value->att_data.att_uid; break;
        case MAILIMAP_MSG_ATT_RFC822_SIZE: *size = value->att_data.att_rfc822_size; break;
        case MAILIMAP_MSG_ATT_BODY_SECTION:
            *section = value->att_data.att_body_section->sec_body_part;
            *length = value->att_data.att_body_section->sec_length;
            break;
        default: break;
        }
    }
}

// The folder's state after EXAMINE: UIDVALIDITY, UIDNEXT (0 when the server did not say) and
// the number of messages.
static inline void rf_selection(mailimap *session, uint32_t *validity, uint32_t *next, uint32_t *exists) {
    struct mailimap_selection_info *info = session->imap_selection_info;
    if (!info) return;
    *validity = info->sel_uidvalidity;
    *next = info->sel_uidnext;
    *exists = info->sel_exists;
}
// A guard between libetpan's IMAP parser and its stream: libetpan reads a literal into memory
// whole as soon as its header (`{N}`) says how long it is (wrapping N to 32 bits), and takes a
// stream that ends in the middle of a literal for one that sends nothing, forever. The guard
// reads what the server sends before libetpan does, and fails the stream at once (the read
// returns -1, which libetpan reports as a broken stream) when the server closes the connection,
// announces a literal past `literal_limit`, or sends a line longer than `line_limit`;
// `rf_guard_failure` then says which.
enum { RF_GUARD_OK = 0, RF_GUARD_CLOSED = 1, RF_GUARD_LITERAL = 2, RF_GUARD_LINE = 3 };

struct rf_guard {
    mailstream_low *inner;
    unsigned long long literal_limit;
    unsigned long long line_limit;
    unsigned long long literal_left;
    unsigned long long line_length;
    unsigned long long announced;
    // Where the line is in a literal's header, `{N}` or `{N+}` before its CRLF: 0 not in one,
    // 1 in its digits, 2 after the `+`, 3 after the `}`, 4 after the `}` and a CR; the size so
    // far (however many digits, leading zeros included), and whether it is past any size.
    int header_state;
    int header_digits;
    int header_overflow;
    unsigned long long header_size;
    // Whether the line is inside a quoted string (where `{N}` is text, not a literal's header),
    // and after a backslash there.
    int in_quote;
    int escaped;
    int failure;
};

static inline void rf_guard_scan(struct rf_guard *guard, const unsigned char *bytes, size_t count) {
    size_t index = 0;
    while (index < count && guard->failure == RF_GUARD_OK) {
        if (guard->literal_left > 0) {
            size_t skip = (size_t)(guard->literal_left < count - index ? guard->literal_left : count - index);
            guard->literal_left -= skip;
            index += skip;
            continue;
        }
        unsigned char byte = bytes[index++];
        if (++guard->line_length > guard->line_limit) { guard->failure = RF_GUARD_LINE; break; }
        if (guard->in_quote && byte != '\n') {
            if (guard->escaped) guard->escaped = 0;
            else if (byte == '\\') guard->escaped = 1;
            else if (byte == '"') guard->in_quote = 0;
            continue;
        }
        if (byte == '\n') {
            guard->in_quote = 0;
            guard->escaped = 0;
            // The line ends: with a literal's header, the literal's bytes come next.
            if (guard->header_state >= 3) {
                if (guard->header_overflow || guard->header_size > guard->literal_limit) {
                    guard->announced = guard->header_overflow ? ~0ULL : guard->header_size;
                    guard->failure = RF_GUARD_LITERAL;
                    break;
                }
                guard->literal_left = guard->header_size;
            }
            guard->header_state = 0;
            guard->line_length = 0;
        } else if (byte == '{') {
            guard->header_state = 1;
            guard->header_digits = 0;
            guard->header_overflow = 0;
            guard->header_size = 0;
        } else if (guard->header_state == 1 && byte >= '0' && byte <= '9') {
            guard->header_digits = 1;
            if (guard->header_size > (~0ULL - 9) / 10) guard->header_overflow = 1;
            else guard->header_size = guard->header_size * 10 + (unsigned long long)(byte - '0');
        } else if (guard->header_state == 1 && byte == '+' && guard->header_digits) {
            guard->header_state = 2;
        } else if ((guard->header_state == 1 && guard->header_digits) || guard->header_state == 2) {
            guard->header_state = byte == '}' ? 3 : 0;
            // libetpan allocates a literal's size as soon as it has read the `}`, whatever comes
            // after it (`{2147483648}` then no CRLF made it ask for 2 GB: found by fuzzing), so
            // a size past the limit fails here, outside quoted strings, where `{N}` is a header.
            if (guard->header_state == 3 && (guard->header_overflow || guard->header_size > guard->literal_limit)) {
                guard->announced = guard->header_overflow ? ~0ULL : guard->header_size;
                guard->failure = RF_GUARD_LITERAL;
                break;
            }
        } else if (byte == '"' && guard->header_state == 0) {
            guard->in_quote = 1;
        } else if (guard->header_state == 3 && byte == '\r') {
            guard->header_state = 4;
        } else {
            guard->header_state = 0;
        }
    }
}

static inline ssize_t rf_guard_read(mailstream_low *low, void *buffer, size_t count) {
    struct rf_guard *guard = low->data;
    if (guard->failure != RF_GUARD_OK) return -1;
    ssize_t read = mailstream_low_read(guard->inner, buffer, count);
    if (read == 0) { guard->failure = RF_GUARD_CLOSED; return -1; }
    if (read < 0) return read;
    rf_guard_scan(guard, buffer, (size_t)read);
    return guard->failure == RF_GUARD_OK ? read : -1;
}
static inline ssize_t rf_guard_write(mailstream_low *low, const void *buffer, size_t count) {
    return mailstream_low_write(((struct rf_guard *)low->data)->inner, buffer, count);
}
static inline int rf_guard_close(mailstream_low *low) { return mailstream_low_close(((struct rf_guard *)low->data)->inner); }
static inline int rf_guard_get_fd(mailstream_low *low) { return mailstream_low_get_fd(((struct rf_guard *)low->data)->inner); }
static inline void rf_guard_free(mailstream_low *low) {
    struct rf_guard *guard = low->data;
    mailstream_low_free(guard->inner);
    free(guard);
    free(low);
}
static inline void rf_guard_cancel(mailstream_low *low) { mailstream_low_cancel(((struct rf_guard *)low->data)->inner); }
static inline struct mailstream_cancel *rf_guard_get_cancel(mailstream_low *low) {
    return mailstream_low_get_cancel(((struct rf_guard *)low->data)->inner);
}
static inline carray *rf_guard_certificates(mailstream_low *low) {
    return mailstream_low_get_certificate_chain(((struct rf_guard *)low->data)->inner);
}
static inline int rf_guard_setup_idle(mailstream_low *low) { return mailstream_low_setup_idle(((struct rf_guard *)low->data)->inner); }
static inline int rf_guard_unsetup_idle(mailstream_low *low) { return mailstream_low_unsetup_idle(((struct rf_guard *)low->data)->inner); }
static inline int rf_guard_interrupt_idle(mailstream_low *low) {
    return mailstream_low_interrupt_idle(((struct rf_guard *)low->data)->inner);
}

static mailstream_low_driver rf_guard_driver = {
    rf_guard_read, rf_guard_write, rf_guard_close, rf_guard_get_fd, rf_guard_free, rf_guard_cancel, rf_guard_get_cancel,
    rf_guard_certificates, rf_guard_setup_idle, rf_guard_unsetup_idle, rf_guard_interrupt_idle,
};

// Puts the guard between the session's parser and its stream (after TLS is set up). Returns 0,
// or -1 when it cannot.
static inline int rf_guard_install(mailimap *session, unsigned long long literal_limit, unsigned long long line_limit) {
    if (!session->imap_stream) return -1;
    mailstream_low *inner = mailstream_get_low(session->imap_stream);
    if (!inner) return -1;
    struct rf_guard *guard = calloc(1, sizeof(struct rf_guard));
    if (!guard) return -1;
    guard->inner = inner;
    guard->literal_limit = literal_limit;
    guard->line_limit = line_limit;
    mailstream_low *outer = mailstream_low_new(guard, &rf_guard_driver);
    if (!outer) { free(guard); return -1; }
    mailstream_low_set_timeout(outer, mailstream_low_get_timeout(inner));
    mailstream_set_low(session->imap_stream, outer);
    // What the server sent before the guard was in place (with its greeting, or everything at
    // once) is in the stream's buffer already, where libetpan will parse it: it is held to the
    // same bounds, and dropped whole when it breaks them, so that libetpan never sees it (a
    // literal's header past the limit, pipelined after the greeting, made it allocate 2 GB:
    // found by fuzzing).
    mailstream *stream = session->imap_stream;
    if (stream->read_buffer_len > 0) {
        rf_guard_scan(guard, (const unsigned char *)stream->read_buffer, stream->read_buffer_len);
        if (guard->failure != RF_GUARD_OK) stream->read_buffer_len = 0;
    }
    return 0;
}

// Why the guard failed the stream (RF_GUARD_…), and for a literal past its limit, the size
// announced.
static inline int rf_guard_failure(mailimap *session, unsigned long long *announced) {
    if (!session->imap_stream) return RF_GUARD_OK;
    mailstream_low *low = mailstream_get_low(session->imap_stream);
    if (!low || low->driver != &rf_guard_driver) return RF_GUARD_OK;
    struct rf_guard *guard = low->data;
    if (announced) *announced = guard->announced;
    return guard->failure;
}
// Closes the session's connection without a word. mailimap_free says LOGOUT on a connection
// still open and waits for the answer; on one that broke (a server that stopped answering) that
// is one more timeout spent for nothing.
static inline void rf_drop_connection(mailimap *session) {
    if (!session->imap_stream) return;
    mailstream_close(session->imap_stream);
    session->imap_stream = NULL;
}
// SASL OAUTHBEARER (RFC 7628), which libetpan does not speak: the client's response sent at once
// (SASL-IR, RFC 4959), as libetpan's own XOAUTH2 (mailimap_oauth2_authenticate) sends its, with
// the stream's logging off while the token goes. A server that refuses answers with a
// continuation holding its reason as JSON, to which the client says its one byte 0x01 (RFC 7628
// §3.2.3) before the tagged NO. These are libetpan's sender and parser, exported by the library
// though not declared by its installed headers.
int mailimap_send_current_tag(mailimap *session);
int mailimap_token_send(mailstream *fd, const char *atom);
int mailimap_space_send(mailstream *fd);
int mailimap_crlf_send(mailstream *fd);
char *mailimap_read_line(mailimap *session);
struct mailimap_parser_context;
int mailimap_continue_req_parse(mailstream *fd, MMAPString *buffer, struct mailimap_parser_context *parser_ctx, size_t *indx,
                                struct mailimap_continue_req **result, size_t progr_rate, progress_function *progr_fun);
int mailimap_parse_response(mailimap *session, struct mailimap_response **result);
char *encode_base64(const char *in, int len);

// `response` is the client's first response, unencoded (`n,a=USER,^Aauth=Bearer TOKEN^A^A`):
// MAILIMAP_NO_ERROR when the server took it, MAILIMAP_ERROR_LOGIN when it refused.
static inline int rf_oauthbearer_authenticate(mailimap *session, const char *response, size_t length) {
    if (session->imap_state != MAILIMAP_STATE_NON_AUTHENTICATED) return MAILIMAP_ERROR_BAD_STATE;
    char *encoded = encode_base64(response, (int)length);
    if (!encoded) return MAILIMAP_ERROR_MEMORY;
    mailstream_set_privacy(session->imap_stream, 0);
    int r = mailimap_send_current_tag(session);
    if (r == MAILIMAP_NO_ERROR) r = mailimap_token_send(session->imap_stream, "AUTHENTICATE OAUTHBEARER");
    if (r == MAILIMAP_NO_ERROR) r = mailimap_space_send(session->imap_stream);
    if (r == MAILIMAP_NO_ERROR) r = mailimap_token_send(session->imap_stream, encoded);
    if (r == MAILIMAP_NO_ERROR) r = mailimap_crlf_send(session->imap_stream);
    if (r == MAILIMAP_NO_ERROR && mailstream_flush(session->imap_stream) == -1) r = MAILIMAP_ERROR_STREAM;
    mailstream_set_privacy(session->imap_stream, 1);
    free(encoded);
    if (r != MAILIMAP_NO_ERROR) return r;
    if (mailimap_read_line(session) == NULL) return MAILIMAP_ERROR_STREAM;
    size_t index = 0;
    struct mailimap_continue_req *continuation = NULL;
    r = mailimap_continue_req_parse(session->imap_stream, session->imap_stream_buffer, NULL, &index, &continuation,
                                    session->imap_progr_rate, session->imap_progr_fun);
    if (r == MAILIMAP_NO_ERROR) {
        // The server's reason for refusing: the client's answer is the one byte 0x01 (AQ==).
        mailimap_continue_req_free(continuation);
        r = mailimap_token_send(session->imap_stream, "AQ==");
        if (r == MAILIMAP_NO_ERROR) r = mailimap_crlf_send(session->imap_stream);
        if (r == MAILIMAP_NO_ERROR && mailstream_flush(session->imap_stream) == -1) r = MAILIMAP_ERROR_STREAM;
        if (r != MAILIMAP_NO_ERROR) return r;
    } else if (r == MAILIMAP_ERROR_PARSE) {
        r = MAILIMAP_NO_ERROR;  // no continuation: the line read is the tagged answer
    } else {
        return r;
    }
    struct mailimap_response *answer = NULL;
    r = mailimap_parse_response(session, &answer);
    if (r != MAILIMAP_NO_ERROR) return r;
    int state = answer->rsp_resp_done->rsp_data.rsp_tagged->rsp_cond_state->rsp_type;
    mailimap_response_free(answer);
    if (state != MAILIMAP_RESP_COND_STATE_OK) return MAILIMAP_ERROR_LOGIN;
    session->imap_state = MAILIMAP_STATE_AUTHENTICATED;
    return MAILIMAP_NO_ERROR;
}
#endif
