import Courier
import Foundation
import Testing

/// Names a document gives: each operationId once, and each model its own component.
struct OpenAPINamesTests {
    enum V1 {
        struct Thing: Codable, Sendable { let id: Int }

        struct GetThing: CatalogEndpoint {
            typealias Success = Thing
            typealias Failure = Never

            var definition: some EndpointDefinition {
                Method.get
                Path("v1", "thing")
            }
        }
    }

    enum V2 {
        struct Thing: Codable, Sendable { let name: String }

        struct GetThing: CatalogEndpoint {
            typealias Success = Thing
            typealias Failure = Never

            var definition: some EndpointDefinition {
                Method.get
                Path("v2", "thing")
            }
        }
    }

    private func document(_ endpoints: [any CatalogEndpoint.Type]) throws -> [String: Any] {
        let document = try Catalog(endpoints).openAPIDocument(title: "Names", version: "1")
        return try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
    }

    private func get(_ json: [String: Any], _ path: String) throws -> [String: Any] {
        let paths = try #require(json["paths"] as? [String: [String: [String: Any]]])
        return try #require(paths[path]?["get"])
    }

    @Test func entriesOfOneNameHaveTheirQualifiedNamesAsOperationIDs() throws {
        let json = try document([V1.GetThing.self, V2.GetThing.self])
        let first = try #require(try get(json, "/v1/thing")["operationId"] as? String)
        let second = try #require(try get(json, "/v2/thing")["operationId"] as? String)
        #expect(first != second)
        #expect(first.hasSuffix("OpenAPINamesTests.V1.GetThing"))
        #expect(second.hasSuffix("OpenAPINamesTests.V2.GetThing"))
        // A name no other entry has stays as it is.
        #expect(
            try get(try document([V1.GetThing.self]), "/v1/thing")["operationId"] as? String == "GetThing")
    }

    @Test func modelsOfOneNameEachHaveTheirOwnComponent() throws {
        let json = try document([V1.GetThing.self, V2.GetThing.self])
        func reference(_ path: String) throws -> String {
            let responses = try #require(try get(json, path)["responses"] as? [String: Any])
            let content = try #require((responses["200"] as? [String: Any])?["content"] as? [String: Any])
            let schema = try #require(
                (content["application/json"] as? [String: Any])?["schema"] as? [String: Any])
            return try #require(schema["$ref"] as? String)
        }
        let first = try reference("/v1/thing")
        let second = try reference("/v2/thing")
        #expect(first == "#/components/schemas/Thing")
        #expect(second != first && second.hasSuffix("OpenAPINamesTests.V2.Thing"))
        let schemas = try #require((json["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let v1 = try #require(schemas["Thing"] as? [String: Any])
        let v2 = try #require(
            schemas[String(second.dropFirst("#/components/schemas/".count))] as? [String: Any])
        #expect((v1["properties"] as? [String: Any])?.keys.sorted() == ["id"])
        #expect((v2["properties"] as? [String: Any])?.keys.sorted() == ["name"])
    }

    struct GetItem: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var id: Int

        var definition: some EndpointDefinition {
            Method.get
            Path("items", id)
        }
    }

    struct DeleteItem: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var itemID: Int

        var definition: some EndpointDefinition {
            Method.delete
            Path("items", itemID)
        }
    }

    /// OpenAPI lists a path once: templates that differ only in their parameters' names are one.
    @Test func templatesThatDifferOnlyInParameterNamesAreOnePath() throws {
        let json = try document([GetItem.self, DeleteItem.self])
        let paths = try #require(json["paths"] as? [String: [String: [String: Any]]])
        #expect(paths.keys.sorted() == ["/items/{id}"])
        let delete = try #require(paths["/items/{id}"]?["delete"])
        #expect(
            try compactJSON(delete["parameters"])
                == #"[{"in":"path","name":"id","required":true,"schema":{"format":"int64","#
                + #""maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"}}]"#)
    }
}
