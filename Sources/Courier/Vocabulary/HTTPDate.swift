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
    static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: " ").map { String($0).lowercased() }
        if parts.count == 6, parts[0].hasSuffix(","), shortDays.contains(String(parts[0].dropLast())),
            parts[5] == "gmt", parts[1].count == 2, parts[3].count == 4
        {
            // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
            return date(year: parts[3], month: parts[2], day: parts[1], time: parts[4])
        }
        if parts.count == 4, parts[0].hasSuffix(","), longDays.contains(String(parts[0].dropLast())),
            parts[3] == "gmt"
        {
            // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
            let date = parts[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard date.count == 3, date[0].count == 2, date[2].count == 2, let twoDigits = Int(date[2])
            else { return nil }
            return Self.date(
                year: String(fullYear(twoDigits)), month: date[1], day: date[0], time: parts[2])
        }
        if parts.count == 5, shortDays.contains(parts[0]), parts[4].count == 4,
            (1...2).contains(parts[2].count)
        {
            // asctime: Sun Nov  6 08:49:37 1994
            return date(year: parts[4], month: parts[1], day: parts[2], time: parts[3])
        }
        return nil
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
        let (year, month, day) = civilDate(daysSince1970: days)
        // 1970-01-01 was a Thursday.
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((days % 7) + 7) % 7]
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(weekday), \(twoDigits(day)) \(months[month - 1].capitalized) \(yearText) "
            + "\(twoDigits(secondOfDay / 3600)):\(twoDigits(secondOfDay / 60 % 60)):"
            + "\(twoDigits(secondOfDay % 60)) GMT"
    }

    /// A two-digit year more than 50 years ahead is the most recent past year ending in those digits.
    private static func fullYear(_ twoDigits: Int) -> Int {
        let year =
            Calendar(identifier: .gregorian).dateComponents(
                in: TimeZone(identifier: "GMT") ?? .current, from: Date()
            ).year ?? 2000
        let candidate = year - year % 100 + twoDigits
        return candidate > year + 50 ? candidate - 100 : candidate
    }

    private static func date(year: String, month: String, day: String, time: String) -> Date? {
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard let year = digits(year), let month = months.firstIndex(of: month).map({ $0 + 1 }),
            let day = digits(day), clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
            let hour = digits(clock[0]), let minute = digits(clock[1]), let second = digits(clock[2]),
            hour < 24, minute < 60, second <= 60, (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = ((days * 24 + hour) * 60 + minute) * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func digits(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (H. Hinnant's `civil_from_days`).
    private static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
