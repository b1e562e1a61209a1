extension Substring {
    /// This text without leading and trailing spaces and tabs (optional whitespace, RFC 9110 §5.6.3),
    /// by Unicode scalar: a space followed by a combining mark is still a space.
    func trimmingOptionalWhitespace() -> Substring {
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" }
        var scalars = unicodeScalars
        while let first = scalars.first, isSpace(first) { scalars.removeFirst() }
        while let last = scalars.last, isSpace(last) { scalars.removeLast() }
        return Substring(scalars)
    }
}
