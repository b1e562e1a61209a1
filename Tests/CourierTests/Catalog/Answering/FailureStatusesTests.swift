import Courier
import Foundation
import Testing

struct FailureStatusesTests {
    @Test func aCatalogRefusesAStatusTheFailureDoesNotDocument() {
        let error = #expect(throws: CourierError.self) { try Catalog([Orders.ShipOrder.self]) }
        #expect(error?.kind == .undocumentedAnswer)
        #expect(
            error?.message
                == "ShipOrder lists the failure status 409, which its OrderError does not document "
                + "(it documents 404, 410, 422, 401).")
    }

    @Test func eachOperationListsOnlyItsOwnStatuses() throws {
        let document = try Catalog(Orders.endpoints).openAPIDocument(title: "Shop", version: "1")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        let paths = try #require(json["paths"] as? [String: [String: [String: Any]]])
        func responses(_ path: String, _ method: String) -> [String: [String: Any]] {
            (paths[path]?[method]?["responses"] as? [String: [String: Any]]) ?? [:]
        }
        let get = responses("/shop/v1/orders/{id}", "get")
        // 400 and the second media type of 404: what a request that is not the endpoint gets.
        #expect(get.keys.sorted() == ["200", "400", "404", "410"])
        let notFound = try #require(get["404"]?["content"] as? [String: Any])
        #expect(notFound.keys.sorted() == ["application/json", "application/problem+json"])
        #expect(responses("/shop/v1/orders", "post").keys.sorted() == ["201", "400", "401", "415", "422"])
        #expect(responses("/shop/v1/products/{id}", "get").keys.sorted() == ["200", "400", "404", "default"])
    }

    /// A conditional read whose failures include a `304`, documented with `Model`.
    private enum Conditional<Model: Codable & Sendable & Equatable> {
        enum Failure: DocumentedErrors, AnswerableError, Equatable {
            case notModified(Model)
            case notFound(Orders.Missing)

            static var documentedStatuses: [DocumentedStatus<Failure>] {
                [
                    .status(304, Model.self, Failure.notModified),
                    .status(.notFound, Orders.Missing.self, Failure.notFound),
                ]
            }

            var answer: ErrorAnswer {
                switch self {
                case .notModified(let body): .status(304, body)
                case .notFound(let body): .status(.notFound, body)
                }
            }
        }

        struct GetNote: CatalogEndpoint, Equatable {
            typealias Success = String
            typealias Failure = Conditional.Failure

            var tag: String

            var definition: some EndpointDefinition {
                Method.get
                Path("notes", "today")
                Header("If-None-Match", tag)
            }
        }
    }

    @Test func aCatalogRefusesABodyForAStatusWithoutContent() {
        let error = #expect(throws: CourierError.self) {
            try Catalog([Conditional<Orders.Missing>.GetNote.self])
        }
        #expect(error?.kind == .undocumentedAnswer)
        #expect(
            error?.message
                == "GetNote's Failure documents the status 304 with a Missing body, but a 304 response has "
                + "no content; document it with Empty.")
    }

    @Test func aStatusWithoutContentIsAnsweredWithNoBodyAndNoType() throws {
        _ = try Catalog([Conditional<Empty>.GetNote.self])
        let answer = try Conditional<Empty>.GetNote(tag: "\"v1\"").answer(failure: .notModified(Empty()))
        #expect(answer.status == HTTPStatus(304))
        #expect(answer.body.isEmpty)
        #expect(answer.headers[.contentType] == nil)
        let missing = try Conditional<Empty>.GetNote(tag: "\"v1\"").answer(
            failure: .notFound(Orders.Missing(message: "No note today.")))
        #expect(missing.headers[.contentType] == "application/json")
        let document = try Catalog([Conditional<Empty>.GetNote.self]).openAPIDocument(
            title: "Notes", version: "1")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        let paths = try #require(json["paths"] as? [String: [String: [String: Any]]])
        let responses = try #require(paths["/notes/today"]?["get"]?["responses"] as? [String: [String: Any]])
        #expect(responses["304"]?.keys.sorted() == ["description"])
        #expect(responses["404"]?["content"] != nil)
    }
}
