import Courier
import CourierTesting
import Foundation
import Testing

struct CatalogEndpointAnsweringTests {
    private let id = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!

    /// Sends `endpoint` through a client whose transport answers with `answer`.
    private func sent<Model: CatalogEndpoint>(_ endpoint: Model, answeredWith answer: CatalogAnswer)
        async throws
        -> EndpointResponse<Model.Success, Model.Failure>
    {
        let client = Client(
            baseURL: BaseURL("shop.example"),
            transport: StubTransport { _ in
                RawResponse(status: answer.status, headers: answer.headers, body: answer.body)
            })
        return try await client.send(endpoint)
    }

    @Test func aSuccessIsItsStatusMediaTypeAndJSON() async throws {
        let get = Orders.GetOrder(id: id)
        let order = Orders.Order(id: id, items: ["tea", "🍵 & <scones>"], note: nil)
        let answer = try get.answer(.success(order))
        #expect(answer.status == .ok)
        #expect(answer.contentType == "application/json")
        #expect(
            String(decoding: answer.body, as: UTF8.self)
                == #"{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","items":["tea","🍵 & <scones>"]}"#)
        #expect(try await sent(get, answeredWith: answer).result == .success(order))
    }

    @Test func theDeclaredSuccessStatusIsAnswered() async throws {
        let create = Orders.CreateOrder(token: "t", order: .init(items: ["a"]))
        let order = Orders.Order(id: id, items: ["a"], note: "gift")
        let answer = try create.answer(.success(order))
        #expect(answer.status == .created)
        #expect(try await sent(create, answeredWith: answer).result == .success(order))
    }

    @Test func anEmptySuccessHasNoBodyAndTextIsText() async throws {
        let cancel = Orders.CancelOrder(id: id)
        let answer = try cancel.answer(.success(Empty()))
        #expect(answer == CatalogAnswer(status: .noContent))
        #expect(try await sent(cancel, answeredWith: answer).result == .success(Empty()))

        let product = Orders.GetProduct(id: 3)
        let text = try product.answer(.success("Tea, 100 g — ½ price"))
        #expect(text.contentType == "text/plain; charset=utf-8")
        #expect(try await sent(product, answeredWith: text).result == .success("Tea, 100 g — ½ price"))
    }

    @Test func aDocumentedFailureDecodesBackIntoTheSameCase() async throws {
        let get = Orders.GetOrder(id: id)
        for failure: Orders.OrderError in [
            .notFound(.init(message: "No order.")), .gone(.init(message: "Archived.")),
        ] {
            let answer = try get.answer(.failure(failure))
            #expect(answer.contentType == "application/json")
            #expect(try await sent(get, answeredWith: answer).result == .failure(failure))
        }
        let create = Orders.CreateOrder(token: "t", order: .init(items: []))
        let invalid = Orders.OrderError.invalid(.init(fields: ["items"]))
        let answer = try create.answer(.failure(invalid))
        #expect(answer.status == .unprocessableContent)
        #expect(try await sent(create, answeredWith: answer).result == .failure(invalid))
    }

    struct GetPage: CatalogEndpoint {
        typealias Success = String
        typealias Failure = PageError

        var definition: some EndpointDefinition {
            Method.get
            Path("page")
        }
    }

    @Test func aFailureOfTextBytesOrNothingIsAnsweredAsAClientDecodesIt() async throws {
        let get = GetPage()
        let cases: [(PageError, String?, String)] = [
            (.teapot("I'm a teapot ☕"), "text/plain; charset=utf-8", "I'm a teapot ☕"),
            (
                .page(Data("<html>Bad Gateway</html>".utf8)), "application/octet-stream",
                "<html>Bad Gateway</html>"
            ),
            (.gone, nil, ""),
        ]
        for (failure, contentType, body) in cases {
            let answer = try get.answer(.failure(failure))
            #expect(answer.contentType == contentType)
            #expect(String(decoding: answer.body, as: UTF8.self) == body)
            #expect(try await sent(get, answeredWith: answer).result == .failure(failure))
        }
    }

    @Test func aTyped401CarriesTheChallengeOfTheEndpointsCredentials() async throws {
        let create = Orders.CreateOrder(token: "t", order: .init(items: []))
        let unauthorized = Orders.OrderError.unauthorized(.init(message: "Expired."))
        let answer = try create.answer(.failure(unauthorized))
        #expect(answer.status == .unauthorized)
        #expect(answer.headers["WWW-Authenticate"] == "Bearer")
        #expect(try await sent(create, answeredWith: answer).result == .failure(unauthorized))
        // Other statuses carry no challenge.
        let invalid = try create.answer(.failure(.invalid(.init(fields: []))))
        #expect(invalid.headers["WWW-Authenticate"] == nil)
    }

    @Test func aStreamingEndpointsFailureIsAnsweredAsAnyOther() async throws {
        let follow = Orders.FollowOrders(token: "t")
        let unauthorized = Orders.OrderError.unauthorized(.init(message: "Expired."))
        let answer = try follow.answer(failure: unauthorized)
        #expect(answer.status == .unauthorized)
        #expect(answer.headers["WWW-Authenticate"] == "Bearer")
        #expect(answer.contentType == "application/json")
        let response = try await sent(follow, answeredWith: answer)
        guard case .failure(let failure) = response.result else {
            Issue.record("expected the documented failure, got \(response.result)")
            return
        }
        #expect(failure == unauthorized)
        let error = #expect(throws: CourierError.self) {
            try follow.answer(failure: .notFound(.init(message: "No order.")))
        }
        #expect(error?.kind == .undocumentedAnswer)
    }

    @Test func aFailureAnswerEqualsTheResultAnswerOfTheSameFailure() throws {
        let get = Orders.GetOrder(id: UUID())
        let missing = Orders.OrderError.notFound(.init(message: "No such order."))
        #expect(try get.answer(failure: missing) == get.answer(.failure(missing)))
    }

    @Test func aStreamedSuccessHeadIsTheSuccessStatusAndTheEventStreamType() throws {
        let head = try Orders.FollowOrders(token: "t").streamedSuccessHead()
        #expect(head.status == .ok)
        #expect(head.headers.map(\.name) == [.contentType])
        #expect(head.contentType == "text/event-stream")
        #expect(head.body.isEmpty)
        struct Accepted: CatalogEndpoint {
            typealias Success = EventStream<Orders.Order>
            typealias Failure = Never
            var definition: some EndpointDefinition {
                Method.post
                Path("exports")
                SuccessStatus(202)
            }
        }
        #expect(try Accepted().streamedSuccessHead().status == 202)
    }

    @Test func aBareKeyIsChallengedAsAnAPIKeyByTypedAndMismatchAnswers() throws {
        struct Keyed: CatalogEndpoint {
            typealias Success = Empty
            typealias Failure = ProblemDetails
            static let failureStatuses: [HTTPStatus]? = [.unauthorized]
            var key: String
            var definition: some EndpointDefinition {
                Method.get
                Path("keyed")
                Header("Authorization", key)
            }
        }
        let typed = try Keyed(key: "k").answer(
            .failure(ProblemDetails(title: "Unauthorized", status: 401)))
        #expect(typed.headers["WWW-Authenticate"] == #"APIKey header="Authorization""#)

        let request = IncomingRequest(method: .get, target: "/keyed", headers: [])
        let mismatch = #expect(throws: EndpointMismatch.self) { try Catalog([Keyed.self]).match(request) }
        let answer = try #require(mismatch).answer(to: request)
        #expect(answer.status == .unauthorized)
        #expect(answer.headers["WWW-Authenticate"] == typed.headers["WWW-Authenticate"])
    }

    @Test func aProblemIsAnsweredWithItsStatusAsProblemJSON() async throws {
        let product = Orders.GetProduct(id: 3)
        let problem = ProblemDetails(
            type: "https://shop.example/problems/stock", title: "Out of stock", status: 409,
            detail: "None left.", extensions: ["left": "0", "where": #"{"shelf":"B2"}"#])
        let answer = try product.answer(.failure(problem))
        #expect(answer.status == .conflict)
        #expect(answer.contentType == "application/problem+json")
        #expect(try await sent(product, answeredWith: answer).result == .failure(problem))
    }

    @Test func aStatusTheEndpointDoesNotDocumentIsRefused() {
        let get = Orders.GetOrder(id: id)
        // OrderError documents 422, but GetOrder lists only 404 and 410.
        let error = #expect(throws: CourierError.self) {
            try get.answer(.failure(.invalid(.init(fields: []))))
        }
        #expect(error?.kind == .undocumentedAnswer)
        #expect(
            error?.message
                == "GetOrder does not document the status 422 (it documents 404, 410); answer with one of those, "
                + "or list it in failureStatuses.")
    }

    @Test func aBodyThatIsNotTheDocumentedModelIsRefused() {
        // A plain Decodable failure documents 400–599 with its own model; this one answers a
        // documented status (404) with another model.
        struct Stray: AnswerableError, Decodable {
            var answer: ErrorAnswer { .status(.notFound, ["not": "Missing"]) }
        }
        struct Lookup: CatalogEndpoint {
            typealias Success = Empty
            typealias Failure = Stray
            var definition: some EndpointDefinition {
                Method.get
                Path("lookup")
            }
        }
        let error = #expect(throws: CourierError.self) { try Lookup().answer(.failure(Stray())) }
        #expect(error?.kind == .undocumentedAnswer)
        #expect(
            error?.message
                == "Lookup documents the status 404 with a Stray body, not Dictionary<String, String>; "
                + "the client could not decode it.")
    }
}
