import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@Suite struct ValidationMiddlewareTests {
    static let url = URL(string: "https://api.example.com/report")

    static func response(
        _ status: HTTPStatus, contentType: String? = "application/json", body: String = #"{"ok":true}"#
    ) -> RawResponse {
        RawResponse(
            status: status,
            headers: HeaderFields(contentType.map { [HeaderField(name: .contentType, value: $0)] } ?? []),
            body: Data(body.utf8), url: url)
    }

    static func request(_ validation: ResponseValidation? = nil) throws -> EndpointRequest {
        try Endpoint<Empty, Never> {
            Method.get
            Path("report")
            Header.bearer("bearer-secret")
            if let validation { validation }
        }.request()
    }

    /// Runs `middleware` on `request` with a chain that answers `response`.
    static func validate(
        _ response: RawResponse, request: EndpointRequest,
        with middleware: ValidationMiddleware = ValidationMiddleware()
    ) async throws -> RawResponse {
        try await middleware.intercept(request, baseURL: exampleBase) { _, _ in response }
    }

    /// Like ``validate(_:request:with:)``, expecting a rejection of `kind`, and returns it.
    @discardableResult
    static func rejection(
        _ kind: CourierError.Kind, _ response: RawResponse, request: EndpointRequest,
        with middleware: ValidationMiddleware = ValidationMiddleware(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> CourierError? {
        await expectCourierError(kind, stage: .middleware, sourceLocation: sourceLocation) {
            try await validate(response, request: request, with: middleware)
        }
    }

    @Test func acceptedResponsesPassUnchanged() async throws {
        let ok = Self.response(.ok)
        #expect(try await Self.validate(ok, request: try Self.request()) == ok)
    }

    @Test func aStatusOutsideTheClientsRangesIsRejected() async throws {
        let notFound = Self.response(.notFound)
        let error = await Self.rejection(.unacceptableStatus, notFound, request: try Self.request())
        #expect(error?.message == "The server answered 404; the client accepts 200...299.")
        #expect(error?.response == notFound)
        #expect(error?.url == Self.url)
        #expect(error?.request?.headers[.authorization] == "<redacted>")
    }

    @Test func theEndpointsValidationReplacesTheClients() async throws {
        let client = ValidationMiddleware(ResponseValidation(contentTypes: [.json]))
        let endpoint = try Self.request(
            ResponseValidation(statuses: [200...299, 404...404], contentTypes: [.plainText]))
        // Accepted by the endpoint although the client would reject it…
        let notFoundText = Self.response(.notFound, contentType: "text/plain", body: "gone")
        #expect(try await Self.validate(notFoundText, request: endpoint, with: client) == notFoundText)
        // …and rejected by the endpoint although the client would accept it.
        let error = await Self.rejection(
            .unacceptableContentType, Self.response(.ok), request: endpoint, with: client)
        #expect(error?.message == "The response body is application/json; the endpoint accepts text/plain.")
        #expect(
            try await Self.validate(Self.response(.ok), request: try Self.request(), with: client)
                .status == .ok)
    }

    @Test func severalRangesAreListed() async throws {
        let endpoint = try Self.request(ResponseValidation(statuses: [200...299, 304...304, 400...404]))
        #expect(try await Self.validate(Self.response(304), request: endpoint).status == 304)
        #expect(try await Self.validate(Self.response(403), request: endpoint).status == 403)
        let error = await Self.rejection(.unacceptableStatus, Self.response(500), request: endpoint)
        #expect(error?.message == "The server answered 500; the endpoint accepts 200...299, 304, 400...404.")
        let none = await Self.rejection(
            .unacceptableStatus, Self.response(.ok),
            request: try Self.request(ResponseValidation(statuses: [])))
        #expect(none?.message == "The server answered 200; the endpoint accepts no status.")
    }

    @Test func theStatusIsCheckedBeforeTheContentType() async throws {
        let client = ValidationMiddleware(ResponseValidation(contentTypes: [.json]))
        await Self.rejection(
            .unacceptableStatus, Self.response(.internalServerError, contentType: "text/html", body: "<p>"),
            request: try Self.request(),
            with: client)
    }

    @Test func contentTypesMatchByEssence() async throws {
        let client = ValidationMiddleware(ResponseValidation(contentTypes: [.json, MediaType("image/*")]))
        for type in [
            "application/json; charset=utf-8", "APPLICATION/JSON", "application/problem+json", "image/png",
        ] {
            let response = Self.response(.ok, contentType: type)
            #expect(
                try await Self.validate(response, request: try Self.request(), with: client) == response
            )
        }
        let error = await Self.rejection(
            .unacceptableContentType,
            Self.response(.ok, contentType: "text/html; charset=utf-8", body: "<p>"),
            request: try Self.request(),
            with: client)
        #expect(
            error?.message == "The response body is text/html; the client accepts application/json, image/*.")
    }

    @Test func aTypeWrittenExactlyAsAnAcceptedOneIsAcceptedAsItsParsedFormIs() async throws {
        let client = ValidationMiddleware(ResponseValidation(contentTypes: [.json, .plainText]))
        // Exactly as declared (the fast path), and the same types written otherwise (parsed).
        for type in [
            "application/json", "text/plain; charset=utf-8", " application/json", "application/json;",
            "Text/Plain", "text/plain; charset=latin1",
        ] {
            let response = Self.response(.ok, contentType: type)
            #expect(
                try await Self.validate(response, request: try Self.request(), with: client) == response
            )
        }
        let error = await Self.rejection(
            .unacceptableContentType, Self.response(.ok, contentType: "application/jsonx"),
            request: try Self.request(), with: client)
        #expect(
            error?.message
                == "The response body is application/jsonx; the client accepts application/json, text/plain.")
    }

    @Test func aBodyWithoutOrWithAnInvalidContentTypeIsRejected() async throws {
        let client = ValidationMiddleware(ResponseValidation(contentTypes: [.json]))
        let missing = await Self.rejection(
            .unacceptableContentType, Self.response(.ok, contentType: nil), request: try Self.request(),
            with: client)
        #expect(
            missing?.message
                == "The response body declares no Content-Type; the client accepts application/json.")
        let invalid = await Self.rejection(
            .unacceptableContentType, Self.response(.ok, contentType: "json"), request: try Self.request(),
            with: client)
        #expect(
            invalid?.message
                == #"The response body's Content-Type "json" is invalid; the client accepts application/json."#
        )
    }

    @Test(arguments: [HTTPStatus.ok, .noContent])
    func anEmptyBodyIsNotHeldToContentTypes(status: HTTPStatus) async throws {
        let client = ValidationMiddleware(ResponseValidation(contentTypes: [.json]))
        let empty = Self.response(status, contentType: nil, body: "")
        #expect(try await Self.validate(empty, request: try Self.request(), with: client) == empty)
    }

    @Test func throughAClientTheRejectionReachesTheCaller() async {
        let client = Client(
            baseURL: exampleBase,
            transport: StubTransport {
                RawResponse(
                    status: .ok, headers: [HeaderField(name: .contentType, value: "text/html")],
                    body: Data("<p>".utf8), url: $0.url)
            },
            middleware: [ValidationMiddleware(ResponseValidation(contentTypes: [.json]))])
        let error = await expectCourierError(.unacceptableContentType, stage: .middleware) {
            try await client.send(ClientTests.ping)
        }
        #expect(error?.response?.body == Data("<p>".utf8))
    }

    static let imageOnly = Endpoint<Data, Never> {
        Method.get
        Path("avatar")
        ResponseValidation(contentTypes: [MediaType("image/*")])
    }

    static func answering(_ response: RawResponse) -> StubTransport {
        StubTransport { _ in response }
    }

    @Test func anEndpointsValidationHoldsWithoutTheMiddleware() async {
        let html = Self.response(.ok, contentType: "text/html", body: "<p>")
        let client = Client(baseURL: exampleBase, transport: Self.answering(html))
        let error = await expectCourierError(.unacceptableContentType, stage: .status) {
            try await client.send(Self.imageOnly)
        }
        #expect(error?.message == "The response body is text/html; the endpoint accepts image/*.")
        #expect(error?.response?.body == Data("<p>".utf8))

        let notFound = Client(baseURL: exampleBase, transport: Self.answering(Self.response(.notFound)))
        let statusError = await expectCourierError(.unacceptableStatus, stage: .status) {
            try await notFound.value(
                Endpoint<Data, Never> {
                    Method.get
                    Path("avatar")
                    ResponseValidation(statuses: [200...200])
                })
        }
        #expect(statusError?.message == "The server answered 404; the endpoint accepts 200.")
    }

    @Test func anEndpointWithoutValidationIsNotCheckedWithoutTheMiddleware() async throws {
        let html = Self.response(.ok, contentType: "text/html", body: "<p>")
        let client = Client(baseURL: exampleBase, transport: Self.answering(html))
        let endpoint = Endpoint<Data, Never> {
            Method.get
            Path("avatar")
        }
        #expect(try await client.value(endpoint) == Data("<p>".utf8))
    }

    /// Turns a rejection into a fallback response, so a second check by the client would show.
    struct FallbackMiddleware: Middleware {
        let fallback: RawResponse

        func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws -> RawResponse {
            do {
                return try await next(request, baseURL)
            } catch  where error.kind == .unacceptableContentType {
                return fallback
            }
        }
    }

    @Test func withTheMiddlewareTheClientDoesNotCheckAgain() async throws {
        let html = Self.response(.ok, contentType: "text/html", body: "<p>")
        let fallback = Self.response(.ok, contentType: "text/plain", body: "placeholder")
        let client = Client(
            baseURL: exampleBase, transport: Self.answering(html),
            middleware: [FallbackMiddleware(fallback: fallback), ValidationMiddleware()])
        #expect(try await client.value(Self.imageOnly) == Data("placeholder".utf8))
    }
}
