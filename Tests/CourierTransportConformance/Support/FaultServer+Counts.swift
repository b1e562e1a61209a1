#if canImport(Testing)
    extension FaultServer {
        /// The fault server's counter for one key (`GET /counts/<key>`).
        public struct Counts: Decodable, Sendable {
            /// Requests whose headers arrived.
            public let received: Int
            /// Requests whose whole body arrived.
            public let complete: Int
            /// Each counted request, in arrival order.
            public let requests: [Recorded]

            /// One request as the server read it.
            public struct Recorded: Decodable, Sendable {
                /// The request method.
                public let method: String
                /// The request target: path and query, as sent.
                public let target: String
                /// The `Host` header.
                public let host: String?
                /// Every header as a name and a value, in order.
                public let headers: [[String]]
                /// How many body bytes arrived; `nil` while (or when) the body is incomplete.
                public let bodyLength: Int?
                /// The connection it came on, numbered by the server from 1 as it accepted them.
                public let connection: Int

                enum CodingKeys: String, CodingKey {
                    case method, target, host, headers, connection
                    case bodyLength = "body_length"
                }

                /// The first value of the header `name`, compared without case.
                public func header(_ name: String) -> String? {
                    headers.first { $0.first?.lowercased() == name.lowercased() }?.last
                }
            }
        }
    }
#endif
