import AsyncHTTPClient
import Courier
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension CourierError {
    /// The transport-stage Courier error for a failure of AsyncHTTPClient, SwiftNIO or NIOSSL
    /// (a TLS failure names the host of `url`; a failure of the `proxy` the request went
    /// through names the proxy), keeping it as ``CourierError/underlying``. (A
    /// ``ResponseReceiver`` turns a lost connection after the response head into a truncated
    /// response.)
    static func asyncHTTPClient(
        _ error: any Error, url: URL? = nil, proxy: AsyncHTTPClientTransport.Proxy.Server? = nil
    ) -> CourierError {
        if let error = error as? CourierError { return error }
        let host = url.map(tlsHostName(of:)) ?? "the server"
        if let pinFailure = error as? PublicKeyPinCheck.Failure { return pinFailure.courierError(host: host) }
        if let proxy, let proxyFailure = Self.proxy(error, server: proxy) { return proxyFailure }
        if let tls = nioSSL(error, host: host) { return tls }
        let (kind, message) = kindAndMessage(for: error, url: url)
        return CourierError(stage: .transport, kind: kind, message: message, underlying: error)
    }

    /// Whether `error` means the connection closed before any byte of a response, so that an
    /// idempotent request may be sent again (the keep-alive race: a server closing an idle
    /// connection just as a request goes out on it).
    static func isClosedBeforeResponse(_ error: any Error) -> Bool {
        if let error = error as? HTTPClientError { return error == .remoteConnectionClosed }
        if let error = error as? IOError { return [ECONNRESET, EPIPE].contains(error.errnoCode) }
        // A request written to a pooled connection the server had just closed.
        if let error = error as? ChannelError { return error == .ioOnClosedChannel || error == .eof }
        return false
    }

    /// The kind and message of a failure that is not TLS's; a connection that could not be made
    /// names the host and port of `url`, as a connection error of SwiftNIO's names them.
    private static func kindAndMessage(for error: any Error, url: URL?) -> (Kind, String) {
        switch error {
        case is CancellationError:
            return (.cancelled, "The request was cancelled.")
        case let error as HTTPClientError:
            return kindAndMessage(for: error)
        case let error as NIOConnectionError:
            if error.connectionErrors.isEmpty {
                return (
                    .cannotConnect, "Could not connect to the server: the name \(error.host) did not resolve."
                )
            }
            return (
                .cannotConnect,
                "Could not connect to the server: no address of \(error.host) accepted a connection on port "
                    + "\(error.port)."
            )
        case is SocketAddressError.UnknownHost:
            guard let host = url?.host else {
                return (.cannotConnect, "Could not connect to the server: its name did not resolve.")
            }
            return (.cannotConnect, "Could not connect to the server: the name \(host) did not resolve.")
        case let error as IOError:
            return kindAndMessage(for: error, url: url)
        case ChannelError.ioOnClosedChannel, ChannelError.eof, ChannelError.outputClosed:
            return (.connectionLost, "The connection closed before the request could be sent or answered.")
        case let error as HTTPParserError:
            return kindAndMessage(for: error)
        case NIOHTTPDecompression.DecompressionError.limit:
            return (
                .responseTooLarge,
                "The response body decompressed to more than the HTTPClient's decompression limit allows."
            )
        case is NIOHTTPDecompression.DecompressionError, is NIOHTTPDecompression.ExtraDecompressionError:
            return (
                .invalidResponse,
                "The server's compressed response body could not be decoded: \(error)."
            )
        default:
            return (.transportFailed, "The AsyncHTTPClient transport failed: \(error).")
        }
    }

    private static func kindAndMessage(for error: HTTPClientError) -> (Kind, String) {
        switch error {
        case .cancelled:
            (.cancelled, "The request was cancelled.")
        case .remoteConnectionClosed:
            (.connectionLost, "The server closed the connection without answering.")
        case .connectTimeout:
            (
                .timedOut,
                "No connection to the server could be made within the HTTPClient's connect timeout."
            )
        case .readTimeout:
            (.timedOut, "The server sent nothing within the HTTPClient's read timeout.")
        case .deadlineExceeded:
            (.timedOut, "The request did not complete within the HTTPClient's deadline.")
        case .bodyLengthMismatch:
            (
                .bodyFileUnreadable,
                "The request body did not have the length it announced; a file may have changed while it was sent."
            )
        case .invalidURL, .emptyHost, .emptyScheme:
            (.transportFailed, "The request URL cannot be sent by AsyncHTTPClient: \(error).")
        case .alreadyShutdown:
            (
                .transportFailed,
                "The HTTPClient has been shut down; create the transport again or keep the client running."
            )
        default:
            (.transportFailed, "The AsyncHTTPClient transport failed: \(error).")
        }
    }

    private static func kindAndMessage(for error: IOError, url: URL?) -> (Kind, String) {
        // A host and port only for a TCP URL: a Unix socket's (`http+unix`) has neither.
        let scheme = url?.scheme?.lowercased()
        let isTCP = scheme == "http" || scheme == "https"
        let host = isTCP ? url?.host : nil
        let port = isTCP ? url.map { $0.port ?? (scheme == "http" ? 80 : 443) } : nil
        switch error.errnoCode {
        case ECONNRESET, EPIPE, ECONNABORTED:
            return (.connectionLost, "The connection was reset before the response was complete.")
        case ECONNREFUSED:
            guard let host, let port else {
                return (.cannotConnect, "Could not connect to the server: the connection was refused.")
            }
            return (
                .cannotConnect,
                "Could not connect to the server: no address of \(host) accepted a connection on port \(port)."
            )
        case ENETUNREACH, EHOSTUNREACH:
            guard let host else {
                return (.cannotConnect, "Could not connect to the server: its network is unreachable.")
            }
            return (.cannotConnect, "Could not connect to the server: the network of \(host) is unreachable.")
        case ETIMEDOUT:
            return (.timedOut, "The connection timed out.")
        default:
            return (.transportFailed, "The connection failed: \(error).")
        }
    }

    private static func kindAndMessage(for error: HTTPParserError) -> (Kind, String) {
        switch error {
        case .headerOverflow:
            (.invalidResponse, "The server's response headers were too large to read.")
        case .invalidContentLength, .unexpectedContentLength:
            (
                .invalidResponse,
                "The server's response had an invalid or conflicting Content-Length (in its header or trailer "
                    + "section), so its body cannot be framed."
            )
        case .closedConnection, .invalidEOFState:
            (.connectionLost, "The connection closed in the middle of the server's response.")
        default:
            (.invalidResponse, "The server's response was not valid HTTP (\(error)).")
        }
    }
}
