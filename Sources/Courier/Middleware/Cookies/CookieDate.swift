import Foundation

/// The cookie-date algorithm of RFC 6265bis §5.1.1: tolerant of delimiters and order, it finds a
/// time, a day of the month, a month and a year among the date's tokens.
///
/// `HTTPDate` is stricter (RFC 9110 §5.6.7): servers write `Expires` in every shape, and browsers
/// read them with this algorithm.
enum CookieDate {
    /// The date `text` names, in UTC, or `nil` when the algorithm fails on it.
    static func parse(_ text: String) -> Date? {
        var time: (hour: Int, minute: Int, second: Int)?
        var dayOfMonth: Int?
        var month: Int?
        var year: Int?
        for token in tokens(of: Array(text.utf8)) {
            if time == nil, let found = Self.time(token) {
                time = found
            } else if dayOfMonth == nil, let found = digits(token, min: 1, max: 2) {
                dayOfMonth = found
            } else if month == nil, let found = Self.month(token) {
                month = found
            } else if year == nil, let found = digits(token, min: 2, max: 4) {
                year = found
            }
        }
        guard let time, let dayOfMonth, let month, var year else { return nil }
        if (70...99).contains(year) { year += 1900 }
        if (0...69).contains(year) { year += 2000 }
        guard (1...31).contains(dayOfMonth), year >= 1601, time.hour <= 23, time.minute <= 59,
            time.second <= 59,
            Int64(dayOfMonth) <= CivilCalendar.daysIn(month: Int64(month), year: Int64(year))
        else { return nil }
        let days = Int(CivilCalendar.days(fromYear: Int64(year), month: Int64(month), day: Int64(dayOfMonth)))
        let seconds = days * 86_400 + time.hour * 3_600 + time.minute * 60 + time.second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// A delimiter: %x09 / %x20-2F / %x3B-40 / %x5B-60 / %x7B-7E.
    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == 0x09 || (0x20...0x2F).contains(byte) || (0x3B...0x40).contains(byte)
            || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// The date-tokens: runs of non-delimiters.
    private static func tokens(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.split(whereSeparator: isDelimiter)
    }

    /// `min` to `max` digits, then nothing or a non-digit and anything: their value.
    private static func digits(_ token: ArraySlice<UInt8>, min: Int, max: Int) -> Int? {
        let count = token.prefix(while: isDigit).count
        guard (min...max).contains(count) else { return nil }
        return token.prefix(count).reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// `hms-time = time-field ":" time-field ":" time-field`, each 1 or 2 digits, then nothing or
    /// a non-digit and anything.
    private static func time(_ token: ArraySlice<UInt8>) -> (hour: Int, minute: Int, second: Int)? {
        var rest = token
        var fields: [Int] = []
        for index in 0..<3 {
            let count = rest.prefix(while: isDigit).count
            guard (1...2).contains(count) else { return nil }
            fields.append(rest.prefix(count).reduce(0) { $0 * 10 + Int($1 - 0x30) })
            rest = rest.dropFirst(count)
            if index < 2 {
                guard rest.first == UInt8(ascii: ":") else { return nil }
                rest = rest.dropFirst()
            }
        }
        return (fields[0], fields[1], fields[2])
    }

    private static let months = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]

    /// A token starting with a month's first three letters, in any case: its number.
    private static func month(_ token: ArraySlice<UInt8>) -> Int? {
        guard token.count >= 3 else { return nil }
        let prefix = String(decoding: token.prefix(3), as: UTF8.self).lowercased()
        return months.firstIndex(of: prefix).map { $0 + 1 }
    }
}
