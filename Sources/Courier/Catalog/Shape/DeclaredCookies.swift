import Foundation

/// The cookies of a request's `Cookie` header, in order: what a catalog reads ``Cookie``
/// declarations back from.
struct DeclaredCookies: Sendable, Hashable {
    /// The cookie names, in order; a nameless pair has the empty name.
    var names: [String] = []
    /// Their values, as sent.
    var values: [String] = []

    /// The cookies of every `Cookie` field of `request`.
    init(_ request: EndpointRequest) {
        self.init(request.headers.values(for: .cookie))
    }

    /// The cookies of `headers`, `Cookie` field values: `name=value` pairs separated by `;`,
    /// spaces around each trimmed.
    init(_ headers: [String]) {
        for header in headers {
            for pair in header.split(separator: ";") {
                let trimmed = pair.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty else { continue }
                if let equals = trimmed.firstIndex(of: "=") {
                    names.append(String(trimmed[..<equals]))
                    values.append(String(trimmed[trimmed.index(after: equals)...]))
                } else {
                    names.append("")
                    values.append(trimmed)
                }
            }
        }
    }

    /// The value of the first cookie named `name`, and how many carry that name.
    func value(named name: String) -> (value: String?, count: Int) {
        let indices = names.indices.filter { names[$0] == name }
        return (indices.first.map { values[$0] }, indices.count)
    }
}
