import Foundation

/// How an endpoint takes credentials: its `Authorization` header parameter, read by the fixed
/// prefix of the header's value. One reading for the `WWW-Authenticate` challenge of every 401
/// (typed answers and mismatches) and for the OpenAPI security scheme.
struct EndpointCredentials: Equatable {
    /// The credential's scheme.
    enum Scheme: Equatable {
        /// `Authorization: Bearer <token>`.
        case bearer
        /// `Authorization: Basic <credentials>`.
        case basic
        /// Another fixed prefix that is an HTTP auth-scheme token (`Token `, `Digest `).
        case other(String)
        /// No prefix (or one that is not a scheme token): the whole value is a key.
        case apiKey
    }

    /// The scheme, from the header's fixed prefix.
    let scheme: Scheme
    /// Whether a request without the header is not this endpoint.
    let isRequired: Bool

    /// The credentials of an endpoint whose `Authorization` header is a parameter; `nil` when
    /// it has none.
    init?(_ shape: EndpointShape?) {
        guard
            let field = shape?.headers.first(where: {
                $0.name.lowercased() == "authorization" && $0.parameter != nil
            })
        else { return nil }
        isRequired = field.isRequired
        let prefix = field.valuePrefix.trimmingCharacters(in: .whitespaces)
        switch prefix.lowercased() {
        case "bearer": scheme = .bearer
        case "basic": scheme = .basic
        default:
            let token = CharacterSet(charactersIn: "!#$%&'*+-.^_`|~")
                .union(
                    CharacterSet(
                        charactersIn: "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"))
            let isToken = !prefix.isEmpty && prefix.unicodeScalars.allSatisfy { token.contains($0) }
            scheme = isToken ? .other(prefix) : .apiKey
        }
    }

    /// The `WWW-Authenticate` value a 401 carries (RFC 9110 §11.6.1): the scheme's name, and
    /// for a key without a scheme `APIKey` with the header it goes in as a parameter (no
    /// registered scheme fits a bare key; the header name itself is not a scheme).
    var challenge: String {
        switch scheme {
        case .bearer: "Bearer"
        case .basic: "Basic"
        case .other(let name): name
        case .apiKey: #"APIKey header="Authorization""#
        }
    }

    /// The OpenAPI security scheme: its component name and object.
    var securityScheme: (name: String, scheme: JSONValue) {
        switch scheme {
        case .bearer: ("bearerAuth", ["type": "http", "scheme": "bearer"])
        case .basic: ("basicAuth", ["type": "http", "scheme": "basic"])
        case .other, .apiKey:
            ("authorizationHeader", ["type": "apiKey", "in": "header", "name": "Authorization"])
        }
    }
}
