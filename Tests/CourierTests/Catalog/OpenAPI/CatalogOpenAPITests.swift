import Courier
import CourierTestSupport
import Foundation
import Testing

/// The answer to a request that is not the endpoint.
private let problem =
    ##"{"content":{"application/problem+json":{"schema":{"$ref":"#/components/schemas/ProblemDetails"}}},"##
    + ##""description":"An error: ProblemDetails."}"##

/// The schema of an `Int`: its bounds are what a decoder accepts.
private let int64 =
    #"{"format":"int64","maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"}"#

struct CatalogOpenAPITests {
    /// The document decoded, with `JSONSerialization`.
    private func exported() throws -> [String: Any] {
        let document = try Shelf.catalog().openAPIDocument(
            title: "Shelves", version: "2.1", servers: [try BaseURL(validating: "https://books.example/api")])
        return try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
    }

    /// A decoded fragment as compact JSON with sorted keys, to compare with a pinned string.

    private func operation(_ path: String, _ method: String) throws -> [String: Any] {
        let paths = try #require(try exported()["paths"] as? [String: Any])
        let item = try #require(paths[path] as? [String: Any], "no path \(path)")
        return try #require(item[method] as? [String: Any], "no \(method) at \(path)")
    }

    @Test func theDocumentHasItsHeaderAndOnePathPerTemplate() throws {
        let document = try exported()
        #expect(document["openapi"] as? String == "3.1.0")
        #expect(try compactJSON(document["info"]) == #"{"title":"Shelves","version":"2.1"}"#)
        #expect(try compactJSON(document["servers"]) == #"[{"url":"https://books.example/api"}]"#)
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        #expect(
            paths.keys.sorted() == [
                "/shelves/{shelf}/books", "/shelves/{shelf}/books/{id}", "/v2/shelves/{shelf}/books/{id}",
            ])
        #expect(paths["/shelves/{shelf}/books"]?.keys.sorted() == ["get", "post"])
        #expect(paths["/shelves/{shelf}/books/{id}"]?.keys.sorted() == ["delete"])
        #expect(paths["/v2/shelves/{shelf}/books/{id}"]?.keys.sorted() == ["get"])
    }

    @Test func parametersHaveTheirPlaceRequirementAndSchema() throws {
        let get = try operation("/v2/shelves/{shelf}/books/{id}", "get")
        #expect(get["operationId"] as? String == "GetBook")
        #expect(get["summary"] as? String == "GET /v2/shelves/{shelf}/books/{id}?sort&format=full")
        // Accept is described by the response's media type, so it is no parameter.
        #expect(
            try compactJSON(get["parameters"]) == """
                [{"in":"path","name":"shelf","required":true,"schema":{"type":"string"}},\
                {"in":"path","name":"id","required":true,"schema":\(int64)},\
                {"in":"query","name":"sort","required":false,"schema":{"enum":["title","pages"],"type":"string"}},\
                {"in":"query","name":"format","required":true,"schema":{"enum":["full"],"type":"string"}},\
                {"in":"header","name":"X-Tenant","required":true,"schema":{"type":"string"}}]
                """)
        let add = try operation("/shelves/{shelf}/books", "post")
        #expect(
            try compactJSON(add["parameters"]) == """
                [{"in":"path","name":"shelf","required":true,"schema":{"format":"uuid","type":"string"}},\
                {"in":"query","name":"dry_run","required":true,"schema":{"type":"boolean"}}]
                """)
    }

    @Test func theBodyIsItsMediaTypeAndAReferenceToItsModel() throws {
        let add = try operation("/shelves/{shelf}/books", "post")
        #expect(add["operationId"] as? String == "AddBook")
        #expect(
            try compactJSON(add["requestBody"])
                == ##"{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/Book"}}},"required":true}"##
        )
        let components = try #require(try exported()["components"] as? [String: Any])
        let schemas = try #require(components["schemas"] as? [String: Any])
        #expect(
            try compactJSON(schemas["Book"])
                == #"{"properties":{"pages":\#(int64),"title":{"type":"string"}},"required":["pages","title"],"title":"Book","type":"object"}"#
        )
    }

    @Test func responsesAreTheSuccessModelAndTheDocumentedErrors() throws {
        let get = try operation("/v2/shelves/{shelf}/books/{id}", "get")
        #expect(
            try compactJSON(get["responses"])
                == ##"{"200":{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/Book"}}},"description":"The Book."},"##
                + ##""400":\##(problem),"404":\##(problem)}"##
        )
        let remove = try operation("/shelves/{shelf}/books/{id}", "delete")
        let responses = try #require(remove["responses"] as? [String: Any])
        // 400 and 404 (a path parameter that does not decode) are also what a request that is not
        // the endpoint gets: EndpointMismatch.answer(to:).
        #expect(responses.keys.sorted() == ["204", "400", "404", "409", "410", "5XX"])
        #expect(try compactJSON(responses["204"]) == #"{"description":"No content."}"#)
        #expect(
            try compactJSON(responses["410"])
                == ##"{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/NotFound"}}},"description":"An error: NotFound."}"##
        )
        #expect(
            try compactJSON(responses["404"])
                == ##"{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/NotFound"}},"##
                + ##""application/problem+json":{"schema":{"$ref":"#/components/schemas/ProblemDetails"}}},"##
                + ##""description":"An error: NotFound."}"##
        )
        #expect(try compactJSON(responses["400"]) == problem)
        #expect(
            try compactJSON(responses["5XX"])
                == ##"{"content":{"application/problem+json":{"schema":{"$ref":"#/components/schemas/ProblemDetails"}}},"description":"An error: ProblemDetails."}"##
        )
    }

    @Test func anEventStreamIsATextEventStreamWithTheSchemaOfItsData() throws {
        let document = try Catalog([Orders.FollowOrders.self]).openAPIDocument(title: "Shop", version: "1")
        let exported = try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        let paths = try #require(exported["paths"] as? [String: Any])
        let get = try #require((paths["/shop/v1/orders/changes"] as? [String: Any])?["get"] as? [String: Any])
        let responses = try #require(get["responses"] as? [String: Any])
        #expect(
            try compactJSON(responses["200"])
                == ##"{"content":{"text/event-stream":{"schema":{"properties":{"data":{"contentMediaType":"application/json","##
                + ##""contentSchema":{"$ref":"#/components/schemas/Order"},"type":"string"},"event":{"type":"string"},"##
                + ##""id":{"type":"string"},"retry":{"minimum":0,"type":"integer"}},"required":["data"],"type":"object"}}},"##
                + ##""description":"Server-Sent Events with Order data."}"##)
        let schemas = try #require((exported["components"] as? [String: Any])?["schemas"] as? [String: Any])
        #expect(schemas["Order"] != nil)
        #expect(!schemas.keys.contains { $0.contains("EventStream") })
    }

    @Test func aPlainDecodableFailureIsTheDefaultResponse() throws {
        let list = try operation("/shelves/{shelf}/books", "get")
        let responses = try #require(list["responses"] as? [String: Any])
        #expect(responses.keys.sorted() == ["200", "400", "404", "default"])
        #expect(
            try compactJSON(responses["default"])
                == ##"{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/APIError"}}},"description":"An error: APIError."}"##
        )
        // A mismatch status written out explicitly would hide `default`: it keeps the endpoint's
        // own model next to the mismatch's problem+json.
        for status in ["400", "404"] {
            #expect(
                try compactJSON(responses[status])
                    == ##"{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/APIError"}},"application/problem+json":{"schema":{"$ref":"#/components/schemas/ProblemDetails"}}},"description":"An error: APIError."}"##
            )
        }
        #expect(
            try compactJSON(list["parameters"]) == """
                [{"in":"path","name":"shelf","required":true,"schema":{"type":"string"}},\
                {"in":"query","name":"limit","required":false,"schema":\(int64)},\
                {"in":"query","name":"sort","required":true,"schema":{"enum":["title","pages"],"type":"string"}}]
                """)
    }

    @Test func modelsAreDescribedByProbing() throws {
        let components = try #require(try exported()["components"] as? [String: Any])
        let schemas = try #require(components["schemas"] as? [String: Any])
        #expect(
            schemas.keys.sorted() == ["APIError", "Book", "NotFound", "ProblemDetails"])
        #expect(
            try compactJSON(schemas["APIError"])
                == #"{"properties":{"code":{"anyOf":[\#(int64),{"type":"null"}]},"message":{"type":"string"}},"required":["message"],"title":"APIError","type":"object"}"#
        )
        // A documented error's model is described like any other.
        #expect(
            try compactJSON(schemas["NotFound"])
                == #"{"properties":{"shelf":{"type":"string"}},"required":["shelf"],"title":"NotFound","type":"object"}"#
        )
        // An array of models is inline, with its items.
        let list = try operation("/shelves/{shelf}/books", "get")
        let listSchema =
            (((list["responses"] as? [String: Any])?["200"] as? [String: Any])?["content"]
            as? [String: Any])?["application/json"] as? [String: Any]
        #expect(
            try compactJSON(listSchema?["schema"])
                == ##"{"items":{"$ref":"#/components/schemas/Book"},"type":"array"}"##)
        #expect(
            try compactJSON(schemas["ProblemDetails"])
                == #"{"properties":{"detail":{"type":"string"},"instance":{"type":"string"},"status":{"type":"integer"},"title":{"type":"string"},"type":{"type":"string"}},"title":"ProblemDetails","type":"object"}"#
        )
    }

    @Test func aBearerTokenParameterIsASecurityRequirement() throws {
        let document = try Catalog([CatalogHeaderPrefixTests.Rename.self, Shelf.RemoveBook.self])
            .openAPIDocument(title: "Todos", version: "1")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        let paths = try #require(json["paths"] as? [String: [String: [String: Any]]])
        #expect(try compactJSON(paths["/todos/{id}"]?["put"]?["security"]) == #"[{"bearerAuth":[]}]"#)
        #expect(paths["/shelves/{shelf}/books/{id}"]?["delete"]?["security"] == nil)
        let components = try #require(json["components"] as? [String: Any])
        #expect(
            try compactJSON(components["securitySchemes"])
                == #"{"bearerAuth":{"scheme":"bearer","type":"http"}}"#
        )
    }

    enum PlainErrors: DocumentedErrors {
        case gone(String)
        case codes([Int])

        static let documentedStatuses: [DocumentedStatus<PlainErrors>] = [
            .status(410, String.self, PlainErrors.gone), .status(.conflict, [Int].self, PlainErrors.codes),
        ]
    }

    struct FailsPlainly: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = PlainErrors

        var definition: some EndpointDefinition {
            Method.get
            Path("plain")
        }
    }

    /// A `String` is text, as the catalog answers it and a client decodes it; an array is JSON.
    @Test func aFailureThatIsAStringOrAnArrayIsDescribedInline() throws {
        let document = try Catalog([FailsPlainly.self]).openAPIDocument(title: "Plain", version: "1")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        let paths = try #require(json["paths"] as? [String: [String: [String: Any]]])
        let responses = try #require(paths["/plain"]?["get"]?["responses"] as? [String: Any])
        #expect(
            try compactJSON(responses["410"])
                == #"{"content":{"text/plain":{"schema":{"type":"string"}}},"description":"An error: String."}"#
        )
        #expect(try compactJSON(responses["409"]).contains(#""schema":{"items":\#(int64),"type":"array"}"#))
        let schemas = (json["components"] as? [String: Any])?["schemas"] as? [String: Any]
        #expect(schemas?["String"] == nil && schemas?["Array_Int_"] == nil, "\(schemas ?? [:])")
    }

    struct SignedWithBasic: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var credentials: String

        var definition: some EndpointDefinition {
            Method.get
            Path("basic")
            Header("Authorization", "Basic \(credentials)")
        }
    }

    struct SignedWithAKey: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var key: String?

        var definition: some EndpointDefinition {
            Method.get
            Path("key")
            Header("Authorization", key)
        }
    }

    @Test func basicAndOtherAuthorizationValuesHaveTheirSchemes() throws {
        let document = try Catalog([SignedWithBasic.self, SignedWithAKey.self])
            .openAPIDocument(title: "Schemes", version: "1")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        let paths = try #require(json["paths"] as? [String: [String: [String: Any]]])
        #expect(try compactJSON(paths["/basic"]?["get"]?["security"]) == #"[{"basicAuth":[]}]"#)
        // An optional key: a request may also go without one.
        #expect(try compactJSON(paths["/key"]?["get"]?["security"]) == #"[{"authorizationHeader":[]},{}]"#)
        let components = try #require(json["components"] as? [String: Any])
        #expect(
            try compactJSON(components["securitySchemes"])
                == #"{"authorizationHeader":{"in":"header","name":"Authorization","type":"apiKey"},"#
                + #""basicAuth":{"scheme":"basic","type":"http"}}"#)
    }

    struct KeyInAHeader: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var key: String
        var trace: String
        var signature: String

        var definition: some EndpointDefinition {
            Method.get
            Path("header-key")
            Header.apiKey(key, in: "X-API-Key")
            Header("X-Trace", trace)
            // A secret that is not named for a key stays a parameter.
            Header("X-Signature", signature, isSecret: true)
        }
    }

    struct KeyInTheQuery: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var key: String?
        var page: Int

        var definition: some EndpointDefinition {
            Method.get
            Path("query-key")
            Query("api_key", key, isSecret: true)
            Query("page", page)
        }
    }

    @Test func aSecretHeaderOrQueryItemIsAnAPIKeyScheme() throws {
        let catalog = try Catalog([KeyInAHeader.self, KeyInTheQuery.self])
        let json = try #require(
            try JSONSerialization.jsonObject(
                with: Data(catalog.openAPIDocument(title: "Keys", version: "1").json.utf8))
                as? [String: Any])
        let paths = try #require(json["paths"] as? [String: [String: [String: Any]]])
        #expect(
            try compactJSON(paths["/header-key"]?["get"]?["security"]) == #"[{"apiKey-header-X-API-Key":[]}]"#
        )
        // The key is the scheme's, not a parameter; the other header still is one.
        #expect(
            try compactJSON(paths["/header-key"]?["get"]?["parameters"])
                == #"[{"in":"header","name":"X-Trace","required":true,"schema":{"type":"string"}},"#
                + #"{"in":"header","name":"X-Signature","required":true,"schema":{"type":"string"}}]"#)
        #expect(
            try compactJSON(paths["/query-key"]?["get"]?["security"]) == #"[{"apiKey-query-api_key":[]},{}]"#)
        let components = try #require(json["components"] as? [String: Any])
        #expect(
            try compactJSON(components["securitySchemes"])
                == #"{"apiKey-header-X-API-Key":{"in":"header","name":"X-API-Key","type":"apiKey"},"#
                + #""apiKey-query-api_key":{"in":"query","name":"api_key","type":"apiKey"}}"#)
        // A request without the key is answered 401 with a challenge naming where it goes.
        let request = IncomingRequest(
            method: .get, target: "/header-key",
            headers: [HeaderField(name: HeaderName("X-Trace"), value: "t")])
        do throws(EndpointMismatch) {
            _ = try catalog.match(request)
            Issue.record("a request without its key matched")
        } catch {
            let answer = error.answer(to: request)
            #expect(answer.status == .unauthorized)
            #expect(answer.headers["WWW-Authenticate"] == #"APIKey header="X-API-Key""#)
        }
    }

    @Test func theTextIsTheSameEveryTime() throws {
        let first = try Shelf.catalog().openAPIDocument(title: "Shelves", version: "2.1")
        let second = try Shelf.catalog().openAPIDocument(title: "Shelves", version: "2.1")
        #expect(first == second)
        #expect(first.json.hasPrefix("{\n  \"components\": {\n    \"schemas\": {\n      \"APIError\": {\n"))
        #expect(first.json.contains("\n  \"openapi\": \"3.1.0\",\n"))
    }
}
