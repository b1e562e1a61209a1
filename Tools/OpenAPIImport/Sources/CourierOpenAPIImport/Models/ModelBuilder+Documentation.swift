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
        if let value = schema["default"] { notes.append("Defaults to `\(value.jsonText)`.") }
        if schema["readOnly"]?.bool == true { notes.append("Sent by the server only.") }
        if schema["writeOnly"]?.bool == true { notes.append("Sent by the client only.") }
        if schema["deprecated"]?.bool == true { notes.append("Deprecated.") }
        if !notes.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append(notes.joined(separator: " "))
        }
        return lines
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

    /// Counts vendor extensions (`x-…`), which are reported once per name at the end.
    mutating func noteExtensions(of value: DocumentValue, at pointer: JSONPointer) {
        guard let members = value.members else { return }
        for (key, _) in members where key.hasPrefix("x-") {
            if let seen = extensions[key] {
                extensions[key] = (seen.pointer, seen.count + 1)
            } else {
                extensions[key] = (pointer.appending(key), 1)
                extensionOrder.append(key)
            }
        }
    }

    /// Adds one report item per vendor extension seen.
    mutating func reportExtensions() {
        for key in extensionOrder {
            let (pointer, count) = extensions[key]!
            report.add(
                pointer, .notExpressed,
                "The extension \(key) is not read (\(count == 1 ? "once" : "\(count) times") in schemas).",
                changesExport: false)
        }
    }
}
