#if canImport(Testing)
    import Courier

    extension FaultServer {
        /// The fault server's `/cache` body: a fresh random token for every `200` it sends, so
        /// equal tokens prove that a cache answered, and the value of the field its `Vary` names.
        struct CacheAnswer: Decodable, Sendable, Hashable {
            /// 32 random hexadecimal digits.
            let token: String
            /// The request's value of the field named by `vary`, if any.
            let varied: String?
        }

        /// `/cache` with `query` (`cc`, `etag`, `last_modified`, `vary`), counted under `key`.
        ///
        /// - Parameters:
        ///   - key: The counter key, sent as `X-Count-Key`.
        ///   - query: The route's parameters, in order.
        ///   - method: The request method; another than `GET` is answered `200 {"method": M}`.
        ///   - headers: More request header fields, such as the one `vary` names.
        static func cacheOrigin(
            key: String, _ query: [(String, String)], method: HTTPMethod = .get,
            headers: [(String, String)] = []
        ) -> Endpoint<CacheAnswer, Never> {
            Endpoint<CacheAnswer, Never> {
                Method(method)
                Path("cache")
                for (name, value) in query { Query(name, value) }
                Header("X-Count-Key", key)
                for (name, value) in headers { Header(name, value) }
            }
        }
    }
#endif
