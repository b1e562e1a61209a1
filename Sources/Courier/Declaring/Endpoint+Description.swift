import Foundation

extension Endpoint: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The method, the path template and the query's parameter names, as declared:
    /// `GET /users/{…}/posts?page&tag`. An ``AbsoluteURL`` shows as its scheme and host, the rest
    /// of it as `…`: `GET https://cdn.example.com/…`.
    ///
    /// Path values (every segment but a literal's text), query values, headers and the body are
    /// left out, so printing an endpoint shows no credential; a ``Query/init(fieldsOf:)`` value
    /// shows as `…`, since its names come from its own `encode(to:)`. No code of yours runs and
    /// nothing is encoded or validated to print it: ``request(encoder:formEncoding:)`` does that.
    public var description: String {
        var method: String?
        var segments: [String] = []
        var endsWithSlash = false
        var names: [String] = []
        var origin = ""
        for part in parts {
            switch part {
            case .method(.known(let known)): method = method ?? known.rawValue
            case .method(.unchecked(let token)):
                method = method ?? HTTPMethod(normalizing: token)?.rawValue ?? token.debugDescription
            case .path(let path, let display) where !path.isEmpty:
                segments += display.shown(path)
                endsWithSlash = display.endsWithSlash
            case .query(.text(let name, _), _), .query(.named(let name, _), _):
                names.append(PercentEncoding.encode(name))
            case .query(.whole, _): names.append("…")
            case .absoluteURL(let url, _): origin = "\(url.scheme ?? "")://\(url.host ?? "")/…"
            default: break
            }
        }
        if endsWithSlash { segments.append("") }
        var seen = Set<String>()
        let query = names.filter { seen.insert($0).inserted }
        let path =
            origin.isEmpty
            ? "/" + segments.joined(separator: "/") : origin + segments.map { "/" + $0 }.joined()
        return (method ?? "?") + " " + path
            + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }

    /// The description with the endpoint's type: `Endpoint<User, APIError>(GET /users/{…})`.
    public var debugDescription: String {
        "Endpoint<\(Success.self), \(Failure.self)>(\(description))"
    }

    /// A mirror showing the description only, so `dump` and test failures show no header or body.
    public var customMirror: Mirror {
        Mirror(self, children: ["request": description], displayStyle: .struct)
    }
}
