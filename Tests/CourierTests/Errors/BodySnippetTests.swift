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
        let snippet = BodySnippet.redacted(echo, hiding: BodySnippet.secrets(of: request))
        #expect(!snippet.contains("Zm9v"), "\(snippet)")
        #expect(snippet.contains("<redacted>"))
        #expect(snippet.contains(#"a\/b"#))
    }
}
