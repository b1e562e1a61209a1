import Courier
import CourierTesting
import Foundation
import Testing

private struct Created: Codable, Sendable, Equatable {
    var id: Int
}

private struct CreateThing: CatalogEndpoint, Equatable {
    typealias Success = Created
    typealias Failure = Never

    var name: String

    var definition: some EndpointDefinition {
        Method.post
        Path("things")
        SuccessStatus(.created)
        Query("name", name)
    }
}

private struct AcceptThing: CatalogEndpoint, Equatable {
    typealias Success = Empty
    typealias Failure = Never

    var definition: some EndpointDefinition {
        Method.post
        Path("things", "accept")
        SuccessStatus(202)
    }
}

private struct NoContentThing: CatalogEndpoint, Equatable {
    typealias Success = Created
    typealias Failure = Never

    var definition: some EndpointDefinition {
        Method.put
        Path("things")
        SuccessStatus(.noContent)
    }
}

/// 205 Reset Content has no content either (RFC 9110 §15.3.6).
private struct ResetThing: CatalogEndpoint, Equatable {
    typealias Success = Created
    typealias Failure = Never

    var definition: some EndpointDefinition {
        Method.post
        Path("things", "reset")
        SuccessStatus(205)
    }
}

private struct ShowThing: CatalogEndpoint, Equatable {
    typealias Success = Created
    typealias Failure = Never

    var definition: some EndpointDefinition {
        Method.get
        Path("things")
    }
}

struct SuccessStatusTests {
    @Test func theRequestCarriesTheDeclaredStatus() throws {
        #expect(try CreateThing(name: "a").request().successStatus == .created)
        #expect(try ShowThing().request().successStatus == nil)
    }

    @Test func twoStatusesOrAFailureStatusAreRefused() {
        let twice = #expect(throws: CourierError.self) {
            try Endpoint<Empty, Never> {
                Method.post
                SuccessStatus(.created)
                SuccessStatus(202)
            }.request()
        }
        #expect(twice?.kind == .invalidSuccessStatus)
        #expect(twice?.message == "An endpoint declares at most one SuccessStatus; this one declares 2.")
        let failure = #expect(throws: CourierError.self) {
            try Endpoint<Empty, Never> {
                Method.post
                SuccessStatus(.notFound)
            }.request()
        }
        #expect(failure?.kind == .invalidSuccessStatus)
        #expect(
            failure?.message
                == "The SuccessStatus 404 is not a 2xx status; declare failures in the Failure type.")
    }

    @Test func theClientDecodesTheDeclaredStatusAndAnyOther2xx() async throws {
        for status: HTTPStatus in [.created, .ok] {
            let client = Client(
                baseURL: BaseURL("api.example.com"),
                transport: StubTransport { _ in
                    RawResponse(
                        status: status, headers: [HeaderField(name: .contentType, value: "application/json")],
                        body: Data(#"{"id":7}"#.utf8))
                })
            #expect(try await client.value(CreateThing(name: "a")) == Created(id: 7))
        }
    }

    @Test func theShapeAndTheDocumentUseIt() throws {
        #expect(try CreateThing.shape().successStatus == .created)
        #expect(try AcceptThing.shape().successStatus == 202)
        #expect(try ShowThing.shape().successStatus == .ok)
        let document = try Catalog([CreateThing.self, AcceptThing.self, ShowThing.self])
            .openAPIDocument(title: "Things", version: "1")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        let paths = try #require(json["paths"] as? [String: [String: [String: Any]]])
        func responses(_ path: String, _ method: String) -> [String]? {
            (paths[path]?[method]?["responses"] as? [String: Any])?.keys.sorted()
        }
        // 400: what a request that is not the endpoint gets (EndpointMismatch.answer(to:)).
        #expect(responses("/things", "post") == ["201", "400"])
        #expect(responses("/things/accept", "post") == ["202", "400"])
        #expect(responses("/things", "get") == ["200", "400"])
    }

    @Test func noContentWithABodyIsRefused() {
        let failure = #expect(throws: CourierError.self) { try NoContentThing.shape() }
        #expect(failure?.kind == .invalidSuccessStatus)
        #expect(
            failure?.message
                == "NoContentThing declares SuccessStatus(204), which has no body, but its Success is "
                + "Created; declare Success as Empty or choose another status.")
        let reset = #expect(throws: CourierError.self) { try ResetThing.shape() }
        #expect(
            reset?.message
                == "ResetThing declares SuccessStatus(205), which has no body, but its Success is "
                + "Created; declare Success as Empty or choose another status.")
    }
}
