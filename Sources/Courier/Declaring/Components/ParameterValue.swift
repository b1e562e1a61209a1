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
    /// A whole number without a fraction (`614`, not `614.0`), as a form writes it; any other
    /// value as Swift writes it (`0.25`, `1e+20`).
    public var parameterText: String { wholeOrDescription }
}

extension Float: ParameterValue {
    /// A whole number without a fraction (`614`, not `614.0`), as a form writes it; any other
    /// value as Swift writes it (`0.25`, `1e+20`).
    public var parameterText: String { wholeOrDescription }
}

extension BinaryFloatingPoint where Self: LosslessStringConvertible {
    /// A whole number below 10^15 as an integer's text, any other value as its `description`.
    var wholeOrDescription: String {
        isFinite && rounded() == self && abs(self) < 1e15 ? String(Int64(self)) : description
    }
}

extension UUID: ParameterValue {
    /// The canonical uppercase UUID string.
    public var parameterText: String { uuidString }
}
