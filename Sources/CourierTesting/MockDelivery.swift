import Courier
import Foundation

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
        guard status.code >= 200 else {
            throw MockAnswer.invalid(
                "A mocked response reporting progress has a final status, not the interim \(status).")
        }
        let carriesBody = request.method != .head && status.code != 204 && status.code != 304
        guard carriesBody || body.isEmpty else {
            throw MockAnswer.invalid(
                "A response with status \(status) to a \(request.method) request carries no body; give the mock an empty one."
            )
        }
        // As a receiver reads them: every element of every field, without the spaces and tabs
        // around it, the same text in decimal digits.
        let declared = headers.values(for: .contentLength)
            .flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t")) }
        switch (declared.isEmpty, announcesLength) {
        case (false, true):
            if carriesBody,
                let value = declared.first(where: { value in
                    value != declared[0] || !value.allSatisfy { ("0"..."9").contains($0) }
                        || Int(value) != body.count
                })
            {
                throw MockAnswer.invalid(
                    "The mocked Content-Length, \(value), does not match the body's \(body.count) bytes.")
            }
        case (false, false):
            throw MockAnswer.invalid(
                "The mocked headers announce Content-Length, yet the response is to report progress with announcingLength: false."
            )
        case (true, true) where carriesBody:
            headers.set(HeaderField(name: .contentLength, value: String(body.count)))
        case (true, _):
            break
        }
        return .response(status: status, headers: headers, body: body)
    }

    /// The response to `request`, delivered in steps: the request body reported sent, then the
    /// head and each chunk of `body` handed to a `ResponseReceiver`, which reports them and
    /// writes a download to its file. A streamed 2xx body reports progress up to its head.
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
        if status.isSuccess, request.streamsResponse, request.responseBodyFile == nil {
            // A streamed body is read after the call returned at its head, when its transfer
            // hears no more progress: the mock answers it whole.
            return RawResponse(status: status, headers: receiver.headers, body: body, url: request.url)
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
