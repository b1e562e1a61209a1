import Courier
import Foundation

/// Failures documented with text, bytes or nothing, as a plain-text or HTML error page is (a
/// teapot's `418`, a proxy's `502`): each decodes as a success body of its model does, and a
/// catalog answers it that way.
enum PageError: DocumentedErrors, AnswerableError, Equatable {
    case teapot(String)
    case page(Data)
    case gone

    static let documentedStatuses: [DocumentedStatus<PageError>] = [
        .status(418, String.self, PageError.teapot),
        .status(410, Empty.self, { _ in PageError.gone }),
        .statuses(500...599, Data.self, PageError.page),
    ]

    var answer: ErrorAnswer {
        switch self {
        case .teapot(let text): .status(418, text)
        case .page(let bytes): .status(502, bytes)
        case .gone: .status(410, Empty())
        }
    }
}
