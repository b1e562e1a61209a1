import Foundation

extension CourierError {
    /// A decoding-stage error naming the coding path and quoting a redacted body snippet.
    static func decoding(
        _ error: any Error, type: Any.Type, response: RawResponse, request: EndpointRequest, url: URL?
    ) -> CourierError {
        var message = "The response body did not decode as \(type)"
        if let decodingError = error as? DecodingError {
            message += ": " + describe(decodingError)
        }
        if !message.hasSuffix(".") { message += "." }
        return CourierError(
            stage: .decoding, kind: .decodingFailed, statement: message,
            request: request, url: url, response: response, underlying: error, notes: response.notes,
            bodySnippet: BodySnippet.redacted(
                response.body, hiding: LogRedaction().secrets(of: request, answeredBy: response)))
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            "key '\(key.stringValue)' not found at \(path(context.codingPath))"
        case .valueNotFound(_, let context):
            "value missing at \(path(context.codingPath))"
        case .typeMismatch(let type, let context):
            "expected \(type) at \(path(context.codingPath))"
        case .dataCorrupted(let context):
            "data corrupted at \(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            "\(error)"
        }
    }

    /// A coding path as `items[0].name`, or `the top level`.
    static func path(_ codingPath: [any CodingKey]) -> String {
        guard !codingPath.isEmpty else { return "the top level" }
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }
}
