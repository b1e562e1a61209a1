import Foundation

/// Targets for what a client or a developer hands Courier: a request a catalog matches, the
/// values an endpoint is built from, certificates and tokens.
extension FuzzTargets {
    /// An incoming request, matched by catalog endpoints of each kind of parameter: its target on
    /// the first line, then header lines, a blank line and the body.
    @Sendable static func incomingRequest(_ input: [UInt8]) {
        let newline = UInt8(ascii: "\n")
        let targetEnd = input.firstIndex(of: newline) ?? input.endIndex
        let head = input[min(targetEnd + 1, input.endIndex)...]
        // The blank line: two newlines in a row, by their indices.
        let blank = zip(head.indices, head.indices.dropFirst()).first {
            input[$0.0] == newline && input[$0.1] == newline
        }
        let target = text(Array(input[..<targetEnd]))
        let fields = headers(text(Array(head[..<(blank?.0 ?? head.endIndex)])))
        let body = Data(blank.map { input[($0.1 + 1)...] } ?? [])
        for method in [HTTPMethod.get, .post, .put] {
            let request = IncomingRequest(method: method, target: target, headers: fields, body: body)
            _ = try? FuzzCatalog.SaveProfile.parse(request)
            _ = try? FuzzCatalog.ReplaceProfile.parse(request)
            _ = try? FuzzCatalog.ListTags.parse(request)
            _ = try? FuzzCatalog.ListIDs.parse(request)
        }
    }

    /// An endpoint built from the input's pieces (split at 0x01): building either throws or
    /// gives a request whose URL holds only printable ASCII and whose fields hold no control
    /// character but tab (``HeaderField/hasValidValue``).
    @Sendable static func building(_ input: [UInt8]) {
        let pieces = text(input).split(separator: "\u{1}", omittingEmptySubsequences: false).map(String.init)
        func piece(_ index: Int) -> String { index < pieces.count ? pieces[index] : "" }
        let endpoint = Endpoint<Data, Never> {
            Method.post
            Path("v1", piece(0), "items")
            Query(piece(1), piece(2))
            Header(piece(3), piece(4))
            Cookie(piece(5), piece(6))
            Header.bearer(piece(7))
            Body.json(["note": piece(8)])
        }
        guard let request = try? endpoint.request(),
            let sent = try? request.transportRequest(baseURL: BaseURL("api.example.com"))
        else { return }
        let url = sent.url.absoluteString
        if url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value >= 0x7F }) {
            broken("a URL with a space, control or non-ASCII character", url)
        }
        let isControl = { (scalar: Unicode.Scalar) in
            scalar != "\t" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
        }
        if let field = sent.headers.first(where: { $0.value.unicodeScalars.contains(where: isControl) }) {
            broken("a control character in the field \(field.name)", pieces)
        }
    }

    /// PEM text and DER bytes read as certificates.
    @Sendable static func pem(_ input: [UInt8]) {
        _ = try? TLSCertificate(pem: text(input))
        _ = try? TLSCertificate.all(pem: text(input))
        _ = try? TLSCertificate(der: Data(input))
    }

    /// A method and a field name as a server receives them.
    @Sendable static func tokens(_ input: [UInt8]) {
        let text = text(input)
        _ = HTTPMethod(validating: text)
        _ = HeaderName(validating: text)
        _ = HTTPToken.isValid(text)
    }
}

/// Catalog endpoints with a parameter of each kind: path, query (repeated and comma-separated),
/// header, cookie, JSON body and form body.
enum FuzzCatalog {
    /// A nested object of a body.
    struct Place: Codable, Sendable {
        var city: String
        var zip: Int?
    }

    /// A body with a value of each kind: text, numbers, a flag, an optional, a date, an array
    /// and a nested object.
    struct Profile: Codable, Sendable {
        var displayName: String
        var age: Int
        var ratio: Double
        var isActive: Bool
        var nickname: String?
        var joined: Date
        var tags: [Int]
        var home: Place
    }

    /// Query values from a fixed set, one with characters a query escapes.
    enum Genre: String, Codable, CaseIterable, Sendable {
        case jazz
        case rock = "rock & roll"
    }

    /// A path parameter and a form body with indexed arrays and dotted nesting.
    struct SaveProfile: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never
        var id: Int
        var profile: Profile
        var definition: some EndpointDefinition {
            Method.post
            Path("profiles", id)
            FormEncoding(arrays: .indexed, nesting: .dots)
            Body.form(profile)
        }
    }

    /// A path parameter, a bearer token, a cookie and a JSON body.
    struct ReplaceProfile: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never
        var id: String
        var profile: Profile
        var token: String
        var session: String
        var definition: some EndpointDefinition {
            Method.put
            Path("users", id, "profile")
            Header.bearer(token)
            Cookie("session", session)
            Body.json(profile)
        }
    }

    /// Repeated query items, an optional one and a date.
    struct ListTags: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never
        var tags: [String]
        var ids: [Int]
        var genres: [Genre]
        var page: Int?
        var since: Date?
        var definition: some EndpointDefinition {
            Method.get
            Path("tags")
            Query("tag", tags)
            Query("id", ids)
            Query("genre", genres)
            Query("page", page)
            Query("since", since)
        }
    }

    /// Comma-separated query arrays.
    struct ListIDs: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never
        var ids: [Int]
        var flags: [Bool]
        var definition: some EndpointDefinition {
            Method.get
            Path("ids")
            FormEncoding(arrays: .commaSeparated)
            Query("id", ids)
            Query("flag", flags)
        }
    }
}
