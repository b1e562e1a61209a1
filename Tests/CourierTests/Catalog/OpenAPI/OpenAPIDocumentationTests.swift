import Courier
import Foundation
import Testing

/// What an endpoint's ``EndpointDocumentation`` adds to its operation.
struct OpenAPIDocumentationTests {
    struct ListThings: CatalogEndpoint {
        typealias Success = [String]
        typealias Failure = Never

        static let documentation = EndpointDocumentation(
            summary: "Lists the things", details: "Newest first.", tags: ["Things", "Lists", "Things"],
            isDeprecated: true)

        var definition: some EndpointDefinition {
            Method.get
            Path("things")
        }
    }

    struct GetThing: CatalogEndpoint {
        typealias Success = String
        typealias Failure = Never
        var id: Int

        static let documentation = EndpointDocumentation(tags: ["Things", "Single"])

        var definition: some EndpointDefinition {
            Method.get
            Path("things", id)
        }
    }

    struct Ping: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var definition: some EndpointDefinition {
            Method.get
            Path("ping")
        }
    }

    struct QueryThings: CatalogEndpoint {
        typealias Success = [String]
        typealias Failure = Never

        static let documentation = EndpointDocumentation(tags: ["Queries"])

        var definition: some EndpointDefinition {
            Method(HTTPMethod("QUERY"))
            Path("things")
        }
    }

    struct Blank: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        static let documentation = EndpointDocumentation(summary: "", details: "", tags: [""])

        var definition: some EndpointDefinition {
            Method.get
            Path("blank")
        }
    }

    private func document(_ endpoints: [any CatalogEndpoint.Type]) throws -> [String: Any] {
        let document = try Catalog(endpoints).openAPIDocument(title: "Documentation", version: "1")
        return try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
    }

    private func get(_ json: [String: Any], _ path: String) throws -> [String: Any] {
        let paths = try #require(json["paths"] as? [String: [String: [String: Any]]])
        return try #require(paths[path]?["get"])
    }

    @Test func anOperationHasTheSummaryDescriptionTagsAndDeprecationDeclared() throws {
        let operation = try get(try document([ListThings.self]), "/things")
        #expect(operation["summary"] as? String == "Lists the things")
        #expect(operation["description"] as? String == "Newest first.")
        #expect(operation["tags"] as? [String] == ["Things", "Lists"])
        #expect(operation["deprecated"] as? Bool == true)
    }

    @Test func anUndocumentedOperationIsSummarisedByItsMethodAndTemplate() throws {
        let operation = try get(try document([Ping.self]), "/ping")
        #expect(operation["summary"] as? String == "GET /ping")
        #expect(operation["description"] == nil)
        #expect(operation["tags"] == nil)
        #expect(operation["deprecated"] == nil)
        #expect(try document([Ping.self])["tags"] == nil)
    }

    @Test func emptyTextsAreNoDocumentation() throws {
        let json = try document([Blank.self])
        let operation = try get(json, "/blank")
        #expect(operation["summary"] as? String == "GET /blank")
        #expect(operation["description"] == nil)
        #expect(operation["tags"] == nil)
        #expect(json["tags"] == nil)
    }

    @Test func theDocumentListsEveryTagOnceInTheOrderTheyFirstAppear() throws {
        // An operation the document leaves out (OpenAPI 3.1 has no field for QUERY) adds no tag.
        let json = try document([Ping.self, QueryThings.self, ListThings.self, GetThing.self])
        let tags = try #require(json["tags"] as? [[String: String]])
        #expect(tags == [["name": "Things"], ["name": "Lists"], ["name": "Single"]])
        #expect(try get(json, "/things/{id}")["summary"] as? String == "GET /things/{id}")
    }
}
