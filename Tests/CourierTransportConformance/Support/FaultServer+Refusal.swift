#if canImport(Testing)
    extension FaultServer {
        /// The fault server's `/retry-after` body while it refuses (503 or the status asked for):
        /// `{"attempt": i}`, documented as the error of the retry cases' endpoints.
        struct Refusal: Error, Decodable, Sendable, Equatable {
            /// Which request for the key this was, from 1.
            let attempt: Int
        }
    }
#endif
