import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct CourierErrorTests {
    static let url = URL(string: "https://user:pass@api.example.com/v1/users/42?access_token=query-secret-1")!

    static func timedOut() throws -> CourierError {
        let request = try Endpoint<Data, Never> {
            Method.get
            Path("users", 42)
            Query("access_token", "query-secret-1")
        }.request()
        return CourierError(
            stage: .transport, kind: .timedOut, message: "The request took longer than its 1 s timeout.",
            request: request, url: url)
    }

    @Test func localizedDescriptionHasMethodAndPathButNoQueryOrUserInfo() throws {
        let error = try Self.timedOut()
        #expect(
            error.localizedDescription
                == "The request took longer than its 1 s timeout. [GET /v1/users/42]")
        #expect(!error.localizedDescription.contains("query-secret-1"))
        #expect(!error.localizedDescription.contains("pass"))
    }

    @Test func endpointErrorForwardsTheLocalizedDescriptionWithoutTheQuery() throws {
        let error: any Error = EndpointError<APIError>.courier(try Self.timedOut())
        #expect(
            error.localizedDescription == "The request took longer than its 1 s timeout. [GET /v1/users/42]")
        #expect(!error.localizedDescription.contains("query-secret-1"))
    }

    @Test func aURLSessionThatCannotUseTheURLSaysSo() {
        let error = CourierError.transport(URLError(.badURL))
        #expect(error.kind == .transportFailed)
        #expect(error.message.hasPrefix("URLSession could not use the request's URL (URL error -1000)."))
        #if canImport(FoundationNetworking)
            #expect(error.message.contains("IPv6"))
        #endif
    }

    @Test func withoutARequestTheLocalizedDescriptionIsTheMessage() {
        let error = CourierError(stage: .building, kind: .invalidPathSegment, message: "The path is empty.")
        #expect(error.localizedDescription == "The path is empty.")
    }

    static func withSecretQuery() throws -> CourierError {
        let request = try Endpoint<Data, Never> {
            Method.get
            Path("files")
            Query("access_token", "query-secret-1")
            Query("tenant_pass", "marked-secret-2", isSecret: true)
            Query("page", 2)
        }.request()
        let url = URL(
            string:
                "https://api.example.com/files?access_token=query-secret-1&tenant_pass=marked-secret-2&page=2"
        )!
        return CourierError(
            stage: .transport, kind: .timedOut, message: "The request took too long.", request: request,
            url: url)
    }

    @Test func everyRenderingHidesSecretQueryValues() throws {
        let error = try Self.withSecretQuery()
        let expected =
            "Courier transport error (timedOut): The request took too long. [GET "
            + "https://api.example.com/files?access_token=<redacted>&tenant_pass=<redacted>&page=2]"
        #expect(error.description == expected)
        #expect("\(error)" == expected)
        #expect(String(reflecting: error) == expected)
        #expect("\(EndpointError<APIError>.courier(error))" == expected)
        var dumped = ""
        dump(error, to: &dumped)
        for text in [dumped, error.localizedDescription] {
            #expect(!text.contains("query-secret-1"))
            #expect(!text.contains("marked-secret-2"))
        }
        #expect(dumped.contains("page"))
        #expect(error.request?.query.map(\.value) == ["<redacted>", "<redacted>", "2"])

        let secretURL = URL(string: "https://cdn.example.net/v1/files?access_token=response-secret-3")!
        let absolute = try Endpoint<Data, Never> {
            Method.get
            AbsoluteURL(URL(string: "https://cdn.example.net/v1?signature=target-secret-4")!)
            Path("files")
        }.request()
        let withResponse = CourierError(
            stage: .transport, kind: .timedOut, message: "The request took too long.", request: absolute,
            response: RawResponse(status: .ok, url: secretURL),
            underlying: URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: secretURL]))
        var dumpedWithResponse = ""
        dump(withResponse, to: &dumpedWithResponse)
        for secret in ["response-secret-3", "target-secret-4"] {
            #expect(!dumpedWithResponse.contains(secret))
        }
        #expect(dumpedWithResponse.contains("URLError"))
        #expect(dumpedWithResponse.contains("200"))
    }

    @Test func theURLPropertyIsTheExplicitReveal() throws {
        let error = try Self.withSecretQuery()
        #expect(error.url?.query?.contains("marked-secret-2") == true)
    }

    /// Every `async throws(CourierError)` function keeps room for the error in its task-allocated
    /// frame, once per copy it may hold: at 384 bytes inline, 64 GETs in flight took about 1.3 MiB
    /// of frames more than at one pointer.
    @Test func anErrorIsOnePointerWideAndCopiesKeepEveryField() throws {
        #expect(MemoryLayout<CourierError>.size == MemoryLayout<AnyObject>.size)

        let response = RawResponse(status: .serviceUnavailable, url: Self.url)
        let original = CourierError(
            stage: .status, kind: .timedOut, message: "The request took too long.",
            request: try Endpoint<Data, Never> {
                Method.get
                Path("users", 42)
            }.request(), url: Self.url,
            response: response, underlying: URLError(.timedOut))
        let copy = original
        for error in [original, copy] {
            #expect(error.stage == .status)
            #expect(error.kind == .timedOut)
            #expect(error.message == "The request took too long.")
            #expect(error.request?.percentEncodedPath == "/users/42")
            #expect(error.url == Self.url)
            #expect(error.response == response)
            #expect((error.underlying as? URLError)?.code == .timedOut)
        }
    }

    @Test func aMessageSaysTheStatementThenTheNotesThenTheBody() {
        var notes = MiddlewareNotes()
        notes.retrySends = 2
        let error = CourierError(
            stage: .decoding, kind: .decodingFailed, statement: "It did not decode, token-9.", notes: notes,
            bodySnippet: "{\"token\":\"token-9\"}")
        let noted = " RetryMiddleware tried the request 2 times; this is what the last attempt got."
        #expect(error.message == "It did not decode, token-9." + noted + " Body: {\"token\":\"token-9\"}")
        // A new statement, or one with secrets hidden, keeps the notes after it and the body last.
        #expect(
            error.with(statement: "It failed.").message
                == "It failed." + noted + " Body: {\"token\":\"token-9\"}")
        #expect(
            error.hiding(["token-9"]).message
                == "It did not decode, <redacted>." + noted + " Body: {\"token\":\"<redacted>\"}")
        notes.retrySends = 3
        #expect(
            error.with(notes: notes).message
                == "It did not decode, token-9. RetryMiddleware tried the request 3 times; this is what the "
                + "last attempt got. Body: {\"token\":\"token-9\"}")
    }

    @Test func anErrorGivenItsRequestLaterKeepsItsNotesAndHidesTheRequestsSecretsInItsBody() throws {
        var notes = MiddlewareNotes()
        notes.retrySends = 2
        let error = CourierError(
            stage: .decoding, kind: .decodingFailed, statement: "It did not decode.", notes: notes,
            bodySnippet: "{\"echo\":\"Bearer sig-31\"}")
        let sent = try Endpoint<Empty, Never> {
            Method.get
            Path("users")
        }.request().settingHeader(HeaderField(name: .authorization, value: "Bearer sig-31", isSecret: true))
        #expect(
            error.adding(request: sent).message
                == "It did not decode. RetryMiddleware tried the request 2 times; this is what the last "
                + "attempt got. Body: {\"echo\":\"<redacted>\"}")
    }

    @Test func anErrorsMessageHidesTheSecretsOfItsRequest() throws {
        let seen = try Endpoint<Empty, Never> {
            Method.get
            Path("users")
        }.request()
        let sent = try seen.settingHeader(
            HeaderField(name: .authorization, value: "Bearer added-later-7", isSecret: true))
        let error = CourierError(
            stage: .transport, kind: .transportFailed, message: "refused Authorization: Bearer added-later-7",
            request: sent)
        #expect(error.message == "refused Authorization: <redacted>")
        #expect(!"\(error)".contains("added-later-7"))
    }

    @Test func aTransportErrorEchoingAJarsCookieOrARedirectsSignatureHidesThem() async throws {
        struct Echo: Error, CustomStringConvertible {
            var description: String
        }
        let transport = StubTransport { request in
            switch request.url.path {
            case "/sign-in":
                return RawResponse.stub(.ok, [("Set-Cookie", "sid=jar-session-9; Path=/")], to: request)
            case "/report":
                return RawResponse.stub(
                    302, [("Location", "https://api.example.com/blob?X-Amz-Signature=redirect-sig-9")],
                    to: request)
            default:
                throw Echo(description: "refused \(request.url) with \(request.headers.map(\.value))")
            }
        }
        let client = Client(
            baseURL: exampleBase, transport: transport, middleware: [CookieMiddleware(jar: CookieJar())])
        _ = try await client.rawResponse(
            Endpoint<Empty, Never> {
                Method.get
                Path("sign-in")
            })
        let report = Endpoint<Empty, Never> {
            Method.get
            Path("report")
        }
        let error = await expectCourierError(.transportFailed) { _ = try await client.rawResponse(report) }
        let thrown = try #require(error)
        #expect(thrown.message.contains("X-Amz-Signature=<redacted>"), "\(thrown.message)")
        for secret in ["jar-session-9", "redirect-sig-9"] {
            #expect(!"\(thrown)".contains(secret), "\(thrown)")
        }
    }

    @Test func aTransportErrorEchoingASecretALaterMiddlewareAddedHidesIt() async throws {
        struct Echo: Error, CustomStringConvertible {
            var description: String
        }
        let transport = StubTransport { request in
            throw Echo(description: "refused \(request.headers.map { "\($0.name): \($0.value)" })")
        }
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [AuthenticationMiddleware(try .bearer("late-token-7"), for: exampleBase)])
        let plain = Endpoint<Empty, Never> {
            Method.get
            Path("users")
        }
        let error = await expectCourierError(.transportFailed) { _ = try await client.send(plain) }
        let thrown = try #require(error)
        #expect(thrown.message.contains("Authorization: <redacted>"))
        #expect(!"\(thrown)".contains("late-token-7"))
    }
}
