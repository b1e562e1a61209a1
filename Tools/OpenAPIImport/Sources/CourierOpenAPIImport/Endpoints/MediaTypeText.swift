import Foundation

/// A document's media type text, read as `MediaType` reads one.
enum MediaTypeText {
    /// `type/subtype` in lower case, without parameters: `application/json` for
    /// `Application/JSON; charset=utf-8`.
    static func essence(_ text: String) -> String {
        String(text.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Whether the text is `type/subtype` with token characters, as `MediaType` takes it.
    static func isValid(_ text: String) -> Bool {
        let token = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let parts = essence(text).split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(token.contains) }
    }

    /// Whether the text is one valid media type without wildcards, a type a request can send.
    static func isConcrete(_ text: String) -> Bool {
        !text.contains("*") && isValid(text)
    }

    /// Whether the text is JSON's media type or one with the `+json` suffix.
    static func isJSON(_ text: String) -> Bool {
        let essence = essence(text)
        return essence == "application/json" || essence.hasSuffix("+json")
    }

    /// The `charset` parameter of the text, in lowercase and unquoted, if it has one.
    static func charset(of text: String) -> String? {
        for parameter in text.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset"
            else {
                continue
            }
            return pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                in: CharacterSet(charactersIn: "\"")
            )
            .lowercased()
        }
        return nil
    }
}
