import CourierTesting
import Foundation
import Testing

@testable import Courier

struct BodySnippetTests {
    /// JSON re-serialization writes `/` as `\/`, which once hid a token with a slash from the
    /// search for secrets; an echo of the request's headers must still come out redacted.
    @Test func aSecretWithASlashInAnEchoedJSONBodyIsRedacted() throws {
        let request = try Endpoint<Empty, Never> {
            Method.get
            Header("Authorization", "Bearer Zm9v/YmFy+cXV4==")
        }.request()
        let echo = Data(#"{"headers": [["Authorization", "Bearer Zm9v/YmFy+cXV4=="]], "note": "a/b"}"#.utf8)
        let snippet = BodySnippet.redacted(echo, hiding: LogRedaction().secrets(of: request))
        #expect(!snippet.contains("Zm9v"), "\(snippet)")
        #expect(snippet.contains("<redacted>"))
        #expect(snippet.contains(#"a\/b"#))
    }

    /// JSON keys follow the rule for query names: a whole name such as `key` or `code` is hidden
    /// as well as a name containing `token`, and a key that merely contains `key` is not.
    @Test func jsonKeysAreHiddenByTheRuleForQueryNames() {
        let body = Data(#"{"key": "k-1", "Code": "c-2", "refresh_token": "t-3", "monkey": "m-4"}"#.utf8)
        let snippet = BodySnippet.redacted(body)
        #expect(
            !snippet.contains("k-1") && !snippet.contains("c-2") && !snippet.contains("t-3"), "\(snippet)")
        #expect(snippet.contains("m-4"), "\(snippet)")
    }

    /// A decoding error's and a status error's body snippets hide a query secret of the request
    /// that the server echoed, not only its secret headers, also as re-serialized JSON writes it
    /// (`/` as `\/`), which a search of the whole message for the secret does not find.
    @Test func errorBodiesHideAnEchoedQuerySecret() async throws {
        let endpoint = Endpoint<Int, Never> {
            Method.get
            Query("access_token", "q/secret/123")
        }
        let request = try endpoint.request()
        let echo = Data(#"{"args": {"echo": "q/secret/123"}}"#.utf8)
        let decoding = CourierError.decoding(
            DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "x")), type: Int.self,
            response: RawResponse(status: .ok, headers: [], body: echo, url: nil), request: request, url: nil)
        #expect(!decoding.message.contains("secret"), "\(decoding.message)")
        let client = Client(
            baseURL: exampleBase,
            transport: StubTransport { request in
                RawResponse(status: HTTPStatus(500), headers: [], body: echo, url: request.url)
            })
        let status = await #expect(throws: CourierError.self) { try await client.send(endpoint) }
        #expect(status?.message.contains("Body:") == true, "\(status?.message ?? "")")
        #expect(status?.message.contains("secret") == false, "\(status?.message ?? "")")
    }
}
