#if canImport(Testing)
    extension LoopbackServers {
        /// The loopback server's documented error body.
        public struct ServerError: Error, Decodable, Equatable {
            /// The server's sentence.
            public let message: String
            /// The status code.
            public let code: Int
        }
    }
#endif
