extension Substring {
    /// This text without leading and trailing spaces and tabs (optional whitespace, RFC 9110 §5.6.3).
    func trimmingOptionalWhitespace() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
