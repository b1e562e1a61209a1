import Foundation

extension LoggingMiddleware {
    /// The body line of a request, or `nil` without a body; a file body is never read.
    func bodyLine(_ body: RequestBody?, secrets: [String]) -> String? {
        if let stream = body?.stream { return "  Body: \(stream.description)" }
        guard let body, body.length > 0 else { return nil }
        guard let data = body.data else { return "  Body: <\(body.length) bytes, streamed from a file>" }
        return bodyLine(data, contentType: body.contentType, secrets: secrets)
    }

    /// `Body (N bytes): text` for redacted text up to ``bodyLimit`` bytes, or `Body: <N bytes>`
    /// for bytes that are not UTF-8 text.
    ///
    /// JSON keys and echoed secrets are hidden by the same rules as error messages; fields of a
    /// form body are hidden like query parameters. Line breaks are escaped, so a body cannot
    /// forge log lines.
    func bodyLine(_ data: Data, contentType: MediaType?, secrets: [String]) -> String {
        guard let text = String(data: data, encoding: .utf8), Self.isPrintable(text) else {
            return "  Body: <\(data.count) bytes>"
        }
        var redactable = data
        if contentType?.essence == MediaType.formURLEncoded.essence {
            redactable = Data(redaction.query(text[...]).utf8)
        }
        let snippet = BodySnippet.redacted(redactable, hiding: secrets, limit: bodyLimit)
        let escaped = snippet.replacingOccurrences(of: "\r", with: "\\r")
            .replacingOccurrences(of: "\n", with: "\\n")
        return "  Body (\(data.count) bytes): \(escaped)"
    }

    /// Whether `text` has no control characters other than tab, line feed and carriage return.
    private static func isPrintable(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            scalar == "\t" || scalar == "\n" || scalar == "\r"
                || (scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value))
        }
    }
}
