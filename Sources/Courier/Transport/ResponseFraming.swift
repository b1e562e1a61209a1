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
    static func contentLength(in headers: HeaderFields) -> Result<Int64?, CourierError> {
        let values = headers.values(for: .contentLength)
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard !values.isEmpty else { return .success(nil) }
        let lengths = Set(values)
        guard lengths.count == 1, let text = lengths.first, let length = Int64(text), length >= 0,
            text.allSatisfy(\.isASCII)
        else {
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

    /// Whether the delivered bytes must match `Content-Length`: no content coding, and a status
    /// and method that carry a body.
    static func deliveredLengthMustMatch(
        headers: HeaderFields, status: HTTPStatus, method: HTTPMethod
    ) -> Bool {
        let coding = headers[.contentEncoding]?.trimmingCharacters(in: .whitespaces).lowercased()
        let identity = coding == nil || coding == "" || coding == "identity"
        return identity && method != .head && status.code >= 200 && status.code != 204 && status.code != 304
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
