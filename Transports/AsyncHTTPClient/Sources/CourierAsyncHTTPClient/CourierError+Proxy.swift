import AsyncHTTPClient
import Courier
import NIOCore
import NIOPosix
import NIOSOCKS

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension CourierError {
    /// The failure of a request's proxy, naming the proxy's host and port and never its
    /// credentials; `nil` when `error` is not the proxy's.
    ///
    /// AsyncHTTPClient reports a `407` answer to `CONNECT` as `proxyAuthenticationRequired`, any
    /// other answer but a `2xx` without a body as `invalidProxyResponse` (without the status), a
    /// proxy that closes before answering as a closed connection (as it reports a server's), a
    /// SOCKS5 proxy's refusal as NIOSOCKS's error, and a connection that fails before the tunnel as a
    /// connection error to the proxy's address.
    static func proxy(_ error: any Error, server: AsyncHTTPClientTransport.Proxy.Server) -> CourierError? {
        let proxy = server.hostAndPort
        let kind: Kind
        let message: String
        switch error {
        case let error as HTTPClientError where error == .proxyAuthenticationRequired:
            kind = .proxyAuthenticationFailed
            message =
                "The proxy \(proxy) answered 407 to the tunnel request: the credentials for it are missing "
                + "or wrong (set them in AsyncHTTPClientTransport.Proxy); nothing reached the server."
        case let error as HTTPClientError where error == .invalidProxyResponse:
            kind = .proxyFailed
            message =
                "The proxy \(proxy) refused to open a tunnel to the server (it answered CONNECT with an "
                + "error); nothing reached the server."
        case let error as HTTPClientError
        where error == .httpProxyHandshakeTimeout || error == .socksHandshakeTimeout:
            kind = .proxyFailed
            message =
                "The proxy \(proxy) did not open a tunnel to the server within the connect timeout; "
                + "nothing reached the server."
        case let error as HTTPClientError where error == .connectTimeout:
            // AsyncHTTPClient reports a tunnel handshake that stalls the same way.
            kind = .timedOut
            message =
                "The proxy \(proxy) did not connect, or did not open a tunnel to the server, within the "
                + "transport's connectTimeout; nothing reached the server."
        case let error as HTTPClientError where error == .remoteConnectionClosed:
            // The proxy closing before it answered CONNECT and the server closing through the
            // tunnel before answering read the same to AsyncHTTPClient.
            kind = .connectionLost
            message =
                "The connection through the proxy \(proxy) closed without an answer: the proxy closed it, or "
                + "the server at the end of its tunnel did."
        case let error as SOCKSError.ConnectionFailed:
            kind = .proxyFailed
            message =
                "The SOCKS proxy \(proxy) could not connect to the server (SOCKS reply "
                + "\(error.reply.value)); nothing reached the server."
        // A SOCKS5 proxy that accepts none of the methods offered answers with method 0xFF.
        case is SOCKSError.NoValidAuthenticationMethod:
            kind = .proxyAuthenticationFailed
            message = Self.socksAuthentication(proxy)
        case let error as SOCKSError.InvalidAuthenticationSelection where error.selection == .noneAcceptable:
            kind = .proxyAuthenticationFailed
            message = Self.socksAuthentication(proxy)
        case is SOCKSError.InvalidProtocolVersion, is SOCKSError.InvalidReservedByte,
            is SOCKSError.InvalidAddressType, is SOCKSError.InvalidAuthenticationSelection,
            is SOCKSError.UnexpectedRead, is SOCKSError.InvalidServerState:
            kind = .proxyFailed
            message = "The proxy \(proxy) did not answer as a SOCKS5 proxy; nothing reached the server."
        case let error as NIOConnectionError where error.host == server.host && error.port == server.port:
            kind = .cannotConnect
            message =
                error.connectionErrors.isEmpty && (error.dnsAError != nil || error.dnsAAAAError != nil)
                ? "Could not connect to the proxy \(proxy): its name did not resolve to an address."
                : "Could not connect to the proxy \(proxy): no address of it accepted a connection."
        case let error as IOError where error.errnoCode == ECONNREFUSED:
            kind = .cannotConnect
            message = "Could not connect to the proxy \(proxy): the connection was refused."
        case let error as IOError where [ENETUNREACH, EHOSTUNREACH].contains(error.errnoCode):
            kind = .cannotConnect
            message = "Could not connect to the proxy \(proxy): its network is unreachable."
        default:
            return nil
        }
        return CourierError(stage: .transport, kind: kind, message: message, underlying: error)
    }

    /// The message for a SOCKS5 proxy that asks for credentials.
    private static func socksAuthentication(_ proxy: String) -> String {
        "The SOCKS proxy \(proxy) requires authentication, and AsyncHTTPClient sends SOCKS credentials of "
            + "no kind; nothing reached the server."
    }
}
