import Foundation

/// A value that can stand as one path segment or one query value.
///
/// Strings, characters, integers, `Bool`, `Double`, `Float` and `UUID` conform. Your own
/// `LosslessStringConvertible` types and `RawRepresentable` types (such as `String`-backed enums)
/// conform by declaring it; the text comes from `description` or `rawValue`:
///
/// ```swift
/// enum Sort: String, ParameterValue { case newest, oldest }
/// ```
public protocol ParameterValue: Sendable {
    /// The unencoded text; Courier percent-encodes it.
    var parameterText: String { get }
}

extension ParameterValue where Self: LosslessStringConvertible {
    /// The value's `description`.
    public var parameterText: String { description }
}

extension ParameterValue where Self: RawRepresentable, RawValue: LosslessStringConvertible {
    /// The value's raw value as text.
    public var parameterText: String { rawValue.description }
}

extension String: ParameterValue {}
extension Substring: ParameterValue {}
extension Character: ParameterValue {}
extension Int: ParameterValue {}
extension Int8: ParameterValue {}
extension Int16: ParameterValue {}
extension Int32: ParameterValue {}
extension Int64: ParameterValue {}
extension UInt: ParameterValue {}
extension UInt8: ParameterValue {}
extension UInt16: ParameterValue {}
extension UInt32: ParameterValue {}
extension UInt64: ParameterValue {}
extension Bool: ParameterValue {}
extension Double: ParameterValue {
    /// The value as Swift writes it, without the `.0` of a whole number (`614`, not `614.0`;
    /// `0.25`, `1e+20`), as a form writes it.
    public var parameterText: String { textWithoutZeroFraction }
}

extension Float: ParameterValue {
    /// The value as Swift writes it, without the `.0` of a whole number (`614`, not `614.0`;
    /// `0.25`, `1e+20`), as a form writes it.
    public var parameterText: String { textWithoutZeroFraction }
}

extension BinaryFloatingPoint where Self: LosslessStringConvertible {
    /// `description` without a trailing `.0`, and negative zero as `0`: Swift's shortest digits,
    /// so a value never shows digits it does not hold.
    var textWithoutZeroFraction: String {
        if self == 0 { return "0" }
        let text = description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

extension UUID: ParameterValue {
    /// The canonical uppercase UUID string.
    public var parameterText: String { uuidString }
}
