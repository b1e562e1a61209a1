import Foundation

/// Reads the three HTTP-date forms of RFC 9110 §5.6.7 into a `Date`, and writes the one a sender
/// uses (IMF-fixdate).
enum HTTPDate {
    private static let months = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]
    private static let shortDays: Set<String> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let longDays: Set<String> = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    ]

    /// The instant `text` names, or `nil` when it is not an HTTP date in GMT.
    ///
    /// The grammar is ASCII and separates its parts by one space (two before a one-digit day of
    /// the asctime form). Senders must write it so; a recipient is encouraged to be robust
    /// (RFC 9110 §5.6.7), so unless `exactly` is set runs of spaces count as one, and an
    /// IMF-fixdate may have a one-digit day and the zone `UTC` (`Mon, 3 Jun 2019 12:00:00 UTC`,
    /// which Python's and browsers' readers take). An `Expires` is read exactly, since a cache
    /// takes an invalid one as already past (RFC 9111 §5.3). The whitespace around a field value
    /// is not part of it. A two-digit year that would be more than 50 years after `now` is the
    /// most recent past year ending in those digits.
    static func parse(_ text: String, now: Date, exactly: Bool) -> Date? {
        let parts = Array(Substring(text).trimmingOptionalWhitespace().utf8)
            .split(separator: UInt8(ascii: " "), omittingEmptySubsequences: !exactly)
            .map { String(decoding: $0, as: UTF8.self).lowercased() }
        if parts.count == 6, parts[0].hasSuffix(","), shortDays.contains(String(parts[0].dropLast())),
            parts[5] == "gmt" || (!exactly && parts[5] == "utc"),
            parts[1].count == 2 || (!exactly && parts[1].count == 1), parts[3].count == 4
        {
            // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
            return date(year: parts[3], month: parts[2], day: parts[1], time: parts[4])
        }
        if parts.count == 4, parts[0].hasSuffix(","), longDays.contains(String(parts[0].dropLast())),
            parts[3] == "gmt"
        {
            // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
            let date = parts[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard date.count == 3, date[0].count == 2, date[2].count == 2, let twoDigits = digits(date[2])
            else { return nil }
            return rfc850Date(twoDigitYear: twoDigits, month: date[1], day: date[0], time: parts[2], now: now)
        }
        // asctime: Sun Nov  6 08:49:37 1994 (a one-digit day after two spaces), Sun Nov 16 08:49:37 1994
        let asctime: [String]? =
            if parts.count == 6, parts[2].isEmpty, parts[3].count == 1 {
                [parts[0], parts[1], parts[3], parts[4], parts[5]]
            } else if parts.count == 5, parts[2].count == 2 || !exactly {
                parts
            } else {
                nil
            }
        if let asctime, shortDays.contains(asctime[0]), asctime[4].count == 4 {
            return date(year: asctime[4], month: asctime[1], day: asctime[2], time: asctime[3])
        }
        return nil
    }

    /// ``parse(_:now:exactly:)`` at the current instant, read robustly.
    static func parse(_ text: String) -> Date? {
        parse(text, now: Date(), exactly: false)
    }

    /// `date` as an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), to the whole second below it;
    /// a date outside the years 1 to 9999, which the form cannot write, is clamped to them.
    static func format(_ date: Date) -> String {
        // 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z.
        let bounds = -62_135_596_800.0...253_402_300_799.0
        let interval = date.timeIntervalSince1970
        let seconds = Int(
            interval.isNaN ? 0 : min(max(interval, bounds.lowerBound), bounds.upperBound).rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilCalendar.civil(fromDays: Int64(days))
        // 1970-01-01 was a Thursday.
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((days % 7) + 7) % 7]
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(weekday), \(twoDigits(Int(day))) \(months[Int(month) - 1].capitalized) \(yearText) "
            + "\(twoDigits(secondOfDay / 3600)):\(twoDigits(secondOfDay / 60 % 60)):"
            + "\(twoDigits(secondOfDay % 60)) GMT"
    }

    /// The RFC 850 date with a two-digit year: in the century of `now`, unless that would be more
    /// than 50 years after `now`, then a century earlier (RFC 9110 §5.6.7).
    private static func rfc850Date(twoDigitYear: Int, month: String, day: String, time: String, now: Date)
        -> Date?
    {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT") ?? calendar.timeZone
        let year = calendar.component(.year, from: now)
        let century = year - year % 100
        guard let date = date(year: String(century + twoDigitYear), month: month, day: day, time: time)
        else { return nil }
        guard let limit = calendar.date(byAdding: .year, value: 50, to: now), date > limit else {
            return date
        }
        return Self.date(year: String(century - 100 + twoDigitYear), month: month, day: day, time: time)
    }

    private static func date(year: String, month: String, day: String, time: String) -> Date? {
        let clock = Array(time.utf8).split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard let year = digits(year), let month = months.firstIndex(of: month).map({ $0 + 1 }),
            let day = digits(day), clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
            let hour = digits(clock[0]), let minute = digits(clock[1]), let second = digits(clock[2]),
            hour < 24, minute < 60, second <= 60,
            (1...CivilCalendar.daysIn(month: Int64(month), year: Int64(year))).contains(Int64(day))
        else { return nil }
        let days = Int(CivilCalendar.days(fromYear: Int64(year), month: Int64(month), day: Int64(day)))
        let seconds = ((days * 24 + hour) * 60 + minute) * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func digits(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }
}
