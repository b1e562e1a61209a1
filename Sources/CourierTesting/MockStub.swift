import Courier
import Foundation

/// One registered stub and how often it answered.
struct MockStub: Sendable {
    let expected: TransportRequest
    let answer: MockAnswer
    let limit: Int?
    /// How the answer is delivered, when it reports progress.
    let delivery: MockDelivery?
    var uses = 0

    var requestLine: String { "\(expected.method) \(expected.url.absoluteString)" }
    var isUsedUp: Bool { limit.map { uses >= $0 } ?? false }
}
