import Foundation
import Testing

@testable import Courier

@Suite struct LogRedactionTests {
    let redaction = LogRedaction(queryItems: ["sig"])

    @Test(arguments: [
        ("https://api.example.com/users", "https://api.example.com/users"),
        ("https://api.example.com/users?page=2", "https://api.example.com/users?page=2"),
        (
            "https://api.example.com/u?token=abc&page=2#top?token=x",
            "https://api.example.com/u?token=<redacted>&page=2#top?token=x"
        ),
        ("https://api.example.com/u?SIG=1&q=a#", "https://api.example.com/u?SIG=<redacted>&q=a#"),
        ("https://api.example.com/café?sig=1#é", "https://api.example.com/café?sig=<redacted>#é"),
        // A `?` starts the query even before a combining mark, as URL parsers read code points.
        ("https://api.example.com/a?\u{301}sig=1", "https://api.example.com/a?\u{301}sig=<redacted>"),
        ("https://user:pw@cdn.example.com/f?sig=1", "https://<redacted>@cdn.example.com/f?sig=<redacted>"),
        ("https://a@b:pw@cdn.example.com", "https://<redacted>@cdn.example.com"),
        ("https://cdn.example.com/@me?to=a@b", "https://cdn.example.com/@me?to=a@b"),
        ("/p?q=a://b@c", "/p?q=a://b@c"),
    ])
    func hiddenQueryValuesAreReplacedInURLs(text: String, expected: String) {
        #expect(redaction.url(text) == expected)
    }

    @Test func theHiddenValuesOfAnAbsoluteURLsOwnQueryAreSecrets() throws {
        let presigned = try Endpoint<Empty, Never> {
            Method.get
            AbsoluteURL(
                "https://files.example.net/a.pdf?X-Amz-Signature=abc%2Fdef1&AWSAccessKeyId=AKID1234&part=2")
        }.request()
        let secrets = LogRedaction().secrets(of: presigned)
        #expect(Set(secrets) == ["abc%2Fdef1", "abc/def1", "AKID1234"])
        let message =
            "GET https://files.example.net/a.pdf?X-Amz-Signature=abc%2Fdef1&AWSAccessKeyId=AKID1234 failed"
        #expect(!LogRedaction().redacting(message, for: presigned).contains("AKID1234"))
    }

    /// A name is hidden when either reading of its `+` is: as itself, as Courier and most URLs
    /// write it, or as a space, as a form encoder writes it.
    @Test func aHiddenNameIsRecognisedWhicheverWayItsPlusReads() {
        let hiding = LogRedaction(queryItems: ["a+b", "session id"])
        #expect(
            hiding.url("https://x.example/p?a+b=v1234&session+id=w5678&c=d")
                == "https://x.example/p?a+b=<redacted>&session+id=<redacted>&c=d")
        #expect(
            hiding.query("a%2Bb=v1234&session%20id=w5678"[...]) == "a%2Bb=<redacted>&session%20id=<redacted>")
        // A pair without `=` has no value to hide.
        #expect(hiding.query("a+b&c"[...]) == "a+b&c")
        // The hop's secrets, which errors and log lines are scrubbed of, read names both ways too.
        let hop = TransportRequest(
            method: .get, url: URL(string: "https://x.example/p?a+b=v1234&session+id=w5678&c=d1234")!,
            headers: HeaderFields(), body: nil)
        #expect(Set(hiding.secrets(ofHop: hop)) == ["v1234", "w5678"])
    }

    @Test func aRequestWithNothingHiddenHasNoSecrets() throws {
        let plain = try Endpoint<Empty, Never> {
            Method.get
            Path("users")
            Query("page", 2)
            Header.accept(.json)
        }.request()
        #expect(redaction.secrets(of: plain).isEmpty)
    }

    @Test func hiddenHeadersAndQueryValuesAreSecrets() throws {
        let request = try Endpoint<Empty, Never> {
            Method.get
            Query("sig", "a b c d")
            Header.bearer("token-123")
            Header("X-Tenant", "tenant-9")
        }.request()
        #expect(
            Set(LogRedaction(headers: [HeaderName("X-Tenant")], queryItems: ["sig"]).secrets(of: request))
                == ["Bearer token-123", "token-123", "tenant-9", "a b c d", "a%20b%20c%20d"])
        #expect(
            Set(redaction.secrets(of: request)) == [
                "Bearer token-123", "token-123", "a b c d", "a%20b%20c%20d",
            ])
    }

    /// A header hidden only because the redaction names it (not marked secret, not a credential)
    /// is still a secret, and so is a query value hidden only by name: neither may be skipped.
    @Test func valuesHiddenOnlyByNameAreSecrets() throws {
        let header = try Endpoint<Empty, Never> {
            Method.get
            Header("X-Tenant", "tenant-9")
        }.request()
        #expect(LogRedaction(headers: [HeaderName("X-Tenant")]).secrets(of: header) == ["tenant-9"])
        let query = try Endpoint<Empty, Never> {
            Method.get
            Query("state", "opaque-state")
        }.request()
        #expect(LogRedaction(queryItems: ["state"]).secrets(of: query) == ["opaque-state"])
    }

    /// The URL logs and spans show hides query values by name and, like the log line, every
    /// secret header or query value echoed elsewhere in it.
    @Test func aRequestsURLHidesSecretsWhereverTheyAre() throws {
        let request = try Endpoint<Empty, Never> {
            Method.get
            Path("sessions", "token-123")
            Query("sig", "sig-value-1")
            Query("state", "token-123")
            Query("echo", "sig-value-1")
            Header.bearer("token-123")
        }.request()
        #expect(
            redaction.url(of: request, baseURL: BaseURL("api.example.com/v1"))
                == "https://api.example.com/v1/sessions/<redacted>?sig=<redacted>&state=<redacted>&echo=<redacted>"
        )
        let plain = try Endpoint<Empty, Never> {
            Method.get
            Path("users")
            Query("page", 2)
        }.request()
        #expect(
            redaction.url(of: plain, baseURL: BaseURL("api.example.com"))
                == "https://api.example.com/users?page=2")
    }

    @Test func aQueryItemMarkedSecretIsHiddenWhateverItsName() throws {
        let request = try Endpoint<Empty, Never> {
            Method.get
            Path("files")
            Query("t", "abc", isSecret: true)
            Query("code", "xyz")
            Query("page", 1)
        }.request()
        #expect(
            redaction.url(of: request, baseURL: BaseURL("api.example.com"))
                == "https://api.example.com/files?t=<redacted>&code=<redacted>&page=1")
    }

    @Test(arguments: [
        ("access_token", true), ("Token", true), ("api_key", true), ("apikey", true), ("key", true),
        ("password", true), ("client_secret", true), ("X-Amz-Signature", true), ("code", true), ("sig", true),
        ("page", false), ("monkey", false), ("zipcode", false), ("q", false),
        ("KEY", true), ("ACCESS_TOKEN", true), ("X-Api-Key", true), ("SeSsIoN_id", true), ("keys", false),
        ("tok", false), ("Pass", false), ("", false), ("tökenizer", false), ("privateKey", true),
        ("private-key", true), ("key_passphrase", true), ("privacy", false),
    ])
    func sensitiveQueryNamesByDefault(name: String, isSensitive: Bool) {
        #expect(QueryItem.isSensitiveByDefault(name: name) == isSensitive)
        #expect(redaction.url("https://a.example/?\(name)=v1234").contains("v1234") == !isSensitive)
    }

    @Test func textEchoingARequestHasItsSecretsHidden() throws {
        let request = try Endpoint<Empty, Never> {
            Method.get
            Query("sig", "sig value 1")
            Header.bearer("token-123")
        }.request()
        #expect(
            redaction.redacting("sent Bearer token-123 to /a?sig=sig%20value%201 (sig value 1)", for: request)
                == "sent <redacted> to /a?sig=<redacted> (<redacted>)")
        #expect(redaction.redacting("nothing secret", for: request) == "nothing secret")
    }
}
