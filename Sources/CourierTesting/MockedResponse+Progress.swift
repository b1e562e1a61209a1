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
    /// // 0, then the larger half, then all of the photo's bytes, each of the same expected length
    /// let response = try await transfer.value
    /// ```
    ///
    /// A 2xx response streamed to its caller (an `EventStream`, a `ResponseBodyStream`) reports
    /// progress up to its head, as on a real transport, where the body is read after the call
    /// returned; the mock answers that body whole. The stub is refused with
    /// `CourierError.Kind.invalidMockedResponse` when `steps` is not between 1 and 31 (so that every
    /// report of an attempt fits `Transfer.progress`'s buffer), for a ``throwing(_:)`` response,
    /// for an interim (1xx) status, for a body where none can be (a `HEAD` request, a `204` or
    /// `304`), and for a `Content-Length` of its own that the body does not match, or that
    /// `announcingLength: false` contradicts.
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
