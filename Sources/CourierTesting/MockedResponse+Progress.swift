import Courier
import Foundation

extension MockedResponse {
    /// This response, delivered the way a transport delivers one, so that a `Transfer` reports
    /// its progress as it would over the network.
    ///
    /// The request body is reported sent in `steps` parts, then the response head arrives and the
    /// body follows in `steps` chunks (fewer when it has fewer bytes), the larger ones first. A
    /// download is written to its file chunk by chunk, as on a real transport. Each report
    /// reaches `Transfer.progress` before `Transfer.value` returns, so a test can assert the
    /// whole sequence:
    ///
    /// ```swift
    /// try await mocks.stub(API.photo(7), for: client, with: .success(photo).reportingProgress(steps: 2))
    /// let transfer = client.transfer(API.photo(7), downloadingTo: file)
    /// var reports: [TransferProgress] = []
    /// for await report in transfer.progress { reports.append(report) }
    /// // 0, then half, then all of the photo's bytes, each of the same expected length
    /// let response = try await transfer.value
    /// ```
    ///
    /// A response streamed to its caller (`Client.stream`, an `EventStream`) reports no
    /// progress on any transport, and is answered whole. The stub is refused with
    /// `CourierError.Kind.invalidMockedResponse` when `steps` is not between 1 and 31 (so that every
    /// report of an attempt fits `Transfer.progress`'s buffer), for a ``throwing(_:)`` response,
    /// for a body where none can be (a `HEAD` request, a `204` or `304`), and for a
    /// `Content-Length` of its own that the body does not match, or that `announcingLength: false`
    /// contradicts.
    ///
    /// - Parameters:
    ///   - steps: How many parts the request body is sent in and chunks the response body
    ///     arrives in; 4 by default.
    ///   - announcingLength: Whether the response announces its body's length with
    ///     `Content-Length`, so that each report has `TransferProgress.expectedBytes`; `false`
    ///     tests progress of an unknown total.
    public func reportingProgress(steps: Int = 4, announcingLength: Bool = true) -> MockedResponse {
        var response = self
        response.delivery = MockDelivery(steps: steps, announcesLength: announcingLength)
        return response
    }
}

/// How a mocked response is delivered when it reports progress: in steps, through a
/// `ResponseReceiver`, as a transport delivers one.
struct MockDelivery: Sendable {
    /// The most steps: an attempt's reports (the request body's steps, the head's and the
    /// response body's steps) then fit the 64 that `Transfer.progress` holds.
    static let maximumSteps = 31

    let steps: Int
    let announcesLength: Bool

    /// `answer`, ready to deliver to `request`: checked, and with the `Content-Length` it
    /// announces.
    func prepare(_ answer: MockAnswer, for request: TransportRequest) throws(CourierError) -> MockAnswer {
        guard (1...Self.maximumSteps).contains(steps) else {
            throw MockAnswer.invalid(
                "A mocked response reports progress in 1 to \(Self.maximumSteps) steps, not \(steps).")
        }
        guard case .response(let status, var headers, let body) = answer else {
            throw MockAnswer.invalid(
                "A mocked error has no body to report progress for; drop reportingProgress.")
        }
        let carriesBody = request.method != .head && status.code != 204 && status.code != 304
        guard carriesBody || body.isEmpty else {
            throw MockAnswer.invalid(
                "A response with status \(status) to a \(request.method) request carries no body; give the mock an empty one."
            )
        }
        let declared = headers[.contentLength]
        switch (declared, announcesLength) {
        case (let value?, true) where carriesBody && value != String(body.count):
            throw MockAnswer.invalid(
                "The mocked Content-Length, \(value), does not match the body's \(body.count) bytes.")
        case (_?, false):
            throw MockAnswer.invalid(
                "The mocked headers announce Content-Length, yet the response is to report progress with announcingLength: false."
            )
        case (nil, true) where carriesBody:
            headers.set(HeaderField(name: .contentLength, value: String(body.count)))
        default:
            break
        }
        return .response(status: status, headers: headers, body: body)
    }

    /// The response to `request`, delivered in steps: the request body reported sent, then the
    /// head and each chunk of `body` handed to a `ResponseReceiver`, which reports them and
    /// writes a download to its file.
    ///
    /// - Parameter sentBytes: The request body's length as sent (a streamed one was read whole).
    func deliver(
        status: HTTPStatus, headers: HeaderFields, body: Data, to request: TransportRequest, sentBytes: Int64
    ) throws(CourierError) -> RawResponse {
        var receiver = ResponseReceiver(request: request, responseLimit: .max)
        defer { receiver.abandon() }
        if sentBytes > 0 {
            // A streamed body without a declared length has no total to report against.
            let expected: Int64? = if let stream = request.body?.stream { stream.length } else { sentBytes }
            for end in Self.ends(of: Int(sentBytes), in: steps) {
                receiver.sent(Int64(end), of: expected)
            }
        }
        if case .stop(let error) = receiver.receiveHead(status: status, headers: headers) {
            throw error
        }
        var start = body.startIndex
        for end in Self.ends(of: body.count, in: steps) {
            if case .stop(let error) = receiver.receive(Data(body[start..<body.startIndex + end])) {
                throw error
            }
            start = body.startIndex + end
        }
        return try receiver.complete(url: request.url).get()
    }

    /// Where each of `steps` parts of `count` bytes ends, the larger parts first; fewer parts
    /// when there are fewer bytes, none for none.
    static func ends(of count: Int, in steps: Int) -> [Int] {
        let parts = min(steps, count)
        guard parts > 0 else { return [] }
        let (size, larger) = count.quotientAndRemainder(dividingBy: parts)
        var end = 0
        return (0..<parts).map { part in
            end += size + (part < larger ? 1 : 0)
            return end
        }
    }
}
