import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The sessions that send requests which must never go on a connection used before (a `POST`,
/// any request with a body): one request at a time each, and kept for the next such request only
/// when its connection was closed.
///
/// libcurl sends a request again, on its own, when a reused connection closes before the answer,
/// so such a request needs a session with no open connection. A new session per request gives
/// that, but building and tearing one down cost about 180k instructions per request on Linux,
/// more than the request itself. Instead, a request with `Connection: close` whose answer said
/// `Connection: close` leaves its session with no connection (libcurl closes a connection
/// announced closing before it reports the transfer done), and that session serves the next one.
/// A session is ended instead after an error, or an answer without exactly that field: one
/// without it may have left its connection open.
final class SingleUseSessions: Sendable {
    private struct State: Sendable {
        /// Sessions with no open connection, waiting for a request.
        var idle: [URLSession] = []
        /// The sessions sending a request now.
        var sending: Set<ObjectIdentifier> = []
        /// How many sessions were made, for tests.
        var made = 0
        /// Whether the transport is gone: sessions are ended, not kept.
        var isClosed = false
    }

    private let state = LockedValue(State())
    /// The most sessions kept idle; more are ended when their request completes.
    let idleLimit: Int

    init(idleLimit: Int = 8) {
        self.idleLimit = idleLimit
    }

    /// A session with no open connection, for one request: an idle one, or one made with
    /// `configuration` and `delegate`. Hand it back with ``requestEnded(on:response:error:)``.
    func take(configuration: URLSessionConfiguration, delegate: any URLSessionDelegate) -> URLSession {
        let idle = state.withLock { state -> URLSession? in
            guard let session = state.idle.popLast() else { return nil }
            state.sending.insert(ObjectIdentifier(session))
            return session
        }
        if let idle { return idle }
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        state.withLock { state in
            state.made += 1
            state.sending.insert(ObjectIdentifier(session))
        }
        return session
    }

    /// Keeps `session` for the next request when its request ended without `error` and with an
    /// answer saying `Connection: close`; ends it otherwise. A session not taken from here is
    /// left alone.
    func requestEnded(on session: URLSession, response: URLResponse?, error: (any Error)?) {
        let keep = error == nil && Self.closedConnection(response)
        let kept = state.withLock { state -> Bool in
            guard state.sending.remove(ObjectIdentifier(session)) != nil else { return true }
            guard keep, !state.isClosed, state.idle.count < idleLimit else { return false }
            state.idle.append(session)
            return true
        }
        if !kept { session.finishTasksAndInvalidate() }
    }

    /// Ends a session taken for a request that was never started.
    func requestNeverStarted(on session: URLSession) {
        state.withLock { _ = $0.sending.remove(ObjectIdentifier(session)) }
        session.finishTasksAndInvalidate()
    }

    /// Ends every idle session, and every session still sending once its request ends.
    func close() {
        let idle = state.withLock { state in
            state.isClosed = true
            defer { state.idle = [] }
            return state.idle
        }
        for session in idle { session.finishTasksAndInvalidate() }
    }

    /// How many sessions were made, and how many are idle (for tests).
    var counts: (made: Int, idle: Int) { state.withLock { ($0.made, $0.idle.count) } }

    /// Whether `response` announced that its connection closes: one `Connection` field whose
    /// value is `close` alone. Anything else (no field, a list, an HTTP/2 answer, which has none)
    /// may have left the connection open.
    static func closedConnection(_ response: URLResponse?) -> Bool {
        guard let http = response as? HTTPURLResponse,
            let value = http.value(forHTTPHeaderField: "Connection")
        else { return false }
        return value.trimmingCharacters(in: .whitespaces).lowercased() == "close"
    }
}
