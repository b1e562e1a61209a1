import Testing

@testable import Courier

/// RFC 9110 §5.6.2: `token = 1*tchar`, with `tchar` the ASCII letters and digits and fifteen marks.
struct HTTPTokenTests {
    static let marks = "!#$%&'*+-.^_`|~"

    @Test func aTokenCharacterIsALetterADigitOrOneOfTheFifteenMarks() {
        let listed = Set(
            ("abcdefghijklmnopqrstuvwxyz" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ" + "0123456789" + Self.marks).utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(HTTPToken.isTokenCharacter(byte) == listed.contains(byte), "byte \(byte)")
        }
    }

    @Test func aTokenIsOneOrMoreTokenCharacters() {
        #expect(HTTPToken.isValid("X-Request-ID"))
        #expect(HTTPToken.isValid(Self.marks))
        #expect(!HTTPToken.isValid(""))
        #expect(!HTTPToken.isValid("Content Type"))
        #expect(!HTTPToken.isValid("naïve"))
    }
}
