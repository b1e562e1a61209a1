import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

struct CatalogTests {
    @Test func aRequestIsRecognisedAsItsEndpoint() throws {
        let catalog = try Catalog([Shelf.AddBook.self, Shelf.GetBook.self])
        #expect(catalog.entries.map(\.name) == ["AddBook", "GetBook"])
        #expect(
            catalog.entries.map { ObjectIdentifier($0.endpointType) } == [
                ObjectIdentifier(Shelf.AddBook.self), ObjectIdentifier(Shelf.GetBook.self),
            ])
        #expect(
            catalog.entries.map(\.shape.description) == [
                "POST /shelves/{shelf}/books?dry_run", "GET /v2/shelves/{shelf}/books/{id}?sort&format=full",
            ])
        let get = Shelf.GetBook(shelf: "fantasy", id: 9, sort: nil, tenant: "acme")
        let matched = try catalog.match(try IncomingRequest(try get.request()))
        #expect(matched as? Shelf.GetBook == get)
    }

    @Test func anOptionalSuccessIsRefusedWhenTheCatalogIsMade() {
        struct Maybe: CatalogEndpoint {
            typealias Success = String?
            typealias Failure = Never
            var definition: some EndpointDefinition {
                Method.get
                Path("maybe")
            }
        }
        let error = #expect(throws: CourierError.self) { try Catalog([Maybe.self]) }
        #expect(error?.kind == .undocumentedAnswer)
        #expect(
            error?.message
                == "Maybe's success is Optional<String>, which a catalog cannot answer as documented "
                + "(nil would be a 200 with no body, not the model); make it non-optional, and answer "
                + "nothing as a failure or as Empty from another endpoint.")
    }

    @Test func anUnknownRequestIsExplainedByTheClosestEndpoint() throws {
        let catalog = try Catalog([Shelf.AddBook.self, Shelf.GetBook.self])
        let almost = IncomingRequest(
            method: .get, target: "/v2/shelves/fantasy/books/9",
            headers: [HeaderField(name: HeaderName("X-Tenant"), value: "acme")])
        #expect {
            _ = try catalog.match(almost)
        } throws: { error in
            (error as? EndpointMismatch)?.description
                == "The request does not match GET /v2/shelves/{shelf}/books/{id}?sort&format=full: the query lacks format=full."
        }
    }

    @Test func theClosenessTellsNotFoundFromMethodNotAllowedFromBadRequest() throws {
        let catalog = try Catalog([Shelf.AddBook.self, Shelf.GetBook.self])
        func closest(_ method: HTTPMethod, _ target: String, body: String? = nil) -> EndpointMismatch? {
            var headers: HeaderFields = [HeaderField(name: HeaderName("X-Tenant"), value: "acme")]
            if body != nil { headers.append(HeaderField(name: .contentType, value: "application/json")) }
            do {
                _ = try catalog.match(
                    IncomingRequest(
                        method: method, target: target, headers: headers, body: Data((body ?? "").utf8)))
                return nil
            } catch {
                return error
            }
        }
        let shelf = "/shelves/9E9C1CD2-1F3C-4C05-A0F4-6D29D84C2C11/books"
        // Another path: no endpoint has it, or a path parameter does not decode.
        #expect(closest(.get, "/v2/shelves/a/novels/1?format=full")?.closeness == .otherPath)
        let notANumber = closest(.get, "/v2/shelves/a/books/forty-two?format=full")
        #expect(notANumber?.closeness == .otherPath)
        #expect(notANumber?.template == "GET /v2/shelves/{shelf}/books/{id}?sort&format=full")
        // The path of AddBook with another method.
        let wrongMethod = closest(.delete, shelf + "?dry_run=true", body: #"{"title":"x","pages":1}"#)
        #expect(wrongMethod?.closeness == .otherMethod)
        #expect(wrongMethod?.template == "POST /shelves/{shelf}/books?dry_run")
        // Method and path fit; the query or the body does not.
        let noQuery = closest(.post, shelf, body: #"{"title":"x","pages":1}"#)
        #expect(noQuery?.closeness == .sameRoute)
        #expect(noQuery?.reasons == ["the query lacks dry_run"])
        #expect(noQuery?.shape == (try Shelf.AddBook.shape()))
        let badBody = closest(.post, shelf + "?dry_run=true", body: #"{"title":"x"}"#)
        #expect(badBody?.closeness == .sameRoute)
        #expect(badBody?.reasons.first?.hasPrefix("its parameters do not decode as AddBook (book:") == true)
        // Fewer segments than GetBook's path: another path, though the first ones fit.
        #expect(closest(.get, "/v2/shelves/a/books?format=full")?.closeness == .otherPath)
        // GET on AddBook's path: another method (405, POST allowed), not GetBook's other path.
        let getOnPost = closest(.get, shelf + "?dry_run=true")
        #expect(getOnPost?.closeness == .otherMethod)
        #expect(getOnPost?.template == "POST /shelves/{shelf}/books?dry_run")
        #expect(getOnPost?.allowedMethods == [.post])
        // The literal path of RemoveBook, but a path parameter that does not decode: another path.
        let removing = try Catalog([Shelf.RemoveBook.self])
        let otherMethod = #expect(throws: EndpointMismatch.self, "GET matched a DELETE endpoint") {
            try removing.match(IncomingRequest(method: .get, target: "/shelves/a/books/7"))
        }
        #expect(otherMethod?.closeness == .otherMethod)
        let otherPath = #expect(throws: EndpointMismatch.self, "GET matched a DELETE endpoint") {
            try removing.match(IncomingRequest(method: .get, target: "/shelves/a/books/seven"))
        }
        #expect(otherPath?.closeness == .otherPath)
        #expect(otherPath?.reasons.last?.hasPrefix("the path segment of id does not decode") == true)
    }

    struct QueryFirst: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var q: Int
        var id: Int

        var definition: some EndpointDefinition {
            Method.get
            Path("items", id)
            Query("q", q)
        }
    }

    /// Decodes `limit` itself, falling back to 10 for a value that is not a number.
    struct Lenient: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var limit: Int

        enum CodingKeys: String, CodingKey { case limit }

        init(limit: Int) { self.limit = limit }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            do {
                limit = try container.decode(Int.self, forKey: .limit)
            } catch DecodingError.typeMismatch {
                limit = 10
            }
        }

        var definition: some EndpointDefinition {
            Method.get
            Path("lenient")
            Query("limit", limit)
        }
    }

    @Test func aPathParameterThatDoesNotDecodeIsAnotherPathWhateverFailsFirst() {
        let badPath = #expect(throws: EndpointMismatch.self) {
            try QueryFirst.parse(IncomingRequest(method: .get, target: "/items/abc?q=x"))
        }
        #expect(badPath?.closeness == .otherPath)
        let badQuery = #expect(throws: EndpointMismatch.self) {
            try QueryFirst.parse(IncomingRequest(method: .get, target: "/items/1?q=x"))
        }
        #expect(badQuery?.closeness == .sameRoute)
        #expect(badQuery?.reasons.first?.contains("(q: ") == true)
    }

    @Test func aModelThatCatchesItsOwnDecodingErrorsStillDecides() throws {
        #expect(try Lenient.parse(IncomingRequest(method: .get, target: "/lenient?limit=lots")).limit == 10)
        #expect(try Lenient.parse(IncomingRequest(method: .get, target: "/lenient?limit=3")).limit == 3)
    }

    @Test func anUnparseableEndpointFailsWhenTheCatalogIsMade() {
        expectCourierError(.unparseableEndpoint) {
            try Catalog([Shelf.GetBook.self, Shelf.Unused.self])
        }
    }
}

struct CatalogTemplateTests {
    @Test func aCatalogEndpointsRequestAndMetricsCarryItsTemplate() async throws {
        let observer = CapturingMetricsObserver()
        let client = Client(
            baseURL: BaseURL("api.example.com"),
            transport: StubTransport {
                RawResponse(status: .ok, body: Data(#"{"title":"Dune","pages":412}"#.utf8), url: $0.url)
            },
            middleware: [MetricsMiddleware(observer: observer)])
        let get = Shelf.GetBook(shelf: "sci fi", id: 42, sort: nil, tenant: "acme")
        #expect(
            try client.request(for: get).template
                == "GET /v2/shelves/{shelf}/books/{id}?sort&format=full")
        _ = try await client.send(get)
        #expect(observer.reports.map(\.template) == ["GET /v2/shelves/{shelf}/books/{id}?sort&format=full"])
        #expect(observer.reports.map(\.path) == ["/v2/shelves/sci%20fi/books/42"])
        let plain = Endpoint<Empty, Never> {
            Method.get
            Path("health")
        }
        #expect(try client.request(for: plain).template == nil)
    }
}
