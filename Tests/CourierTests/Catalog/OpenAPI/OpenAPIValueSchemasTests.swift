import Courier
import Foundation
import Testing

/// Schemas of values that are not keyed models: wrappers of one value, enums that do not list
/// their cases, raw JSON; and answers to HEAD, which have none.
struct OpenAPIValueSchemasTests {
    struct Slug: Codable, Sendable {
        let text: String
        init(from decoder: any Decoder) throws {
            text = try decoder.singleValueContainer().decode(String.self)
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
    }

    /// Raw values a probe's text is not one of, and no list of them.
    enum Colour: String, Codable, Sendable { case red, green }

    struct Article: Codable, Sendable {
        let slug: Slug
        let title: String
    }

    struct GetArticle: CatalogEndpoint {
        typealias Success = Article
        typealias Failure = Never

        var definition: some EndpointDefinition {
            Method.get
            Path("article")
        }
    }

    struct GetColour: CatalogEndpoint {
        typealias Success = Colour
        typealias Failure = Never

        var definition: some EndpointDefinition {
            Method.get
            Path("colour")
        }
    }

    struct GetRaw: CatalogEndpoint {
        typealias Success = Data
        typealias Failure = Never

        var definition: some EndpointDefinition {
            Method.get
            Path("raw")
            Header.accept(.json)
        }
    }

    struct HeadArticle: CatalogEndpoint {
        typealias Success = Article
        typealias Failure = Never

        var id: Int

        var definition: some EndpointDefinition {
            Method.head
            Path("article", id)
        }
    }

    /// A model with a property the probe cannot make (`Colour`), and one that holds it.
    struct Ticket: Codable, Sendable {
        let id: Int
        let colour: Colour
        let title: String
    }

    struct Board: Codable, Sendable {
        let name: String
        let ticket: Ticket
        let owner: String
    }

    struct GetBoard: CatalogEndpoint {
        typealias Success = Board
        typealias Failure = Never

        var definition: some EndpointDefinition {
            Method.get
            Path("board")
        }
    }

    /// Every scalar the document gives a `format`.
    struct Numbers: Codable, Sendable {
        let int: Int
        let int64: Int64
        let int32: Int32
        let int16: Int16
        let int8: Int8
        let uint: UInt
        let uint64: UInt64
        let uint32: UInt32
        let uint16: UInt16
        let uint8: UInt8
        let double: Double
        let float: Float
        let decimal: Decimal
        let id: UUID
        let at: Date
        let link: URL
        let bytes: Data
    }

    struct GetNumbers: CatalogEndpoint {
        typealias Success = Numbers
        typealias Failure = Never

        var definition: some EndpointDefinition {
            Method.get
            Path("numbers")
        }
    }

    private func document(_ endpoints: [any CatalogEndpoint.Type]) throws -> [String: Any] {
        let document = try Catalog(endpoints).openAPIDocument(title: "Values", version: "1")
        return try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
    }

    @Test func aWrapperOfOneValueAndAnEnumThatListsNoCasesAreTheirScalar() throws {
        let json = try document([GetArticle.self, GetColour.self])
        let schemas = try #require((json["components"] as? [String: Any])?["schemas"] as? [String: Any])
        #expect(try compactJSON(schemas["Slug"]) == #"{"title":"Slug","type":"string"}"#)
        #expect(try compactJSON(schemas["Colour"]) == #"{"title":"Colour","type":"string"}"#)
        // The model that holds them is described, not a placeholder.
        let article = try #require(schemas["Article"] as? [String: Any])
        #expect((article["properties"] as? [String: Any])?.keys.sorted() == ["slug", "title"])
    }

    @Test func aModelDescribedUpToAValueTheProbeCannotMakeSaysSo() throws {
        let json = try document([GetBoard.self])
        let schemas = try #require((json["components"] as? [String: Any])?["schemas"] as? [String: Any])
        #expect(
            try compactJSON(schemas["Ticket"])
                == #"{"description":"Not every property is listed: those decoded after `colour` are not "#
                + ##"described.","properties":{"colour":{"$ref":"#/components/schemas/Colour"},"##
                + #""id":\#(int64)},"required":["colour","id"],"title":"Ticket","type":"object","#
                + #""x-courier-undescribed":"Courier cannot make a value of Colour for colour; make Colour "#
                + #"CaseIterable, or SchemaDescribing, to describe all of Ticket."}"#)
        // The model that holds it is described as far as it, and names where the probe failed.
        #expect(
            try compactJSON(schemas["Board"])
                == #"{"description":"Not every property is listed: those decoded after `ticket.colour` are "#
                + #"not described.","properties":{"name":{"type":"string"},"#
                + ##""ticket":{"$ref":"#/components/schemas/Ticket"}},"required":["name","ticket"],"title":"Board","##
                + #""type":"object","x-courier-undescribed":"Courier cannot make a value of Colour for "#
                + #"ticket.colour; make Colour CaseIterable, or SchemaDescribing, to describe all of Board."}"#
        )
        #expect(try compactJSON(schemas["Colour"]) == #"{"title":"Colour","type":"string"}"#)
    }

    @Test func everyFormatIsOneTheOpenAPIFormatRegistryLists() throws {
        let json = try document([GetNumbers.self])
        let schemas = try #require((json["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let properties = try #require((schemas["Numbers"] as? [String: Any])?["properties"] as? [String: Any])
        // https://spec.openapis.org/registry/format/
        let registered: Set = [
            "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "double", "float",
            "uuid", "date-time", "uri",
        ]
        for (name, schema) in properties {
            guard let format = (schema as? [String: Any])?["format"] as? String else { continue }
            #expect(registered.contains(format), "\(name): \(format)")
        }
        // Every integer says its size: a generator reads the format, a validator the bounds.
        for name in ["int", "int64", "int32", "int16", "int8", "uint", "uint64", "uint32", "uint16", "uint8"]
        {
            #expect((properties[name] as? [String: Any])?["format"] != nil, "\(name)")
        }
        #expect(
            try compactJSON(properties["uint64"]) == #"{"format":"uint64","minimum":0,"type":"integer"}"#)
        #expect(
            try compactJSON(properties["uint32"])
                == #"{"format":"uint32","maximum":4294967295,"minimum":0,"type":"integer"}"#)
        #expect(
            try compactJSON(properties["int8"])
                == #"{"format":"int8","maximum":127,"minimum":-128,"type":"integer"}"#)
    }

    @Test func rawJSONIsAnyJSONDocument() throws {
        let json = try document([GetRaw.self])
        let paths = try #require(json["paths"] as? [String: [String: [String: Any]]])
        let responses = try #require(paths["/raw"]?["get"]?["responses"] as? [String: Any])
        #expect(
            try compactJSON(responses["200"])
                == #"{"content":{"application/json":{"schema":{}}},"description":"The Data."}"#)
    }

    @Test func answersToHeadHaveNoContent() throws {
        let json = try document([HeadArticle.self])
        let paths = try #require(json["paths"] as? [String: [String: [String: Any]]])
        let responses = try #require(
            paths["/article/{id}"]?["head"]?["responses"] as? [String: [String: Any]])
        #expect(!responses.isEmpty)
        for (status, response) in responses {
            #expect(response["content"] == nil, "\(status)")
        }
    }
}

/// The schema of an `Int`.
private let int64 =
    #"{"format":"int64","maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"}"#
