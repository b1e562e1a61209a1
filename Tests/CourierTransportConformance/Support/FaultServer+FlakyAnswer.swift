#if canImport(Testing)
    extension FaultServer {
        /// The fault server's `/flaky-connection` answer once it stops closing connections:
        /// `{"ok": true}`.
        struct FlakyAnswer: Decodable, Sendable, Equatable {
            /// Always `true`.
            let ok: Bool
        }
    }
#endif
