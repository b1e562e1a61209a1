import Courier
import Foundation

/// A transport that answers typed stubs of endpoints, and checks every request against the
/// request each endpoint builds.
///
/// A stub builds its endpoint's request the way the client would and keeps it as the
/// expectation, so a mock cannot hide a broken request: a request no stub matches throws
/// `CourierError.Kind.noMockedResponse`, naming the closest stub and how it differs.
///
/// ```swift
/// let mocks = MockTransport()
/// let client = Client(baseURL: BaseURL("api.example.com"), transport: mocks)
/// try await mocks.stub(API.user(42), for: client, with: .success(User(id: 42, name: "Ada")))
/// let user = try await client.value(API.user(42))
/// try mocks.verifyAllUsed()
/// ```
///
/// How requests are matched, and which headers to ignore: "Stub endpoints with values using
/// MockTransport" in Courier's article Testing without the network.
///
/// A body streamed from a sequence (`Body.stream`) matches a stub's by content type and declared
/// length; the mock reads it whole before answering, as a streaming transport would (a second
/// send, a length mismatch or the sequence's error fail the same way), and keeps the bytes in
/// ``streamedBodies``.
///
/// A stub answers at once, in one piece, so a `Transfer` reports no progress; a response made
/// with ``MockedResponse/reportingProgress(steps:announcingLength:)`` is delivered in steps, as a
/// transport delivers one.
public struct MockTransport: Transport {
    private let storage = MockStorage()
    private let ignoredHeaders: Set<HeaderName>

    /// Creates a mock with no stubs.
    ///
    /// - Parameter ignoringHeaders: Header names left out when requests are compared, for
    ///   headers that middleware adds after `Client.request(for:options:)`.
    public init(ignoringHeaders: Set<HeaderName> = []) {
        self.ignoredHeaders = ignoringHeaders
    }

    /// Stubs `endpoint`: builds the request `client` would send for it (the client's base URL,
    /// encoder, form encoding and current `ClientDefaults`) and answers `response` to it.
    ///
    /// ```swift
    /// try await mocks.stub(API.search("swift", page: 2), for: client, with: .success([]), times: 1)
    /// ```
    ///
    /// Defaults changed after stubbing are not in the expectation; stub after configuring them.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint whose request is expected.
    ///   - client: The client whose configuration builds the request and encodes the response.
    ///   - response: What to answer, typed by the endpoint.
    ///   - times: How many times the stub answers; `nil` for any number.
    /// - Throws: `CourierError` when the endpoint's request cannot be built, or the response
    ///   does not fit the endpoint (`CourierError.Kind.invalidMockedResponse`).
    public func stub<E: EndpointRepresentable>(
        _ endpoint: E, for client: Client, with response: MockedResponse<E.Success, E.Failure>,
        times: Int? = nil
    ) async throws(CourierError) {
        let built = try client.request(for: endpoint)
        let request = try built.transportRequest(baseURL: client.baseURL)
        if let times, times < 1 {
            throw MockAnswer.invalid("A stub must answer at least once, not \(times) times.")
        }
        var answer = try response.make(client.configuration.encoder)
        if let delivery = response.delivery {
            answer = try delivery.prepare(answer, for: request)
        }
        let redaction = LogRedaction()
        storage.add(
            MockStub(
                expected: request,
                shownURL: redaction.redacting(redaction.url(of: built, baseURL: client.baseURL), for: built),
                shownPath: redaction.redacting(request.url.path(percentEncoded: true), for: built),
                secretQueryNames: LogRedaction.secretQueryNames(of: built),
                answer: answer, limit: times, delivery: response.delivery))
    }

    /// Answers `request` from the first stub that matches it and has uses left.
    ///
    /// - Throws: `CourierError` with `CourierError.Kind.noMockedResponse` when none matches,
    ///   or the error a ``MockedResponse/throwing(_:)`` stub holds.
    public func send(_ request: TransportRequest) async throws -> RawResponse {
        var sentBytes = request.body?.length ?? 0
        if let chunks = try request.makeBodyChunks() {
            var bytes = Data()
            for try await chunk in chunks { bytes.append(chunk) }
            storage.record(bytes)
            sentBytes = Int64(bytes.count)
        }
        let ignored = ignoredHeaders
        let outcome = storage.take { $0.differences(from: request, ignoring: ignored).isEmpty }
        switch outcome {
        case .found(.response(let status, let headers, let body), let delivery?):
            return try delivery.deliver(
                status: status, headers: headers, body: body, to: request, sentBytes: sentBytes)
        case .found(.response(let status, let headers, let body), _):
            return RawResponse(status: status, headers: headers, body: body, url: request.url)
        case .found(.error(let error), _):
            throw error
        case .none(let stubs):
            throw Self.unmatched(request, stubs: stubs, ignoring: ignored)
        }
    }

    /// The bytes of every streamed body (`Body.stream`) the mock read, in the order it read them.
    public var streamedBodies: [Data] {
        storage.streamedBodies
    }

    /// Throws when a stub was not used: never, or fewer times than its `times` limit.
    ///
    /// - Throws: `CourierError` with `CourierError.Kind.unusedMockedResponses` listing them.
    public func verifyAllUsed() throws(CourierError) {
        let unused = storage.stubs.filter { $0.uses < ($0.limit ?? 1) }
        guard !unused.isEmpty else { return }
        let list = unused.map { stub in
            let count = stub.limit.map { "used \(stub.uses) of \($0) times" } ?? "never used"
            return "\(stub.requestLine) (\(count))"
        }
        throw CourierError(
            stage: .transport, kind: .unusedMockedResponses,
            message: "\(unused.count) of \(storage.stubs.count) stubs were not used up: "
                + list.joined(separator: "; ") + "."
        )
    }

    private static func unmatched(_ request: TransportRequest, stubs: [MockStub], ignoring: Set<HeaderName>)
        -> CourierError
    {
        // Query values sensitive by name read `<redacted>`: the message reaches test logs.
        let line = "\(request.method) \(LogRedaction().url(request.url.absoluteString))"
        var message = "No mocked response for \(line)"
        let ranked = stubs.enumerated().map { index, stub in
            let differences = stub.differences(from: request, ignoring: ignoring)
            let samePlace =
                stub.expected.method == request.method
                && stub.expected.url.path(percentEncoded: true) == request.url.path(percentEncoded: true)
            return (stub: stub, differences: differences, key: (samePlace ? 0 : 1, differences.count, index))
        }
        if let closest = ranked.min(by: { $0.key < $1.key }) {
            if closest.differences.isEmpty, let limit = closest.stub.limit {
                message += "; its stub was used all \(limit) times it allows."
            } else {
                message +=
                    "; the closest stub, \(closest.stub.requestLine), differs: "
                    + closest.differences.joined(separator: "; ") + "."
            }
        } else {
            message += "; no stubs are registered."
        }
        return CourierError(stage: .transport, kind: .noMockedResponse, message: message, url: request.url)
    }
}

/// The stubs of a ``MockTransport``, shared by its copies.
private struct MockStorage: Sendable {
    enum Outcome {
        case found(MockAnswer, MockDelivery?)
        case none([MockStub])
    }

    private struct State: Sendable {
        var stubs: [MockStub] = []
        var bodies: [Data] = []
    }

    private let state = LockedValue(State())

    var streamedBodies: [Data] {
        state.withLock { $0.bodies }
    }

    func record(_ body: Data) {
        state.withLock { $0.bodies.append(body) }
    }

    var stubs: [MockStub] {
        state.withLock { $0.stubs }
    }

    func add(_ stub: MockStub) {
        state.withLock { $0.stubs.append(stub) }
    }

    /// Uses the first stub with uses left that `matches`, or returns every stub.
    func take(where matches: (MockStub) -> Bool) -> Outcome {
        state.withLock { state in
            guard let index = state.stubs.firstIndex(where: { !$0.isUsedUp && matches($0) }) else {
                return .none(state.stubs)
            }
            state.stubs[index].uses += 1
            return .found(state.stubs[index].answer, state.stubs[index].delivery)
        }
    }
}
