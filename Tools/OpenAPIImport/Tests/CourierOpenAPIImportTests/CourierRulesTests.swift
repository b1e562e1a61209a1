import Courier
import Foundation
import Testing

@testable import CourierOpenAPIImport

/// The rules the importer restates from Courier, which the tool does not depend on, give the
/// answers Courier's own give.
@Suite struct CourierRulesTests {
    /// Base URLs of every kind `BaseURL` reads: schemes, hosts (names, IDNs, IPv4 in its forms,
    /// IPv6, escapes), ports and paths, as the product of a few of each.
    static let urls: [String] = {
        let schemes = ["https://", "HTTP://", "", "ftp://", "http:"]
        let hosts = [
            "example.com", "API.Example.com", "example.com.", "bücher.example", "xn--bcher-kva.example",
            "xn--.example.com", "xn--zz.example", "256.0.0.1", "1.2.3.4", "0x7f.1", "1.2.3", "010.0.0.1",
            "example.123", "a..b", ".example.com", "exa%2Fmple.com", "exa%20mple.com", "exa mple.com",
            "ex%C3%A9.com", "ex%zz.com", "[::1]", "[::FFFF:1.2.3.4]", "[fe80::1%25eth0]", "[1::2::3]",
            "user@example.com", "", "a\u{AD}b.example", "\u{FF21}.example", "例え。テスト",
            String(repeating: "a", count: 64) + ".example", "a_b.example", "a~b.example", "a!b.example",
        ]
        let ports = ["", ":443", ":0", ":65535", ":65536", ":", ":8x"]
        let paths = ["", "/", "/v1", "/v1/", "/%2e%2e/api", "/./x", "/a%zz", "/a%2Fb", "?q=1", "#f", "/ü"]
        return schemes.flatMap { scheme in
            hosts.flatMap { host in ports.flatMap { port in paths.map { scheme + host + port + $0 } } }
        }
    }()

    @Test func aServerURLIsRefusedExactlyWhenBaseURLRefusesIt() {
        var disagreements: [String] = []
        for url in Self.urls {
            let courier: String?
            do {
                _ = try BaseURL(validating: url)
                courier = nil
            } catch {
                courier = error.message
            }
            let importer = BaseURLRule.refusal(of: url)
            switch (courier, importer) {
            case (nil, nil): break
            case (let courier?, let importer?) where courier.hasSuffix(": \(importer)."): break
            default:
                disagreements.append(
                    "\(url): Courier \(courier ?? "accepts"), the importer \(importer ?? "accepts")")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10).joined(separator: "\n"))")
        #expect(Self.urls.count > 10_000)
    }

    @Test func aTokenIsWhatCourierTakesForAHeaderName() {
        var names = (0..<256).map { String(UnicodeScalar(UInt8($0))) }
        names += ["", "X-Request-ID", "a b", "é", "Content-Type:", "!#$%&'*+-.^_`|~"]
        for name in names {
            #expect(
                EndpointBuilder.isToken(name) == (HeaderName(validating: name) != nil),
                "\(name.debugDescription)")
        }
    }

    /// The names an API key may be sent in, each a type of its own: a catalog reads an endpoint's
    /// shape once per type.
    static var keyNames: [any KeyFieldName.Type] {
        [
            KeyNames.XAPIKey.self,
            KeyNames.LowercaseXAPIKey.self,
            KeyNames.APIKeyWithUnderscore.self,
            KeyNames.APIKeyAsOneWord.self,
            KeyNames.APIKeyInCapitals.self,
            KeyNames.BareKey.self,
            KeyNames.BareToken.self,
            KeyNames.TokenInCapitals.self,
            KeyNames.XAuthToken.self,
            KeyNames.AccessToken.self,
            KeyNames.KeyInsideAWord.self,
            KeyNames.Authorization.self,
            KeyNames.LowercaseAuthorization.self,
            KeyNames.Session.self,
            KeyNames.Signature.self,
            KeyNames.XAPISecret.self,
        ]
    }

    @Test func anAPIKeyIsExportedAsASecuritySchemeExactlyWhenTheImporterSaysSo() throws {
        var disagreements: [String] = []
        for name in Self.keyNames {
            for (location, exported) in try Self.exportedAsAPIKey(name) {
                let importer = EndpointBuilder.exportsAsAPIKey(name.name, in: location)
                if importer != exported {
                    disagreements.append(
                        "the \(location) \(name.name): Courier \(exported ? "exports a" : "exports no") security "
                            + "scheme, the importer says \(importer ? "it does" : "it does not")")
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }

    /// Whether a catalog exports the key sent as the importer sends one (a secret header or query
    /// item, a cookie) under `name` as an API key security scheme, by location.
    static func exportedAsAPIKey<Name: KeyFieldName>(_ name: Name.Type) throws -> [(String, Bool)] {
        let probes: [(String, any CatalogEndpoint.Type)] = [
            ("header", HeaderKey<Name>.self), ("query", QueryKey<Name>.self),
            ("cookie", CookieKey<Name>.self),
        ]
        return try probes.map { location, probe in
            let json = try Catalog([probe]).openAPIDocument(title: "Keys", version: "1").json
            let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            let components = document?["components"] as? [String: Any]
            let schemes = (components?["securitySchemes"] as? [String: [String: Any]] ?? [:]).values
            let exported = schemes.contains {
                $0["type"] as? String == "apiKey" && $0["in"] as? String == location
                    && ($0["name"] as? String)?.lowercased() == Name.name.lowercased()
            }
            return (location, exported)
        }
    }
}

/// A field name an API key is sent in, for ``CourierRulesTests/keyNames``.
protocol KeyFieldName {
    static var name: String { get }
}

/// The names of ``CourierRulesTests/keyNames``.
enum KeyNames {
    enum XAPIKey: KeyFieldName { static let name = "X-API-Key" }
    enum LowercaseXAPIKey: KeyFieldName { static let name = "x-api-key" }
    enum APIKeyWithUnderscore: KeyFieldName { static let name = "api_key" }
    enum APIKeyAsOneWord: KeyFieldName { static let name = "apikey" }
    enum APIKeyInCapitals: KeyFieldName { static let name = "APIKEY" }
    enum BareKey: KeyFieldName { static let name = "key" }
    enum BareToken: KeyFieldName { static let name = "token" }
    enum TokenInCapitals: KeyFieldName { static let name = "TOKEN" }
    enum XAuthToken: KeyFieldName { static let name = "X-Auth-Token" }
    enum AccessToken: KeyFieldName { static let name = "access_token" }
    enum KeyInsideAWord: KeyFieldName { static let name = "monkey" }
    enum Authorization: KeyFieldName { static let name = "Authorization" }
    enum LowercaseAuthorization: KeyFieldName { static let name = "authorization" }
    enum Session: KeyFieldName { static let name = "session" }
    enum Signature: KeyFieldName { static let name = "X-Signature" }
    enum XAPISecret: KeyFieldName { static let name = "X-API-Secret" }
}

/// An API key sent as the importer writes one in a header.
struct HeaderKey<Name: KeyFieldName>: CatalogEndpoint {
    typealias Success = Empty
    typealias Failure = Never
    var apiKey: String

    var definition: some EndpointDefinition {
        Method.get
        Path("keys")
        Header(Name.name, apiKey, isSecret: true)
    }
}

/// An API key sent as the importer writes one in the query.
struct QueryKey<Name: KeyFieldName>: CatalogEndpoint {
    typealias Success = Empty
    typealias Failure = Never
    var apiKey: String

    var definition: some EndpointDefinition {
        Method.get
        Path("keys")
        Query(Name.name, apiKey, isSecret: true)
    }
}

/// An API key sent as the importer writes one in a cookie.
struct CookieKey<Name: KeyFieldName>: CatalogEndpoint {
    typealias Success = Empty
    typealias Failure = Never
    var apiKey: String

    var definition: some EndpointDefinition {
        Method.get
        Path("keys")
        Cookie(Name.name, apiKey)
    }
}
