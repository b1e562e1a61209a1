import Foundation

/// Checks that a response's framing agrees with itself and with the bytes that arrived.
///
/// `URLSession` on Linux accepts two different `Content-Length` values and, on some failures,
/// ends a body early with an error code that does not say so. Courier checks what it can see:
/// - every `Content-Length` value (repeated fields, or a comma-separated list) must be the same
///   number, else the response is rejected as soon as its headers arrive;
/// - when the body is not content-coded, the delivered byte count must equal that number, else
///   the response is truncated (or longer than announced) and fails.
enum ResponseFraming {
    /// The announced body length, `nil` when there is none, or an error for conflicting values.
    ///
    /// Every value (each field, and each comma-separated element of one, without the spaces and
    /// tabs around it) must be the same run of ASCII digits. Read byte by byte: every response
    /// passes through here.
    static func contentLength(in headers: HeaderFields) -> Result<Int64?, CourierError> {
        var announced: Substring.UTF8View?
        var agree = true
        for field in headers where field.name == .contentLength {
            forEachElement(of: field.value) { element in
                if let announced {
                    agree = agree && announced.elementsEqual(element)
                } else {
                    announced = element
                }
            }
        }
        guard let announced else { return .success(nil) }
        guard agree, let length = digits(announced) else {
            var values: [String] = []
            for field in headers where field.name == .contentLength {
                forEachElement(of: field.value) { values.append(String(Substring($0))) }
            }
            return .failure(
                CourierError(
                    stage: .transport, kind: .invalidResponse,
                    message:
                        "The response announces conflicting or invalid Content-Length values "
                        + "(\(values.joined(separator: ", "))), so its body cannot be trusted."
                ))
        }
        return .success(length)
    }

    /// Calls `body` with each comma-separated element of `value`, without the spaces and tabs
    /// around it; empty elements (with or without whitespace) are skipped, as RFC 9110's list
    /// rules ask.
    private static func forEachElement(of value: String, _ body: (Substring.UTF8View) -> Void) {
        let bytes = Substring(value).utf8
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.endIndex
            let element = trimmed(bytes[start..<end])
            if !element.isEmpty { body(element) }
            start = end < bytes.endIndex ? bytes.index(after: end) : end
        }
    }

    /// `bytes` without the spaces and tabs (HTTP's optional whitespace) at either end.
    private static func trimmed(_ bytes: Substring.UTF8View) -> Substring.UTF8View {
        let isWhitespace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isWhitespace($0) }),
            let last = bytes.lastIndex(where: { !isWhitespace($0) })
        else { return bytes[bytes.startIndex..<bytes.startIndex] }
        return bytes[first...last]
    }

    /// The number `bytes` spell in ASCII digits, or `nil` when they are empty, hold anything else
    /// (a sign, a space, another script's digits) or do not fit an `Int64`.
    private static func digits(_ bytes: Substring.UTF8View) -> Int64? {
        guard !bytes.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times10.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflow, !overflowSum else { return nil }
            value = sum
        }
        return value
    }

    /// Whether a response to `method` with `status` carries a body: not one to `HEAD`, nor a 1xx,
    /// 204 or 304, whose `Content-Length` (if any) describes a representation not sent.
    static func carriesBody(status: HTTPStatus, method: HTTPMethod) -> Bool {
        method != .head && status.code >= 200 && status.code != 204 && status.code != 304
    }

    /// Whether the delivered bytes must match `Content-Length`: no content coding, and a status
    /// and method that carry a body.
    ///
    /// Every `Content-Encoding` field counts, since field lines of one name form one list
    /// (RFC 9110 §5.3): a coding in a second field is a coding still.
    static func deliveredLengthMustMatch(
        headers: HeaderFields, status: HTTPStatus, method: HTTPMethod
    ) -> Bool {
        guard carriesBody(status: status, method: method) else { return false }
        return headers.allSatisfy { $0.name != .contentEncoding || isIdentity($0.value) }
    }

    /// Whether a `Content-Encoding` field's value names no coding: empty or `identity`.
    private static func isIdentity(_ coding: String) -> Bool {
        let token = trimmed(Substring(coding).utf8)
        guard token.allSatisfy({ $0 < 0x80 }) else {
            // Not a coding any transport decodes; trimmed of Unicode spaces, as it always was.
            let text = coding.trimmingCharacters(in: .whitespaces).lowercased()
            return text.isEmpty || text == "identity"
        }
        // "identity" is all letters, so setting the 0x20 bit of a byte lowercases exactly the
        // bytes that can match.
        return token.isEmpty || token.elementsEqual("identity".utf8, by: { $0 | 0x20 == $1 })
    }

    /// The error for a body of `delivered` bytes where `expected` were announced.
    static func lengthMismatch(delivered: Int64, expected: Int64) -> CourierError {
        if delivered < expected {
            return CourierError(
                stage: .transport, kind: .truncatedResponse,
                message:
                    "The response body ended after \(delivered) of the \(expected) bytes its "
                    + "Content-Length announced; the partial body was discarded."
            )
        }
        return CourierError(
            stage: .transport, kind: .invalidResponse,
            message:
                "The response body has \(delivered) bytes, more than the \(expected) its Content-Length announced."
        )
    }
}
