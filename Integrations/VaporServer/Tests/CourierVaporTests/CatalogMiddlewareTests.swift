import Courier
import CourierVapor
import Foundation
import InMemoryTracing
import Testing
import Tracing
import Vapor
import VaporTesting

@Suite("CatalogMiddleware")
struct CatalogMiddlewareTests {
    /// Serves the notes catalog on `app` with the handler every test uses: note 7 exists; a
    /// created note gets id 8. Each answer carries the route the middleware set, in `X-Route`.
    static func serveNotes(
        on app: Application,
        passOn: CatalogMiddleware.PassOn = [], bodyLimit: Int? = nil,
        mismatch: CatalogMiddleware.MismatchHandler? = nil
    ) throws {
        app.middleware.use(
            CatalogMiddleware(
                try Catalog(NotesAPI.endpoints), bodyLimit: bodyLimit, passOn: passOn, mismatch: mismatch
            ) { endpoint, request in
                var answer: CatalogAnswer
                switch endpoint {
                case let get as GetNote:
                    answer = try get.answer(
                        get.id == 7
                            ? .success(Note(id: 7, text: "seven"))
                            : .failure(.notFound(Missing(message: "No note \(get.id)."))))
                case let create as CreateNote:
                    answer = try create.answer(.success(Note(id: 8, text: create.note.text)))
                default:
                    answer = CatalogAnswer(status: .internalServerError)
                }
                answer.headers.append(
                    HeaderField(name: HeaderName("X-Route"), value: request.route?.description ?? "-"))
                return answer
            })
        app.get("health") { _ in "ok" }
        app.delete("notes", ":id") { _ in "deleted by the application" }
    }

    /// Runs `test` on an application that serves the notes catalog (``serveNotes(on:passOn:bodyLimit:mismatch:)``).
    static func withNotes(
        passOn: CatalogMiddleware.PassOn = [], bodyLimit: Int? = nil,
        mismatch: CatalogMiddleware.MismatchHandler? = nil,
        _ test: (Application) async throws -> Void
    ) async throws {
        try await withApp { app in
            try serveNotes(on: app, passOn: passOn, bodyLimit: bodyLimit, mismatch: mismatch)
            try await test(app)
        }
    }

    static func json(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }
    static let jsonHeaders: HTTPHeaders = ["Content-Type": "application/json"]

    @Test("a matched request reaches the handler as its typed endpoint, and its typed answer is written")
    func matched() async throws {
        try await Self.withNotes { app in
            try await app.testing().test(.GET, "/notes/7") { response in
                #expect(response.status == .ok)
                #expect(response.headers.first(name: .contentType) == "application/json")
                #expect(response.headers.first(name: "X-Route") == "GET /notes/:id")
                let note = try JSONDecoder().decode(Note.self, from: Data(response.body.readableBytesView))
                #expect(note == Note(id: 7, text: "seven"))
            }
            try await app.testing().test(
                .POST, "/notes", headers: Self.jsonHeaders, body: Self.json(#"{"text":"new"}"#)
            ) { response in
                #expect(response.status == .created)
                #expect(response.headers.first(name: "X-Route") == "POST /notes")
                let note = try JSONDecoder().decode(Note.self, from: Data(response.body.readableBytesView))
                #expect(note == Note(id: 8, text: "new"))
            }
        }
    }

    @Test("a documented failure is written with its status and model")
    func documentedFailure() async throws {
        try await Self.withNotes { app in
            try await app.testing().test(.GET, "/notes/9") { response in
                #expect(response.status == .notFound)
                let missing = try JSONDecoder().decode(
                    Missing.self, from: Data(response.body.readableBytesView))
                #expect(missing == Missing(message: "No note 9."))
            }
        }
    }

    @Test(
        "a path no endpoint has is a problem+json 404, or goes on to the application's routes when passed on")
    func unmatchedPaths() async throws {
        try await Self.withNotes { app in
            try await app.testing().test(.GET, "/health") { response in
                #expect(response.status == .notFound)
                #expect(response.headers.first(name: .contentType) == "application/problem+json")
            }
        }
        try await Self.withNotes(passOn: .otherPaths) { app in
            try await app.testing().test(.GET, "/health") { response in
                #expect(response.status == .ok)
                #expect(response.body.string == "ok")
            }
            try await app.testing().test(.GET, "/elsewhere") { response in
                // Vapor's own 404, not the catalog's problem document.
                #expect(response.status == .notFound)
                #expect(response.headers.first(name: .contentType) != "application/problem+json")
            }
        }
    }

    /// The process's tracer, bootstrapped once, for the one test that traces.
    static let tracer: InMemoryTracer = {
        let tracer = InMemoryTracer()
        InstrumentationSystem.bootstrap(tracer)
        return tracer
    }()

    @Test("the span of Vapor's TracingMiddleware is named after the endpoint's route")
    func tracingSpan() async throws {
        let tracer = Self.tracer
        try await withApp { app in
            app.middleware.use(TracingMiddleware())
            try Self.serveNotes(on: app)
            try await app.testing().test(.GET, "/notes/7") { response in
                #expect(response.status == .ok)
            }
        }
        let span = try #require(tracer.finishedSpans.first { $0.kind == .server })
        #expect(span.operationName == "GET /notes/:id")
        #expect(span.attributes["http.route"]?.toSpanAttribute() == .string("/notes/:id"))
    }

    @Test("another method is a 405 with Allow, answered before the body is read")
    func otherMethod() async throws {
        try await Self.withNotes(bodyLimit: 16) { app in
            try await app.testing().test(
                .PUT, "/notes/7", headers: Self.jsonHeaders,
                body: Self.json(String(repeating: "x", count: 1_000))
            ) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers.first(name: .allow) == "GET, HEAD")
                #expect(response.headers.first(name: .contentType) == "application/problem+json")
            }
        }
    }

    @Test("a body over the limit is refused with 413, and one within it is matched")
    func bodyLimit() async throws {
        try await Self.withNotes(bodyLimit: 32) { app in
            try await app.testing().test(
                .POST, "/notes", headers: Self.jsonHeaders,
                body: Self.json(#"{"text":"\#(String(repeating: "x", count: 64))"}"#)
            ) { response in
                #expect(response.status == .payloadTooLarge)
                #expect(response.headers.first(name: .contentType) == "application/problem+json")
                let problem = try JSONDecoder().decode(
                    ProblemDetails.self, from: Data(response.body.readableBytesView))
                #expect(problem.status == 413)
                #expect(problem.detail == "The request body is longer than the 32 bytes this server reads.")
            }
            try await app.testing().test(
                .POST, "/notes", headers: Self.jsonHeaders, body: Self.json(#"{"text":"short"}"#)
            ) { response in
                #expect(response.status == .created)
            }
        }
    }

    @Test("a body whose Content-Length is over the limit is refused with 413 before it is read")
    func declaredLengthOverLimit() async throws {
        try await withApp { app in
            let middleware = CatalogMiddleware(try Catalog(NotesAPI.endpoints), bodyLimit: 32) { _, _ in
                CatalogAnswer(status: .ok)
            }
            // No body follows the head: only the declared length can say it is too long.
            let request = Request(
                application: app, method: .POST, url: "/notes",
                headers: ["Content-Type": "application/json", "Content-Length": "1000"],
                on: app.eventLoopGroup.next())
            let response = try await middleware.respond(to: request, chainingTo: Self.notFound)
            #expect(response.status == .payloadTooLarge)
            #expect(response.headers.first(name: .contentType) == "application/problem+json")
        }
    }

    /// The next responder of a middleware tested on its own: a 404.
    struct NotFound: AsyncResponder {
        func respond(to request: Request) async throws -> Response { Response(status: .notFound) }
    }
    static let notFound = NotFound()

    @Test("a value outside a declared constraint is the catalog's 400, or the mismatch handler's answer")
    func mismatch() async throws {
        try await Self.withNotes { app in
            try await app.testing().test(
                .POST, "/notes", headers: Self.jsonHeaders, body: Self.json(#"{"text":""}"#)
            ) { response in
                #expect(response.status == .badRequest)
                #expect(response.headers.first(name: .contentType) == "application/problem+json")
                #expect(response.body.string.contains("invalid-params"))
            }
        }
        let custom: CatalogMiddleware.MismatchHandler = { mismatch, incoming, request in
            CatalogAnswer(
                status: .unprocessableContent,
                headers: [
                    HeaderField(name: HeaderName("X-Violations"), value: "\(mismatch.violations.count)"),
                    HeaderField(name: HeaderName("X-Target"), value: incoming.target),
                    HeaderField(name: HeaderName("X-Route"), value: request.route?.description ?? "-"),
                ])
        }
        try await Self.withNotes(mismatch: custom) { app in
            try await app.testing().test(
                .POST, "/notes", headers: Self.jsonHeaders, body: Self.json(#"{"text":""}"#)
            ) { response in
                #expect(response.status == .unprocessableEntity)
                #expect(response.headers.first(name: "X-Violations") == "1")
                #expect(response.headers.first(name: "X-Target") == "/notes")
                #expect(response.headers.first(name: "X-Route") == "POST /notes")
            }
            // The target reaches the catalog percent-encoded, with its query.
            try await app.testing().test(
                .POST, "/notes?tag=a%2Bb&x=%20", headers: Self.jsonHeaders, body: Self.json(#"{"text":""}"#)
            ) { response in
                #expect(response.headers.first(name: "X-Target") == "/notes?tag=a%2Bb&x=%20")
            }
        }
    }

    @Test("header fields reach the catalog as received, in order and with duplicates")
    func headersAsReceived() async throws {
        let custom: CatalogMiddleware.MismatchHandler = { _, incoming, _ in
            CatalogAnswer(
                status: .badRequest,
                headers: [
                    HeaderField(
                        name: HeaderName("X-Seen"),
                        value: incoming.headers.values(for: HeaderName("X-Tag")).joined(separator: "|"))
                ])
        }
        try await Self.withNotes(mismatch: custom) { app in
            let headers = HTTPHeaders([
                ("X-Tag", "b, c"), ("Content-Type", "application/json"), ("x-tag", "a"),
            ])
            try await app.testing().test(.POST, "/notes", headers: headers, body: Self.json("{}")) {
                response in
                #expect(response.headers.first(name: "X-Seen") == "b, c|a")
            }
        }
    }

    @Test("a request Courier cannot read is a problem+json 400, or goes on when passed on")
    func unreadable() async throws {
        let values = ["caf\u{FFFD}", "one\u{85}two"]
        try await Self.withNotes { app in
            for value in values {
                try await app.testing().test(.GET, "/notes/7", headers: ["X-Odd": value]) { response in
                    #expect(response.status == .badRequest)
                    #expect(response.headers.first(name: .contentType) == "application/problem+json")
                    #expect(response.body.string.contains("X-Odd"))
                }
            }
        }
        try await Self.withNotes(passOn: .unreadable) { app in
            for value in values {
                try await app.testing().test(.GET, "/notes/7", headers: ["X-Odd": value]) { response in
                    // Vapor's own 404: no route of the application has the path.
                    #expect(response.status == .notFound)
                    #expect(response.headers.first(name: .contentType) != "application/problem+json")
                }
            }
        }
    }

    @Test("another method of a catalog path goes on to the application's routes when passed on")
    func otherMethodsPassedOn() async throws {
        try await Self.withNotes(passOn: .otherMethods) { app in
            try await app.testing().test(.DELETE, "/notes/7") { response in
                #expect(response.status == .ok)
                #expect(response.body.string == "deleted by the application")
            }
            try await app.testing().test(.GET, "/health") { response in
                #expect(response.status == .notFound)
                #expect(response.headers.first(name: .contentType) == "application/problem+json")
            }
        }
    }

    @Test("HEAD is answered by the path's GET endpoint")
    func head() async throws {
        try await Self.withNotes { app in
            try await app.testing().test(.HEAD, "/notes/7") { response in
                #expect(response.status == .ok)
                #expect(response.headers.first(name: .contentType) == "application/json")
                #expect(response.headers.first(name: "X-Route") == "HEAD /notes/:id")
            }
            try await app.testing().test(.HEAD, "/notes/9") { response in
                #expect(response.status == .notFound)
            }
            // A path with no GET endpoint: the 405 lists what it has.
            try await app.testing().test(.HEAD, "/notes") { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers.first(name: .allow) == "POST")
            }
        }
    }

    @Test("a handler may write a response of its own, such as a streamed body")
    func ownResponse() async throws {
        try await withApp { app in
            app.middleware.use(
                CatalogMiddleware(try Catalog(NotesAPI.endpoints)) { _, _ in
                    Response(
                        status: .ok, headers: ["Content-Type": "text/plain"],
                        body: Response.Body(asyncStream: { writer in
                            for part in ["one ", "two ", "three"] {
                                try await writer.write(.buffer(ByteBuffer(string: part)))
                            }
                            try await writer.write(.end)
                        }))
                })
            try await app.testing().test(.GET, "/notes/1") { response in
                #expect(response.status == .ok)
                #expect(response.body.string == "one two three")
            }
        }
    }

    @Test("HEAD of a streamed answer has an empty body, so that no chunked framing is written")
    func headOfAStream() async throws {
        try await withApp { app in
            app.middleware.use(
                CatalogMiddleware(try Catalog(NotesAPI.endpoints)) { _, request in
                    Response(
                        status: .ok,
                        headers: ["Content-Type": "text/event-stream", "X-Method": "\(request.method)"],
                        body: .init(managedAsyncStream: { writer in
                            try await writer.writeBuffer(ByteBuffer(string: "data: 1\n\n"))
                        }))
                })
            try await app.testing().test(.HEAD, "/notes/1") { response in
                #expect(response.status == .ok)
                #expect(response.headers.first(name: "X-Method") == "HEAD")
                #expect(response.headers.first(name: .transferEncoding) == nil)
                #expect(response.headers.first(name: .contentLength) == "0")
                #expect(response.body.readableBytes == 0)
            }
            try await app.testing().test(.GET, "/notes/1") { response in
                #expect(response.headers.first(name: .transferEncoding) == "chunked")
            }
        }
    }

    @Test("a CatalogAnswer is a response of its own in a plain Vapor route")
    func answerInRoute() async throws {
        try await withApp { app in
            app.get("notes", ":id") { request in
                try GetNote(id: request.parameters.require("id", as: Int.self)).answer(
                    .success(Note(id: 3, text: "three")))
            }
            try await app.testing().test(.GET, "/notes/3") { response in
                #expect(response.status == .ok)
                #expect(response.headers.first(name: .contentType) == "application/json")
                let note = try JSONDecoder().decode(Note.self, from: Data(response.body.readableBytesView))
                #expect(note == Note(id: 3, text: "three"))
            }
        }
    }

    @Test("an answer HTTP cannot carry fails the request with a 500")
    func unwritableAnswer() async throws {
        try await withApp { app in
            app.middleware.use(
                CatalogMiddleware(try Catalog(NotesAPI.endpoints)) { _, _ in
                    CatalogAnswer(status: Courier.HTTPStatus(1_000))
                })
            try await app.testing().test(.GET, "/notes/1") { response in
                #expect(response.status == .internalServerError)
                #expect(response.body.string.contains("1000"))
            }
        }
    }
}
