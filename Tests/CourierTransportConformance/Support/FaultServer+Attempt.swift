#if canImport(Testing)
    extension FaultServer {
        /// The fault server's `/retry-after` body once it stops refusing: `{"attempt": i, "ok": true}`,
        /// where `i` counts the requests for the key from 1.
        struct Attempt: Decodable, Sendable, Equatable {
            /// Which request for the key this was.
            let attempt: Int
            /// Always `true`.
            let ok: Bool
        }
    }
#endif
