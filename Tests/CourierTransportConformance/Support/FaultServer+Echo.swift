#if canImport(Testing)
    extension FaultServer {
        /// What the fault server's `/echo` answers: the request as it arrived.
        struct Echo: Decodable, Sendable {
            /// The request method.
            let method: String
            /// The request target: path and query, as sent.
            let target: String
            /// The `Host` header.
            let host: String
            /// Every header as a name and a value, in order.
            let headers: [[String]]
        }
    }
#endif
