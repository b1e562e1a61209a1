import Foundation

/// What a mismatch says of a request value that did not decode: where it was read and what was
/// expected, never the value itself nor the error's own sentence, which may quote it (a Swift enum
/// says "Cannot initialize Kind from invalid String value …" of any text it refuses, a secret
/// included).
enum DecodingFailureReason {
    /// The reason `error`, thrown while decoding the request value `key`, gives: for example
    /// "the member title is missing" or "it cannot be read as an integer".
    static func describe(_ error: any Error, key: String?) -> String {
        guard let error = error as? DecodingError else { return "it does not decode" }
        if let context = error.context, context.underlyingError is OwnSentence {
            return sentence(context.debugDescription)
        }
        switch error {
        case .keyNotFound(let missing, let context):
            return "\(subject(context.codingPath + [missing], key: key)) is missing"
        case .valueNotFound(_, let context):
            return "\(subject(context.codingPath, key: key)) is null or missing"
        case .typeMismatch(let type, let context):
            return "\(subject(context.codingPath, key: key)) cannot be read as \(name(of: type))"
        // JSONDecoder's own sentence for text that is not JSON, which quotes nothing.
        case .dataCorrupted(let context)
        where context.codingPath.isEmpty
            && context.debugDescription.hasPrefix("The given data was not valid JSON"):
            return "it is not valid JSON"
        case .dataCorrupted(let context):
            return "\(subject(context.codingPath, key: key)) holds a value its type does not accept"
        @unknown default:
            return "it does not decode"
        }
    }

    /// "it" for the value `key` itself, or "the member a.b" for a member inside it. A name is
    /// shown only when a model declares it, an index as a number, and any other key (a
    /// dictionary's, which is the client's text) as `…`.
    private static func subject(_ path: [any CodingKey], key: String?) -> String {
        var names = path.map { component -> String in
            if isDeclared(component) { return component.stringValue }
            return component.intValue.map { "[\($0)]" } ?? "…"
        }
        if let key, names.first == key { names.removeFirst() }
        guard !names.isEmpty else { return "it" }
        return "the member " + names.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
    }

    /// Whether `key` is one a model declares: its type refuses a name it does not know, where the
    /// key types of dictionaries and of decoders' own positions take any text.
    static func isDeclared(_ key: any CodingKey) -> Bool {
        func refusesUnknownNames<Key: CodingKey>(_: Key) -> Bool { Key(stringValue: "\u{0}?") == nil }
        return refusesUnknownNames(key)
    }

    /// Whether every key of `path` can be shown: declared by a model, or an index.
    static func canShow(_ path: [any CodingKey]) -> Bool {
        path.allSatisfy { isDeclared($0) || $0.intValue != nil }
    }

    /// One of Courier's own sentences as a reason: without its period, and with its first word
    /// in lowercase when that is an ordinary word (a name it starts with stays as it is).
    private static func sentence(_ text: String) -> String {
        var text = Substring(text)
        if text.hasSuffix(".") { text = text.dropLast() }
        let first = text.prefix { $0 != " " }
        guard ["The", "A", "An", "Nested"].contains(first) else { return String(text) }
        return first.lowercased() + text.dropFirst(first.count)
    }

    /// `error`, thrown decoding a value of `type` at `codingPath`, as the values `type` accepts
    /// when it is a `CaseIterable` enum of `String` or `Int` raw values refusing the value itself
    /// (not a member inside it, nor a missing value): "the value is not one of "png", "gif"".
    /// The values are the endpoint's own declaration; the client's value is still not quoted.
    static func namingCases(_ error: any Error, of type: Any.Type, at codingPath: [any CodingKey])
        -> any Error
    {
        guard let decoding = error as? DecodingError, let context = decoding.context,
            context.codingPath.count <= codingPath.count
        else { return error }
        switch decoding {
        case .dataCorrupted, .typeMismatch: break
        default: return error
        }
        guard let caseType = type as? any CaseIterable.Type else { return error }
        let values = OpenAPISchemas.rawValues(caseType)
        guard !values.isEmpty, values.count <= maximumCasesNamed else { return error }
        let names = values.map { value in
            switch value {
            case .string(let text): text.debugDescription
            case .integer(let number): String(number)
            default: "\(value)"
            }
        }
        return DecodingError.dataCorrupted(
            .courier(
                codingPath: codingPath,
                debugDescription: "The value is not one of \(names.joined(separator: ", "))."))
    }

    /// The most values ``namingCases(_:of:at:)`` lists.
    static let maximumCasesNamed = 20

    /// `type` in words for the kinds JSON, text and forms have, its Swift name otherwise.
    static func name(of type: Any.Type) -> String {
        switch type {
        case is [String: Any].Type: "an object"
        case is [Any].Type: "an array"
        case is UUID.Type: "a UUID"
        case is Date.Type: "a date"
        case is Data.Type: "base64 data"
        case is URL.Type: "a URL"
        case is String.Type: "text"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type, is Int32.Type, is Int16.Type, is Int8.Type, is UInt.Type,
            is UInt64.Type, is UInt32.Type, is UInt16.Type, is UInt8.Type:
            "an integer"
        case is Double.Type, is Float.Type, is Decimal.Type: "a number"
        default: "\(type)"
        }
    }
}

/// Marks the sentence of a decoding error that Courier's request decoders made, which never quotes
/// a value, so that a mismatch can show it.
struct OwnSentence: Error {}

extension DecodingError.Context {
    /// A context whose sentence a mismatch shows as it is: one written never to quote a value.
    static func courier(codingPath: [any CodingKey], debugDescription: String) -> Self {
        .init(codingPath: codingPath, debugDescription: debugDescription, underlyingError: OwnSentence())
    }
}

extension DecodingError {
    /// The error's context.
    fileprivate var context: Context? {
        switch self {
        case .keyNotFound(_, let context), .valueNotFound(_, let context), .typeMismatch(_, let context),
            .dataCorrupted(let context):
            context
        @unknown default: nil
        }
    }
}
