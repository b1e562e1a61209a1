/// Lines of Swift source with indentation, built top to bottom.
struct SourceText {
    private(set) var lines: [String] = []
    private var depth = 0

    /// Adds a line at the current indentation; an empty line stays empty, and each line of a
    /// text of several keeps its own indentation on top.
    mutating func line(_ text: String = "") {
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: Self.isLineBreak) {
            lines.append(line.isEmpty ? "" : String(repeating: "    ", count: depth) + line)
        }
    }

    /// Whether `character` ends a line of Swift source: LF, CR or CR LF. (U+2028 and the other
    /// line separators of Unicode are text to Swift, in a comment or a string literal alike.)
    static func isLineBreak(_ character: Character) -> Bool {
        character == "\n" || character == "\r" || character == "\r\n"
    }

    /// Adds `///` lines for `documentation`, if there is any; an entry with a line break in it
    /// (a title, a value) is as many lines.
    mutating func doc(_ documentation: [String]) {
        for text in documentation {
            for part in text.split(omittingEmptySubsequences: false, whereSeparator: Self.isLineBreak) {
                line(part.isEmpty ? "///" : "/// " + part)
            }
        }
    }

    /// Adds `opening`, the body one level in, then `}`.
    mutating func block(_ opening: String, _ body: (inout SourceText) -> Void) {
        line(opening + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// The text, ending with a newline.
    var text: String {
        var lines = lines
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }
}
