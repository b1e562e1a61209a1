import Courier
import Testing

@Suite struct HeaderFieldsTests {
    @Test func namesCompareCaseInsensitively() {
        #expect(HeaderName("content-type") == .contentType)
        #expect(HeaderName("X-Trace").hashValue == HeaderName("x-trace").hashValue)
        #expect(HeaderName("X-Trace").rawValue == "X-Trace")
    }

    @Test func invalidNamesAreRejected() {
        #expect(HeaderName(validating: "X Trace") == nil)
        #expect(HeaderName(validating: "X-Trace:") == nil)
        #expect(HeaderName(validating: "") == nil)
        #expect(HeaderName(validating: "X-Trace\r\nEvil") == nil)
    }

    @Test func fieldsKeepOrderAndDuplicates() {
        var fields: HeaderFields = [
            HeaderField(name: .accept, value: "a"),
            HeaderField(name: HeaderName("X-Tag"), value: "1"),
        ]
        fields.append(HeaderField(name: HeaderName("x-tag"), value: "2"))
        #expect(fields.map(\.value) == ["a", "1", "2"])
        #expect(fields.values(for: HeaderName("X-TAG")) == ["1", "2"])
        #expect(fields["x-TAG"] == "1")
        #expect(fields[.contentType] == nil)
    }

    @Test func setReplacesEveryFieldOfTheNameInPlace() {
        var fields: HeaderFields = [
            HeaderField(name: HeaderName("X-Tag"), value: "1"),
            HeaderField(name: .accept, value: "a"),
            HeaderField(name: HeaderName("x-tag"), value: "2"),
        ]
        fields.set(HeaderField(name: HeaderName("X-TAG"), value: "3"))
        #expect(fields.map(\.value) == ["3", "a"])
        fields.removeAll(named: .accept)
        #expect(fields.map(\.value) == ["3"])
    }

    @Test func credentialHeadersAreSensitiveByDefault() {
        #expect(HeaderField(name: .authorization, value: "x").isSensitive)
        #expect(HeaderField(name: HeaderName("cookie"), value: "x").isSensitive)
        #expect(HeaderField(name: .proxyAuthorization, value: "x").isSensitive)
        #expect(HeaderField(name: HeaderName("X-Api-Key"), value: "x", isSecret: true).isSensitive)
        #expect(!HeaderField(name: .accept, value: "x").isSensitive)
    }
}
