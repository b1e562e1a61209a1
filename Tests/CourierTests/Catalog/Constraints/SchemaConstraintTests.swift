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

/// Every place a constraint can be declared, with the keywords only the newer constraints say.
private struct Attach: CatalogEndpoint, SchemaConstrained, Equatable {
    typealias Success = Empty
    typealias Failure = Never
    static let schemaConstraints: [String: SchemaConstraint] = [
        "tags": [.minItems(1), .maxItems(3)], "ids": .itemCount(1...5), "photo": .maxLength(1_000_000),
        "code": [.maxLength(8), .pattern("^[a-z]+$")],
    ]

    struct Meta: Codable, Sendable, Equatable, SchemaConstrained {
        static let schemaConstraints: [String: SchemaConstraint] = ["title": .length(1...3)]
        var title: String
    }

    var tags: [String]
    var ids: [Int]
    var code: String
    var photo: Data
    var meta: Meta

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    var definition: some EndpointDefinition {
        Method.post
        Path("attach")
        FormEncoding(arrays: .indexed)
        Query("tag", tags)
        Query("id", ids)
        Body.multipart(
            .text("code", code), .data("photo", photo, filename: "p.jpg", contentType: .octetStream),
            .data("meta", (try? Self.encoder.encode(meta)) ?? Data(), contentType: .json))
    }
}

private struct Sizes: Codable, Sendable, Equatable, SchemaConstrained {
    static let schemaConstraints: [String: SchemaConstraint] = [
        "width": .maximum(4000), "labels": .maxItems(2),
    ]
    var width: Int
    var labels: [String]
}

private struct SaveSizes: CatalogEndpoint, Equatable {
    typealias Success = Empty
    typealias Failure = Never
    var sizes: Sizes

    var definition: some EndpointDefinition {
        Method.post
        Path("sizes")
        Body.form(sizes)
    }
}

struct SchemaConstraintTests {
    private func document(_ endpoints: [any CatalogEndpoint.Type] = [ListDrafts.self, SaveDraft.self]) throws
        -> [String: Any]
    {
        let json = try Catalog(endpoints).openAPIDocument(title: "Drafts", version: "1").json
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    private func operation(_ path: String, in endpoints: [any CatalogEndpoint.Type]) throws -> [String: Any] {
        let paths = try #require(try document(endpoints)["paths"] as? [String: [String: [String: Any]]])
        return try #require(paths[path]?["post"])
    }

    /// ``compactJSON(_:escapingSlashes:)`` as these pinned strings write slashes: `\/`.
    private func compact(_ value: Any?) throws -> String {
        try compactJSON(value, escapingSlashes: true)
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

    @Test func aQueryArraysItemCountsAreInItsSchemaAndAnIndexedOneCountsProperties() throws {
        let parameters = try #require(
            try operation("/attach", in: [Attach.self])["parameters"] as? [[String: Any]])
        let schemas = try parameters.map { try compact($0["schema"]) }
        // Indexed arrays are objects keyed by index: their counts are property counts.
        #expect(schemas.count == 2)
        #expect(schemas[0].contains(#""maxProperties":3,"minProperties":1"#))
        #expect(schemas[1].contains(#""maxProperties":5,"minProperties":1"#))
        #expect(!schemas.joined().contains("Items"))
    }

    @Test func aMultipartPartsConstraintsAreInItsSchema() throws {
        let body = try #require(try operation("/attach", in: [Attach.self])["requestBody"] as? [String: Any])
        let content = try #require(body["content"] as? [String: [String: Any]])
        let schema = try #require(content["multipart/form-data"]?["schema"] as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(try compact(properties["code"]) == #"{"maxLength":8,"pattern":"^[a-z]+$","type":"string"}"#)
        #expect(
            try compact(properties["photo"])
                == #"{"contentMediaType":"application\/octet-stream","format":"binary","maxLength":1000000,"type":"string"}"#
        )
        #expect(
            try compact(properties["meta"])
                == ##"{"contentMediaType":"application\/json","contentSchema":{"$ref":"#\/components\/schemas\/Meta"},"##
                + #""format":"binary","type":"string"}"#)
        let components = try #require(try document([Attach.self])["components"] as? [String: [String: Any]])
        #expect(
            try compact(components["schemas"]?["Meta"])
                == #"{"properties":{"title":{"maxLength":3,"minLength":1,"type":"string"}},"required":["title"],"#
                + #""title":"Meta","type":"object"}"#)
    }

    @Test func aFormBodysModelConstraintsAreInItsProperties() throws {
        let body = try #require(
            try operation("/sizes", in: [SaveSizes.self])["requestBody"] as? [String: Any])
        let content = try #require(body["content"] as? [String: [String: Any]])
        let schema = try #require(content["application/x-www-form-urlencoded"]?["schema"] as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(
            try compact(properties["width"])
                == #"{"format":"int64","maximum":4000,"minimum":-9223372036854775808,"type":"integer"}"#)
        #expect(
            try compact(properties["labels"]) == #"{"items":{"type":"string"},"maxItems":2,"type":"array"}"#)
    }
}
