// The one C header the DKIM module sees; nothing else imports COpenDKIM.
//
// libopendkim (Debian `libopendkim-dev`, the library of OpenDKIM) verifies DKIM signatures
// (RFC 6376; ed25519-sha256 of RFC 8463 through OpenSSL). Keys are not looked up by the library
// itself: the DKIM module hands it each key record from a source the caller chose.
#ifndef RESERVATION_FEED_COPENDKIM_SHIM_H
#define RESERVATION_FEED_COPENDKIM_SHIM_H
#include <sys/types.h>
#include <stdbool.h>
#include <stdint.h>
#include <dkim.h>
#include <netinet/in.h>
#include <arpa/nameser.h>
#include <resolv.h>
#include <netdb.h>
#include <stdlib.h>
#include <string.h>

// dkim_options takes any option through a void pointer; these say which value each one takes.
static inline DKIM_STAT rf_dkim_set_flags(DKIM_LIB *lib, uint32_t flags) {
    return dkim_options(lib, DKIM_OP_SETOPT, DKIM_OPTS_FLAGS, &flags, sizeof flags);
}
static inline DKIM_STAT rf_dkim_set_clock_drift(DKIM_LIB *lib, uint64_t seconds) {
    return dkim_options(lib, DKIM_OP_SETOPT, DKIM_OPTS_CLOCKDRIFT, &seconds, sizeof seconds);
}
static inline DKIM_STAT rf_dkim_set_minimum_key_bits(DKIM_LIB *lib, unsigned int bits) {
    return dkim_options(lib, DKIM_OP_SETOPT, DKIM_OPTS_MINKEYBITS, &bits, sizeof bits);
}

// Asks DNS for the TXT records at `name`, through the resolver of /etc/resolv.conf, waiting
// `timeout` seconds for each of `attempts` tries at each server. Returns how many TXT records
// there are, with the first (its character-strings joined) in `record` (NUL-terminated, cut at
// `capacity` - 1 bytes); 0 when the name or its TXT records do not exist; -1 when there is no
// answer to be had now (no server answered, or one failed).
static inline int rf_txt_lookup(const char *name, int timeout, int attempts, char *record, size_t capacity) {
    struct __res_state *state = calloc(1, sizeof(struct __res_state));
    if (!state) return -1;
    if (res_ninit(state) != 0) { free(state); return -1; }
    state->retrans = timeout;
    state->retry = attempts;
    unsigned char answer[8192];
    int length = res_nquery(state, name, ns_c_in, ns_t_txt, answer, sizeof answer);
    int failure = state->res_h_errno;
    res_nclose(state);
    free(state);
    if (length < 0) return failure == HOST_NOT_FOUND || failure == NO_DATA ? 0 : -1;
    ns_msg message;
    if (ns_initparse(answer, length, &message) != 0) return -1;
    int found = 0;
    record[0] = 0;
    for (int index = 0; index < ns_msg_count(message, ns_s_an); index++) {
        ns_rr rr;
        if (ns_parserr(&message, ns_s_an, index, &rr) != 0) return -1;
        if (ns_rr_type(rr) != ns_t_txt) continue;
        if (found++ > 0) continue;
        const unsigned char *data = ns_rr_rdata(rr);
        size_t remaining = ns_rr_rdlen(rr), used = 0;
        while (remaining > 0) {
            size_t piece = data[0];
            if (piece + 1 > remaining) return -1;
            size_t take = piece < capacity - 1 - used ? piece : capacity - 1 - used;
            memcpy(record + used, data + 1, take);
            used += take;
            data += piece + 1;
            remaining -= piece + 1;
        }
        record[used] = 0;
    }
    return found;
}
#endif
