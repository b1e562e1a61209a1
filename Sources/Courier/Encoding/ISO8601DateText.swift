import Foundation

/// RFC 3339 date-time text (the ISO 8601 profile JSON APIs use), written and read by a byte scan.
///
/// Written in UTC with `Z`, with a fraction of up to nine digits (trailing zeros dropped) when
/// the date has one, so a `Date` reads back as itself to the nanosecond. Read with or without a
/// fraction, with `Z`, `z` or an offset (`+02:00`, `+0200`), and `T` or `t` between date and time.
/// Each field must be in range (`25:61:00` or February 30 are rejected, not rolled over); a leap
/// second (`:60`) is rejected, as `Date` cannot hold one. Dates are in the proleptic Gregorian
/// calendar, as ISO 8601 asks; before 1582 Foundation's formatters use the Julian calendar.
enum ISO8601DateText {
    /// Seconds from 1970-01-01 to 2001-01-01, `Date`'s reference date.
    private static let referenceDateOffset: Int64 = 978_307_200
    /// For the rare year outside 0000–9999, which four digits cannot hold.
    private static let wideYears = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// The date as `2024-05-01T12:00:00Z`, or `2024-05-01T12:00:00.25Z` with a fraction.
    static func text(for date: Date) -> String {
        let interval = date.timeIntervalSinceReferenceDate
        var whole = interval.rounded(.down)
        var nanoseconds = Int64(((interval - whole) * 1_000_000_000).rounded())
        if nanoseconds == 1_000_000_000 {
            whole += 1
            nanoseconds = 0
        }
        let seconds = Int64(whole) + referenceDateOffset
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilCalendar.civil(fromDays: days)
        guard (0...9999).contains(year) else { return date.formatted(wideYears) }

        var bytes: [UInt8] = []
        bytes.reserveCapacity(30)
        append(year, digits: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(month, digits: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(day, digits: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        append(secondOfDay / 3600, digits: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(secondOfDay / 60 % 60, digits: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(secondOfDay % 60, digits: 2, to: &bytes)
        if nanoseconds > 0 {
            var digits = 9
            while nanoseconds % 10 == 0 {
                nanoseconds /= 10
                digits -= 1
            }
            bytes.append(UInt8(ascii: "."))
            append(nanoseconds, digits: digits, to: &bytes)
        }
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The date the whole of `text` denotes, or nil when it is not an RFC 3339 date-time.
    static func date(from text: String) -> Date? {
        text.withUTF8Bytes { date(from: $0) }
    }

    private static func date(from bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var scanner = Scanner(bytes: bytes)
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
            let month = scanner.number(digits: 2), (1...12).contains(month), scanner.skip("-"),
            let day = scanner.number(digits: 2),
            (1...CivilCalendar.daysIn(month: month, year: year)).contains(day),
            scanner.skip("T") || scanner.skip("t"),
            let hour = scanner.number(digits: 2), hour < 24, scanner.skip(":"),
            let minute = scanner.number(digits: 2), minute < 60, scanner.skip(":"),
            let second = scanner.number(digits: 2), second < 60
        else { return nil }

        var nanoseconds: Int64 = 0
        if scanner.skip(".") {
            var digits = 0
            while let digit = scanner.digit() {
                if digits < 9 { nanoseconds = nanoseconds * 10 + digit }
                digits += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 9) { nanoseconds *= 10 }
        }

        guard let offset = scanner.offset(), scanner.isAtEnd else { return nil }

        let seconds =
            CivilCalendar.days(fromYear: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60
            + second
            - offset - referenceDateOffset
        return Date(timeIntervalSinceReferenceDate: Double(seconds) + Double(nanoseconds) / 1_000_000_000)
    }

    /// Reads ASCII fields from the front of a buffer.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int64? {
            guard index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 else { return nil }
            defer { index += 1 }
            return Int64(bytes[index] &- UInt8(ascii: "0"))
        }

        /// Seconds east of UTC: `Z`, `z`, `+hh:mm` or `+hhmm` (or `-`).
        mutating func offset() -> Int64? {
            if skip("Z") || skip("z") { return 0 }
            let sign: Int64
            if skip("+") {
                sign = 1
            } else if skip("-") {
                sign = -1
            } else {
                return nil
            }
            guard let hours = number(digits: 2), hours < 24 else { return nil }
            _ = skip(":")
            guard let minutes = number(digits: 2), minutes < 60 else { return nil }
            return sign * (hours * 3600 + minutes * 60)
        }

        mutating func number(digits: Int) -> Int64? {
            var value: Int64 = 0
            for _ in 0..<digits {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }
    }

    private static func append(_ value: Int64, digits: Int, to bytes: inout [UInt8]) {
        var divisor: Int64 = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}
