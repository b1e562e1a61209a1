import Testing

@testable import Courier

@Suite struct PercentEncodingTests {
    /// RFC 3986 unreserved: ALPHA / DIGIT / "-" / "." / "_" / "~".
    static let unreserved = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".unicodeScalars)

    @Test func everyASCIICharacterOutsideUnreservedIsEncoded() {
        for value in UInt8(0)...UInt8(127) {
            let scalar = Unicode.Scalar(value)
            let text = String(Character(scalar))
            let expected =
                Self.unreserved.contains(scalar)
                ? text : "%" + (value < 16 ? "0" : "") + String(value, radix: 16, uppercase: true)
            #expect(QueryItem(name: "k", value: text).percentEncoded == "k=" + expected, "byte \(value)")
        }
    }

    @Test func everyByteIsUnreservedExactlyWhenRFC3986SaysSo() {
        for value in UInt8.min...UInt8.max {
            let expected = value < 128 && Self.unreserved.contains(Unicode.Scalar(value))
            #expect(PercentEncoding.isUnreserved(value) == expected, "byte \(value)")
        }
    }

    @Test func namesAreEncodedLikeValues() {
        #expect(QueryItem(name: "a b+c", value: "").percentEncoded == "a%20b%2Bc=")
    }

    @Test func multiByteUTF8IsEncodedBytewise() {
        #expect(QueryItem(name: "k", value: "é😀").percentEncoded == "k=%C3%A9%F0%9F%98%80")
    }

    @Test func pathsAndQueriesUseTheSameRules() throws {
        let text = "a+b c/d"
        let request = try Endpoint<Empty, Never> {
            Method.get
            Path(text)
            Query("a+b c/d", "a+b c/d")
        }.request()
        #expect(request.percentEncodedTarget == "/a%2Bb%20c%2Fd?a%2Bb%20c%2Fd=a%2Bb%20c%2Fd")
    }

    /// What a base path must be to be written as it is: unreserved bytes and whole `%XX` escapes.
    @Test(arguments: [
        ("a%20b", true), ("~x-._", true), ("", true), ("%2F", true),
        ("a;b", false), ("%2", false), ("%zz", false), ("é", false), ("a b", false), ("a/b", false),
    ])
    func isEncodedAcceptsOnlyWhatEncodeWrites(text: String, encoded: Bool) {
        #expect(PercentEncoding.isEncoded(text) == encoded)
        if encoded { #expect(PercentEncoding.encode(PercentEncoding.decode(text) ?? text) == text) }
    }

    @Test func decodingKeepsALeadingByteOrderMarkAndRefusesInvalidUTF8() {
        #expect(PercentEncoding.decode("%EF%BB%BFa") == "\u{FEFF}a")
        #expect(PercentEncoding.decode("%EF%BB%BF") == "\u{FEFF}")
        #expect(PercentEncoding.decode("%FF") == nil)
        #expect(PercentEncoding.decode("%C3") == nil)
    }
}
