import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking

    extension URLSessionTransport {
        /// Why a configuration's `connectionProxyDictionary` is refused: FoundationNetworking never
        /// reads it, so its requests would go directly to the server; `nil` without one that asks
        /// for a proxy (one that turns every proxy off asks for what happens anyway).
        static func proxyDictionaryRefusal(_ configuration: URLSessionConfiguration) -> CourierError? {
            guard let proxies = configuration.connectionProxyDictionary, asksForAProxy(proxies) else {
                return nil
            }
            return CourierError(
                stage: .transport, kind: .invalidProxy,
                message:
                    "URLSession on Linux ignores the configuration's connectionProxyDictionary, so the request "
                    + "would not go through that proxy; set https_proxy or http_proxy in the process environment "
                    + "(libcurl follows them), or use AsyncHTTPClientTransport(proxy:); nothing was sent.")
        }

        /// The failure of the proxy libcurl went through, from its sentence; `nil` for any other
        /// error. URLSession on Linux follows `https_proxy`, `http_proxy` and `no_proxy` from the
        /// process environment, and reports a proxy's failures in libcurl's words only: a refused
        /// tunnel as `URLError(.unknown)` ("CONNECT tunnel failed, response 407", after handing
        /// on the proxy's answer as a response head), a proxy's name that did not resolve the same
        /// way ("Could not resolve proxy: NAME"), and a proxy that took no connection as
        /// `URLError(.cannotConnectToHost)` naming the proxy's host and port, not the server's.
        /// The proxy's name is quoted after its last `@`, where a malformed proxy URL could have left
        /// part of a password.
        static func proxyFailure(_ error: URLError) -> CourierError? {
            let text = error.localizedDescription
            if let range = text.range(of: "CONNECT tunnel failed, response ") {
                let status = String(text[range.upperBound...].prefix(while: \.isNumber))
                return status == "407"
                    ? CourierError(
                        stage: .transport, kind: .proxyAuthenticationFailed,
                        message:
                            "The proxy answered 407 to the tunnel request: the credentials for it are missing or "
                            + "wrong (URLSession on Linux takes them from the proxy URL in https_proxy); nothing "
                            + "reached the server.",
                        underlying: error)
                    : CourierError(
                        stage: .transport, kind: .proxyFailed,
                        message:
                            "The proxy refused to open a tunnel to the server (it answered CONNECT with "
                            + "\(status.isEmpty ? "an error" : status)); nothing reached the server.",
                        underlying: error)
            }
            if let range = text.range(of: "Could not resolve proxy: ") {
                // A password with an unencoded `@` leaves its end in what libcurl took for the name.
                let name =
                    text[range.upperBound...].prefix { !$0.isWhitespace }.split(separator: "@").last ?? ""
                return CourierError(
                    stage: .transport, kind: .cannotConnect,
                    message: "Could not connect to the proxy \(name): its name did not resolve.",
                    underlying: error)
            }
            if error.code == .cannotConnectToHost, let tried = connectionTarget(in: text),
                let server = error.failingURL.flatMap(serverTarget(of:)), tried != server
            {
                return CourierError(
                    stage: .transport, kind: .cannotConnect,
                    message:
                        "Could not connect to the proxy \(tried.host):\(tried.port): no address of it accepted a "
                        + "connection.",
                    underlying: error)
            }
            return nil
        }

        /// Whether a proxy dictionary turns a proxy on (an `…Enable` key that is true) or names one
        /// (a `…Proxy` key, or a proxy auto-configuration URL or script).
        private static func asksForAProxy(_ proxies: [AnyHashable: Any]) -> Bool {
            proxies.contains { key, value in
                let name = "\(key.base)"
                if name.hasSuffix("Enable") {
                    return (value as? Bool) ?? (value as? Int).map { $0 != 0 } ?? (value as? NSNumber)?
                        .boolValue ?? true
                }
                return name.hasSuffix("Proxy") || name.hasPrefix("ProxyAutoConfig")
            }
        }

        /// The host and port of libcurl's "Failed to connect to HOST port PORT …", lowercased.
        private static func connectionTarget(in text: String) -> (host: String, port: Int)? {
            guard let start = text.range(of: "Failed to connect to ") else { return nil }
            // "…port 3128 after 0 ms: …" in newer releases, "…port 3128: Connection refused" before.
            let words = text[start.upperBound...].split(separator: " ", maxSplits: 3)
            guard words.count >= 3, words[1] == "port", let port = Int(words[2].prefix(while: \.isNumber))
            else {
                return nil
            }
            return (words[0].lowercased(), port)
        }

        /// The host and port a direct connection for `url` goes to, lowercased.
        private static func serverTarget(of url: URL) -> (host: String, port: Int)? {
            guard let host = url.host?.lowercased() else { return nil }
            return (host, url.port ?? BaseURL.defaultPort(forScheme: url.scheme?.lowercased() ?? "https"))
        }
    }
#endif
