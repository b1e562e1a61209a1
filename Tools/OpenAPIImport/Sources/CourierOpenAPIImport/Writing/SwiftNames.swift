import Foundation

/// How document names become Swift names: types in `UpperCamelCase`, properties and cases in
/// `lowerCamelCase`, acronyms in one case (`petId` → `petID`), keywords in backticks, and names
/// Swift, Foundation or Courier already use for a type given a `Model` suffix. Letters and digits
/// of any script that Swift allows in an identifier are kept (`größe`, `名前`), in their composed
/// form, so that a name reads the same as the one a user types.
enum SwiftNames {
    /// Words written in capitals when they stand alone in a name, and in their plural (`IDs`).
    static let acronyms: Set<String> = [
        "id", "url", "uri", "uuid", "api", "http", "https", "json", "xml", "html", "ip", "ssh", "gpg",
        "ssl", "tls", "sql", "csv", "pdf", "sms", "otp", "jwt",
    ]

    /// Words written in a case of their own.
    static let spellings: [String: String] = ["oauth": "OAuth"]

    /// `word` as an acronym (`URL`, `URLs`) or in its own spelling (`OAuth`), if it is one.
    static func knownSpelling(_ word: String) -> String? {
        let lower = word.lowercased()
        if let spelling = spellings[lower] { return spelling }
        if acronyms.contains(lower) { return lower.uppercased() }
        if lower.count > 2, lower.hasSuffix("s"), acronyms.contains(String(lower.dropLast())) {
            return lower.dropLast().uppercased() + "s"
        }
        return nil
    }

    /// Words Swift reserves, which a property or case name must put in backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch",
        "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "as", "false", "is", "nil", "self", "super",
        "throws", "true", "try", "await", "async", "any", "some", "consume", "copy", "discard", "borrowing",
        "consuming", "Self", "Type", "Protocol",
    ]

    /// Type names the generated code refers to, or that shadow one a user reaches for: a schema
    /// of such a name gets a `Model` suffix.
    static let reservedTypes: Set<String> = [
        // Swift
        "Any", "AnyObject", "Array", "Bool", "Character", "Codable", "CodingKey", "CodingKeys",
        "Decodable", "Decoder", "Dictionary", "Double", "Encodable", "Encoder", "Equatable", "Error",
        "Float", "Hashable", "Int", "Int8", "Int16", "Int32", "Int64", "Never", "Optional", "Protocol",
        "Result", "Self", "Sendable", "Sequence", "Set", "String", "Substring", "Type", "UInt", "UInt8",
        "UInt16", "UInt32", "UInt64", "Void", "CaseIterable", "RawRepresentable", "Collection",
        "KeyedDecodingContainer", "SingleValueDecodingContainer", "UnkeyedDecodingContainer",
        "DecodingError", "EncodingError", "Task", "Actor", "Range", "ClosedRange", "Regex", "Hasher",
        // Foundation
        "Data", "Date", "Decimal", "JSONDecoder", "JSONEncoder", "Locale", "TimeZone", "URL",
        "URLComponents", "URLRequest", "URLSession", "UUID", "NSObject", "Calendar", "Foundation",
        // Courier
        "AbsoluteURL", "AnswerableError", "BaseURL", "Body", "Catalog", "CatalogAnswer", "CatalogEndpoint",
        "Client", "Components", "Cookie", "Courier", "CourierError", "DocumentedErrors", "DocumentedStatus",
        "Empty", "Endpoint", "EndpointDefinition", "EndpointMismatch", "EndpointShape", "ErrorAnswer",
        "EventStream", "FormEncoding", "HTTPMethod", "HTTPStatus", "Header", "HeaderName", "Idempotent",
        "IncomingRequest", "MediaType", "Method", "Middleware", "MultipartPart", "ParameterValue", "Path",
        "ProblemDetails", "Query", "QueryItem", "RequestModel", "SchemaConstrained", "SchemaConstraint",
        "SchemaDescribing", "SchemaDescription",
        "SuccessStatus", "Timeout", "Transport",
        // The names an endpoint declares inside itself
        "Success", "Failure", "Definition",
    ]

    /// The words of a document name: split at anything but a letter or digit Swift allows in an
    /// identifier, and where a lower case letter or digit meets an upper case one (`petId`,
    /// `HTTPServer` → `HTTP`, `Server`; `café-id` → `café`, `id`).
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(name.precomposedStringWithCanonicalMapping)
        for (index, character) in characters.enumerated() {
            guard isWordCharacter(character) else {
                if character == "+" { flush(&current, &words, then: "plus") }
                if character == "-", current.isEmpty, words.isEmpty, index + 1 < characters.count,
                    characters[index + 1].isNumber
                {
                    words.append("minus")
                }
                flush(&current, &words)
                continue
            }
            if let last = current.last {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let afterNext = index + 2 < characters.count ? characters[index + 2] : nil
                // An acronym's plural (`URLs`) is one word, not `UR` and `Ls`.
                let endsPlural =
                    next == "s" && !(afterNext?.isLowercase ?? false)
                    && acronyms.contains((current + String(character)).lowercased())
                let startsWord =
                    (character.isUppercase && (last.isLowercase || last.isNumber))
                    || (character.isUppercase && last.isUppercase && (next?.isLowercase ?? false)
                        && !endsPlural)
                if startsWord { flush(&current, &words) }
            }
            current.append(character)
        }
        flush(&current, &words)
        return words
    }

    private static func flush(_ current: inout String, _ words: inout [String], then word: String? = nil) {
        if !current.isEmpty { words.append(current) }
        current = ""
        if let word { words.append(word) }
    }

    private static func capitalized(_ word: String) -> String {
        if let spelling = knownSpelling(word) { return spelling }
        let lower = word.lowercased()
        return lower.prefix(1).uppercased() + lower.dropFirst()
    }

    /// `UpperCamelCase`, never empty, never starting with a digit.
    static func typeName(_ name: String) -> String {
        // Where words in capitals are no more than those in lower case (`USPTO Data Set`,
        // `DNSRecord`, not `PET_STATUS` or `PET_STATUS_v2`), such a word is an acronym of the
        // document's own.
        let parts = words(name)
        let capitals = Set(
            parts.filter { word in
                word.count > 1 && knownSpelling(word) == nil && word.contains(where: \.isLetter)
                    && !word.contains(where: \.isLowercase)
            })
        let keepsCapitals =
            parts.filter(capitals.contains).count <= parts.filter { $0.contains(where: \.isLowercase) }.count
        var result = parts.map { word in
            if knownSpelling(word) == nil, word.contains(where: \.isUppercase) {
                // A word already in mixed case (`GitHub`) keeps its case after its first letter.
                if word.contains(where: \.isLowercase) {
                    return word.prefix(1).uppercased() + word.dropFirst()
                }
                if keepsCapitals, capitals.contains(word) { return word }
            }
            return capitalized(word)
        }.joined()
        if result.isEmpty { result = "Unnamed" }
        if result.first!.isNumber { result = "N" + result }
        return result
    }

    /// The English plural of `name`, a Swift member name: `strings`, `addresses`, `categories`.
    static func plural(_ name: String) -> String {
        let lower = name.lowercased()
        if ["s", "x", "z", "ch", "sh"].contains(where: lower.hasSuffix) { return name + "es" }
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) {
            return name.dropLast() + "ies"
        }
        return name + "s"
    }

    /// `lowerCamelCase`, never empty; a leading digit gets an underscore, and `self`, `super`,
    /// `init`, `deinit` and `subscript` a `Value` suffix. A name of symbols only is named after
    /// them (`😀` → `grinningFace`, `*` → `asterisk`), and one of more than three, or none, is
    /// `value`.
    static func memberName(_ name: String) -> String {
        var parts = words(name)
        if parts.isEmpty { parts = symbolWords(name) }
        guard let first = parts.first else { return "value" }
        let lowerFirst =
            knownSpelling(first) != nil || first.allSatisfy({ $0.isUppercase || $0.isNumber })
            ? first.lowercased() : first.prefix(1).lowercased() + first.dropFirst()
        var result = lowerFirst + parts.dropFirst().map(capitalized).joined()
        if result.first!.isNumber { result = "_" + result }
        // These cannot name an initializer's argument or be assigned through `self.`.
        if ["self", "super", "init", "deinit", "subscript"].contains(result) { result += "Value" }
        return result
    }

    /// The words of the Unicode names of a name's symbols (`<=` → `LESS`, `THAN`, `SIGN`, `EQUALS`,
    /// `SIGN`), leaving out marks, joiners and variation selectors; none for more than three.
    private static func symbolWords(_ name: String) -> [String] {
        let ignored: Set<Unicode.GeneralCategory> = [
            .format, .nonspacingMark, .enclosingMark, .spacingMark, .control, .spaceSeparator,
        ]
        let symbols = name.unicodeScalars.filter { !ignored.contains($0.properties.generalCategory) }
        guard symbols.count <= 3 else { return [] }
        return symbols.flatMap { words($0.properties.name ?? "") }
    }

    /// Whether `character` is a letter or digit that Swift allows in an identifier: `é`, `ß`,
    /// `名`, but not `😀`, `-` or `·`.
    static func isWordCharacter(_ character: Character) -> Bool {
        (character.isLetter || character.isNumber)
            && character.unicodeScalars.allSatisfy(isIdentifierCharacter)
    }

    /// Whether `text` is a Swift identifier as written, keywords aside: it starts with a letter or
    /// `_` and goes on with letters, digits and combining marks of the ranges Swift allows.
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isIdentifierHead(first) else { return false }
        return text.unicodeScalars.dropFirst().allSatisfy(isIdentifierCharacter)
    }

    /// A scalar that may start a Swift identifier (The Swift Programming Language, Lexical
    /// Structure, `identifier-head`).
    static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            return (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || value == 0x5F
        }
        if value >= 0x10000 { return value & 0xFFFF <= 0xFFFD && value <= 0xEFFFD }
        return identifierHeadRanges.contains { $0.contains(value) }
    }

    /// A scalar that may follow the first in a Swift identifier (`identifier-character`): a head,
    /// a digit or a combining mark.
    static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return isIdentifierHead(scalar) || (0x30...0x39).contains(value) || (0x300...0x36F).contains(value)
            || (0x1DC0...0x1DFF).contains(value) || (0x20D0...0x20FF).contains(value)
            || (0xFE20...0xFE2F).contains(value)
    }

    /// The ranges of `identifier-head` between U+0080 and U+FFFF.
    private static let identifierHeadRanges: [ClosedRange<UInt32>] = [
        0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE,
        0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF, 0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D,
        0x180F...0x1DBF, 0x1E00...0x1FFF, 0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040,
        0x2054...0x2054, 0x2060...0x206F, 0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF,
        0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007, 0x3021...0x302F,
        0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F,
        0xFE30...0xFE44, 0xFE47...0xFFFD,
    ]

    /// Whether `member` is `name` as Swift writes names, cased and joined (`per_page` as
    /// `perPage`, `petId` as `petID`, `_links` as `links`), rather than a name of its own: `name`
    /// is an identifier, and the two have the same letters and digits.
    static func spells(_ name: String, as member: String) -> Bool {
        func letters(_ text: String) -> String {
            String(text.precomposedStringWithCanonicalMapping.filter(isWordCharacter)).lowercased()
        }
        return isIdentifier(name) && letters(name) == letters(member)
    }

    /// Whether `member` is written with the very scalars of `name`, so that a coding key needs no
    /// text of its own: Swift's `==` takes a composed and a decomposed `é` as equal, the text of a
    /// synthesized coding key does not.
    static func isWritten(_ member: String, as name: String) -> Bool {
        member.unicodeScalars.elementsEqual(name.unicodeScalars)
    }

    /// The lines that start a file declaring a property of a name outside ASCII (`größe`):
    /// swift-format's `IdentifiersMustBeASCII`, on by default, would refuse the name the document
    /// gave it.
    static func lintDirectives(declaring properties: [String]) -> [String] {
        properties.allSatisfy { $0.allSatisfy(\.isASCII) }
            ? [] : ["// swift-format-ignore-file: IdentifiersMustBeASCII", ""]
    }

    /// A member name as it must be written in a declaration: in backticks when it is a keyword.
    static func declared(_ member: String) -> String {
        keywords.contains(member) ? "`\(member)`" : member
    }

    /// A member name as written after a dot: only a few keywords still need backticks there.
    static func referenced(_ member: String) -> String {
        ["Type", "Protocol"].contains(member) ? "`\(member)`" : member
    }
}

/// Names handed out in one scope, each once: a second request for a taken name gets a number.
struct NameScope {
    private var taken: Set<String>

    init(reserved: Set<String> = []) {
        taken = reserved
    }

    /// `name`, or `name2`, `name3` … if it is taken; marks the result taken.
    mutating func claim(_ name: String) -> String {
        var candidate = name
        var number = 2
        while taken.contains(candidate) {
            candidate = name + String(number)
            number += 1
        }
        taken.insert(candidate)
        return candidate
    }

    /// Whether `name` is taken.
    func contains(_ name: String) -> Bool { taken.contains(name) }
}
