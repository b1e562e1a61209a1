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

    /// A secret query value is not kept by the memo: the next request is still answered afresh.
    @Test func aRequestWithASecretQueryIsNotRemembered() throws {
        let memo = RequestTextMemo<String>()
        let secret = try Self.request(
            3, query: [QueryItem(name: "t", value: "secret-value-1", isSecret: true)])
        #expect(
            memo.text(for: secret, baseURL: exampleBase, write: LogRedaction.resolvedText)
                == "https://api.example.com/users/3?t=secret-value-1")
        #expect(
            memo.text(for: secret, baseURL: exampleBase, write: LogRedaction.resolvedText)
                == "https://api.example.com/users/3?t=secret-value-1")
    }
}
