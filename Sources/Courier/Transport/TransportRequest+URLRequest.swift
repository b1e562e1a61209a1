import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TransportRequest {
    /// The `URLRequest` a URLSession-based transport sends.
    ///
    /// An in-memory body is `httpBody`; a body streamed from files is `httpBodyStream`, which
    /// `URLSession` sends with chunked transfer coding. (``URLSessionTransport`` uploads such
    /// bodies from a file instead, with their `Content-Length`.) A header whose value has a control
    /// character (CR, LF, NUL, …) is left out; Courier's own requests never carry one. The call's
    /// ``urlRequestConfiguration`` is applied last.
    public var urlRequest: URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        // One assignment rather than `addValue`, which re-capitalises names: names keep their
        // declared spelling (the first one, for a repeated name, whose values are joined with
        // ", "). A value with a control character is left out, as `addValue` does on Linux: the
        // assignment itself would send its CR LF as a new line.
        if !headers.isEmpty {
            request.allHTTPHeaderFields = headers.urlRequestFields
        }
        if let body {
            if let data = body.data {
                request.httpBody = data
            } else {
                request.httpBodyStream = body.makeInputStream()
            }
        }
        if let idleTimeout = timeout.idle {
            // URLSession on Linux counts this in whole seconds and truncates: 0.5 would be 0,
            // which times out at once. Round up instead, so the wait is never shorter.
            request.timeoutInterval = max(1, idleTimeout.timeInterval.rounded(.up))
        } else if streamsResponse {
            // A stream without an idle timeout may stay silent as long as its server likes;
            // `URLRequest`'s own default would end it after 60 silent seconds.
            request.timeoutInterval = Self.unlimitedSilence
        }
        urlRequestConfiguration?.apply(&request)
        return request
    }

    /// The `timeoutInterval` of a streamed response without an idle timeout: a year, which
    /// FoundationNetworking turns into milliseconds and then nanoseconds without overflowing.
    static let unlimitedSilence: TimeInterval = 365 * 24 * 60 * 60
}

extension HeaderFields {
    /// The fields as `URLRequest.allHTTPHeaderFields`: each name once, in its first spelling, with
    /// a repeated name's values joined by ", "; a value with a control character left out.
    var urlRequestFields: [String: String] {
        var fields: [String: String] = Dictionary(minimumCapacity: count)
        // Names are nearly always distinct: then each field is one entry, with no second table
        // of spellings to consult.
        guard hasRepeatedNames else {
            for field in self where field.hasValidValue {
                fields[field.name.rawValue] = field.value
            }
            return fields
        }
        var spelling: [String: String] = [:]
        for field in self where field.hasValidValue {
            let key = spelling[field.name.canonicalName, default: field.name.rawValue]
            spelling[field.name.canonicalName] = key
            fields[key] = fields[key].map { $0 + ", " + field.value } ?? field.value
        }
        return fields
    }

    /// Whether two fields share a name, compared pairwise: a request has a handful of fields.
    private var hasRepeatedNames: Bool {
        for index in indices.dropFirst() where self[..<index].contains(where: { $0.name == self[index].name })
        {
            return true
        }
        return false
    }
}
