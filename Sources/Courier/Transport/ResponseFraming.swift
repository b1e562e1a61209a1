import Foundation

/// Checks that a response's framing agrees with itself and with the bytes that arrived.
///
/// `URLSession` on Linux accepts two different `Content-Length` values and, on some failures,
/// ends a body early with an error code that does not say so. Courier checks what it can see:
/// - every `Content-Length` value (repeated fields, or a comma-separated list) must be the same
///   number, else the response is rejected as soon as its headers arrive; a `Transfer-Encoding`
///   overrides it (RFC 9112 §6.3: the body is framed by `chunked`, or by the connection's close
///   when `chunked` is not the last coding), so with one it counts for nothing;
/// - when the body is not content-coded, the delivered byte count must equal that number, else
///   the response is truncated (or longer than announced) and fails.
enum ResponseFraming {
    /// The announced body length, `nil` when there is none, or an error for conflicting values.
    ///
    /// Every value (each field, and each comma-separated element of one, without the spaces and
    /// tabs around it) must be the same run of ASCII digits; a field with none is invalid. A
    /// response with a `Transfer-Encoding` announces none: that overrides it.
    static func contentLength(in headers: HeaderFields) -> Result<Int64?, CourierError> {
        guard !headers.contains(.transferEncoding) else { return .success(nil) }
        var announced: Substring.UTF8View?
        var agree = true
        for field in headers where field.name == .contentLength {
            var isEmpty = true
            forEachElement(of: field.value) { element in
                isEmpty = false
                if let announced {
                    agree = agree && announced.elementsEqual(element)
                } else {
                    announced = element
                }
            }
            agree = agree && !isEmpty
        }
        guard agree else { return .failure(invalidLength(in: headers)) }
        guard let announced else { return .success(nil) }
        guard let length = digits(announced) else { return .failure(invalidLength(in: headers)) }
        return .success(length)
    }

    /// The error for a response whose `Content-Length` fields disagree or are not a number.
    private static func invalidLength(in headers: HeaderFields) -> CourierError {
        let values = headers.values(for: .contentLength).map {
            "'\(String(Substring($0).trimmingOptionalWhitespace()))'"
        }
        return CourierError(
            stage: .transport, kind: .invalidResponse,
            message:
                "The response announces conflicting or invalid Content-Length values "
                + "(\(values.joined(separator: ", "))), so its body cannot be trusted.")
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

    /// Whether the delivered bytes must match `Content-Length`: no content coding (every element
    /// of every `Content-Encoding` field is `identity` or empty, as
    /// ``ContentDecoding/listedCodings(in:)`` reads them), and a status and method that carry a
    /// body.
    static func deliveredLengthMustMatch(
        headers: HeaderFields, status: HTTPStatus, method: HTTPMethod
    ) -> Bool {
        carriesBody(status: status, method: method) && ContentDecoding.listedCodings(in: headers).isEmpty
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
