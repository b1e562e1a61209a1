import Courier
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
}
