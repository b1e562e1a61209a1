extension Endpoint: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The method, the percent-encoded path and the query's parameter names, as declared:
    /// `GET /users/42/posts?page&tag`.
    ///
    /// Query values, headers and the body are left out, so printing an endpoint never shows a
    /// credential. Nothing is encoded or validated to print it: ``request(encoder:formEncoding:)``
    /// does that.
    public var description: String {
        var method: String?
        var segments: [String] = []
        var names: [String] = []
        for part in parts {
            switch part {
            case .method(.known(let known)): method = method ?? known.rawValue
            case .method(.unchecked(let token)):
                method = method ?? HTTPMethod(normalizing: token)?.rawValue ?? token.debugDescription
            case .path(let path): segments += path.map(PercentEncoding.encode)
            case .query(.text(let name, _)), .query(.named(let name, _)): names.append(name)
            case .query(.whole(let value)):
                names += (try? FormEncoding().queryItems(for: value).map(\.name)) ?? ["…"]
            default: break
            }
        }
        var seen = Set<String>()
        let query = names.filter { seen.insert($0).inserted }.map(PercentEncoding.encode)
        return (method ?? "?") + " /" + segments.joined(separator: "/")
            + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }

    /// The description with the endpoint's type: `Endpoint<User, APIError>(GET /users/42)`.
    public var debugDescription: String {
        "Endpoint<\(Success.self), \(Failure.self)>(\(description))"
    }

    /// A mirror showing the description only, so `dump` and test failures show no header or body.
    public var customMirror: Mirror {
        Mirror(self, children: ["request": description], displayStyle: .struct)
    }
}
