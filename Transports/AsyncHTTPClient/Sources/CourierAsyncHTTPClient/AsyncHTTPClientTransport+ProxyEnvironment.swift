import Courier
import Foundation

extension AsyncHTTPClientTransport.Proxy {
    /// The proxy the environment names, in curl's conventions; read only when you call this.
    ///
    /// - `https_proxy` or `HTTPS_PROXY` for `https` URLs (the lower-case name wins when both are
    ///   set), `http_proxy` for `http` ones: `[scheme://][user:password@]host[:port]`,
    ///   with `http` (the default), `socks5` or `socks5h` as the scheme; the port is 1080 when
    ///   none is given, as curl has it; the user name and password are percent-decoded.
    /// - `no_proxy` or `NO_PROXY`: hosts that connect directly (``ProxyBypass/init(noProxy:)``).
    ///
    /// An unset or empty variable means no proxy for its scheme. `HTTP_PROXY` in capitals is not
    /// read, as curl does not read it: a CGI server puts a request's `Proxy` header there
    /// ("httpoxy"), so a client could be told where to send its requests.
    ///
    /// ```swift
    /// let transport = AsyncHTTPClientTransport(proxy: try .fromEnvironment())
    /// ```
    ///
    /// - Parameter environment: The variables; the process's by default.
    /// - Throws: ``CourierError/Kind/invalidProxy`` naming the variable (never its value, which
    ///   may hold a password) when it is not a proxy URL, has a scheme AsyncHTTPClient cannot
    ///   speak (`https`: it speaks to proxies in plain text; `socks4`), gives SOCKS credentials
    ///   (AsyncHTTPClient sends none), or when `NO_PROXY` does not parse.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CourierError) -> AsyncHTTPClientTransport.Proxy {
        func variable(_ name: String) -> (name: String, value: String)? {
            let names = name == "http_proxy" ? [name] : [name.lowercased(), name.uppercased()]
            for candidate in names {
                if let value = environment[candidate]?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
                    return (candidate, value)
                }
            }
            return nil
        }
        func server(_ name: String) throws(CourierError) -> Server? {
            guard let (variable, value) = variable(name) else { return nil }
            return try Self.server(fromURL: value, variable: variable)
        }
        let (http, https) = (try server("http_proxy"), try server("https_proxy"))
        var bypass = ProxyBypass.none
        if let (_, value) = variable("no_proxy") { bypass = try ProxyBypass(noProxy: value) }
        return AsyncHTTPClientTransport.Proxy(httpServer: http, httpsServer: https, bypass: bypass)
    }

    /// The server a proxy URL names; errors name `variable`, never the URL.
    static func server(fromURL text: String, variable: String) throws(CourierError) -> Server {
        func invalid(_ reason: String) -> CourierError {
            CourierError(
                stage: .building, kind: .invalidProxy,
                message: "The proxy in \(variable) cannot be used: \(reason).")
        }
        let withScheme = text.contains("://") ? text : "http://" + text
        guard let components = URLComponents(string: withScheme), let host = components.host,
            !host.isEmpty
        else {
            throw invalid("it is not a proxy URL ([scheme://][user:password@]host[:port])")
        }
        let user = components.percentEncodedUser.flatMap { $0.removingPercentEncoding }
        let password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
        let port = components.port ?? 1080
        switch components.scheme?.lowercased() {
        case "http":
            var credentials: Credentials?
            // As curl: a password without a user name is sent, with an empty one.
            if !(user ?? "").isEmpty || !(password ?? "").isEmpty {
                do {
                    credentials = try Credentials(username: user ?? "", password: password ?? "")
                } catch {
                    throw invalid("its user name contains a colon, which Basic authentication cannot carry")
                }
            }
            do {
                return try Server(.http, host: host, port: port, credentials: credentials)
            } catch {
                throw invalid("its port is outside 1...65535")
            }
        case "socks5", "socks5h":
            guard user == nil && password == nil else {
                throw invalid("it gives SOCKS credentials, and AsyncHTTPClient sends none")
            }
            do {
                return try Server(.socks5, host: host, port: port, credentials: nil)
            } catch {
                throw invalid("its port is outside 1...65535")
            }
        case "https":
            throw invalid("AsyncHTTPClient speaks to a proxy in plain text only; use an http:// proxy URL")
        default:
            throw invalid("its scheme is not http, socks5 or socks5h")
        }
    }
}
