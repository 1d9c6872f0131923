import Basics
import CLibEtpan
import Mailboxes

/// A logged-in connection to an IMAP server, over libetpan, with one folder examined (opened
/// read-only: nothing this program does marks a message read or changes the folder).
///
/// TLS is checked here, because libetpan accepts any certificate: the chain the server sends
/// must lead to the system's trust store (or to the PEM file in `SSL_CERT_FILE`) and name the
/// host. A password goes in clear only to this machine; `imap://` uses STARTTLS when the server
/// offers it.
final class IMAPSession {
    private let session: UnsafeMutablePointer<mailimap>
    let mailbox: MailboxURL
    /// Seconds any one network operation may take.
    let timeout: Int
    /// Whether the connection broke or a wait ran out: nothing more is sent on it, not even a
    /// LOGOUT, so that one stuck server costs one timeout, not one per step.
    private var isBroken = false

    /// What EXAMINE said of the folder.
    struct Selection: Equatable {
        var uidValidity: UInt32
        var uidNext: UInt32
        var exists: UInt32
    }

    /// One message as a listing gives it.
    struct Summary {
        var uid: UInt32
        var size: Int
        /// What tells the message from others when the folder is renumbered: its Message-ID, or
        /// for a message without one its size, date and subject (``MessageHeader/fingerprint(of:size:)``).
        var fingerprint: String?
    }

    /// Connects, checks the certificate, and logs in.
    ///
    /// - Parameters:
    ///   - timeout: Seconds any one network operation may take.
    ///   - trustFile: A PEM file of certificates to trust besides the system's.
    ///   - literalLimit: The largest literal (a message, a header) the server may announce.
    init(_ mailbox: MailboxURL, credential: IMAPCredential, timeout: Int = 60, trustFile: String? = nil, literalLimit: Int = 64 << 20) throws(IMAPError) {
        self.mailbox = mailbox
        self.timeout = timeout
        guard let session = mailimap_new(0, nil) else { throw IMAPError(.unreachable, mailbox, "out of memory") }
        self.session = session
        mailimap_set_timeout(session, time_t(timeout))
        switch mailbox.security {
        case .tls:
            let code = rf_ssl_connect(session, mailbox.host, mailbox.port)
            try check(code, .unreachable, "cannot connect over TLS to \(mailbox.host) port \(mailbox.port)")
            try verify(trustFile: trustFile)
        case .startTLS:
            let code = mailimap_socket_connect(session, mailbox.host, mailbox.port)
            try check(code, .unreachable, "cannot connect to \(mailbox.host) port \(mailbox.port)")
            try check(rf_refresh_capabilities(session), .unreachable, "no answer to CAPABILITY")
            if rf_has_capability(session, "STARTTLS") != 0 {
                try check(rf_starttls(session, mailbox.host), .unreachable, "STARTTLS failed")
                try verify(trustFile: trustFile)
            } else if !mailbox.isLoopback {
                throw IMAPError(
                    .insecure, mailbox,
                    "the server offers no STARTTLS, and the password would travel unencrypted; use imaps:// (TLS) instead")
            }
        }
        try logIn(credential, literalLimit: literalLimit)
    }

    /// Logs in over a connection already made: `descriptor` is a connected stream socket, which
    /// the session takes over (and closes). No TLS is spoken on it: the connection is the
    /// caller's to secure (a tunnel, a socket on this machine, a test's recorded server).
    init(_ mailbox: MailboxURL, credential: IMAPCredential, over descriptor: Int32, timeout: Int = 60, literalLimit: Int = 64 << 20) throws(IMAPError) {
        self.mailbox = mailbox
        self.timeout = timeout
        guard let session = mailimap_new(0, nil) else {
            close(descriptor)
            throw IMAPError(.unreachable, mailbox, "out of memory")
        }
        self.session = session
        mailimap_set_timeout(session, time_t(timeout))
        guard let stream = mailstream_socket_open_timeout(descriptor, time_t(timeout)) else {
            close(descriptor)
            throw IMAPError(.unreachable, mailbox, "out of memory")
        }
        try check(mailimap_connect(session, stream), .unreachable, "no greeting")
        try logIn(credential, literalLimit: literalLimit)
    }

    /// Puts the guard on the connection, logs in and reads the capabilities.
    private func logIn(_ credential: IMAPCredential, literalLimit: Int) throws(IMAPError) {
        // From here on, what the server sends is held to bounds before libetpan reads it.
        guard rf_guard_install(session, UInt64(literalLimit) + 65_536, UInt64(Self.lineLimit)) == 0 else {
            throw IMAPError(.unreachable, mailbox, "out of memory")
        }
        switch credential {
        case .password(let password):
            let login = mailimap_login(session, mailbox.user, password)
            if login == MAILIMAP_ERROR_LOGIN {
                let said = serverResponse
                throw IMAPError(
                    .login, mailbox, "login refused\(said.map { ": \($0)" } ?? "") (check the user name and password; many providers want an app password)")
            }
            try check(login, .unreachable, "no answer to LOGIN")
        case .tokens(let source):
            try authenticate(with: source)
        }
        try check(rf_refresh_capabilities(session), .unreachable, "no answer to CAPABILITY")
    }

    /// Signs in with an access token: OAUTHBEARER where the server offers it, else XOAUTH2; a
    /// refused token is replaced once by its source (it may have expired on the way).
    private func authenticate(with source: any IMAPTokenSource) throws(IMAPError) {
        try check(rf_refresh_capabilities(session), .unreachable, "no answer to CAPABILITY")
        // libetpan reads `AUTH=…` capabilities apart from the others.
        let bearer = mailimap_has_authentication(session, "OAUTHBEARER") != 0
        guard bearer || mailimap_has_authentication(session, "XOAUTH2") != 0 else {
            throw IMAPError(.login, mailbox, "the server offers no OAuth 2.0 sign-in (neither AUTH=OAUTHBEARER nor AUTH=XOAUTH2): use a password")
        }
        for refused in [false, true] {
            let token = try source.token(for: mailbox, refused: refused)
            let result: Int32
            if bearer {
                let response = Array(Self.oauthBearerResponse(user: mailbox.user, host: mailbox.host, port: Int(mailbox.port), token: token).utf8)
                result = response.withUnsafeBufferPointer { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { rf_oauthbearer_authenticate(session, $0.baseAddress, $0.count) }
                }
            } else {
                result = mailimap_oauth2_authenticate(session, mailbox.user, token)
            }
            if result == MAILIMAP_NO_ERROR { return }
            guard result == MAILIMAP_ERROR_LOGIN else {
                try check(result, .unreachable, "no answer to AUTHENTICATE")
                return
            }
        }
        let said = serverResponse
        throw IMAPError(
            .login, mailbox,
            "the server refused the sign-in's token, a new one too\(said.map { ": \($0)" } ?? "") (is the sign-in for mail? account add --for mail)")
    }

    /// `text`, at most 300 characters of it, with every control and format character a space.
    static func printable(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.prefix(300).map { (scalar: Unicode.Scalar) -> Unicode.Scalar in
                    switch scalar.properties.generalCategory {
                    case .control, .format: " "
                    default: scalar
                    }
                }))
    }

    /// OAUTHBEARER's first client response (RFC 7628 §3.1): the GS2 header naming the user
    /// (`,` and `=` escaped), the host and port, and the token.
    static func oauthBearerResponse(user: String, host: String, port: Int, token: String) -> String {
        let name = user.map { $0 == "=" ? "=3D" : $0 == "," ? "=2C" : String($0) }.joined()
        return "n,a=\(name),\u{1}host=\(host)\u{1}port=\(port)\u{1}auth=Bearer \(token)\u{1}\u{1}"
    }

    deinit {
        // libetpan's free says LOGOUT on an open connection: not on one that broke.
        if isBroken { rf_drop_connection(session) }
        mailimap_free(session)
    }

    /// Whether the server offers IDLE (RFC 2177).
    var hasIdle: Bool { rf_has_capability(session, "IDLE") != 0 }

    /// Opens the folder read-only.
    func examine() throws(IMAPError) -> Selection {
        // The URL names the folder in UTF-8; IMAP in modified UTF-7 (RFC 3501, section 5.1.3).
        guard let name = FolderName.encoded(mailbox.folder) else {
            throw IMAPError(.folder, mailbox, "cannot write the folder's name in IMAP's modified UTF-7")
        }
        let code = mailimap_examine(session, name)
        if code != MAILIMAP_NO_ERROR {
            let said = serverResponse
            throw IMAPError(code == MAILIMAP_ERROR_EXAMINE ? .folder : .unreachable, mailbox, "cannot open the folder\(said.map { ": \($0)" } ?? "")")
        }
        var selection = Selection(uidValidity: 0, uidNext: 0, exists: 0)
        rf_selection(session, &selection.uidValidity, &selection.uidNext, &selection.exists)
        return selection
    }

    /// The folder's messages from `first` on: UID, size, and when asked their fingerprints.
    func summaries(from first: UInt32, fingerprints: Bool) throws(IMAPError) -> [Summary] {
        var list: UnsafeMutablePointer<clist>? = nil
        let code = rf_fetch_summaries(session, first, fingerprints ? 1 : 0, &list)
        defer { if let list { mailimap_fetch_list_free(list) } }
        try check(code, .protocolError, "cannot list the folder's messages")
        var summaries: [Summary] = []
        Self.forEachMessage(in: list) { uid, size, section in
            // `first:*` names the last message even when its UID is below `first`.
            guard uid >= first else { return }
            let fingerprint = section.map { MessageHeader.fingerprint(of: $0, size: Int(size)) }
            summaries.append(Summary(uid: uid, size: Int(size), fingerprint: fingerprint))
        }
        return summaries.sorted { $0.uid < $1.uid }
    }

    /// Downloads whole messages, without marking them read, handing each over as it is parsed.
    func fetch(_ uids: [UInt32], _ body: (UInt32, UnsafeRawBufferPointer) throws(IMAPError) -> Void) throws(IMAPError) {
        var list: UnsafeMutablePointer<clist>? = nil
        let code = uids.withUnsafeBufferPointer { rf_fetch_bodies(session, $0.baseAddress, $0.count, &list) }
        defer { if let list { mailimap_fetch_list_free(list) } }
        try check(code, .protocolError, "cannot download messages")
        let asked = Set(uids)
        var failure: IMAPError? = nil
        Self.forEachMessage(in: list) { uid, _, section in
            guard failure == nil, let section, asked.contains(uid) else { return }
            do throws(IMAPError) {
                try body(uid, section)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    /// Each message of a fetch's result: its UID, its size, and its one body section (the whole
    /// message, or the header fields asked for), valid until the result is freed.
    private static func forEachMessage(
        in list: UnsafeMutablePointer<clist>?, _ body: (UInt32, UInt32, UnsafeRawBufferPointer?) -> Void
    ) {
        var cell = rf_clist_begin(list)
        while let current = cell {
            let attributes = rf_clist_content(current).assumingMemoryBound(to: mailimap_msg_att.self)
            var uid: UInt32 = 0
            var size: UInt32 = 0
            var section: UnsafePointer<CChar>? = nil
            var length = 0
            rf_message_attributes(attributes, &uid, &size, &section, &length)
            body(uid, size, section.map { UnsafeRawBufferPointer(start: $0, count: length) })
            cell = rf_clist_next(current)
        }
    }

    /// Waits in IDLE until the server says something about the folder or `seconds` pass.
    ///
    /// - Returns: Whether the server said something (a new message, an expunge).
    func idle(seconds: Int) throws(IMAPError) -> Bool {
        try check(mailimap_idle(session), .unreachable, "IDLE failed")
        var entry = pollfd(fd: mailimap_idle_get_fd(session), events: Int16(POLLIN), revents: 0)
        var result: Int32
        repeat { result = poll(&entry, 1, Int32(seconds * 1000)) } while result < 0 && errno == EINTR
        try check(mailimap_idle_done(session), .unreachable, "IDLE failed")
        return result > 0
    }

    /// Ends the session politely, unless its connection broke.
    func logout() {
        guard !isBroken else { return }
        _ = mailimap_logout(session)
    }

    /// The text of the server's last tagged answer (`[AUTHENTICATIONFAILED] Authentication failed.`).
    private var serverResponse: String? {
        guard let text = session.pointee.imap_response else { return nil }
        // The server's words, printable only: no escape sequence or direction override reaches
        // a terminal.
        let response = Self.printable(String(cString: text)).trimmingWhitespace()
        return response.isEmpty ? nil : response
    }

    private func check(_ code: Int32, _ kind: IMAPError.Kind, _ what: String) throws(IMAPError) {
        guard code != MAILIMAP_NO_ERROR && code != MAILIMAP_NO_ERROR_AUTHENTICATED && code != MAILIMAP_NO_ERROR_NON_AUTHENTICATED else { return }
        let detail: String
        switch Int(code) {
        case Int(MAILIMAP_ERROR_CONNECTION_REFUSED): detail = "connection refused"
        case Int(MAILIMAP_ERROR_STREAM):
            isBroken = true
            detail = streamFailure
        case Int(MAILIMAP_ERROR_SSL): detail = "the TLS handshake failed"
        case Int(MAILIMAP_ERROR_PARSE):
            isBroken = true
            detail = "the server's answer cannot be read"
        default: detail = serverResponse ?? "libetpan error \(code)"
        }
        throw IMAPError(kind == .protocolError && isBroken ? .unreachable : kind, mailbox, "\(what): \(detail)")
    }

    /// The longest line (outside literals) a server may send.
    static let lineLimit = 4 << 20

    /// What broke the stream, in words: what the guard saw, or a wait that ran out.
    private var streamFailure: String {
        var announced: UInt64 = 0
        switch Int(rf_guard_failure(session, &announced)) {
        case RF_GUARD_CLOSED: return "the server closed the connection in the middle of an answer"
        case RF_GUARD_LITERAL:
            return "the server announced \(announced) bytes, more than a message may have (--limit message-size)"
        case RF_GUARD_LINE: return "the server sent a line of more than \(Self.lineLimit >> 20) MB"
        default: return "the server closed the connection or sent nothing for \(timeout) s"
        }
    }

    /// Refuses a server whose certificate chain the trust store does not vouch for, for its name.
    private func verify(trustFile: String?) throws(IMAPError) {
        let result = rf_verify_server(session, mailbox.host, trustFile)
        guard result != 0 else { return }
        let reason = rf_verification_reason(result).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer).trimmingWhitespace()
        }
        throw IMAPError(.untrusted, mailbox, "the server's certificate is not trusted for \(mailbox.host): \(reason ?? "unknown reason")")
    }
}
