import Foundation
import Testing

@testable import Courier

/// One case of the IETF http-state working group's cookie parser corpus (`HTTPState/parser.json`,
/// its source and licence in `HTTPState/README.md`).
struct HTTPStateCase: Decodable, Sendable, CustomTestStringConvertible {
    /// One cookie of the expected `Cookie` header.
    struct Pair: Decodable, Sendable {
        let name: String
        let value: String
    }

    let test: String
    /// The `Set-Cookie` values, in the order received.
    let received: [String]
    /// Where the cookies are read back when it is not the result page: a URL, or a path on the
    /// test's host.
    let sentTo: String?
    let sent: [Pair]

    enum CodingKeys: String, CodingKey {
        case test, received, sent
        case sentTo = "sent-to"
    }

    var testDescription: String { test }

    static let origin = "http://home.example.org:8888"

    /// The page the `Set-Cookie` values come from.
    var setter: URL { url("\(Self.origin)/cookie-parser?\(test.lowercased())") }

    /// The page the cookies are read back at.
    var reader: URL {
        let resultPage = url("\(Self.origin)/cookie-parser-result?\(test.lowercased())")
        guard let sentTo else { return resultPage }
        return URL(string: sentTo, relativeTo: resultPage)!.absoluteURL
    }

    /// The `Cookie` header the corpus expects, or `nil` for none.
    var expectedHeader: String? {
        sent.isEmpty ? nil : sent.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// Every case of the corpus, in its order.
    static func all() throws -> [HTTPStateCase] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "HTTPState/parser.json")
        return try JSONDecoder().decode([HTTPStateCase].self, from: Data(contentsOf: file))
    }
}

/// The http-state parser corpus run through a ``CookieJar``: every case gets the corpus's
/// `Cookie` header, or, where RFC 6265bis deliberately decides otherwise, the one the RFC gives.
struct HTTPStateCorpusTests {
    /// The corpus's expiry dates are future and past as seen from 2011, when it was written.
    static let written = Date(timeIntervalSince1970: 1_300_000_000)

    /// A case whose 2011 expectation RFC 6265bis changes: the header it gives, and the rule.
    struct KnownDifference: Sendable {
        let header: String?
        let rule: String
    }

    static let nameless =
        "§5.6: a pair without `=`, or with nothing before it, is a nameless cookie with that value; "
        + "only an empty name with an empty value is ignored"
    static let controlCharacter =
        "§5.6: a field holding a control character other than HTAB is ignored entirely"
    static let undecodedPath =
        "§5.1.4 and §5.8.3: the request path is compared as the URL writes it, `%6F` is not `o`"

    /// The cases whose 2011 expectation RFC 6265bis deliberately changes.
    static let knownDifferences: [String: KnownDifference] = [
        "0004": KnownDifference(header: "foo", rule: nameless),
        "0021": KnownDifference(header: "a=b; x; c=d", rule: nameless),
        "0023": KnownDifference(header: "foo", rule: nameless),
        "0024": KnownDifference(header: "foo", rule: nameless),
        "0025": KnownDifference(header: "foo", rule: nameless),
        "0026": KnownDifference(header: "foo", rule: nameless),
        "0027": KnownDifference(header: "bar", rule: nameless),
        "0028": KnownDifference(header: "foo", rule: nameless),
        "CHROMIUM0009": KnownDifference(header: "BLAHHH", rule: nameless),
        "CHROMIUM0010": KnownDifference(header: #""BLA\"HHH""#, rule: nameless),
        "CHROMIUM0012": KnownDifference(header: "ABC", rule: nameless),
        // 4096 bytes of name and value together is the most §5.6 keeps, not one too many.
        "CHROMIUM0019": KnownDifference(header: String(repeating: "a", count: 4_096), rule: nameless),
        "DISABLED_CHROMIUM0022": KnownDifference(header: nil, rule: controlCharacter),
        "DISABLED_CHROMIUM0023": KnownDifference(header: nil, rule: controlCharacter),
        "DISABLED_PATH0029": KnownDifference(header: nil, rule: undecodedPath),
        "MOZILLA0012": KnownDifference(header: #"test="fubar! = foo; five"#, rule: nameless),
        "MOZILLA0014": KnownDifference(header: "six", rule: nameless),
        "MOZILLA0015": KnownDifference(header: "seven", rule: nameless),
        "MOZILLA0016": KnownDifference(header: "eight", rule: nameless),
        "MOZILLA0017": KnownDifference(header: "eight; test=six", rule: nameless),
        "NAME0017": KnownDifference(header: "a=bar", rule: nameless),
        "NAME0023": KnownDifference(header: "foo", rule: nameless),
        "NAME0025": KnownDifference(header: "==a=bar", rule: nameless),
        "NAME0028": KnownDifference(header: "a", rule: nameless),
        "NAME0031": KnownDifference(header: #""foo"#, rule: nameless),
        "NAME0032": KnownDifference(header: #""foo\"bar"#, rule: nameless),
        "NAME0033": KnownDifference(header: "aaa", rule: nameless),
    ]

    /// Cases whose converted `sent` list disagrees with RFC 6265 itself, and the header both RFCs
    /// give.
    static let corpusErrata: [String: KnownDifference] = [
        "ORDERING0001": KnownDifference(
            header: "key=val5; key=val1; key=val2; key=val4",
            rule: "RFC 6265 §5.4 and RFC 6265bis §5.8.3: longer paths first; the list puts the longest last")
    ]

    func header(for testCase: HTTPStateCase) throws -> String? {
        let jar = CookieJar(now: { Self.written })
        for field in testCase.received { try jar.receive(field, from: testCase.setter) }
        return jar.cookieHeader(for: testCase.reader)
    }

    @Test(arguments: try HTTPStateCase.all())
    func eachCase(_ testCase: HTTPStateCase) throws {
        let known = Self.knownDifferences[testCase.test] ?? Self.corpusErrata[testCase.test]
        let expected = known.map(\.header) ?? testCase.expectedHeader
        #expect(try header(for: testCase) == expected, "\(known?.rule ?? "the corpus's expectation")")
    }

    @Test func everyCaseRunsAndEveryListedDifferenceIsOne() throws {
        let cases = try HTTPStateCase.all()
        #expect(cases.count == 222)
        let listed = Self.knownDifferences.merging(Self.corpusErrata) { first, _ in first }
        #expect(Self.knownDifferences.count == 27)
        for (name, difference) in listed {
            let testCase = try #require(cases.first { $0.test == name }, "\(name) is in the corpus")
            #expect(difference.header != testCase.expectedHeader, "\(name) differs from the corpus")
        }
    }
}
