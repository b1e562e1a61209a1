import Foundation

extension EndpointRequest {
    /// The request as canonical HTTP/1.1 text, for golden tests and documentation.
    ///
    /// The request line, `Host`, the headers in declared order, `Content-Length` when there is a
    /// body (`Transfer-Encoding: chunked` for a stream without a length), a blank line, and the
    /// body as UTF-8 text (a size note for binary data, a name and size for each file streamed from
    /// disk, `<streamed body>` for a ``RequestBody/stream``, which is never read). Lines end in `\r\n`. Sensitive header and query values (in the
    /// request line too, as in ``curlCommand(baseURL:revealingSecrets:)``) read `<redacted>` unless
    /// `revealingSecrets` is `true`. `Host` is the real target's: an ``absoluteURL``'s host when
    /// there is one. The fields a transport adds on its own (`User-Agent`, `Accept-Encoding`…,
    /// listed in <doc:ChoosingATransport>) are not shown.
    ///
    /// ```text
    /// POST /api/todos HTTP/1.1
    /// Host: api.example.com
    /// Content-Type: application/json
    /// Content-Length: 17
    ///
    /// {"title":"Write"}
    /// ```
    public func http1Text(baseURL: BaseURL, revealingSecrets: Bool = false) throws(CourierError) -> String {
        let shown = revealingSecrets ? self : redacted()
        func requestTarget(of request: EndpointRequest) throws(CourierError) -> String {
            let url = try baseURL.url(for: request)
            let path = url.path(percentEncoded: true)
            return (path.isEmpty ? "/" : path) + (url.query(percentEncoded: true).map { "?" + $0 } ?? "")
        }
        let target =
            revealingSecrets
            ? try requestTarget(of: self)
            : try hidingPathSecrets { request throws(CourierError) in
                LogRedaction().url(
                    try requestTarget(of: request), alsoHiding: LogRedaction.secretQueryNames(of: self))
            }
        let host = baseURL.resolvingBase(for: self).hostHeader
        var lines = ["\(method.rawValue) \(target) HTTP/1.1", "Host: \(host)"]
        lines += shown.headers.map { "\($0.name.rawValue): \($0.value)" }
        var bodyText = ""
        if let stream = body?.stream {
            lines.append(stream.length.map { "Content-Length: \($0)" } ?? "Transfer-Encoding: chunked")
            bodyText = stream.description
        } else if let body {
            lines.append("Content-Length: \(body.length)")
            bodyText = body.segments.map { segment in
                switch segment {
                case .data(let data):
                    String(data: data, encoding: .utf8) ?? "<\(data.count) bytes of binary data>"
                case .file(let url, let length):
                    "<file \(url.lastPathComponent): \(length) bytes>"
                }
            }.joined()
        }
        return lines.joined(separator: "\r\n") + "\r\n\r\n" + bodyText
    }
}
