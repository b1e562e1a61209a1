import Courier
import Foundation

extension AsyncHTTPClientTransport {
    /// The proxy a transport's requests go through: none, an HTTP proxy (`CONNECT` tunnels), a
    /// SOCKS5 proxy, or what `https_proxy`, `http_proxy` and `no_proxy` say.
    ///
    /// Every proxied request goes through a tunnel, plain `http` ones too: AsyncHTTPClient sends
    /// `CONNECT host:port` to an HTTP proxy and then speaks to the server inside it (TLS end to
    /// end for `https`). So the credentials for the proxy go in the `CONNECT` request alone and
    /// never reach the server. For `https`, the proxy sees only the server's name and port; a
    /// plain `http` request crosses the tunnel in clear text, and the proxy can read all of it.
    /// AsyncHTTPClient speaks to the proxy itself in plain text, so Basic credentials for it
    /// travel in clear text too: use them on networks you trust.
    /// No rendering (`description`, interpolation, `dump`) shows the password.
    ///
    /// ```swift
    /// let proxy = try AsyncHTTPClientTransport.Proxy.http(
    ///     host: "proxy.internal.example", port: 3128,
    ///     credentials: .init(username: "svc-billing", password: secret),
    ///     bypassing: ["localhost", ".internal.example"])
    /// let transport = AsyncHTTPClientTransport(proxy: proxy)
    /// // Or, as curl reads them:
    /// let fromEnvironment = AsyncHTTPClientTransport(proxy: try .fromEnvironment())
    /// ```
    ///
    /// See "Proxies" in the article "Connecting securely".
    public struct Proxy: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
        /// The server `http` URLs go through; `nil` for none.
        public let httpServer: Server?
        /// The server `https` URLs go through; `nil` for none.
        public let httpsServer: Server?
        /// The hosts that bypass the proxy, in `NO_PROXY`'s syntax.
        public let bypass: ProxyBypass

        init(httpServer: Server?, httpsServer: Server?, bypass: ProxyBypass) {
            self.httpServer = httpServer
            self.httpsServer = httpsServer
            self.bypass = bypass
        }

        /// No proxy: every request connects to its server.
        public static let none = Proxy(httpServer: nil, httpsServer: nil, bypass: .none)

        /// Every request through the HTTP proxy at `host:port`, in a `CONNECT` tunnel, except
        /// to the hosts `bypassing` names.
        ///
        /// - Parameters:
        ///   - host: The proxy's name or address.
        ///   - port: The proxy's port.
        ///   - credentials: Sent to the proxy (`Proxy-Authorization: Basic`), never to a server.
        ///   - bypassing: Hosts that connect directly, as `NO_PROXY` lists them
        ///     (``ProxyBypass/init(_:)``).
        /// - Throws: ``CourierError/Kind/invalidProxy`` for an empty host, a port outside
        ///   1...65535 or a bypass entry that does not parse.
        public static func http(
            host: String, port: Int, credentials: Credentials? = nil, bypassing: [String] = []
        ) throws(CourierError) -> Proxy {
            let server = try Server(.http, host: host, port: port, credentials: credentials)
            return Proxy(httpServer: server, httpsServer: server, bypass: try ProxyBypass(bypassing))
        }

        /// Every request through the SOCKS5 proxy at `host:port`, which resolves the server's
        /// name, except to the hosts `bypassing` names. AsyncHTTPClient sends no SOCKS
        /// credentials.
        ///
        /// - Throws: ``CourierError/Kind/invalidProxy`` for an empty host, a port outside
        ///   1...65535 or a bypass entry that does not parse.
        public static func socks(
            host: String, port: Int = 1080, bypassing: [String] = []
        ) throws(CourierError) -> Proxy {
            let server = try Server(.socks5, host: host, port: port, credentials: nil)
            return Proxy(httpServer: server, httpsServer: server, bypass: try ProxyBypass(bypassing))
        }

        /// The server a request to `url` goes through, or `nil` when it connects directly.
        func server(for url: URL) -> Server? {
            let server = url.scheme?.lowercased() == "https" ? httpsServer : httpServer
            guard let server, let host = url.host else { return nil }
            let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
            return bypass.matches(host: host, port: port) ? nil : server
        }

        /// `Proxy(http: proxy:3128 as alice:<redacted>, https: …, bypassing: localhost)`.
        public var description: String {
            guard httpServer != nil || httpsServer != nil else { return "Proxy(none)" }
            var parts: [String] = []
            if let httpServer { parts.append("http: \(httpServer)") }
            if let httpsServer { parts.append("https: \(httpsServer)") }
            if !bypass.entries.isEmpty { parts.append("bypassing: \(bypass)") }
            return "Proxy(\(parts.joined(separator: ", ")))"
        }

        /// The servers and the bypass list, each server's password redacted.
        public var customMirror: Mirror {
            Mirror(
                self,
                children: [
                    "httpServer": httpServer as Any, "httpsServer": httpsServer as Any, "bypass": bypass,
                ], displayStyle: .struct)
        }
    }
}

extension AsyncHTTPClientTransport.Proxy {
    /// One proxy server: its protocol, host, port and credentials.
    public struct Server: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
        /// How the transport speaks to a proxy.
        public enum Kind: String, Sendable, Hashable {
            /// HTTP, with a `CONNECT` tunnel for every request.
            case http
            /// SOCKS5, the proxy resolving the server's name.
            case socks5
        }

        /// The protocol.
        public let kind: Kind
        /// The proxy's name or address.
        public let host: String
        /// The proxy's port.
        public let port: Int
        /// The credentials sent to the proxy, if any.
        public let credentials: Credentials?

        init(_ kind: Kind, host: String, port: Int, credentials: Credentials?) throws(CourierError) {
            var trimmed = host.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("["), trimmed.hasSuffix("]") {
                trimmed = String(trimmed.dropFirst().dropLast())
            }
            guard !trimmed.isEmpty else { throw Self.invalid("its host is empty") }
            guard (1...65535).contains(port) else {
                throw Self.invalid("its port \(port) is outside 1...65535")
            }
            self.kind = kind
            self.host = trimmed
            self.port = port
            self.credentials = credentials
        }

        /// `proxy.example:3128`, for messages: never the credentials.
        var hostAndPort: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

        /// `proxy.example:3128 as alice:<redacted>` (SOCKS5: `socks5 proxy.example:1080`).
        public var description: String {
            let prefix = kind == .socks5 ? "socks5 " : ""
            return prefix + hostAndPort + (credentials.map { " as \($0)" } ?? "")
        }

        /// The kind, host, port and redacted credentials.
        public var customMirror: Mirror {
            Mirror(
                self,
                children: [
                    "kind": kind, "host": host, "port": port, "credentials": credentials as Any,
                ], displayStyle: .struct)
        }

        /// The building-stage error for a proxy setting that cannot be used.
        static func invalid(_ reason: String) -> CourierError {
            CourierError(
                stage: .building, kind: .invalidProxy, message: "The proxy cannot be used: \(reason).")
        }
    }

    /// The user name and password for a proxy, sent as `Proxy-Authorization: Basic` on the
    /// `CONNECT` request alone; no rendering shows the password.
    ///
    /// ```swift
    /// let credentials = try AsyncHTTPClientTransport.Proxy.Credentials(
    ///     username: "svc-billing", password: secret)
    /// ```
    public struct Credentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
        CustomReflectable
    {
        /// The user name.
        public let username: String
        /// The password: secret, read only by the transport.
        let password: String

        /// Credentials for Basic authentication with a proxy.
        ///
        /// - Throws: ``CourierError/Kind/invalidProxy`` when the user name contains a colon,
        ///   which Basic cannot carry.
        public init(username: String, password: String) throws(CourierError) {
            guard !username.contains(":") else {
                throw Server.invalid(
                    "its user name contains a colon, which Basic authentication cannot carry")
            }
            self.username = username
            self.password = password
        }

        /// `alice:<redacted>`.
        public var description: String { "\(username):<redacted>" }

        /// The same as ``description``.
        public var debugDescription: String { description }

        /// The user name and `<redacted>`, so that `dump` shows no character of the password.
        public var customMirror: Mirror {
            Mirror(self, children: ["username": username, "password": "<redacted>"], displayStyle: .struct)
        }
    }
}
