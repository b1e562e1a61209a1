import Foundation

extension EndpointRequest {
    /// The request as a `curl` command line, against `baseURL`.
    ///
    /// Every argument is single-quoted, so no value can break out of it. Unless
    /// `revealingSecrets` is `true`, these read `<redacted>`: values of sensitive headers
    /// (``HeaderField/isSensitive``: `Authorization`, `X-Api-Key`, … and headers marked secret); query values marked secret or sensitive
    /// by name (``QueryItem/isSensitive``); and, in a form or JSON body, the values of fields
    /// sensitive by name and any secret of the request echoed in the body (the body is then
    /// shown re-serialized, so it differs from the bytes sent). `HEAD` uses `--head`; a body that is not
    /// UTF-8 text is fed from `printf` escapes through bash process substitution, and a body
    /// streamed from files is the concatenation of its in-memory pieces and the files' paths. A
    /// ``RequestBody/stream`` is never read: the command takes the body on standard input
    /// (`--data-binary @- # <streamed body>`, chunked when the stream has no length).
    ///
    /// ```swift
    /// print(try request.curlCommand(baseURL: BaseURL("api.example.com")))
    /// // curl -X 'GET' 'https://api.example.com/users/42' -H 'Authorization: <redacted>'
    /// ```
    public func curlCommand(baseURL: BaseURL, revealingSecrets: Bool = false) throws(CourierError) -> String {
        let shown = revealingSecrets ? self : redacted()
        let url = Self.quoted(
            revealingSecrets
                ? try baseURL.url(for: self).absoluteString
                : try hidingPathSecrets { request throws(CourierError) in
                    LogRedaction().url(
                        try baseURL.url(for: request).absoluteString,
                        alsoHiding: LogRedaction.secretQueryNames(of: self))
                })
        var words =
            method == .head ? ["curl", "--head", url] : ["curl", "-X", Self.quoted(method.rawValue), url]
        for field in shown.headers {
            words += ["-H", Self.quoted("\(field.name.rawValue): \(field.value)")]
        }
        if let stream = body?.stream {
            // Runnable with the body piped in; the comment says what the pipe must carry.
            if stream.length == nil { words += ["-H", Self.quoted("Transfer-Encoding: chunked")] }
            words += ["--data-binary", "@-", "#", stream.description]
        } else if let body {
            words += [
                "--data-binary",
                revealingSecrets
                    ? Self.curlData(body) : Self.curlData(body, hiding: LogRedaction().secrets(of: self)),
            ]
        }
        return words.joined(separator: " ")
    }

    /// The `--data-binary` argument for a body, with the values of sensitive form fields and
    /// JSON keys, and every one of `secrets`, redacted; a body with nothing to hide as it is.
    private static func curlData(_ body: RequestBody, hiding secrets: [String]) -> String {
        guard let data = body.data, let text = String(data: data, encoding: .utf8) else {
            return curlData(body)
        }
        let redaction = LogRedaction()
        var shown: String
        if body.contentType.essence == MediaType.formURLEncoded.essence {
            shown = redaction.query(text[...])
        } else if body.contentType.isJSON {
            shown = BodySnippet.redacted(data, hiding: secrets, limit: .max)
        } else {
            shown = text
        }
        if !shown.contains("<redacted>") { shown = text }
        shown = LogRedaction.scrub(shown, hiding: secrets)
        return quoted(shown)
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
                return "<(printf " + quoted(printfEscaped(data)) + ")"
            case .file(let url, _):
                return quoted(url.path)
            }
        }
        return "@<(cat " + pieces.joined(separator: " ") + ")"
    }

    /// Bytes as a `printf` format: printable ASCII as itself (`%` doubled, a backslash doubled);
    /// every other byte, `'`, and a leading `-` (which `printf` would read as an option) as a
    /// `\xHH` escape, so binary bodies (NUL included) survive bash.
    static func printfEscaped(_ data: Data) -> String {
        var format = ""
        for byte in data {
            switch byte {
            case UInt8(ascii: "%"): format += "%%"
            case UInt8(ascii: "\\"): format += "\\\\"
            case UInt8(ascii: "'"): format += "\\x27"
            case UInt8(ascii: "-") where format.isEmpty: format += "\\x2D"
            case 0x20...0x7E: format.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                format += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return format
    }

    /// Wraps `text` in single quotes for a POSIX shell; an embedded `'` becomes `'\''`.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
