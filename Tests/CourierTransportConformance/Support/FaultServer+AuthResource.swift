#if canImport(Testing)
    import Courier

    extension FaultServer {
        /// The fault server's `/auth/resource` body: the resource behind a bearer token, answered
        /// only for the key's current token (401 otherwise).
        struct AuthResource: Decodable, Sendable, Equatable {
            /// Always `true`.
            let ok: Bool
            /// The token the request carried, `tok-<key>-<generation>`.
            let token: String
        }

        /// `GET /auth/resource?key=K`, counted under the same key.
        static func authResource(_ key: String) -> Endpoint<AuthResource, Never> {
            Endpoint {
                Method.get
                Path("auth", "resource")
                Query("key", key)
                Header("X-Count-Key", key)
            }
        }
    }
#endif
