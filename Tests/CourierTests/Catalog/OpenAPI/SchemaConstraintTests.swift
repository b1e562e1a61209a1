import Courier
import Foundation
import Testing

private struct Draft: Codable, Sendable, Equatable, SchemaConstrained {
    var title: String
    var note: String?
    static let schemaConstraints: [String: SchemaConstraint] = [
        "title": .length(1...80), "note": .minLength(1),
    ]
}

private struct ListDrafts: CatalogEndpoint, SchemaConstrained, Equatable {
    typealias Success = [Draft]
    typealias Failure = Never
    static let schemaConstraints: [String: SchemaConstraint] = ["page": .minimum(1), "size": .range(1...50)]

    var page: Int
    var size: Int?

    var definition: some EndpointDefinition {
        Method.get
        Path("drafts")
        Query("page", page)
        Query("size", size)
    }
}

private struct SaveDraft: CatalogEndpoint, Equatable {
    typealias Success = Empty
    typealias Failure = Never
    var draft: Draft

    var definition: some EndpointDefinition {
        Method.post
        Path("drafts")
        Body.json(draft)
    }
}

struct SchemaConstraintTests {
    private func document() throws -> [String: Any] {
        let json = try Catalog([ListDrafts.self, SaveDraft.self]).openAPIDocument(
            title: "Drafts", version: "1"
        ).json
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    private func compact(_ value: Any?) throws -> String {
        let data = try JSONSerialization.data(
            withJSONObject: try #require(value), options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }

    @Test func anEndpointsConstraintsAreInItsParameters() throws {
        let paths = try #require(try document()["paths"] as? [String: [String: [String: Any]]])
        let parameters = try #require(paths["/drafts"]?["get"]?["parameters"] as? [[String: Any]])
        #expect(
            try compact(parameters.map { $0["schema"] })
                == #"[{"format":"int64","maximum":9223372036854775807,"minimum":1,"type":"integer"},"#
                + #"{"format":"int64","maximum":50,"minimum":1,"type":"integer"}]"#)
    }

    @Test func aModelsConstraintsAreInItsSchemaAndAnOptionalOneAllowsNull() throws {
        let components = try #require(try document()["components"] as? [String: [String: Any]])
        #expect(
            try compact(components["schemas"]?["Draft"])
                == #"{"properties":{"note":{"anyOf":[{"minLength":1,"type":"string"},{"type":"null"}]},"#
                + #""title":{"maxLength":80,"minLength":1,"type":"string"}},"required":["title"],"title":"Draft","type":"object"}"#
        )
    }
}
