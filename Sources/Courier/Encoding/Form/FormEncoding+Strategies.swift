import Foundation

extension FormEncoding {
    /// How an array is written.
    public enum ArrayStrategy: Sendable, Hashable {
        /// `tag=a&tag=b`: the key repeated for each element (the default).
        case repeatedKey
        /// `tag[]=a&tag[]=b`: PHP and Rails style.
        case brackets
        /// `tag[0]=a&tag[1]=b`: with each element's index.
        case indexed
        /// `tag=a,b`: one pair; elements must be scalars and must not contain a comma.
        case commaSeparated
    }

    /// How a boolean is written.
    public enum BooleanStrategy: Sendable, Hashable {
        /// `true` and `false` (the default).
        case trueFalse
        /// `1` and `0`.
        case numeric

        func text(for value: Bool) -> String {
            switch self {
            case .trueFalse: value ? "true" : "false"
            case .numeric: value ? "1" : "0"
            }
        }
    }

    /// How the keys of a nested object are joined to their parent's.
    public enum NestingStrategy: Sendable, Hashable {
        /// `filter[status]=open` (the default).
        case brackets
        /// `filter.status=open`.
        case dots
    }

    /// How a `Date` is written.
    public enum DateStrategy: Sendable {
        /// ISO 8601 in UTC with whole seconds, `2024-05-01T12:00:00Z` (the default); a fraction is
        /// dropped, as `JSONEncoder`'s `.iso8601` drops it.
        case iso8601
        /// ISO 8601 in UTC with milliseconds, `2024-05-01T12:00:00.250Z`.
        case iso8601WithFractionalSeconds
        /// Seconds since 1970-01-01T00:00:00Z, without a fraction when it is whole.
        case secondsSince1970
        /// Whole milliseconds since 1970-01-01T00:00:00Z.
        case millisecondsSince1970
        /// Your own text, for example from a `Date.FormatStyle`.
        case custom(@Sendable (Date) -> String)

        func text(for date: Date) -> String {
            switch self {
            case .iso8601:
                return date.formatted(Date.ISO8601FormatStyle())
            case .iso8601WithFractionalSeconds:
                // Rounded to the millisecond here: the format style truncates, so .123 could
                // print as .122.
                let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
                let seconds = (milliseconds / 1000).rounded(.down)
                let whole = Date(timeIntervalSince1970: seconds).formatted(Date.ISO8601FormatStyle())
                let fraction = Int(milliseconds - seconds * 1000)
                let digits = String(fraction)
                return whole.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
            case .secondsSince1970:
                return Self.text(date.timeIntervalSince1970)
            case .millisecondsSince1970:
                return Self.text((date.timeIntervalSince1970 * 1000).rounded())
            case .custom(let format):
                return format(date)
            }
        }

        /// A whole number without a fraction, and anything else (too large for `Int64` included)
        /// as Swift prints it.
        private static func text(_ number: Double) -> String {
            number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        }
    }

    /// How a property name becomes a parameter name. Dictionary keys are data and never change.
    public enum KeyStrategy: Sendable {
        /// The name as the value encodes it (the default).
        case useDeclaredKeys
        /// `createdAt` → `created_at`, `userID` → `user_id`, as `JSONEncoder` does.
        case convertToSnakeCase
        /// Your own function.
        case custom(@Sendable (String) -> String)

        func name(for key: String) -> String {
            switch self {
            case .useDeclaredKeys: key
            case .convertToSnakeCase: SnakeCase.convert(key)
            case .custom(let transform): transform(key)
            }
        }
    }

    /// How a space is written in a form body.
    ///
    /// Queries always send `%20`: every server reads it as a space, while a `+` in a query is a
    /// space to some and a plus sign to others.
    public enum SpaceStrategy: Sendable, Hashable {
        /// `%20` (the default): unambiguous to every decoder.
        case percent20
        /// `+`, as HTML forms send it; a literal `+` is still `%2B`.
        case plus

        func encode(_ text: String) -> String {
            let encoded = PercentEncoding.encode(text)
            return self == .plus ? encoded.replacingOccurrences(of: "%20", with: "+") : encoded
        }
    }
}
