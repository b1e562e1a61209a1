import AsyncHTTPClient
import Courier
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import NIOSOCKS
import Testing

@testable import CourierAsyncHTTPClient

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// AsyncHTTPClient's and SwiftNIO's failures as Courier's kinds, without a network.
struct CourierErrorMappingTests {
    @Test(arguments: [
        (HTTPClientError.cancelled, CourierError.Kind.cancelled),
        (.remoteConnectionClosed, .connectionLost),
        (.connectTimeout, .timedOut),
        (.readTimeout, .timedOut),
        (.deadlineExceeded, .timedOut),
        (.bodyLengthMismatch, .bodyFileUnreadable),
        (.alreadyShutdown, .transportFailed),
    ])
    func httpClientErrors(error: HTTPClientError, kind: CourierError.Kind) {
        let mapped = CourierError.asyncHTTPClient(error)
        #expect(mapped.kind == kind)
        #expect(mapped.stage == .transport)
        #expect(mapped.underlying as? HTTPClientError == error)
    }

    @Test(arguments: [
        (ECONNRESET, CourierError.Kind.connectionLost),
        (EPIPE, .connectionLost),
        (ECONNREFUSED, .cannotConnect),
        (EHOSTUNREACH, .cannotConnect),
        (EACCES, .transportFailed),
    ])
    func socketErrors(code: Int32, kind: CourierError.Kind) {
        #expect(CourierError.asyncHTTPClient(IOError(errnoCode: code, reason: "read")).kind == kind)
    }

    /// A connection that could not be made names the host and port it went to, as SwiftNIO's
    /// own connection errors and URLSessionTransport name them.
    @Test func aConnectionThatCouldNotBeMadeNamesTheHostAndPort() {
        let refused = IOError(errnoCode: ECONNREFUSED, reason: "connect")
        #expect(
            CourierError.asyncHTTPClient(refused, url: URL(string: "https://127.0.0.1:18499/x")!).message
                == "Could not connect to the server: no address of 127.0.0.1 accepted a connection on port 18499."
        )
        #expect(
            CourierError.asyncHTTPClient(refused, url: URL(string: "https://api.example.com/x")!).message
                == "Could not connect to the server: no address of api.example.com accepted a connection on port 443."
        )
        #expect(
            CourierError.asyncHTTPClient(refused, url: URL(string: "http://api.example.com/x")!).message
                == "Could not connect to the server: no address of api.example.com accepted a connection on port 80."
        )
        let unreachable = IOError(errnoCode: ENETUNREACH, reason: "connect")
        #expect(
            CourierError.asyncHTTPClient(unreachable, url: URL(string: "https://10.9.9.9/x")!).message
                == "Could not connect to the server: the network of 10.9.9.9 is unreachable.")
        #expect(
            CourierError.asyncHTTPClient(refused).message
                == "Could not connect to the server: the connection was refused.")
        // A Unix socket has no host or port to name.
        #expect(
            CourierError.asyncHTTPClient(refused, url: URL(string: "http+unix://%2Ftmp%2Fapi.sock/x")!)
                .message
                == "Could not connect to the server: the connection was refused.")
    }

    @Test func aRequestWrittenToAClosedConnectionLostIt() {
        let error = CourierError.asyncHTTPClient(ChannelError.ioOnClosedChannel)
        #expect(error.kind == .connectionLost)
        #expect(error.message == "The connection closed before the request could be sent or answered.")
    }

    @Test func malformedHTTPIsAnInvalidResponse() {
        let overflow = CourierError.asyncHTTPClient(HTTPParserError.headerOverflow)
        #expect(overflow.kind == .invalidResponse)
        #expect(overflow.message == "The server's response headers were too large to read.")
        let framing = CourierError.asyncHTTPClient(HTTPParserError.unexpectedContentLength)
        #expect(framing.kind == .invalidResponse)
        #expect(framing.message.contains("conflicting Content-Length"))
        #expect(CourierError.asyncHTTPClient(HTTPParserError.invalidVersion).kind == .invalidResponse)
    }

    @Test func decompressionFailures() {
        let limit = CourierError.asyncHTTPClient(NIOHTTPDecompression.DecompressionError.limit)
        #expect(limit.kind == .responseTooLarge)
        let corrupt = CourierError.asyncHTTPClient(NIOHTTPDecompression.DecompressionError.inflationError(-3))
        #expect(corrupt.kind == .invalidResponse)
    }

    @Test func cancellationAndCourierErrorsPassThrough() {
        #expect(CourierError.asyncHTTPClient(CancellationError()).kind == .cancelled)
        let own = CourierError(stage: .transport, kind: .responseTooLarge, message: "Too large.")
        #expect(CourierError.asyncHTTPClient(own).message == "Too large.")
    }

    @Test func onlyAConnectionClosedBeforeAnAnswerMayBeResent() {
        #expect(CourierError.isClosedBeforeResponse(HTTPClientError.remoteConnectionClosed))
        #expect(CourierError.isClosedBeforeResponse(IOError(errnoCode: ECONNRESET, reason: "read")))
        #expect(CourierError.isClosedBeforeResponse(ChannelError.ioOnClosedChannel))
        #expect(!CourierError.isClosedBeforeResponse(HTTPClientError.readTimeout))
        #expect(!CourierError.isClosedBeforeResponse(IOError(errnoCode: ECONNREFUSED, reason: "connect")))
        #expect(!CourierError.isClosedBeforeResponse(CancellationError()))
    }
}

/// A SOCKS5 proxy that accepts none of the methods offered answers method 0xFF, which NIOSOCKS
/// reports as an invalid selection: that is the proxy asking for credentials.
@Test func aSOCKSProxyThatAcceptsNoMethodAsksForAuthentication() throws {
    let server = try #require(
        try AsyncHTTPClientTransport.Proxy.socks(host: "127.0.0.1", port: 1080).httpServer)
    let refused = CourierError.proxy(
        SOCKSError.InvalidAuthenticationSelection(selection: .noneAcceptable), server: server)
    #expect(refused?.kind == .proxyAuthenticationFailed)
    #expect(
        refused?.message
            == "The SOCKS proxy 127.0.0.1:1080 requires authentication, and AsyncHTTPClient sends SOCKS "
            + "credentials of no kind; nothing reached the server.")
    let garbled = CourierError.proxy(
        SOCKSError.InvalidAuthenticationSelection(selection: .gssapi), server: server)
    #expect(garbled?.kind == .proxyFailed)
}

/// AsyncHTTPClient reports a proxy that closes before answering `CONNECT` as it reports a server
/// that closes before answering: the error names the proxy, and both.
@Test func aConnectionThroughAProxyClosedWithoutAnAnswerNamesTheProxy() throws {
    let server = try #require(
        try AsyncHTTPClientTransport.Proxy.http(host: "127.0.0.1", port: 3128).httpServer)
    let closed = CourierError.proxy(HTTPClientError.remoteConnectionClosed, server: server)
    #expect(closed?.kind == .connectionLost)
    #expect(
        closed?.message
            == "The connection through the proxy 127.0.0.1:3128 closed without an answer: the proxy closed it, "
            + "or the server at the end of its tunnel did.")
    #expect(CourierError.isClosedBeforeResponse(HTTPClientError.remoteConnectionClosed))
}

/// Through a proxy, the connection the client makes is the proxy's: a connection that could not
/// be made names the proxy, never the server at the end of the tunnel.
@Test func aConnectionToAProxyThatCouldNotBeMadeNamesTheProxy() throws {
    let server = try #require(
        try AsyncHTTPClientTransport.Proxy.socks(host: "127.0.0.1", port: 1080).httpServer)
    let url = URL(string: "https://api.example.com/x")!
    for (code, reason) in [
        (ECONNREFUSED, "the connection was refused"), (ENETUNREACH, "its network is unreachable"),
        (EHOSTUNREACH, "its network is unreachable"),
    ] {
        let error = CourierError.asyncHTTPClient(
            IOError(errnoCode: code, reason: "connect"), url: url, proxy: server)
        #expect(error.kind == .cannotConnect)
        #expect(error.message == "Could not connect to the proxy 127.0.0.1:1080: \(reason).")
    }
}
