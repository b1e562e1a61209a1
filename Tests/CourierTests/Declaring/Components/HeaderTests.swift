import Courier
import CourierTestSupport
import Foundation
import Testing

@Suite struct HeaderTests {
    @Test func typedHeadersProduceTheirFields() throws {
        let request = try Endpoint<User, Never> {
            Method.get
            Header.accept(.json, .any)
            Header.userAgent("Courier/1.0")
            Header.acceptLanguage("fr-CH", "en")
            Header.bearer("t0k3n")
            Header.idempotencyKey("k1")
            Header("X-Trace", "abc")
            Header("X-Absent", nil)
        }.built()
        #expect(
            request.headers.map(\.name.rawValue) == [
                "Accept", "User-Agent", "Accept-Language", "Authorization", "Idempotency-Key", "X-Trace",
            ])
        #expect(request.headers[.accept] == "application/json, */*")
        #expect(request.headers[.acceptLanguage] == "fr-CH, en")
        #expect(request.headers[.authorization] == "Bearer t0k3n")
    }

    @Test func basicAuthorizationIsBase64OfUTF8Credentials() throws {
        let request = try Endpoint<User, Never> {
            Method.get
            Header.basic(username: "Aladdin", password: "open sesame")
        }.built()
        #expect(request.headers[.authorization] == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
    }

    @Test func apiKeyIsSecret() throws {
        let request = try Endpoint<User, Never> {
            Method.get
            Header.apiKey("k")
        }.built()
        #expect(request.headers.first?.isSecret == true)
        #expect(request.headers.first?.name.rawValue == "X-Api-Key")
    }

    @Test(arguments: [
        (" secret", "starts"), ("\tsecret", "starts"), ("secret ", "ends"), ("secret\t", "ends"),
        (" ", "starts"),
    ])
    func surroundingSpacesOrTabsAreRejectedWithoutPrintingTheValue(value: String, end: String) {
        let error = expectCourierError(.invalidHeaderValue, stage: .building) {
            try Endpoint<User, Never> {
                Method.get
                Header("X-Secret", value, isSecret: true)
            }.built()
        }
        #expect(
            error?.message
                == "The value of header 'X-Secret' \(end) with a space or tab, which receivers strip "
                + "(RFC 9110 §5.5), so it would not arrive as declared; trim the value.")
        #expect(error.map { !$0.description.contains("secret") } == true)
    }

    @Test func innerSpacesAndEmptyValuesAreKept() throws {
        let request = try Endpoint<User, Never> {
            Method.get
            Header("X-Words", "a  b\tc")
            Header("X-Empty", "")
        }.built()
        #expect(request.headers.map(\.value) == ["a  b\tc", ""])
    }

    @Test func anEmptyBearerTokenIsRejected() {
        let error = expectCourierError(.invalidHeaderValue, stage: .building) {
            try Endpoint<User, Never> {
                Method.get
                Header.bearer("")
            }.built()
        }
        #expect(error?.message == "The bearer token of header 'Authorization' is empty.")
        let credentialsError = expectCourierError(.invalidHeaderValue, stage: .building) {
            try Credentials.bearer("")
        }
        #expect(credentialsError?.message == "The bearer token of header 'Authorization' is empty.")
    }

    @Test(arguments: [
        "a\r\nInjected: 1", "a\nb", "a\rb", "a\u{0}b", "a\u{7F}b", "a\u{1B}b", "a\u{85}b", "a\u{9F}b",
        "café\u{85}", "☕️\r\n",
    ])
    func controlCharactersInValuesAreRejectedWithoutPrintingTheValue(value: String) {
        let error = expectCourierError(.invalidHeaderValue) {
            try Endpoint<User, Never> {
                Method.get
                Header("X-Secret", value)
            }.built()
        }
        #expect(
            error?.message
                == "The value of header 'X-Secret' contains a control character (CR, LF, NUL or similar).")
        #expect(error.map { !$0.description.contains(value) } == true)
    }

    @Test func textBeyondASCIIIsAllowedInValues() throws {
        let request = try Endpoint<User, Never> {
            Method.get
            Header("X-A", "café ☕️\u{A0}")
        }.built()
        #expect(request.headers["X-A"] == "café ☕️\u{A0}")
    }

    @Test func tabIsAllowedInValues() throws {
        let request = try Endpoint<User, Never> {
            Method.get
            Header("X-A", "a\tb")
        }.built()
        #expect(request.headers["X-A"] == "a\tb")
    }

    @Test(arguments: ["Bad Name", "Bad:Name", "", "Bad\r\nName"])
    func invalidNamesAreRejected(name: String) {
        let error = expectCourierError(.invalidHeaderName) {
            try Endpoint<User, Never> {
                Method.get
                Header(name, "v")
            }.built()
        }
        #expect(error?.message == "The header name \(name.debugDescription) is not a valid RFC 9110 token.")
    }

    @Test(arguments: [
        "Content-Length", "transfer-encoding", "HOST", "Connection", "TE", "upgrade", "Keep-Alive",
        "Proxy-Connection",
    ])
    func framingHeadersAreReserved(name: String) {
        let error = expectCourierError(.reservedHeader) {
            try Endpoint<User, Never> {
                Method.get
                Header(name, "1")
            }.built()
        }
        #expect(
            error?.message
                == "The header '\(name)' frames the message or manages its connection; Courier sets it from "
                + "the body and transport.")
    }

    /// A proxy's credentials set on a request would reach the server, through a tunnel too.
    @Test func proxyCredentialsAreRefusedWhereverARequestGetsAHeader() throws {
        let built = expectCourierError(.reservedHeader, stage: .building) {
            try Endpoint<User, Never> {
                Method.get
                Header("proxy-authorization", "Basic c2VjcmV0")
            }.built()
        }
        #expect(
            built?.message.hasPrefix("The header 'proxy-authorization' holds a proxy's credentials") == true)
        #expect(built.map { !$0.description.contains("c2VjcmV0") } == true)
        let request = try Endpoint<User, Never> { Method.get }.built()
        expectCourierError(.reservedHeader, stage: .building) {
            try request.settingHeader(HeaderField(name: .proxyAuthorization, value: "Basic c2VjcmV0"))
        }
        expectCourierError(.reservedHeader, stage: .building) {
            try ClientDefaults(
                headers: HeaderFields([HeaderField(name: .proxyAuthorization, value: "Basic c2VjcmV0")]))
        }
    }

    /// RFC 9110 §5.3: a field whose value is not a list is sent once; two would join into one
    /// value no server reads (`Bearer a, Basic b`).
    @Test(arguments: ["Authorization", "content-type", "User-Agent", "Idempotency-Key", "Range"])
    func aFieldThatIsNoListIsDeclaredOnce(name: String) throws {
        let error = expectCourierError(.invalidHeaderValue) {
            try Endpoint<User, Never> {
                Method.post
                Header(name, "first-sentinel")
                Header(name, "second-sentinel")
            }.built()
        }
        #expect(error?.message.contains("is given twice") == true)
        #expect(error.map { !$0.description.contains("sentinel") } == true)
        let request = try Endpoint<User, Never> {
            Method.post
            Header(name, "one")
        }.built()
        #expect(throws: CourierError.self) {
            try request.addingHeader(
                HeaderField(name: try #require(HeaderName(validating: name)), value: "2"))
        }
        #expect(
            try request.settingHeader(
                HeaderField(name: try #require(HeaderName(validating: name)), value: "2")
            ).headers[name] == "2")
    }

    /// However a `Cookie` field arrives (declared, added by a middleware, a call's option or a
    /// client default), a request carries one.
    @Test func cookieFieldsFromEverySourceBecomeOne() async throws {
        let request = try Endpoint<User, Never> {
            Method.get
            Header("Cookie", "a=1")
        }.built()
        let added = try request.addingHeader(HeaderField(name: .cookie, value: "b=2"))
        #expect(added.headers.values(for: .cookie) == ["a=1; b=2"])
        let defaults = try ClientDefaults(
            headers: [HeaderField(name: .cookie, value: "c=3"), HeaderField(name: .cookie, value: "d=4")])
        #expect(await defaults.headers.values(for: .cookie) == ["c=3; d=4"])
        #expect(throws: CourierError.self) {
            try ClientDefaults(headers: [
                HeaderField(name: .authorization, value: "Bearer a"),
                HeaderField(name: .userAgent, value: "x"),
                HeaderField(name: .authorization, value: "Basic b"),
            ])
        }
    }

    @Test func listFieldsMayRepeatAndCookieFieldsBecomeOne() throws {
        let request = try Endpoint<User, Never> {
            Method.get
            Header("Accept", "application/json")
            Header("Accept", "text/plain")
            Header("Cookie", "a=1")
            Header("X-Trace", "1")
            Header("Cookie", "b=2")
        }.built()
        #expect(request.headers.values(for: .accept) == ["application/json", "text/plain"])
        #expect(request.headers.values(for: .cookie) == ["a=1; b=2"])
    }
}
