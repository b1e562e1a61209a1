import Foundation

/// A JSON Pointer (RFC 6901) into the document, built token by token.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// The unescaped reference tokens.
    public private(set) var tokens: [String]

    /// The pointer to the whole document.
    public static let root = JSONPointer(tokens: [])

    /// Creates a pointer from unescaped tokens.
    public init(tokens: [String]) {
        self.tokens = tokens
    }

    /// Parses a pointer's text (`/a/b~1c`), or a URI fragment of one (`#/a/b`).
    public init?(_ text: String) {
        var text = Substring(text)
        if text.hasPrefix("#") {
            text = text.dropFirst()
            guard let decoded = String(text).removingPercentEncoding else { return nil }
            text = Substring(decoded)
        }
        if text.isEmpty {
            tokens = []
            return
        }
        guard text.hasPrefix("/") else { return nil }
        tokens = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// This pointer with `token` appended.
    public func appending(_ token: String) -> JSONPointer {
        JSONPointer(tokens: tokens + [token])
    }

    /// This pointer with `tokens` appended.
    public func appending(_ more: String...) -> JSONPointer {
        JSONPointer(tokens: tokens + more)
    }

    /// The escaped text, such as `/paths/~1pets/get`.
    public var text: String {
        tokens.map {
            "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        }
        .joined()
    }

    /// The escaped text.
    public var description: String { text }
}
