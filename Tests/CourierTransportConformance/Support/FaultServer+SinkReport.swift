#if canImport(Testing)
    extension FaultServer {
        /// The fault server's `/upload-sink` report: how many bytes arrived and their SHA-256.
        public struct SinkReport: Decodable, Sendable {
            /// The body's length.
            public let size: Int
            /// The body's SHA-256, in lowercase hexadecimal.
            public let sha256: String
        }
    }
#endif
