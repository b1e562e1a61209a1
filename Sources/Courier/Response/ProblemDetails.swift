import Foundation

/// An RFC 9457 problem document (`application/problem+json`), ready to use as an endpoint's
/// documented `Failure`.
///
/// ```swift
/// static func order(_ id: Int) -> Endpoint<Order, ProblemDetails> {
///     Endpoint {
///         Method.get
///         Path("orders", id)
///         Header.accept(.json)
///     }
/// }
///
/// switch try await client.send(API.order(7)).result {
/// case .success(let order): print(order)
/// case .failure(let problem): print(problem.title ?? "", problem.detail ?? "")
/// }
/// ```
///
/// Members other than the five standard ones are kept in ``extensions`` as raw JSON, so an API's
/// own fields are not lost; declare your own `Decodable` error type to read them as values.
public struct ProblemDetails: Error, Sendable, Hashable, Decodable {
    /// A URI reference that identifies the problem type; `about:blank` when absent.
    public let type: String
    /// A short summary of the problem type.
    public let title: String?
    /// The HTTP status the server generated for this occurrence.
    public let status: Int?
    /// An explanation specific to this occurrence.
    public let detail: String?
    /// A URI reference that identifies this occurrence.
    public let instance: String?
    /// Every other member, name to its JSON text, for example `"balance": "30"`.
    public let extensions: [String: String]

    /// Creates a problem document.
    public init(
        type: String = "about:blank", title: String? = nil, status: Int? = nil, detail: String? = nil,
        instance: String? = nil, extensions: [String: String] = [:]
    ) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.instance = instance
        self.extensions = extensions
    }

    private static let standardMembers: Set<String> = ["type", "title", "status", "detail", "instance"]

    /// Decodes the standard members (ignoring ones of the wrong JSON type, as RFC 9457 asks) and
    /// keeps every other member's JSON text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONMemberKey.self)
        func text(_ name: String) -> String? {
            try? container.decodeIfPresent(String.self, forKey: JSONMemberKey(stringValue: name))
        }
        type = text("type") ?? "about:blank"
        title = text("title")
        status = try? container.decodeIfPresent(Int.self, forKey: JSONMemberKey(stringValue: "status"))
        detail = text("detail")
        instance = text("instance")
        var extensions: [String: String] = [:]
        for key in container.allKeys where !Self.standardMembers.contains(key.stringValue) {
            let value = try container.decode(JSONFragment.self, forKey: key)
            extensions[key.stringValue] = value.text
        }
        self.extensions = extensions
    }
}

/// Any JSON value, kept as compact JSON text.
private struct JSONFragment: Decodable {
    let text: String

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: JSONMemberKey.self) {
            var members: [String] = []
            for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                let value = try container.decode(JSONFragment.self, forKey: key)
                members.append(Self.quoted(key.stringValue) + ":" + value.text)
            }
            text = "{" + members.joined(separator: ",") + "}"
        } else if var container = try? decoder.unkeyedContainer() {
            var elements: [String] = []
            while !container.isAtEnd {
                elements.append(try container.decode(JSONFragment.self).text)
            }
            text = "[" + elements.joined(separator: ",") + "]"
        } else {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                text = "null"
            } else if let bool = try? container.decode(Bool.self) {
                text = bool ? "true" : "false"
            } else if let int = try? container.decode(Int64.self) {
                text = String(int)
            } else if let unsigned = try? container.decode(UInt64.self) {
                text = String(unsigned)
            } else if let decimal = try? container.decode(Decimal.self) {
                text = decimal.description
            } else if let double = try? container.decode(Double.self) {
                text = String(double)
            } else {
                text = Self.quoted(try container.decode(String.self))
            }
        }
    }

    private static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let data = (try? encoder.encode(text)) ?? Data()
        return String(data: data, encoding: .utf8) ?? "\"\""
    }
}

/// Any member name of a JSON object.
private struct JSONMemberKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
