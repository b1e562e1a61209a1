import CourierTestSupport
import Foundation
import Testing

@testable import Courier

struct ResponseFramingTests {
    private func headers(_ pairs: [(String, String)]) -> HeaderFields {
        HeaderFields(
            pairs.compactMap { name, value in
                HeaderName(validating: name).map { HeaderField(name: $0, value: value) }
            })
    }

    @Test func noContentLengthIsUnknown() throws {
        #expect(try ResponseFraming.contentLength(in: headers([])).get() == nil)
    }

    @Test(arguments: [
        [("Content-Length", "10")],
        [("Content-Length", "10"), ("content-length", "10")],
        [("Content-Length", "10, 10")],
        [("Content-Length", " 10\t")],
        [("Content-Length", "10,"), ("Content-Length", ", 10")],
        [("Content-Length", "10 ,\t10,,10")],
        // Empty list elements, with or without whitespace, are ignored (RFC 9110, 5.6.1).
        [("Content-Length", "10, ")],
        [("Content-Length", " , 10")],
    ])
    func agreeingValuesAreOneLength(fields: [(String, String)]) throws {
        #expect(try ResponseFraming.contentLength(in: headers(fields)).get() == 10)
    }

    @Test(arguments: [
        [("Content-Length", "5"), ("Content-Length", "10")],
        [("Content-Length", "5, 10")],
        [("Content-Length", "-1")],
        [("Content-Length", "ten")],
        [("Content-Length", "１０")],
        [("Content-Length", "+10")],
        [("Content-Length", "10, 010")],
        [("Content-Length", "1 0")],
        [("Content-Length", "\u{00A0}10")],
        [("Content-Length", "99999999999999999999")],
        [("Content-Length", "9223372036854775808")],
        [("Content-Length", "0x10")],
    ])
    func conflictingOrInvalidValuesAreRejected(fields: [(String, String)]) {
        let error = expectCourierError(.invalidResponse) {
            try ResponseFraming.contentLength(in: headers(fields)).get()
        }
        #expect(
            error?.message.hasPrefix("The response announces conflicting or invalid Content-Length values")
                == true)
    }

    /// A field with no element, empty or only whitespace, is not a length (`1*DIGIT`), alone or
    /// beside a valid one.
    @Test(arguments: ["", " ", " ,\t"])
    func aFieldWithoutAnElementIsInvalid(value: String) throws {
        for fields in [[("Content-Length", value)], [("Content-Length", "5"), ("Content-Length", value)]] {
            expectCourierError(.invalidResponse) {
                try ResponseFraming.contentLength(in: headers(fields)).get()
            }
        }
    }

    /// A response with a `Transfer-Encoding` was framed by it: its `Content-Length`, whatever it
    /// says, announces nothing (RFC 9112 §6.3), so a whole chunked body is not called truncated
    /// or longer than announced.
    @Test(arguments: ["chunked", "gzip, chunked"])
    func aTransferCodingFramesTheBodyInsteadOfTheLength(coding: String) throws {
        for length in ["99999", "100", "abc", "5, 6"] {
            let fields = headers([("Transfer-Encoding", coding), ("Content-Length", length)])
            #expect(try ResponseFraming.contentLength(in: fields).get() == nil)
        }
    }

    @Test func theLargestAndSmallestLengthsAreRead() throws {
        #expect(try ResponseFraming.contentLength(in: headers([("Content-Length", "0")])).get() == 0)
        #expect(
            try ResponseFraming.contentLength(in: headers([("Content-Length", "9223372036854775807")])).get()
                == Int64.max)
    }

    @Test func onlyUncodedBodiesOfBodyCarryingResponsesAreHeldToTheLength() {
        let plain = headers([("Content-Length", "10")])
        #expect(ResponseFraming.deliveredLengthMustMatch(headers: plain, status: .ok, method: .get))
        #expect(!ResponseFraming.deliveredLengthMustMatch(headers: plain, status: .ok, method: .head))
        #expect(!ResponseFraming.deliveredLengthMustMatch(headers: plain, status: .noContent, method: .get))
        #expect(!ResponseFraming.deliveredLengthMustMatch(headers: plain, status: 304, method: .get))
        let gzip = headers([("Content-Length", "10"), ("Content-Encoding", "gzip")])
        #expect(!ResponseFraming.deliveredLengthMustMatch(headers: gzip, status: .ok, method: .get))
        let identity = headers([("Content-Length", "10"), ("Content-Encoding", "identity")])
        #expect(ResponseFraming.deliveredLengthMustMatch(headers: identity, status: .ok, method: .get))
        for spelling in [" IDENTITY\t", "Identity", "", "identity, identity", "identity,", ","] {
            let fields = headers([("Content-Length", "10"), ("Content-Encoding", spelling)])
            #expect(
                ResponseFraming.deliveredLengthMustMatch(headers: fields, status: .ok, method: .get),
                "\(spelling.debugDescription)")
        }
        for spelling in ["identityx", "identit", "GZIP", "ident ity", "\u{00A0}identity", "identity, gzip"] {
            let fields = headers([("Content-Length", "10"), ("Content-Encoding", spelling)])
            #expect(
                !ResponseFraming.deliveredLengthMustMatch(headers: fields, status: .ok, method: .get),
                "\(spelling.debugDescription)")
        }
    }

    /// A coding in any `Content-Encoding` field, not only the first, frees the body from the
    /// announced length: the transport may have decoded it.
    @Test func aCodingInALaterContentEncodingFieldCounts() {
        let later = headers([
            ("Content-Length", "10"), ("Content-Encoding", "identity"), ("Content-Encoding", "gzip"),
        ])
        #expect(!ResponseFraming.deliveredLengthMustMatch(headers: later, status: .ok, method: .get))
        let both = headers([
            ("Content-Length", "10"), ("Content-Encoding", "identity"), ("Content-Encoding", ""),
        ])
        #expect(ResponseFraming.deliveredLengthMustMatch(headers: both, status: .ok, method: .get))
    }

    @Test func theRejectionListsEveryValueAsAnnounced() {
        let error = expectCourierError(.invalidResponse) {
            try ResponseFraming.contentLength(
                in: headers([("Content-Length", "5, 6"), ("content-length", " 7 ")])
            ).get()
        }
        #expect(
            error?.message
                == "The response announces conflicting or invalid Content-Length values ('5, 6', '7'), so its "
                + "body cannot be trusted.")
    }

    @Test func mismatchesNameBothCounts() {
        let short = ResponseFraming.lengthMismatch(delivered: 400, expected: 1000)
        #expect(short.kind == .truncatedResponse)
        #expect(
            short.message
                == "The response body ended after 400 of the 1000 bytes its Content-Length announced; the partial body was discarded."
        )
        let long = ResponseFraming.lengthMismatch(delivered: 12, expected: 10)
        #expect(long.kind == .invalidResponse)
    }
}
