/// What a failed connection or listen means, in the tool's words and with what to do, from the
/// system's error number: never the runtime's `connection reset (error set): Connection refused)
/// (errno: 111)`.
public enum SocketErrorWords {
    /// Why a connection to a server failed.
    public static func connecting(_ code: Int32) -> String {
        switch code {
        case ECONNREFUSED: "connection refused: nothing listens at that address and port (is the server running, and is the port in the URL right?)"
        case ECONNRESET: "the server reset the connection"
        case ETIMEDOUT: "the connection timed out (is the server reachable from here?)"
        case EHOSTUNREACH, ENETUNREACH: "no route to the server (is the network up?)"
        default: String(cString: strerror(code)).lowercased()
        }
    }

    /// Why listening on an address and port failed.
    public static func listening(_ code: Int32, port: Int) -> String {
        switch code {
        case EADDRINUSE: "the port is in use: another program listens on \(port) (choose another --port, or stop that program)"
        case EACCES: "permission denied: ports below 1024 need privileges (choose --port 1024 or more)"
        case EADDRNOTAVAIL: "this machine has no such address (--host takes one of its own addresses, 127.0.0.1, or 0.0.0.0 for all)"
        default: String(cString: strerror(code)).lowercased()
        }
    }

    /// What `probe` found wrong.
    public enum ProbeError: Error, Sendable, Equatable {
        /// The host name resolves to no address of this machine's kind.
        case unknownHost
        /// Binding failed, with the system's error number.
        case bind(Int32)
    }

    /// Why a probe failed, in the tool's words.
    public static func listening(_ failure: ProbeError, host: String, port: Int) -> String {
        switch failure {
        case .unknownHost: "no address is known for \(host) (--host takes one of this machine's addresses or names, 127.0.0.1, or 0.0.0.0 for all)"
        case .bind(let code): listening(code, port: port)
        }
    }

    /// Checks that an address and port can be listened on, before anything is written: resolves
    /// the host (a name as the server would), opens a socket, binds it as a server would
    /// (`SO_REUSEADDR`), and closes it. `nil` when it can.
    public static func probe(host: String, port: Int) -> ProbeError? {
        var result: ProbeError?
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return .unknownHost }
        defer { freeaddrinfo(list) }
        let descriptor = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        if bind(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) != 0 { result = .bind(errno) }
        return result
    }
}
