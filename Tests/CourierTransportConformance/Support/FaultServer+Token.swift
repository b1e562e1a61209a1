#if canImport(Testing)
    import Courier

    extension FaultServer {
        /// The fault server's `/delay` body: a fresh random token for every request it answers, so
        /// identical bodies prove that callers shared one request, and different ones that they
        /// did not.
        struct Token: Decodable, Sendable, Hashable {
            /// 32 random hexadecimal digits.
            let token: String
        }

        /// `GET /delay?seconds=0.3`, counted under `key`: a request that takes a while.
        static func delay(key: String) -> Endpoint<Token, Never> {
            Endpoint<Token, Never> {
                Method.get
                Path("delay")
                Query("seconds", "0.3")
                Header("X-Count-Key", key)
            }
        }
    }
#endif
