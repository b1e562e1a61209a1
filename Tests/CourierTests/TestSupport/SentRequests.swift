import Foundation

@testable import Courier

/// Every request a stub transport saw, in order.
final class SentRequests: Sendable {
    let requests = LockedValue<[TransportRequest]>([])

    /// Notes `request` and returns how many were sent, this one included.
    func append(_ request: TransportRequest) -> Int {
        requests.withLock { list in
            list.append(request)
            return list.count
        }
    }

    var all: [TransportRequest] { requests.withLock { $0 } }
    var count: Int { all.count }

    /// How many of them had `method`.
    func count(_ method: HTTPMethod) -> Int { all.filter { $0.method == method }.count }
}

/// Gives the token `first`, and `second` when `first` is rejected.
struct FirstThenSecondTokens: TokenProvider {
    func token() async throws -> String { "first" }
    func refreshToken(rejected: String) async throws -> String { "second" }
}

extension RawResponse {
    /// A response to `request` with `status`, the fields `headers` (name and value) and `body`.
    static func stub(
        _ status: HTTPStatus, _ headers: [(String, String)] = [], to request: TransportRequest,
        body: String = ""
    ) -> RawResponse {
        RawResponse(
            status: status,
            headers: HeaderFields(
                headers.map { HeaderField(name: HeaderName(validating: $0.0)!, value: $0.1) }),
            body: Data(body.utf8), url: request.url)
    }
}
