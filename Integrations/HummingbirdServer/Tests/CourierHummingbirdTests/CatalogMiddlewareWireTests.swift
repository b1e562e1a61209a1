import Courier
import CourierHummingbird
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - A catalog of what the wire tests send

struct Item: Codable, Sendable, Hashable {
    var name: String
    var q: String?
    var count: Int?
    var session: String?
}

/// `GET /items/{name}?q` with an optional `X-Count` header and a `session` cookie.
struct GetItem: CatalogEndpoint, Equatable {
    typealias Success = Item
    typealias Failure = Never
    var name: String
    var q: String?
    var count: Int?
    var session: UUID?

    var definition: some EndpointDefinition {
        Method.get
        Path("items", name)
        Query("q", q)
        Header("X-Count", count.map { "\($0)" })
        Cookie("session", session?.uuidString)
    }
}

/// `DELETE /items/{name}`.
struct DeleteItem: CatalogEndpoint, Equatable {
    typealias Success = Empty
    typealias Failure = Never
    var name: String
    var definition: some EndpointDefinition {
        Method.delete
        Path("items", name)
    }
}

/// `GET /secure/{id}` with a secret API key header and a secret query token.
struct GetSecure: CatalogEndpoint, Equatable {
    typealias Success = Item
    typealias Failure = Never
    var id: Int
    var apiKey: UUID
    var accessToken: UUID?
    var definition: some EndpointDefinition {
        Method.get
        Path("secure", id)
        Header("X-Api-Key", apiKey.uuidString, isSecret: true)
        Query("access_token", accessToken)
    }
}

/// `GET /auth` with `Authorization: Bearer <uuid>`.
struct GetAuth: CatalogEndpoint, Equatable {
    typealias Success = Item
    typealias Failure = Never
    var token: UUID
    var definition: some EndpointDefinition {
        Method.get
        Path("auth")
        Header.bearer(token.uuidString)
    }
}

struct Account: Codable, Sendable, Hashable, SchemaConstrained {
    static let schemaConstraints: [String: SchemaConstraint] = [
        "password": .minLength(8), "username": .minLength(1),
    ]
    var username: String
    var password: String
}

/// `POST /accounts` with JSON.
struct CreateAccount: CatalogEndpoint, Equatable {
    typealias Success = Item
    typealias Failure = Never
    var account: Account
    var definition: some EndpointDefinition {
        Method.post
        Path("accounts")
        SuccessStatus(.created)
        Body.json(account)
    }
}

struct Credentials: Codable, Sendable, Hashable {
    var user: String
    var pin: Int
}

/// `POST /login` with a form.
struct Login: CatalogEndpoint, Equatable {
    typealias Success = Item
    typealias Failure = Never
    var credentials: Credentials
    var definition: some EndpointDefinition {
        Method.post
        Path("login")
        Body.form(credentials)
    }
}

/// `PUT /items/{name}/text` with text.
struct PutText: CatalogEndpoint, Equatable {
    typealias Success = Item
    typealias Failure = Never
    var name: String
    var text: String
    var definition: some EndpointDefinition {
        Method.put
        Path("items", name, "text")
        Body.text(text)
    }
}

enum WireAPI {
    static let endpoints: [any CatalogEndpoint.Type] = [
        GetItem.self, DeleteItem.self, GetSecure.self, GetAuth.self, CreateAccount.self, Login.self,
        PutText.self,
    ]
}

/// `GET /pin` with a secret header and a cookie, both integers.
struct GetPin: CatalogEndpoint, Equatable {
    typealias Success = Item
    typealias Failure = Never
    var code: Int
    var pin: Int?
    var definition: some EndpointDefinition {
        Method.get
        Path("pin")
        Header("X-Secret-Code", "\(code)", isSecret: true)
        Cookie("pin", pin.map { "\($0)" })
    }
}

/// Sends `bytes` to 127.0.0.1:`port` over a real socket and returns everything until the server
/// closes (send `Connection: close`).
func rawExchange(port: Int, _ text: String) async throws -> String {
    try await rawExchange(port: port, bytes: Array(text.utf8))
}

func rawExchange(port: Int, bytes: [UInt8]) async throws -> String {
    // Off the cooperative pool: a blocking recv there starves the server's own tasks.
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try blockingExchange(port: port, bytes: bytes) })
        }
    }
}

func blockingExchange(port: Int, bytes: [UInt8]) throws -> String {
    #if canImport(Glibc)
        let streamType = Int32(SOCK_STREAM.rawValue)
    #else
        let streamType = SOCK_STREAM
    #endif
    let fd = socket(AF_INET, streamType, 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
    guard sent == bytes.count else { throw POSIXError(.EIO) }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = recv(fd, &buffer, buffer.count, 0)
        // The server closes after its answer (`Connection: close`); a timeout is no answer.
        guard count >= 0 else { throw POSIXError(.ETIMEDOUT) }
        if count == 0 { break }
        received.append(contentsOf: buffer[0..<count])
    }
    return String(decoding: received, as: UTF8.self)
}

extension WireAPI {
    static let wideEndpoints: [any CatalogEndpoint.Type] = endpoints + [GetPin.self]

    static func wideApp() throws -> Application<RouterResponder<BasicRequestContext>> {
        let router = Router()
        router.add(
            middleware: CatalogMiddleware(try Catalog(wideEndpoints), bodyLimit: 1024) { endpoint, _, _ in
                Response(
                    status: .ok, headers: [.contentType: "text/plain"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: "matched \(endpoint)\n")))
            })
        return Application(router: router)
    }

    static let key = "6F9619FF-8B86-D011-B42D-00C04FC964FF"

    /// One request over a real socket to a live server of `wideApp()`.
    static func exchange(_ request: String) async throws -> String {
        try await wideApp().test(.live) { client in
            try await rawExchange(port: client.port ?? 0, request)
        }
    }
}

func statusLine(_ response: String) -> String {
    // "\r\n" is one Character.
    String(response.prefix { $0 != "\r\n" })
}

/// What the catalog answers over a real socket: bytes and encodings Hummingbird's own parsing
/// decides, which an in-memory test would not send.
@Suite(.serialized) struct CatalogMiddlewareWireTests {
    @Test("RFC 9457 §5: a secret query value (access_token) that does not decode is not echoed in detail")
    func secretQueryValueNotEchoed() async throws {
        let response = try await WireAPI.exchange(
            "GET /secure/1?access_token=SECRET-TOKEN-123 HTTP/1.1\r\nHost: x\r\nX-Api-Key: \(WireAPI.key)\r\nConnection: close\r\n\r\n"
        )
        #expect(statusLine(response) == "HTTP/1.1 400 Bad Request", "\(response)")
        #expect(response.contains("cannot be read as a UUID"), "\(response)")
        #expect(!response.contains("SECRET-TOKEN-123"), "\(response)")
    }

    @Test("RFC 9110 §15.5.2: valid API-key credentials with a bad query item are a 400, not a 401")
    func validCredentialsBadQueryIsNot401() async throws {
        let response = try await WireAPI.exchange(
            "GET /secure/1?access_token=a&access_token=b HTTP/1.1\r\nHost: x\r\nX-Api-Key: \(WireAPI.key)\r\nConnection: close\r\n\r\n"
        )
        #expect(statusLine(response) == "HTTP/1.1 400 Bad Request", "\(response)")
        #expect(!response.lowercased().contains("www-authenticate"), "\(response)")
    }

    @Test("RFC 9110 §5.3: a header that holds one value, sent on two field lines, is a 400")
    func repeatedSingletonHeaderRefused() async throws {
        let joined = try await WireAPI.exchange(
            "GET /secure/1 HTTP/1.1\r\nHost: x\r\nX-Api-Key: \(WireAPI.key), 00000000-0000-0000-0000-000000000000\r\nConnection: close\r\n\r\n"
        )
        let twoLines = try await WireAPI.exchange(
            "GET /secure/1 HTTP/1.1\r\nHost: x\r\nX-Api-Key: \(WireAPI.key)\r\nX-Api-Key: 00000000-0000-0000-0000-000000000000\r\nConnection: close\r\n\r\n"
        )
        #expect(statusLine(joined) == "HTTP/1.1 400 Bad Request", "\(joined)")
        #expect(statusLine(twoLines) == "HTTP/1.1 400 Bad Request", "\(twoLines)")
    }

    @Test("RFC 3986 §5.2.4/§6.2.2.2: a dot segment (.., %2e%2e, .) is never a path parameter's value")
    func dotSegmentsAreNotValues() async throws {
        for target in ["/items/..", "/items/%2e%2e", "/items/%2E%2E", "/items/."] {
            let response = try await WireAPI.exchange(
                "GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(statusLine(response) == "HTTP/1.1 404 Not Found", "\(target): \(response)")
        }
    }

    @Test("RFC 9110 §15.5.16: a body in a media type the endpoint does not take is a 415")
    func unsupportedMediaTypeIs415() async throws {
        let body = #"{"username":"ada","password":"correct-horse"}"#
        let response = try await WireAPI.exchange(
            "POST /accounts HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        )
        #expect(statusLine(response) == "HTTP/1.1 415 Unsupported Media Type", "\(response)")
    }

    @Test(
        "RFC 9110 §8.4, RFC 7694 §5: a content coding the server does not decode is refused, not read as identity"
    )
    func unsupportedContentEncodingRefused() async throws {
        let body = #"{"username":"ada","password":"correct-horse"}"#
        let response = try await WireAPI.exchange(
            "POST /accounts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Encoding: br\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        )
        #expect(statusLine(response) == "HTTP/1.1 415 Unsupported Media Type", "\(response)")
    }

    @Test("RFC 9110 §8.3.2: a UTF-16 body is not read as UTF-8")
    func charsetParameterHonouredOnTheWire() async throws {
        let response = try await WireAPI.exchange(
            "PUT /items/abc/text HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain; charset=utf-16\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi"
        )
        // The two bytes of "hi" are another text in UTF-16: the handler must not get "hi".
        #expect(statusLine(response) == "HTTP/1.1 415 Unsupported Media Type", "\(response)")
    }

    @Test(
        "CatalogMiddleware.PassOn.unreadable: a header value that is not UTF-8 is the 400 for an unreadable request"
    )
    func nonUTF8HeaderIsUnreadable() async throws {
        let bytes =
            Array("GET /items/abc HTTP/1.1\r\nHost: x\r\nX-Count: ".utf8) + [0xE9]
            + Array("\r\nConnection: close\r\n\r\n".utf8)
        let response = try await WireAPI.wideApp().test(.live) { client in
            try await rawExchange(port: client.port ?? 0, bytes: bytes)
        }
        #expect(statusLine(response) == "HTTP/1.1 400 Bad Request", "\(response)")
        #expect(response.contains("not UTF-8"), "\(response)")
    }

}
