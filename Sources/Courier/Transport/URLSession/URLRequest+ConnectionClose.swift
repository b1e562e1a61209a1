import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLRequest {
    /// Asks the server to close the connection after its answer: `Connection: close`, replacing a
    /// `Connection` field in any spelling.
    ///
    /// What keeps such a request off a reused connection is the session made for it alone; the
    /// field asks the server to close that connection too. (On Apple platforms `URLSession` may
    /// not send it: `Connection` is a field it manages, and HTTP/2 has none.)
    mutating func setConnectionClose() {
        var fields = allHTTPHeaderFields ?? [:]
        while let name = fields.keys.first(where: { $0.lowercased() == "connection" }) {
            fields[name] = nil
        }
        fields["Connection"] = "close"
        allHTTPHeaderFields = fields
    }
}
