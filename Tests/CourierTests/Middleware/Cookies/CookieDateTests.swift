import Foundation
import Testing

@testable import Courier

struct CookieDateTests {
    /// 1994-11-06 08:49:37 UTC.
    static let rfcExample = Date(timeIntervalSince1970: 784_111_777)

    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT",  // IMF-fixdate
        "Sunday, 06-Nov-94 08:49:37 GMT",  // RFC 850, two-digit year
        "Sun Nov  6 08:49:37 1994",  // asctime
        "06 Nov 1994 08:49:37",  // no weekday, no zone
        "Sun, 06-November-1994 08:49:37 UTC",  // a month's full name, any zone text
        "1994 Nov 6 08:49:37",  // any order
        "Sun,06 Nov 1994 08:49:37 GMT",  // delimiters only where tokens need them
        "SUN, 06 NOV 1994 08:49:37 gmt",  // any case
    ])
    func everyShapeServersWriteReadsAsTheSameInstant(text: String) {
        #expect(CookieDate.parse(text) == Self.rfcExample)
    }

    @Test func twoDigitYearsFrom70AreThe1900sAndBelowThe2000s() {
        #expect(CookieDate.parse("01 Jan 70 00:00:00") == Date(timeIntervalSince1970: 0))
        #expect(CookieDate.parse("09 Jun 21 10:18:14 GMT") == Date(timeIntervalSince1970: 1_623_233_894))
    }

    @Test func theFirstTokenOfEachKindWins() {
        // "99" would be a day of month, but the day was found first; it is then the year.
        #expect(CookieDate.parse("06 Nov 99 08:49:37 10:00:00") == Date(timeIntervalSince1970: 941_878_177))
    }

    @Test(arguments: [
        "Sun, 06 Nov 1994",  // no time
        "Sun, 32 Nov 1994 08:49:37",  // day out of range
        "Sun, 31 Nov 1994 08:49:37",  // no such date
        "Thu, 29 Feb 2001 00:00:00",  // not a leap year
        "Sun, 06 Nov 1600 08:49:37",  // before 1601
        "Sun, 06 Nov 1994 24:00:00",  // hour out of range
        "Sun, 06 Nov 1994 08:60:00",  // minute out of range
        "Sun, 06 Nov 1994 08:49:60",  // second out of range
        "Sun, 06 Nox 1994 08:49:37",  // no month
        "Sun, 06 Nov 08:49:37",  // no year
        "Sun, 123 Nov 1994 08:49:37",  // three digits are neither day nor year
        "",
    ])
    func anIncompleteOrImpossibleDateIsNone(text: String) {
        #expect(CookieDate.parse(text) == nil)
    }

    @Test func aLeapDayIsADate() {
        #expect(CookieDate.parse("29 Feb 2000 00:00:00") == Date(timeIntervalSince1970: 951_782_400))
    }
}
