import Courier
import CourierHummingbird
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("CatalogMiddleware")
struct CatalogMiddlewareTests {
    /// The handler every test serves with: note 7 exists; a created note gets id 8. Each answer
    /// carries the route the middleware set, in `X-Route`.
    static func notes(
        passOn: CatalogMiddleware<BasicRequestContext>.PassOn = [], bodyLimit: Int? = nil,
        mismatch: CatalogMiddleware<BasicRequestContext>.MismatchHandler? = nil
    ) throws -> Application<RouterResponder<BasicRequestContext>> {
        let router = Router()
        router.add(
            middleware: CatalogMiddleware(
                try Catalog(NotesAPI.endpoints), bodyLimit: bodyLimit, passOn: passOn, mismatch: mismatch
            ) { endpoint, _, context in
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
                    HeaderField(name: HeaderName("X-Route"), value: context.endpointPath ?? "-"))
                return answer
            })
        router.get("/health") { _, _ in "ok" }
        router.delete("/notes/:id") { _, _ in "deleted by the router" }
        return Application(router: router)
    }

    static func json(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    @Test("a matched request reaches the handler as its typed endpoint, and its typed answer is written")
    func matched() async throws {
        try await Self.notes().test(.router) { client in
            try await client.execute(uri: "/notes/7", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                #expect(response.headers[HTTPField.Name("X-Route")!] == "/notes/{id}")
                let note = try JSONDecoder().decode(Note.self, from: Data(response.body.readableBytesView))
                #expect(note == Note(id: 7, text: "seven"))
            }
            try await client.execute(
                uri: "/notes", method: .post, headers: [.contentType: "application/json"],
                body: Self.json(#"{"text":"new"}"#)
            ) { response in
                #expect(response.status == .created)
                let note = try JSONDecoder().decode(Note.self, from: Data(response.body.readableBytesView))
                #expect(note == Note(id: 8, text: "new"))
            }
        }
    }

    @Test("a documented failure is written with its status and model")
    func documentedFailure() async throws {
        try await Self.notes().test(.router) { client in
            try await client.execute(uri: "/notes/9", method: .get) { response in
                #expect(response.status == .notFound)
                let missing = try JSONDecoder().decode(
                    Missing.self, from: Data(response.body.readableBytesView))
                #expect(missing == Missing(message: "No note 9."))
            }
        }
    }

    @Test("a path no endpoint has is a problem+json 404, or goes on to the router's routes when passed on")
    func otherPaths() async throws {
        try await Self.notes().test(.router) { client in
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType] == "application/problem+json")
                let problem = try JSONDecoder().decode(
                    ProblemDetails.self, from: Data(response.body.readableBytesView))
                #expect(problem.status == 404)
                #expect(problem.detail == "No endpoint has this path.")
            }
        }
        try await Self.notes(passOn: .otherPaths).test(.router) { client in
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "ok")
            }
            try await client.execute(uri: "/elsewhere", method: .get) { response in
                // The router's own 404, not the catalog's problem document.
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType] != "application/problem+json")
            }
            // Another method of a catalog path is still the catalog's 405.
            try await client.execute(uri: "/notes/7", method: .delete) { response in
                #expect(response.status == .methodNotAllowed)
            }
        }
    }

    @Test("another method of a catalog path goes on to the router's routes when passed on")
    func otherMethodsPassedOn() async throws {
        try await Self.notes(passOn: .otherMethods).test(.router) { client in
            try await client.execute(uri: "/notes/7", method: .delete) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "deleted by the router")
            }
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType] == "application/problem+json")
            }
        }
    }

    @Test("HEAD is answered by the path's GET endpoint, without the body")
    func head() async throws {
        try await Self.notes().test(.router) { client in
            let get = try await client.execute(uri: "/notes/7", method: .get) { $0 }
            try await client.execute(uri: "/notes/7", method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                #expect(response.headers[.contentLength] == "\(get.body.readableBytes)")
                #expect(response.headers[HTTPField.Name("X-Route")!] == "/notes/{id}")
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: "/notes/9", method: .head) { response in
                #expect(response.status == .notFound)
                #expect(response.body.readableBytes == 0)
            }
            // A path with no GET endpoint: the 405 lists what it has.
            try await client.execute(uri: "/notes", method: .head) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "POST")
            }
        }
    }

    @Test("a request Courier cannot read is a problem+json 400, or goes on when passed on")
    func unreadable() async throws {
        // U+0085 is a C1 control character: swift-http-types carries it, Courier refuses it.
        let headers: HTTPFields = [HTTPField.Name("X-Note")!: "a\u{85}b"]
        try await Self.notes().test(.router) { client in
            try await client.execute(uri: "/notes/7", method: .get, headers: headers) { response in
                #expect(response.status == .badRequest)
                #expect(response.headers[.contentType] == "application/problem+json")
            }
        }
        try await Self.notes(passOn: .unreadable).test(.router) { client in
            try await client.execute(uri: "/notes/7", method: .get, headers: headers) { response in
                // The router has no GET route for the path: its own 404.
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType] != "application/problem+json")
            }
        }
    }

    @Test("another method is a 405 with Allow, answered before the body is read")
    func otherMethod() async throws {
        try await Self.notes(bodyLimit: 16).test(.router) { client in
            try await client.execute(
                uri: "/notes/7", method: .put, headers: [.contentType: "application/json"],
                body: Self.json(String(repeating: "x", count: 1_000))
            ) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "GET, HEAD")
                #expect(response.headers[.contentType] == "application/problem+json")
            }
        }
    }

    @Test("a body over the limit is refused with 413, and one within it is matched")
    func bodyLimit() async throws {
        try await Self.notes(bodyLimit: 32).test(.router) { client in
            try await client.execute(
                uri: "/notes", method: .post, headers: [.contentType: "application/json"],
                body: Self.json(#"{"text":"\#(String(repeating: "x", count: 64))"}"#)
            ) { response in
                #expect(response.status == .contentTooLarge)
                #expect(response.headers[.contentType] == "application/problem+json")
                let problem = try JSONDecoder().decode(
                    ProblemDetails.self, from: Data(response.body.readableBytesView))
                #expect(problem.status == 413)
                #expect(problem.detail == "The request body is longer than the 32 bytes this server reads.")
            }
            try await client.execute(
                uri: "/notes", method: .post, headers: [.contentType: "application/json"],
                body: Self.json(#"{"text":"short"}"#)
            ) { response in
                #expect(response.status == .created)
            }
        }
    }

    @Test("a body whose Content-Length is over the limit is refused with 413 before it is read")
    func declaredLengthOverLimit() async throws {
        try await Self.notes(bodyLimit: 32).test(.router) { client in
            // No body follows the head: only the declared length can say it is too long.
            try await client.execute(
                uri: "/notes", method: .post,
                headers: [.contentType: "application/json", .contentLength: "1000"],
                body: nil
            ) { response in
                #expect(response.status == .contentTooLarge)
                #expect(response.headers[.contentType] == "application/problem+json")
            }
        }
    }

    @Test("a value outside a declared constraint is the catalog's 400, or the mismatch handler's answer")
    func mismatch() async throws {
        try await Self.notes().test(.router) { client in
            try await client.execute(
                uri: "/notes", method: .post, headers: [.contentType: "application/json"],
                body: Self.json(#"{"text":""}"#)
            ) { response in
                #expect(response.status == .badRequest)
                #expect(response.headers[.contentType] == "application/problem+json")
                #expect(String(buffer: response.body).contains("invalid-params"))
            }
        }
        let custom = try Self.notes(mismatch: { mismatch, request, context in
            CatalogAnswer(
                status: .unprocessableContent,
                headers: [
                    HeaderField(name: HeaderName("X-Violations"), value: "\(mismatch.violations.count)"),
                    HeaderField(name: HeaderName("X-Target"), value: request.target),
                    HeaderField(name: HeaderName("X-Route"), value: context.endpointPath ?? "-"),
                ])
        })
        try await custom.test(.router) { client in
            try await client.execute(
                uri: "/notes", method: .post, headers: [.contentType: "application/json"],
                body: Self.json(#"{"text":""}"#)
            ) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.headers[HTTPField.Name("X-Violations")!] == "1")
                #expect(response.headers[HTTPField.Name("X-Target")!] == "/notes")
                #expect(response.headers[HTTPField.Name("X-Route")!] == "/notes")
            }
            // Another path is a mismatch the handler answers too, without the body.
            try await client.execute(uri: "/elsewhere?x=1", method: .get) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.headers[HTTPField.Name("X-Target")!] == "/elsewhere?x=1")
                #expect(response.headers[HTTPField.Name("X-Route")!] == "NotFound")
            }
        }
    }

    @Test("a handler may write a response of its own, such as a streamed body")
    func ownResponse() async throws {
        let router = Router()
        router.add(
            middleware: CatalogMiddleware(try Catalog(NotesAPI.endpoints)) { _, _, _ in
                Response(
                    status: .ok, headers: [.contentType: "text/plain"],
                    body: ResponseBody { writer in
                        for part in ["one ", "two ", "three"] {
                            try await writer.write(ByteBuffer(string: part))
                        }
                        try await writer.finish(nil)
                    })
            })
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/notes/1", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "one two three")
            }
        }
    }

    @Test("HEAD of a streamed answer says no length, and runs no body")
    func headOfAStream() async throws {
        let router = Router()
        let written = Written()
        router.add(
            middleware: CatalogMiddleware(try Catalog(NotesAPI.endpoints)) { _, request, _ in
                Response(
                    status: .ok,
                    headers: [
                        .contentType: "text/event-stream", HTTPField.Name("X-Method")!: "\(request.method)",
                    ],
                    body: ResponseBody { writer in
                        await written.mark()
                        try await writer.write(ByteBuffer(string: "data: 1\n\n"))
                        try await writer.finish(nil)
                    })
            })
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/notes/1", method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/event-stream")
                #expect(response.headers[HTTPField.Name("X-Method")!] == "HEAD")
                #expect(response.headers[.contentLength] == nil)
                #expect(response.body.readableBytes == 0)
            }
        }
        #expect(await written.count == 0)
    }

    /// How often a streamed body was written.
    actor Written {
        var count = 0
        func mark() { count += 1 }
    }

    @Test("a CatalogAnswer is a response of its own in a plain Hummingbird route")
    func answerInRoute() async throws {
        let router = Router()
        router.get("/notes/:id") { _, context in
            try GetNote(id: context.parameters.require("id", as: Int.self)).answer(
                .success(Note(id: 3, text: "three")))
        }
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/notes/3", method: .get) { response in
                #expect(response.status == .ok)
                let note = try JSONDecoder().decode(Note.self, from: Data(response.body.readableBytesView))
                #expect(note == Note(id: 3, text: "three"))
            }
        }
    }

    @Test("an answer HTTP cannot carry fails the request with a 500")
    func unwritableAnswer() async throws {
        let router = Router()
        router.add(
            middleware: CatalogMiddleware(try Catalog(NotesAPI.endpoints)) { _, _, _ in
                CatalogAnswer(status: HTTPStatus(1_000))
            })
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/notes/1", method: .get) { response in
                #expect(response.status == .internalServerError)
            }
        }
    }
}
