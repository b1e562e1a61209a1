import Foundation
import Testing

@testable import Courier

@Suite struct RequestTextMemoTests {
    static func request(_ id: Int, query: [QueryItem] = []) throws -> EndpointRequest {
        try Endpoint<Empty, Never> {
            Method.get
            Path("users", id)
            for item in query { Query(item.name, item.value, isSecret: item.isSecret) }
        }.built()
    }

    /// What the logging middleware (the URL) and the metrics middleware (the path) remember.
    static let writers: [@Sendable (EndpointRequest, BaseURL) -> String] = [
        LogRedaction.resolvedText, { $1.percentEncodedPath(for: $0) },
    ]

    /// The memo's answer is always the text written afresh, whatever it was asked before.
    @Test(arguments: 0..<writers.count)
    func itAnswersAsTheTextWrittenAfresh(writer: Int) throws {
        let write = Self.writers[writer]
        let memo = RequestTextMemo<String>()
        let first = try Self.request(1, query: [QueryItem(name: "q", value: "a b")])
        let second = try Self.request(2)
        let other = BaseURL("http://localhost:8080/api")
        let cases: [(EndpointRequest, BaseURL)] = [
            (first, exampleBase), (first, exampleBase), (second, exampleBase), (second, other),
            (second, other), (first, other), (first, exampleBase), (try Self.request(1), exampleBase),
        ]
        for (request, base) in cases {
            #expect(
                memo.text(for: request, baseURL: base, write: write) == write(request, base))
        }
        #expect(
            memo.text(for: first, baseURL: other, write: write).hasSuffix(
                "/api/users/1" + (writer == 0 ? "?q=a%20b" : "")))
    }

    /// A request with an absolute URL has no path segments or query of its own, like a request
    /// for the base's root: it is still resolved by its URL.
    @Test func aRequestWithAnAbsoluteURLIsResolvedByItsURL() throws {
        let memo = RequestTextMemo<String>()
        let root = try Endpoint<Empty, Never> { Method.get }.built()
        #expect(
            memo.text(for: root, baseURL: exampleBase, write: LogRedaction.resolvedText)
                == "https://api.example.com/")
        let absolute = try Endpoint<Empty, Never> {
            Method.get
            AbsoluteURL("https://cdn.example.com/users/1")
        }.built()
        #expect(
            memo.text(for: absolute, baseURL: exampleBase, write: LogRedaction.resolvedText)
                == "https://cdn.example.com/users/1")
        #expect(
            memo.text(for: root, baseURL: exampleBase, write: LogRedaction.resolvedText)
                == "https://api.example.com/")
    }

    /// How many times a memo wrote the text for `request`, asked `times` times.
    private static func writes(
        of request: EndpointRequest, times: Int = 2, remember: Bool = true
    ) -> Int {
        let memo = RequestTextMemo<String>()
        var writes = 0
        for _ in 0..<times {
            _ = memo.text(for: request, baseURL: exampleBase, remember: remember) { request, baseURL in
                writes += 1
                return LogRedaction.resolvedText(of: request, baseURL: baseURL)
            }
        }
        return writes
    }

    /// A plain request is written once; one with a secret query value, a credential header or a
    /// header marked secret, or one the caller says not to remember, is written at every call, so
    /// the memo keeps no credential alive.
    @Test func aRequestWithASecretIsNeverRemembered() throws {
        #expect(Self.writes(of: try Self.request(3)) == 1)
        let secretQuery = try Self.request(
            3, query: [QueryItem(name: "t", value: "secret-value-1", isSecret: true)])
        #expect(Self.writes(of: secretQuery) == 2)
        #expect(
            Self.writes(of: try Self.request(3, query: [QueryItem(name: "access_token", value: "a")])) == 2)
        let bearer = try Endpoint<Empty, Never> {
            Method.get
            Path("users", 3)
            Header(.authorization, "Bearer secret-4")
        }.built()
        #expect(Self.writes(of: bearer) == 2)
        let marked = try Endpoint<Empty, Never> {
            Method.get
            Path("users", 3)
            Header("X-Tenant", "t-5", isSecret: true)
        }.built()
        #expect(Self.writes(of: marked) == 2)
        #expect(Self.writes(of: try Self.request(3), remember: false) == 2)
    }
}
