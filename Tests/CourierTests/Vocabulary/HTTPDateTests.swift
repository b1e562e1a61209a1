import Foundation
import Testing

@testable import Courier

@Suite struct HTTPDateTests {
    /// Sun, 06 Nov 1994 08:49:37 GMT, the example date of RFC 9110 §5.6.7.
    static let example = Date(timeIntervalSince1970: 784_111_777)

    /// Sun, 16 Nov 1994 08:49:37 GMT: ten days after ``example``.
    static let sixteenth = example.addingTimeInterval(10 * 86_400)

    @Test(arguments: [
        ("Sun,  06 Nov 1994 08:49:37 GMT", example),
        ("Sun, 06  Nov 1994 08:49:37 GMT", example),
        ("Sun, 06 Nov 1994  08:49:37 GMT", example),
        ("Sun, 06 Nov 1994 08:49:37  GMT", example),
        ("Sunday,  06-Nov-94 08:49:37 GMT", example),
        ("Sunday, 06-Nov-94  08:49:37 GMT", example),
        ("Sun  Nov 16 08:49:37 1994", sixteenth),
        ("Sun Nov   6 08:49:37 1994", example),
        ("Sun Nov  16 08:49:37 1994", sixteenth),
        ("Sun Nov 6 08:49:37 1994", example),
        ("Sun Nov  6 08:49:37  1994", example),
    ])
    func partsAreSeparatedByExactlyOneSpaceWhenReadExactly(text: String, date: Date) {
        #expect(HTTPDate.parse(text, now: Date(), exactly: true) == nil)
        // A recipient is robust otherwise: a run of spaces counts as one.
        #expect(HTTPDate.parse(text) == date)
    }

    /// Python's `email.utils.parsedate_to_datetime` (which urllib3 reads `Retry-After` with) and
    /// browsers take these; an exact reading does not.
    @Test(arguments: [
        ("Sun, 6 Nov 1994 08:49:37 GMT", example),
        ("Sun, 06 Nov 1994 08:49:37 UTC", example),
        ("Sun, 6 Nov 1994 08:49:37 utc", example),
    ])
    func aOneDigitDayAndUTCAreReadRobustly(text: String, date: Date) {
        #expect(HTTPDate.parse(text, now: Date(), exactly: true) == nil)
        #expect(HTTPDate.parse(text) == date)
    }

    @Test func spacesAndTabsAroundTheValueAreNotPartOfIt() {
        #expect(HTTPDate.parse(" Sun, 06 Nov 1994 08:49:37 GMT\t") == Self.example)
        #expect(HTTPDate.parse("\tSun Nov  6 08:49:37 1994 ") == Self.example)
    }

    @Test func aTwoDigitYearIsInThePastWhenItWouldBeMoreThan50YearsAhead() throws {
        // 2026-12-05T00:00:00Z: 2076-12-04 is less than 50 years ahead, 2076-12-06 more.
        let now = Date(timeIntervalSince1970: 1_796_428_800)
        let within = try #require(
            HTTPDate.parse("Friday, 04-Dec-76 00:00:00 GMT", now: now, exactly: true))
        let beyond = try #require(
            HTTPDate.parse("Sunday, 06-Dec-76 00:00:00 GMT", now: now, exactly: true))
        #expect(HTTPDate.format(within) == "Fri, 04 Dec 2076 00:00:00 GMT")
        #expect(HTTPDate.format(beyond) == "Mon, 06 Dec 1976 00:00:00 GMT")
    }
}
