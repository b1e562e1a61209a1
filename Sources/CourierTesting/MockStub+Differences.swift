import Courier
import Foundation

extension MockStub {
    /// How `request` differs from the expected request, one readable line per part; empty when
    /// it matches.
    func differences(from request: TransportRequest, ignoring ignored: Set<HeaderName>) -> [String] {
        var lines: [String] = []
        if expected.method != request.method {
            lines.append("method: expected \(expected.method), got \(request.method)")
        }
        let (expectedOrigin, sentOrigin) = (Self.origin(of: expected.url), Self.origin(of: request.url))
        if expectedOrigin != sentOrigin {
            lines.append("origin: expected \(expectedOrigin), got \(sentOrigin)")
        }
        let (expectedPath, sentPath) = (
            expected.url.path(percentEncoded: true), request.url.path(percentEncoded: true)
        )
        if expectedPath != sentPath {
            lines.append("path: expected \"\(shownPath)\", got \"\(sentPath)\"")
        }
        let (expectedQuery, sentQuery) = (Self.queryItems(of: expected.url), Self.queryItems(of: request.url))
        let sensitive = (expectedQuery + sentQuery).map(\.0).filter {
            QueryItem.isSensitiveByDefault(name: $0)
        }
        let hiddenQuery = Set(secretQueryNames.union(sensitive).map { $0.lowercased() })
        lines += Self.compare("query", expectedQuery, sentQuery, hidden: hiddenQuery)
        let expectedHeaders = expected.headers.filter { !ignored.contains($0.name) }
        let sentHeaders = request.headers.filter { !ignored.contains($0.name) }
        let hidden = Set((expectedHeaders + sentHeaders).filter(\.isSensitive).map(\.name.canonicalName))
        lines += Self.compare(
            "header", expectedHeaders.map { ($0.name.rawValue, $0.value) },
            sentHeaders.map { ($0.name.rawValue, $0.value) }, hidden: hidden)
        if let body = Self.compareBodies(expected.body, request.body) {
            lines.append(body)
        }
        return lines
    }

    private static func origin(of url: URL) -> String {
        "\(url.scheme ?? "")://\(url.host(percentEncoded: true) ?? "")" + (url.port.map { ":\($0)" } ?? "")
    }

    private static func queryItems(of url: URL) -> [(String, String)] {
        (url.query(percentEncoded: true) ?? "").split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in
                text.removingPercentEncoding ?? String(text)
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    /// Compares name-value pairs by name (case-insensitively), values of one name in order.
    private static func compare(
        _ part: String, _ expected: [(String, String)], _ sent: [(String, String)], hidden: Set<String>
    ) -> [String] {
        let key = { (name: String) in part == "header" ? name.lowercased() : name }
        var names: [String] = []
        for (name, _) in expected + sent where !names.contains(where: { key($0) == key(name) }) {
            names.append(name)
        }
        return names.compactMap { name in
            let wanted = expected.filter { key($0.0) == key(name) }.map(\.1)
            let got = sent.filter { key($0.0) == key(name) }.map(\.1)
            guard wanted != got else { return nil }
            let secret = hidden.contains(name.lowercased())
            let show = { (values: [String]) in
                secret ? "<redacted>" : values.map { "\"\($0)\"" }.joined(separator: ", ")
            }
            if got.isEmpty { return "\(part) \(name): missing" }
            if wanted.isEmpty { return "\(part) \(name): unexpected \(show(got))" }
            if secret { return "\(part) \(name): differs (values redacted)" }
            return "\(part) \(name): expected \(show(wanted)), got \(show(got))"
        }
    }

    private static func compareBodies(_ expected: RequestBody?, _ sent: RequestBody?) -> String? {
        let wanted = expected.map(bytes) ?? Data()
        let got = sent.map(bytes) ?? Data()
        guard wanted != got else { return nil }
        if wanted.isEmpty { return "body: expected none, got \(describe(got))" }
        if got.isEmpty { return "body: expected \(describe(wanted)), got none" }
        if String(data: wanted, encoding: .utf8) == nil || String(data: got, encoding: .utf8) == nil {
            return "body differs: expected \(wanted.count) bytes, got \(got.count) bytes"
        }
        return "body differs: expected \(describe(wanted)) got \(describe(got))"
    }

    /// Every byte of a body; a streamed file that cannot be read counts as its description, and so
    /// does a ``RequestBody/stream``, which is never read here (`<streamed body: N bytes>`).
    private static func bytes(of body: RequestBody) -> Data {
        if let stream = body.stream { return Data(stream.description.utf8) }
        return (try? body.collectData()) ?? Data(String(describing: body.segments).utf8)
    }

    private static func describe(_ data: Data) -> String {
        guard let text = String(data: data, encoding: .utf8) else { return "\(data.count) bytes" }
        return text.count > 200 ? String(text.prefix(200)) + "… (\(data.count) bytes)" : text
    }
}
