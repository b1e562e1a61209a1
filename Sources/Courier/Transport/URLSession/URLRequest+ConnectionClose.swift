import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLRequest {
    /// Asks the server to close the connection after its answer: `Connection: close`, replacing a
    /// `Connection` field in any spelling.
    ///
    /// One assignment of the fields: `setValue(_:forHTTPHeaderField:)` validates and re-capitalises
    /// the name, at many times the cost.
    mutating func setConnectionClose() {
        var fields = allHTTPHeaderFields ?? [:]
        for name in fields.keys where name.utf8.count == 10 && name.lowercased() == "connection" {
            fields[name] = nil
        }
        fields["Connection"] = "close"
        allHTTPHeaderFields = fields
    }
}
