import Foundation

/// How an endpoint takes credentials: its `Authorization` header parameter, read by the fixed
/// prefix of the header's value, or else a header or query parameter declared secret, named
/// for a key or a token, with nothing around it (an API key, as ``Header/apiKey(_:in:)`` sends
/// one). One reading for the `WWW-Authenticate` challenge of every 401 (typed answers and
/// mismatches) and for the OpenAPI security scheme.
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

    /// The credential's scheme.
    let scheme: Scheme
    /// Whether a request without the header is not this endpoint.
    let isRequired: Bool
    /// Where the credential goes: its header or query item.
    let location: ParameterLocation
    /// The header or query item that carries it.
    let name: String

    /// The credentials of an endpoint whose `Authorization` header, or else a secret header or
    /// query item, is a parameter; `nil` when it has none.
    init?(_ shape: EndpointShape?) {
        guard let shape else { return nil }
        if let field = shape.headers.first(where: {
            HeaderName(validating: $0.name) == .authorization && $0.parameter != nil
        }) {
            isRequired = field.isRequired
            location = .header
            name = "Authorization"
            let prefix = field.valuePrefix.trimmingCharacters(in: .whitespaces)
            switch prefix.lowercased() {
            case "bearer": scheme = .bearer
            case "basic": scheme = .basic
            default: scheme = HTTPToken.isValid(prefix) ? .other(prefix) : .apiKey
            }
            return
        }
        for (place, fields) in [(ParameterLocation.header, shape.headers), (.query, shape.query)] {
            guard
                let field = fields.first(where: {
                    $0.isDeclaredSecret && $0.parameter != nil && $0.valuePrefix.isEmpty
                        && $0.valueSuffix.isEmpty
                        && $0.arrayStrategy == nil && Self.namesAKey($0.name)
                })
            else { continue }
            isRequired = field.isRequired
            location = place
            name = field.name
            scheme = .apiKey
            return
        }
        return nil
    }

    /// Whether a name says it carries a key (`X-API-Key`, `api_key`, `X-Auth-Token`), unlike
    /// another secret such as a signature or a one-time code.
    static func namesAKey(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.contains("key") || lower.contains("token")
    }

    /// Whether `request` carries this credential, valid or not: its header, or its query item.
    func isCarried(by request: IncomingRequest) -> Bool {
        if location == .query { return request.queryItems?.contains { $0.name == name } ?? false }
        return HeaderName(validating: name).map { request.headers.contains($0) } ?? false
    }

    /// Whether `field`, sent at `place`, is this credential.
    func carries(_ field: EndpointShape.Field, at place: ParameterLocation) -> Bool {
        place == location && field.name.lowercased() == name.lowercased()
    }

    /// The `WWW-Authenticate` value a 401 carries (RFC 9110 §11.6.1): the scheme's name, with the
    /// realm Basic requires (RFC 7617 §2), and for a key without a scheme `APIKey` with the
    /// header it goes in as a parameter (no registered scheme fits a bare key; the header name
    /// itself is not a scheme).
    var challenge: String {
        switch scheme {
        case .bearer: "Bearer"
        case .basic: #"Basic realm="api""#
        case .other(let name): name
        case .apiKey: #"APIKey \#(location.rawValue)="\#(name)""#
        }
    }

    /// The OpenAPI security scheme: its component name and object.
    var securityScheme: (name: String, scheme: JSONValue) {
        switch scheme {
        case .bearer: ("bearerAuth", ["type": "http", "scheme": "bearer"])
        case .basic: ("basicAuth", ["type": "http", "scheme": "basic"])
        case .other, .apiKey:
            name == "Authorization"
                ? ("authorizationHeader", ["type": "apiKey", "in": "header", "name": "Authorization"])
                : (
                    OpenAPISchemas.componentName(named: "apiKey-\(location.rawValue)-\(name)"),
                    ["type": "apiKey", "in": .string(location.rawValue), "name": .string(name)]
                )
        }
    }
}
