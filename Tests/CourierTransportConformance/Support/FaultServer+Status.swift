#if canImport(Testing)
    extension FaultServer {
        /// The fault server's `/status/<code>` body, documented as the error of some endpoints.
        public struct Status: Error, Decodable, Equatable {
            /// The status code the server answered.
            public let code: Int
        }
    }
#endif
