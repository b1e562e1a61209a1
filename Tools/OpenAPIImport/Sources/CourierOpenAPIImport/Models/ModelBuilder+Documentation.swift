import Foundation

extension ModelBuilder {
    // MARK: - Documentation and what is not read

    /// Keywords that only describe: they become DocC text or are left to readers of the
    /// document.
    static let descriptive: Set<String> = [
        "description", "title", "example", "examples", "default", "deprecated", "readOnly", "writeOnly",
        "externalDocs", "$comment", "$schema", "$id",
    ]

    /// DocC lines for a schema: its description, then its default, whether it is read- or
    /// write-only, and whether it is deprecated.
    func documentation(of schema: DocumentValue) -> [String] {
        var lines: [String] = []
        if let description = schema["description"]?.string ?? schema["title"]?.string {
            lines += Self.lines(description)
        }
        var notes: [String] = []
        if let note = Self.defaultNote(of: schema) { notes.append(note) }
        if schema["readOnly"]?.bool == true { notes.append("Sent by the server only.") }
        if schema["writeOnly"]?.bool == true { notes.append("Sent by the client only.") }
        if schema["deprecated"]?.bool == true { notes.append("Deprecated.") }
        if !notes.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append(notes.joined(separator: " "))
        }
        return lines
    }

    /// `Defaults to `2`.` for the `default` of `schema`, or `nil` when it has none or
    /// ``defaultRefusal(in:)`` leaves it out. An integral number of an integer schema (`2.0`) is
    /// written as the integer it is.
    static func defaultNote(of schema: DocumentValue) -> String? {
        guard let value = schema["default"], defaultRefusal(in: schema) == nil else { return nil }
        if case .number(let number) = value,
            SchemaNormaliser.typeNames(schema["type"])?.contains("integer") == true,
            let integer = Int(exactly: number)
        {
            return "Defaults to `\(integer)`."
        }
        return "Defaults to `\(value.jsonText)`."
    }

    /// Why the `default` of `schema` is left out of the documentation, or `nil` when it is kept:
    /// a default of none of the types the schema's `type` names (`"inf"` for an integer), or a
    /// number JSON cannot hold (`.inf` in YAML), is no value a call sends or reads. A `null`
    /// default is not judged here, since whether a schema takes null is read apart from its
    /// `type` (3.0's `nullable`, an `enum`).
    static func defaultRefusal(in schema: DocumentValue) -> String? {
        guard let value = schema["default"], value != .null else { return nil }
        if case .number(let number) = value, !number.isFinite {
            return "The default \(number) is no number JSON can hold"
        }
        guard let types = SchemaNormaliser.typeNames(schema["type"]), !types.isEmpty else { return nil }
        let fits = types.contains { type in
            switch (type, value) {
            case ("string", .string), ("boolean", .bool), ("array", .array), ("object", .object),
                ("number", .integer), ("number", .number), ("integer", .integer):
                true
            case ("integer", .number(let number)): number.rounded() == number
            default: false
            }
        }
        guard !fits else { return nil }
        let kind =
            switch value {
            case .string: "a string"
            case .integer: "an integer"
            case .number: "a number"
            case .bool: "a Boolean"
            case .array: "an array"
            case .object: "an object"
            case .null: "null"
            }
        return
            "The default \(value.jsonText) is \(kind), not of the schema's type (\(types.joined(separator: " or ")))"
    }

    /// Reports the `default` of `schema` at `pointer` when ``defaultRefusal(in:)`` leaves it out of
    /// the documentation; the export, which writes no default, is the same either way.
    mutating func reportRefusedDefault(of schema: DocumentValue, at pointer: JSONPointer) {
        guard let reason = Self.defaultRefusal(in: schema) else { return }
        report.add(
            pointer.appending("default"), .notExpressed, "\(reason): it is left out of the documentation.",
            changesExport: false)
    }

    /// The lines of a description, without trailing spaces or blank lines at either end. A line
    /// ends where a line of Swift source would (LF, CR or CR LF), so each becomes a doc line.
    static func lines(_ text: String) -> [String] {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: SourceText.isLineBreak).map {
            String(
                $0.replacingOccurrences(of: "\t", with: "    ").reversed().drop(while: \.isWhitespace)
                    .reversed())
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Reports every keyword of `schema` that neither `handled` nor the descriptive ones cover.
    mutating func reportUnread(_ schema: DocumentValue, at pointer: JSONPointer, handled: Set<String>) {
        guard let members = schema.members else { return }
        for (key, _) in members
        where !handled.contains(key) && !Self.descriptive.contains(key) && !key.hasPrefix("x-") {
            switch key {
            case "xml":
                report.add(
                    pointer.appending(key), .notExpressed, "XML names are not used: Courier sends JSON.",
                    changesExport: false)
            case "discriminator" where schema["oneOf"] == nil && schema["anyOf"] == nil:
                // A base schema that others extend with allOf (OpenAPI's inheritance).
                report.add(
                    pointer.appending(key), .notExpressed,
                    "The discriminator of a schema without oneOf or anyOf is not expressed: a value decodes "
                        + "as this schema, whichever schema its discriminator names. Declare a oneOf of the "
                        + "schemas that extend it to decode each as its own.")
            case "discriminator", "oneOf", "anyOf", "allOf", "$ref":
                continue
            case "enum", "const":
                report.add(
                    pointer.appending(key), .approximated,
                    "The \(key == "enum" ? "listed values are" : "one value is") not a type of its own in Swift: "
                        + "the property takes any value of its type.")
            default:
                report.add(
                    pointer.appending(key), .notExpressed, "The keyword \(key) is not expressed in Swift.")
            }
        }
    }

    /// Counts the vendor extensions (`x-…`) of `value` at `pointer`, an object of `kind` (a
    /// schema unless it says another, such as `operations`), which are reported once per name and
    /// kind at the end.
    mutating func noteExtensions(
        of value: DocumentValue, at pointer: JSONPointer, in kind: String = "schemas"
    ) {
        guard let members = value.members else { return }
        for (key, _) in members where key.hasPrefix("x-") {
            let place = pointer.appending(key)
            guard extensionPlaces.insert(place.text).inserted else { continue }
            let use = ExtensionUse(name: key, kind: kind)
            if let seen = extensions[use] {
                extensions[use] = (seen.pointer, seen.count + 1)
            } else {
                extensions[use] = (place, 1)
                extensionOrder.append(use)
            }
        }
    }

    /// Adds one report item per vendor extension and kind of object seen, at its first place.
    mutating func reportExtensions() {
        for use in extensionOrder {
            let (pointer, count) = extensions[use]!
            report.add(
                pointer, .notExpressed,
                "The extension \(use.name) is not read (\(count == 1 ? "once" : "\(count) times") in \(use.kind)).",
                changesExport: false)
        }
    }
}
