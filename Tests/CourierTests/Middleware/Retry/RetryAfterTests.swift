import Courier
import Foundation
import Testing

@Suite struct RetryAfterTests {
    /// Sun, 06 Nov 1994 08:49:37 GMT, the example date of RFC 9110 §5.6.7.
    static let example = Date(timeIntervalSince1970: 784_111_777)

    @Test(arguments: [("0", 0), ("120", 120), (" 5\t", 5), ("007", 7)])
    func deltaSeconds(value: String, seconds: Int) {
        #expect(RetryAfter(value) == .seconds(seconds))
    }

    @Test func aNumberTooLargeForIntWaitsForever() {
        #expect(RetryAfter("99999999999999999999999") == .seconds(Int.max))
    }

    @Test(arguments: ["-1", "1.5", "+3", "1e3", "", " ", "3 s", "0x10", "١٢", "soon"])
    func invalidValues(value: String) {
        #expect(RetryAfter(value) == nil)
    }

    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT",  // IMF-fixdate
        "Sunday, 06-Nov-94 08:49:37 GMT",  // obsolete RFC 850
        "Sun Nov  6 08:49:37 1994",  // obsolete asctime
        "Sun Nov 06 08:49:37 1994",
        "sun, 06 nov 1994 08:49:37 gmt",
    ])
    func theThreeDateForms(value: String) {
        #expect(RetryAfter(value) == .date(Self.example))
    }

    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 PST",
        "Sun, 06 Nov 1994 08:49:37",
        "Sun, 06 Nov 94 08:49:37 GMT",
        "Sun, 31 Feb 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 24:00:00 GMT",
        "Sun, 06 Nov 1994 08:60:00 GMT",
        "Sun, 06 Nov 1994 8:49:37 GMT",
        "Sun, 06 Foo 1994 08:49:37 GMT",
        "Dim, 06 Nov 1994 08:49:37 GMT",
        "Sun 06 Nov 1994 08:49:37 GMT",
        "Sunday, 06-Nov-1994 08:49:37 GMT",
        "Sun Nov 106 08:49:37 1994",
    ])
    func invalidDates(value: String) {
        #expect(RetryAfter(value) == nil)
    }

    @Test(arguments: ["Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 UTC"])
    func aOneDigitDayAndUTCAreReadAsPythonReadsThem(value: String) {
        #expect(RetryAfter(value) == .date(Self.example))
    }

    @Test func leapDays() {
        #expect(
            RetryAfter("Thu, 29 Feb 2024 00:00:00 GMT") == .date(Date(timeIntervalSince1970: 1_709_164_800)))
        #expect(
            RetryAfter("Tue, 29 Feb 2000 00:00:00 GMT") == .date(Date(timeIntervalSince1970: 951_782_400)))
        #expect(RetryAfter("Wed, 29 Feb 2023 00:00:00 GMT") == nil)
        #expect(RetryAfter("Thu, 29 Feb 2100 00:00:00 GMT") == nil)
    }

    @Test func aTwoDigitYearMoreThan50YearsAheadIsInThePast() {
        // RFC 9110 §5.6.7: "94" is 1994 (2094 is too far ahead), "30" is 2030.
        #expect(RetryAfter("Sunday, 06-Nov-94 08:49:37 GMT") == .date(Self.example))
        #expect(
            RetryAfter("Wednesday, 06-Nov-30 08:49:37 GMT")
                == .date(Date(timeIntervalSince1970: 1_920_185_377)))
    }

    @Test func delays() {
        #expect(RetryAfter.seconds(90).delay(from: Self.example) == .seconds(90))
        let later = Self.example.addingTimeInterval(42)
        #expect(RetryAfter.date(later).delay(from: Self.example) == .seconds(42))
        #expect(RetryAfter.date(Self.example).delay(from: later) == .zero)
        #expect(RetryAfter.date(Self.example).delay(from: Self.example) == .zero)
    }

    /// urllib3's `test_parse_retry_after_invalid` and `test_parse_retry_after`.
    @Test func urllib3RetryAfterParsing() {
        for invalid in ["-1", "+1", "1.0", "\u{00B2}", "1.5", "", "soon"] {
            #expect(RetryAfter(invalid) == nil, "\(invalid)")
        }
        #expect(RetryAfter("0") == .seconds(0))
        #expect(RetryAfter("1000") == .seconds(1000))
        #expect(RetryAfter("\t42 ") == .seconds(42))
    }
}
