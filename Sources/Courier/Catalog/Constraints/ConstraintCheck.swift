import Foundation

/// Checks one value against one ``SchemaConstraint``, and says which types a constraint fits.
enum ConstraintCheck {
    /// What a constraint's limits apply to.
    enum Kind: Equatable {
        /// An integer or floating-point number, or `Decimal`: minimum and maximum.
        case number
        /// A `String`: lengths and a pattern.
        case text
        /// The bytes of a multipart part (`Data`): lengths.
        case bytes
        /// An array or a set: item counts.
        case list
        /// Anything else: no limit applies.
        case other
    }

    /// The kind of a value of `type`: an enum with raw values is its raw value's kind.
    static func kind(of type: Any.Type) -> Kind {
        let type = (type as? any OptionalMarker.Type)?.wrappedType ?? type
        if type == String.self { return .text }
        if type == Data.self { return .bytes }
        if type == Decimal.self || type is any BinaryInteger.Type || type is any BinaryFloatingPoint.Type {
            return .number
        }
        if let raw = type as? any RawRepresentable.Type {
            let kind = rawKind(raw)
            return kind == .number || kind == .text ? kind : .other
        }
        if type is any DictionaryMarker.Type { return .other }
        return type is any Collection.Type ? .list : .other
    }

    private static func rawKind<Value: RawRepresentable>(_ type: Value.Type) -> Kind {
        kind(of: Value.RawValue.self)
    }

    /// Why `constraint` cannot be checked on a value of `kind` (`bytes` only where a part's
    /// bytes are read, since elsewhere `Data` travels as base64 text), or why its limits
    /// contradict each other; `nil` when it can.
    static func fault(of constraint: SchemaConstraint, on kind: Kind, allowsBytes: Bool) -> String? {
        let counts = [constraint.minLength, constraint.maxLength, constraint.minItems, constraint.maxItems]
        if counts.contains(where: { ($0 ?? 0) < 0 }) { return "a length or item count is negative" }
        for (low, high, words) in [
            (constraint.minimum, constraint.maximum, "its minimum is above its maximum"),
            (constraint.minLength, constraint.maxLength, "its minimum length is above its maximum length"),
            (constraint.minItems, constraint.maxItems, "its minimum item count is above its maximum"),
        ] {
            if let low, let high, low > high { return words }
        }
        let lengthKinds: [Kind] = allowsBytes ? [.text, .bytes] : [.text]
        if constraint.minimum != nil || constraint.maximum != nil, kind != .number {
            return "a minimum or maximum applies to a number"
        }
        if constraint.minLength != nil || constraint.maxLength != nil, !lengthKinds.contains(kind) {
            return kind == .bytes
                ? "a length applies to Data only as a multipart part's bytes (elsewhere it is sent as base64 text)"
                : "a length applies to text or a multipart part's bytes"
        }
        if constraint.pattern != nil, kind != .text { return "a pattern applies to text" }
        if constraint.minItems != nil || constraint.maxItems != nil, kind != .list {
            return "an item count applies to an array"
        }
        return nil
    }

    /// The rules of `constraint` that `value` breaks, named `name` and placed by `place`; a
    /// secret value (`isSecret`) is never shown, nor its length or item count.
    static func violations(
        of constraint: SchemaConstraint, by value: Any, name: String, place: String, isSecret: Bool
    ) -> [ConstraintViolation] {
        var value = value
        if let optional = value as? any OptionalMarker {
            guard let wrapped = optional.wrapped else { return [] }
            value = wrapped
        }
        if !(value is String), let raw = value as? any RawRepresentable { value = raw.rawValue }
        var found: [ConstraintViolation] = []
        func add(_ keyword: String, _ reason: String, _ what: String) {
            found.append(
                ConstraintViolation(
                    name: name, keyword: keyword, reason: reason, place: place, found: isSecret ? "" : what))
        }
        func checkLength(_ count: Int, unit: String) {
            if let minimum = constraint.minLength, count < minimum {
                add("minLength", "must be at least \(counted(minimum, unit)) long", "it has \(count)")
            }
            if let maximum = constraint.maxLength, count > maximum {
                add("maxLength", "must be at most \(counted(maximum, unit)) long", "it has \(count)")
            }
        }
        switch value {
        case let text as String:
            checkLength(text.unicodeScalars.count, unit: "character")
            // A text outside its length limits never reaches the pattern, so a maxLength bounds
            // what the expression has to search.
            if found.isEmpty, let pattern = constraint.pattern, !PatternMatching.text(text, matches: pattern)
            {
                add("pattern", "must match the pattern \(pattern)", "")
            }
        case let bytes as Data:
            checkLength(bytes.count, unit: "byte")
        case let collection as any Collection:
            let count = collection.count
            if let minimum = constraint.minItems, count < minimum {
                add("minItems", "must have at least \(counted(minimum, "item"))", "it has \(count)")
            }
            if let maximum = constraint.maxItems, count > maximum {
                add("maxItems", "must have at most \(counted(maximum, "item"))", "it has \(count)")
            }
        default:
            let shown = "it is \(value)"
            if let minimum = constraint.minimum, order(of: value, against: minimum).map({ $0 < 0 }) ?? true {
                add("minimum", "must be at least \(minimum)", shown)
            }
            if let maximum = constraint.maximum, order(of: value, against: maximum).map({ $0 > 0 }) ?? true {
                add("maximum", "must be at most \(maximum)", shown)
            }
        }
        return found
    }

    /// `1 character`, `2 characters`.
    private static func counted(_ count: Int, _ unit: String) -> String {
        "\(count) \(unit)\(count == 1 ? "" : "s")"
    }

    /// -1, 0 or 1 as the number `value` is below, at or above `limit`, exactly; `nil` for NaN, an
    /// infinity or a value that is not a number (none is within any limit).
    static func order(of value: Any, against limit: Int) -> Int? {
        switch value {
        case let integer as any BinaryInteger: return order(integer: integer, limit)
        case let floating as any BinaryFloatingPoint: return order(double: double(floating), limit)
        case let decimal as Decimal:
            guard !decimal.isNaN else { return nil }
            let bound = Decimal(limit)
            return decimal < bound ? -1 : decimal > bound ? 1 : 0
        default: return nil
        }
    }

    private static func order<Integer: BinaryInteger>(integer value: Integer, _ limit: Int) -> Int {
        value < limit ? -1 : value > limit ? 1 : 0
    }

    private static func double<Floating: BinaryFloatingPoint>(_ value: Floating) -> Double {
        Double(value)
    }

    /// Compares without rounding `limit` to a `Double`: every `Double` at or beyond 2⁶³ in size
    /// is beyond every `Int`, and a smaller one compares by its integer part, then its fraction.
    private static func order(double value: Double, _ limit: Int) -> Int? {
        // An infinity is no number a range of JSON Schema can hold: outside every limit.
        guard value.isFinite else { return nil }
        if value < -0x1p63 { return -1 }
        if value >= 0x1p63 { return 1 }
        let whole = value.rounded(.down)
        let integer = Int(whole)
        if integer != limit { return integer < limit ? -1 : 1 }
        return value == whole ? 0 : 1
    }
}

/// A dictionary, whatever its keys and values: an object in JSON, to which no item count applies.
protocol DictionaryMarker {
    /// The type of its keys.
    static var keyType: Any.Type { get }
    /// The type of its values.
    static var valueType: Any.Type { get }
}

extension Dictionary: DictionaryMarker {
    static var keyType: Any.Type { Key.self }
    static var valueType: Any.Type { Value.self }
}
