import Foundation

extension ProblemDetails: Encodable {
    /// Encodes the standard members that are set (`type` always) and every extension member as
    /// the JSON it holds, so that decoding the result gives the same problem back.
    ///
    /// An extension whose text is not JSON is written as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MemberKey.self)
        try container.encode(type, forKey: MemberKey("type"))
        try container.encodeIfPresent(title, forKey: MemberKey("title"))
        try container.encodeIfPresent(status, forKey: MemberKey("status"))
        try container.encodeIfPresent(detail, forKey: MemberKey("detail"))
        try container.encodeIfPresent(instance, forKey: MemberKey("instance"))
        for (name, text) in extensions.sorted(by: { $0.key < $1.key }) {
            let tree = (try? JSONDecoder().decode(JSONTree.self, from: Data(text.utf8))) ?? .string(text)
            try container.encode(tree, forKey: MemberKey(name))
        }
    }
}

/// Any member name of a JSON object.
private struct MemberKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A JSON value read from text and written again as it was.
private enum JSONTree: Codable {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsigned(UInt64)
    case number(Decimal)
    case string(String)
    case array([JSONTree])
    case object([String: JSONTree])

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: MemberKey.self) {
            var members: [String: JSONTree] = [:]
            for key in container.allKeys {
                members[key.stringValue] = try container.decode(JSONTree.self, forKey: key)
            }
            self = .object(members)
        } else if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONTree] = []
            while !container.isAtEnd {
                elements.append(try container.decode(JSONTree.self))
            }
            self = .array(elements)
        } else {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let bool = try? container.decode(Bool.self) {
                self = .bool(bool)
            } else if let integer = try? container.decode(Int64.self) {
                self = .integer(integer)
            } else if let unsigned = try? container.decode(UInt64.self) {
                self = .unsigned(unsigned)
            } else if let number = try? container.decode(Decimal.self) {
                self = .number(number)
            } else {
                self = .string(try container.decode(String.self))
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: MemberKey.self)
            for (name, value) in members.sorted(by: { $0.key < $1.key }) {
                try container.encode(value, forKey: MemberKey(name))
            }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .integer(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .unsigned(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }
}
