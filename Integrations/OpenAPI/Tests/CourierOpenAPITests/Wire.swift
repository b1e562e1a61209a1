import Courier
import CourierTesting
import Foundation

/// A transport for the tests: records each request as it arrived, its body read whole (a streamed
/// one through `makeBodyChunks()`, as a streaming transport reads it), and answers it with a
/// closure of the request and its index.
final class Wire: Sendable {
    /// One request as the transport received it.
    struct Sent: Sendable {
        let method: HTTPMethod
        let url: String
        let headers: HeaderFields
        let body: Data?
        let isStreamed: Bool
    }

    private let log = Log()
    private let answer: @Sendable (Sent, Int) throws -> RawResponse

    /// A wire that answers each request, and its index from 0, with `answer`.
    init(_ answer: @escaping @Sendable (Sent, Int) throws -> RawResponse) {
        self.answer = answer
    }

    /// A wire that answers with `outcomes`, in order, the last one again once they run out.
    convenience init(_ outcomes: [Result<RawResponse, CourierError>]) {
        precondition(!outcomes.isEmpty, "A wire needs at least one outcome.")
        self.init { _, index in try outcomes[min(index, outcomes.count - 1)].get() }
    }

    /// A wire that answers every request with `response`.
    convenience init(answering response: RawResponse) {
        self.init([.success(response)])
    }

    /// The transport to give a client.
    var transport: StubTransport {
        StubTransport { request in try await self.receive(request) }
    }

    /// Every request so far.
    var sent: [Sent] {
        get async { await log.sent }
    }

    private func receive(_ request: TransportRequest) async throws -> RawResponse {
        var body = request.body?.data
        if let chunks = try request.makeBodyChunks() {
            var bytes = Data()
            for try await chunk in chunks { bytes.append(chunk) }
            body = bytes
        }
        let sent = Sent(
            method: request.method, url: request.url.absoluteString, headers: request.headers, body: body,
            isStreamed: request.body?.stream != nil)
        let response = try answer(sent, await log.append(sent))
        return RawResponse(
            status: response.status, headers: response.headers, body: response.body, url: request.url,
            bodyStream: response.bodyStream)
    }

    private actor Log {
        var sent: [Sent] = []

        /// Appends `request` and returns its index.
        func append(_ request: Sent) -> Int {
            sent.append(request)
            return sent.count - 1
        }
    }
}
