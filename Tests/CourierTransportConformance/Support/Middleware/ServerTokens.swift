#if canImport(Testing)
    import Courier

    /// Tokens from the fault server's `POST /auth/token?key=K&delay=S`: every call, a first token
    /// or a refresh, starts a new generation of K's token and invalidates the one before.
    struct ServerTokens: TokenProvider {
        /// The token endpoint's body.
        struct Grant: Decodable, Sendable {
            let accessToken: String

            enum CodingKeys: String, CodingKey {
                case accessToken = "access_token"
            }
        }

        /// The client that asks for tokens, without the authentication middleware.
        let auth: Client
        /// The key whose tokens these are.
        let key: String
        /// The route under `/auth/`; another one fails with 404.
        var path = "token"

        func token() async throws -> String {
            let key = key
            let path = path
            return try await auth.value(
                Endpoint<Grant, Never> {
                    Method.post
                    Path("auth", path)
                    Query("key", key)
                    Query("delay", "0.2")  // widens the window in which 401s pile up
                    Timeout(.seconds(20))
                }
            ).accessToken
        }

        func refreshToken(rejected: String) async throws -> String {
            try await token()
        }
    }
#endif
