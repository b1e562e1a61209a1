import Courier
import Foundation

/// A transport that records every request it is given, then answers from another transport.
///
/// ```swift
/// let recorder = RecordingTransport()
/// let client = Client(baseURL: BaseURL("api.example.com"), transport: recorder)
/// _ = try await client.send(API.deleteTodo(3))
/// let sent = await recorder.requests
/// #expect(sent.map(\.method) == [.delete])
/// ```
public struct RecordingTransport: Transport {
    private let log = RequestLog()
    private let upstream: any Transport

    /// Records requests and answers them with `upstream`; by default every answer is `204`.
    public init(
        answeringWith upstream: any Transport = StubTransport { RawResponse(status: .noContent, url: $0.url) }
    ) {
        self.upstream = upstream
    }

    /// Every request sent so far, in order.
    public var requests: [TransportRequest] {
        get async { await log.requests }
    }

    /// Records `request`, then returns the upstream transport's response.
    public func send(_ request: TransportRequest) async throws -> RawResponse {
        await log.append(request)
        return try await upstream.send(request)
    }
}

/// The requests a ``RecordingTransport`` has seen.
actor RequestLog {
    private(set) var requests: [TransportRequest] = []

    func append(_ request: TransportRequest) {
        requests.append(request)
    }
}
