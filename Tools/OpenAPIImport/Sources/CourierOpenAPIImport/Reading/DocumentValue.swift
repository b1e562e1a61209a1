import Foundation
import Yams

/// A value of an OpenAPI document as JSON sees it, with every object's members in document
/// order, so that what is generated from it follows the document.
public enum DocumentValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without a fraction or exponent that fits an `Int`.
    case integer(Int)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([DocumentValue])
    /// An object, its members in document order.
    case object(Members)

    /// An object's members in document order; a later duplicate key replaces the earlier value in
    /// place.
    public struct Members: Sendable, Hashable, Sequence {
        /// The keys in document order.
        public private(set) var keys: [String] = []
        private var values: [String: DocumentValue] = [:]

        /// Creates members from pairs, in their order.
        public init(_ pairs: [(String, DocumentValue)] = []) {
            for (key, value) in pairs { self[key] = value }
        }

        /// The value of `key`, if there is one; setting `nil` removes it.
        public subscript(key: String) -> DocumentValue? {
            get { values[key] }
            set {
                if let newValue {
                    if values.updateValue(newValue, forKey: key) == nil { keys.append(key) }
                } else if values.removeValue(forKey: key) != nil {
                    keys.removeAll { $0 == key }
                }
            }
        }

        /// Whether there are no members.
        public var isEmpty: Bool { keys.isEmpty }

        /// The pairs in document order.
        public func makeIterator() -> some IteratorProtocol<(key: String, value: DocumentValue)> {
            keys.lazy.map { (key: $0, value: values[$0]!) }.makeIterator()
        }
    }

    /// The members of an object, or `nil` for any other value.
    public var members: Members? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The string, or `nil` for any other value.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The Boolean, or `nil` for any other value.
    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements of an array, or `nil` for any other value.
    public var array: [DocumentValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The number, integer or not, or `nil` for any other value.
    public var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    /// The member `key` of an object; `nil` for a missing member or another value.
    public subscript(key: String) -> DocumentValue? {
        members?[key]
    }

    /// JSON text of the value, on one line, object members in their order.
    public var jsonText: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .integer(let value): String(value)
        case .number(let value): value.isFinite ? "\(value)" : "null"
        case .string(let text): Self.quoted(text)
        case .array(let elements): "[" + elements.map(\.jsonText).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.map { Self.quoted($0.key) + ":" + $0.value.jsonText }.joined(separator: ",") + "}"
        }
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

extension DocumentValue {
    /// Reads a JSON or YAML text (JSON is read as YAML, of which it is a subset).
    ///
    /// - Throws: ``ImportError`` naming the line of the first syntax error, or a YAML feature an
    ///   OpenAPI document cannot hold (a non-string key, a custom tag).
    public static func parse(_ text: String) throws(ImportError) -> DocumentValue {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch YamlError.duplicatedKeysInMapping(let duplicates, let context) {
            let keys = duplicates.sorted()
            let place = context.mark.line > 0 ? " ('\(keys[0])' first at line \(context.mark.line))" : ""
            throw ImportError(
                "A mapping names \(keys.map { "'\($0)'" }.joined(separator: ", ")) more than once\(place); a "
                    + "JSON or YAML document names each key of a mapping once.")
        } catch {
            throw ImportError("The document is neither JSON nor YAML: \(error)")
        }
        guard let node else { throw ImportError("The document is empty.") }
        return try value(of: node)
    }

    private static func value(of node: Node) throws(ImportError) -> DocumentValue {
        switch node {
        case .scalar(let scalar):
            return scalarValue(scalar)
        case .sequence(let sequence):
            var elements: [DocumentValue] = []
            for element in sequence { elements.append(try value(of: element)) }
            return .array(elements)
        case .mapping(let mapping):
            var members = Members()
            for (key, element) in mapping {
                guard case .scalar(let keyScalar) = key else {
                    throw ImportError("A mapping key at line \(key.mark?.line ?? 0) is not a string.")
                }
                members[keyScalar.string] = try value(of: element)
            }
            return .object(members)
        case .alias(let alias):
            throw ImportError(
                "The YAML alias *\(alias.anchor.rawValue) is not supported: use a $ref instead.")
        }
    }

    private static func scalarValue(_ scalar: Node.Scalar) -> DocumentValue {
        // A tag written in the document (`!!str 1.10`) says what the scalar is.
        switch Tag.Name(rawValue: scalar.tag.description) {
        case .str: return .string(scalar.string)
        case .int: return Int(scalar.string).map(DocumentValue.integer) ?? coreSchemaValue(scalar.string)
        case .float: return Double(scalar.string).map(DocumentValue.number) ?? coreSchemaValue(scalar.string)
        case .bool, .null: return coreSchemaValue(scalar.string)
        default: break
        }
        // A quoted scalar is a string whatever it looks like; a plain one is read by the core
        // schema of YAML 1.2 (which OpenAPI 3 asks for), which also reads JSON's literals.
        guard scalar.style == .plain || scalar.style == .any else { return .string(scalar.string) }
        return coreSchemaValue(scalar.string)
    }

    /// A plain scalar as the YAML 1.2 core schema reads it. YAML 1.1's other forms are strings:
    /// `ON`, `no` and `y` are no booleans, `1_000` and `1:20` no numbers.
    static func coreSchemaValue(_ text: String) -> DocumentValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .number(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .number(-.infinity)
        case ".nan", ".NaN", ".NAN": return .number(.nan)
        default: break
        }
        if text.wholeMatch(of: #/[-+]?[0-9]+/#) != nil {
            return Int(text).map(DocumentValue.integer) ?? Double(text).map(DocumentValue.number)
                ?? .string(text)
        }
        if let digits = text.wholeMatch(of: #/0x([0-9a-fA-F]+)/#)?.1, let value = Int(digits, radix: 16) {
            return .integer(value)
        }
        if let digits = text.wholeMatch(of: #/0o([0-7]+)/#)?.1, let value = Int(digits, radix: 8) {
            return .integer(value)
        }
        if text.wholeMatch(of: #/[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?/#) != nil,
            let value = Double(text)
        {
            return .number(value)
        }
        return .string(text)
    }
}

extension DocumentValue: ExpressibleByStringLiteral {
    /// A string value.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}
