import Courier
import Foundation

/// One registered stub and how often it answered.
struct MockStub: Sendable {
    let expected: TransportRequest
    /// The expected URL as messages show it: the secrets of the endpoint's request, and query
    /// values hidden by name, as `<redacted>`.
    let shownURL: String
    /// The expected URL's percent-encoded path as messages show it: the endpoint's secret path
    /// values as `<redacted>`.
    let shownPath: String
    /// The names of the endpoint's query items marked secret, whose values messages
    /// hide however they are named.
    let secretQueryNames: Set<String>
    let answer: MockAnswer
    let limit: Int?
    /// How the answer is delivered, when it reports progress.
    let delivery: MockDelivery?
    var uses = 0

    var requestLine: String { "\(expected.method) \(shownURL)" }
    var isUsedUp: Bool { limit.map { uses >= $0 } ?? false }
}
