#if canImport(Testing)
    extension LoopbackServers {
        /// What the loopback server's `/echo` route saw, byte for byte.
        public struct Echo: Decodable, Sendable {
            /// The request method.
            public let method: String
            /// The request target: path and query, as sent.
            public let target: String
            /// Every header as a name and a value, in order.
            public let headers: [[String]]
            /// The body as UTF-8 text, when it is.
            public let body: String?
            /// How many body bytes arrived.
            public let bodyLength: Int

            enum CodingKeys: String, CodingKey {
                case method, target, headers, body
                case bodyLength = "body_length"
            }

            /// The first value of the header `name`, compared without case.
            public func header(_ name: String) -> String? {
                headers.first { $0.first?.lowercased() == name.lowercased() }?.last
            }
        }
    }
#endif
