import Foundation

extension EndpointRequest {
    /// The request as a `curl` command line, against `baseURL`.
    ///
    /// Every argument is single-quoted, so no value can break out of it. Values of
    /// `Authorization`, `Cookie`, `Proxy-Authorization` and headers marked secret read
    /// `<redacted>` unless `revealingSecrets` is `true`. `HEAD` uses `--head`; a body that is not
    /// UTF-8 text is fed from `printf` escapes through bash process substitution.
    ///
    /// ```swift
    /// print(try request.curlCommand(baseURL: BaseURL("api.example.com")))
    /// // curl -X 'GET' 'https://api.example.com/users/42' -H 'Authorization: <redacted>'
    /// ```
    public func curlCommand(baseURL: BaseURL, revealingSecrets: Bool = false) throws(CourierError) -> String {
        let shown = revealingSecrets ? self : redacted()
        let url = Self.quoted(try baseURL.url(for: self).absoluteString)
        var words =
            method == .head ? ["curl", "--head", url] : ["curl", "-X", Self.quoted(method.rawValue), url]
        for field in shown.headers {
            words += ["-H", Self.quoted("\(field.name.rawValue): \(field.value)")]
        }
        if let body {
            if let text = String(data: body.data, encoding: .utf8) {
                words += ["--data-binary", Self.quoted(text)]
            } else {
                words += ["--data-binary", "@<(printf " + Self.quoted(Self.printfEscaped(body.data)) + ")"]
            }
        }
        return words.joined(separator: " ")
    }

    /// Bytes as a `printf` format of `\xHH` escapes, so binary bodies (NUL included) survive bash.
    static func printfEscaped(_ data: Data) -> String {
        data.map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return "\\x" + (hex.count == 1 ? "0" + hex : hex)
        }
        .joined()
    }

    /// Wraps `text` in single quotes for a POSIX shell; an embedded `'` becomes `'\''`.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
