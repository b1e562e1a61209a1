extension SchemaConstraint {
    /// Text that contains a match of the regular expression `expression`, for text; an
    /// expression Courier cannot match is a programmer error and traps, naming the fault.
    ///
    /// ```swift
    /// static let schemaConstraints: [String: SchemaConstraint] = ["sku": .pattern("^[A-Z]{3}-[0-9]{4}$")]
    /// ```
    ///
    /// As JSON Schema's `pattern`, the match may be anywhere in the value: anchor the expression
    /// (`^…$`) to constrain the whole value. The dialect is in ``pattern(validating:)``.
    public static func pattern(_ expression: StaticString) -> SchemaConstraint {
        do {
            return try pattern(validating: expression.description)
        } catch {
            preconditionFailure(error.message)
        }
    }

    /// Text that contains a match of the regular expression `expression`, from a runtime string.
    ///
    /// An OpenAPI document writes patterns in ECMA-262's dialect; Courier matches them with
    /// Swift's `Regex`, set to JSON Schema's rules: by Unicode scalar (as ECMA-262 with its `u`
    /// flag), with `\d`, `\w` and `\b` ASCII-only, `.` not matching line breaks, and `$` only at
    /// the end of the value. The two dialects read the usual constructs alike: character classes
    /// and ranges, `^` and `$`, quantifiers, groups, alternation, lookahead and `\p{…}`. Keep to
    /// those: an expression `Regex` cannot read (lookbehind, `\cX`, `[^]`) is refused here, and
    /// one only `Regex` reads (possessive quantifiers, inline options such as `(?i)`, POSIX
    /// classes) is matched here but refused by tools that read the document.
    ///
    /// - Throws: ``CourierError`` of kind ``CourierError/Kind/invalidConstraint`` naming the
    ///   fault, when `expression` is not a regular expression Courier can match.
    public static func pattern(validating expression: String) throws(CourierError) -> SchemaConstraint {
        do {
            _ = try PatternMatching.regex(expression).firstMatch(in: "")
        } catch {
            throw CourierError(
                stage: .building, kind: .invalidConstraint,
                message:
                    "The pattern \(expression.debugDescription) is not a regular expression Courier can match: "
                    + "\(error).")
        }
        return SchemaConstraint(pattern: expression)
    }
}

/// How a ``SchemaConstraint/pattern(_:)`` is matched: JSON Schema's rules on Swift's `Regex`.
///
/// `Regex` is not `Sendable`, so a constraint keeps the expression's text and each check builds
/// the expression again.
enum PatternMatching {
    /// `expression` with the options that give it JSON Schema's reading.
    static func regex(_ expression: String) throws -> Regex<AnyRegexOutput> {
        try Regex(expression).matchingSemantics(.unicodeScalar).asciiOnlyDigits().asciiOnlyWordCharacters()
            .wordBoundaryKind(.simple)
    }

    /// Whether `text` contains a match of `expression`; never, for an expression that does not
    /// build (a constraint checks its expression when it is made).
    static func text(_ text: String, matches expression: String) -> Bool {
        guard let regex = try? regex(expression) else { return false }
        return (try? regex.firstMatch(in: text)) != nil
    }
}
