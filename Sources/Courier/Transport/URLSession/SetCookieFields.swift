/// Splits the `Set-Cookie` fields URLSession joins into one value with `, `.
///
/// A comma and a space start a new field when what follows, up to the next `;` or `,`, is `name=…`
/// with a token for a name. Servers do not put a comma in a cookie value (RFC 6265bis §4.1.1), so
/// the commas left are those of an `Expires` date (`Wed, 21 Oct 2037 07:28:00 GMT`), which are not
/// followed by `name=`. The joined value cannot tell more: a value that does hold `, name=` is
/// split there, on URLSession only (a known limit of its joined field); one with a comma and no
/// space after it stays whole.
enum SetCookieFields {
    static func split(_ joined: String) -> [String] {
        var fields: [Substring] = []
        var start = joined.startIndex
        var index = joined.startIndex
        while let comma = joined[index...].firstIndex(of: ",") {
            let rest = joined[joined.index(after: comma)...]
            let next = rest.prefix { $0 != ";" && $0 != "," }
            if next.first == " ", let equals = next.firstIndex(of: "="),
                HTTPToken.isValid(next[..<equals].drop(while: { $0 == " " || $0 == "\t" }))
            {
                fields.append(joined[start..<comma])
                start = rest.startIndex
            }
            index = rest.startIndex
        }
        fields.append(joined[start...])
        return fields.map { String($0.drop(while: { $0 == " " || $0 == "\t" })) }
    }
}
