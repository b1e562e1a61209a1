import Foundation

extension EndpointRequest {
    /// The request as a `curl` command line, against `baseURL`.
    ///
    /// Every argument is single-quoted, so no value can break out of it. Values of
    /// `Authorization`, `Cookie`, `Proxy-Authorization` and headers marked secret read
    /// `<redacted>` unless `revealingSecrets` is `true`. `HEAD` uses `--head`; a body that is not
    /// UTF-8 text is fed from `printf` escapes through bash process substitution, and a body
    /// streamed from files is the concatenation of its in-memory pieces and the files' paths.
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
            words += ["--data-binary", Self.curlData(body)]
        }
        return words.joined(separator: " ")
    }

    /// The `--data-binary` argument for a body.
    private static func curlData(_ body: RequestBody) -> String {
        if let data = body.data {
            if let text = String(data: data, encoding: .utf8) { return quoted(text) }
            return "@<(printf " + quoted(printfEscaped(data)) + ")"
        }
        if body.segments.count == 1, case .file(let url, _) = body.segments[0] {
            return "@" + quoted(url.path)
        }
        let pieces = body.segments.map { segment in
            switch segment {
            case .data(let data):
                if let text = String(data: data, encoding: .utf8), !text.contains("\r") {
                    return "<(printf '%s' " + quoted(text) + ")"
                }
                return "<(printf " + quoted(printfEscaped(data)) + ")"
            case .file(let url, _):
                return quoted(url.path)
            }
        }
        return "@<(cat " + pieces.joined(separator: " ") + ")"
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
