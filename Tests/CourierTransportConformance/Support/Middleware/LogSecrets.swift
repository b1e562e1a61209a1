#if canImport(Testing)
    import Foundation

    /// Secrets unique to one case, so a leak cannot be a leftover of another.
    struct LogSecrets {
        /// A bearer token.
        let bearer = "bearer-\(UUID().uuidString)"
        /// A cookie's value.
        let cookie = "cookie-\(UUID().uuidString)"
        /// A query item's value that the log redacts.
        let signature = "signature-\(UUID().uuidString)"

        /// Every secret.
        var all: [String] { [bearer, cookie, signature] }
    }
#endif
