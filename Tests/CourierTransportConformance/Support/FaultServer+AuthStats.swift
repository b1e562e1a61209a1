#if canImport(Testing)
    import Courier

    extension FaultServer {
        /// The fault server's `/auth/stats` body: what it counted for one key's tokens.
        struct AuthStats: Decodable, Sendable, Equatable {
            /// Tokens handed out by `/auth/token`.
            let refreshes: Int
            /// Requests to `/auth/resource` with the current token.
            let accepted: Int
            /// Requests to `/auth/resource` without it.
            let rejected: Int
            /// The current token's generation, from 1.
            let generation: Int
        }

        /// What the server counted for `key`'s tokens, asked with the default transport like
        /// ``counts(_:)``, so that a fault of a transport under test cannot hide in the count.
        func authStats(_ key: String) async throws -> AuthStats {
            // A safety net, not a bound under test.
            let client = Client(
                baseURL: primary, configuration: Client.Configuration(timeout: Timeout(.seconds(30))))
            return try await client.value(
                Endpoint<AuthStats, Never> {
                    Method.get
                    Path("auth", "stats")
                    Query("key", key)
                })
        }
    }
#endif
