import Courier
import Foundation
import Testing

enum QueryArrays {
    enum Genre: String, Codable, CaseIterable, Sendable {
        case jazz
        case rock = "rock & roll"
        case folk = "[folk]"
    }

    struct ListTags<Choice: FormChoice>: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never

        var tags: [String]
        var ids: [Int]
        var genres: [Genre]
        var page: Int?

        var definition: some EndpointDefinition {
            Method.get
            Path("tags")
            Choice.encoding
            Query("tag", tags)
            Query("id", ids)
            Query("genre", genres)
            Query("page", page)
        }
    }

    /// Comma-separated: only elements that cannot contain a comma.
    struct ListIDs: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never

        var ids: [Int]
        var genres: [Genre]
        var flags: [Bool]

        var definition: some EndpointDefinition {
            Method.get
            Path("ids")
            FormEncoding(arrays: .commaSeparated)
            Query("id", ids)
            Query("genre", genres)
            Query("flag", flags)
        }
    }

    struct OptionalTags: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var tags: [String]?

        var definition: some EndpointDefinition {
            Method.get
            Path("tags")
            Query("tag", tags)
        }
    }

    struct OptionalElements: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var tags: [String?]

        var definition: some EndpointDefinition {
            Method.get
            Path("tags")
            Query("tag", tags)
        }
    }

    struct NestedArrays: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var grid: [[Int]]

        var definition: some EndpointDefinition {
            Method.get
            Path("grid")
            Query("cell", grid)
        }
    }
}

/// The schema of an `Int`: its bounds are what a decoder accepts.
private let int64 =
    #"{"format":"int64","maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"}"#

struct CatalogQueryArrayTests {
    static let tagSets: [[String]] = [
        [], [""], ["", ""], ["jazz", "swift"], ["a,b", "[x]", "c d+e", "%20", "tag[]=1&x", "ü 🎷"],
    ]

    private func roundTrip<Model: CatalogEndpoint & Equatable>(_ value: Model) throws {
        let catalog = try Catalog([Model.self])
        let incoming = try IncomingRequest(try value.request())
        #expect(try catalog.match(incoming) as? Model == value, "\(incoming.target)")
    }

    @Test func arraysParseBackUnderEveryUnambiguousStrategy() throws {
        for (index, tags) in Self.tagSets.enumerated() {
            let ids = [[], [0], [1, -2, 3], [Int.max], [Int.min, 0]][index]
            let genres: [QueryArrays.Genre] = index.isMultiple(of: 2) ? [] : [.rock, .folk, .jazz]
            let page = index == 3 ? nil : index
            try roundTrip(
                QueryArrays.ListTags<Forms.Defaults>(tags: tags, ids: ids, genres: genres, page: page))
            try roundTrip(
                QueryArrays.ListTags<Forms.BracketArrays>(tags: tags, ids: ids, genres: genres, page: page))
            try roundTrip(
                QueryArrays.ListTags<Forms.DotsIndexed>(tags: tags, ids: ids, genres: genres, page: page))
            try roundTrip(QueryArrays.ListIDs(ids: ids, genres: genres, flags: ids.map { $0 > 0 }))
        }
    }

    @Test(arguments: ["/tags?tag%5B%5D=a", "/tags?tag%5B0%5D=a"])
    func anArrayWrittenByAnotherStrategyIsAMismatch(target: String) {
        let mismatch = #expect(throws: EndpointMismatch.self) {
            try QueryArrays.ListTags<Forms.Defaults>.parse(IncomingRequest(method: .get, target: target))
        }
        #expect(mismatch?.closeness == .sameRoute)
        #expect(mismatch?.description.contains(", where this endpoint reads tag=…)") == true)
        let brackets = #expect(throws: EndpointMismatch.self) {
            try QueryArrays.ListTags<Forms.BracketArrays>.parse(
                IncomingRequest(method: .get, target: "/tags?tag=a"))
        }
        // The reason names the two spellings, not a Swift type.
        #expect(
            brackets?.description.contains(
                "(tags: the array is written as tag=…, where this endpoint reads tag[]=…)")
                == true, "\(brackets?.description ?? "")")
    }

    @Test func theShapeNamesTheArrayWithoutItsBrackets() throws {
        let brackets = try QueryArrays.ListTags<Forms.BracketArrays>.shape()
        #expect(brackets.description == "GET /tags?tag&id&genre&page")
        #expect(brackets.query.map(\.arrayStrategy) == [.brackets, .brackets, .brackets, nil])
        #expect(
            try QueryArrays.ListTags<Forms.DotsIndexed>.shape().description == "GET /tags?tag&id&genre&page")
        let request = try QueryArrays.ListTags<Forms.BracketArrays>(
            tags: ["a b"], ids: [], genres: [.rock], page: nil
        ).request()
        #expect(request.percentEncodedQuery == "tag%5B%5D=a%20b&genre%5B%5D=rock%20%26%20roll")
    }

    @Test func anAmbiguousArrayIsRefusedWhenTheCatalogIsMade() {
        func refusal(_ type: any CatalogEndpoint.Type) -> String? {
            do {
                _ = try Catalog([type])
                return nil
            } catch {
                return error.message
            }
        }
        #expect(
            refusal(QueryArrays.ListTags<Forms.Commas>.self)
                == "ListTags<Commas> cannot be parsed from a request: the query parameter tags (tag) joins "
                + "String elements with commas, and an element may contain one; use "
                + "FormEncoding(arrays: .repeatedKey), .brackets or .indexed.")
        #expect(
            refusal(QueryArrays.OptionalTags.self)
                == "OptionalTags cannot be parsed from a request: the query parameter tags (tag) is an optional "
                + "array, and nil and [] both send no tag; make it non-optional, with [] for none.")
        #expect(
            refusal(QueryArrays.OptionalElements.self)
                == "OptionalElements cannot be parsed from a request: the query parameter tags (tag) has "
                + "optional elements, which are left out of the query; a server could not count them.")
        #expect(
            refusal(QueryArrays.NestedArrays.self)
                == "NestedArrays cannot be parsed from a request: the query parameter grid (cell) has elements "
                + "that are not single values (Array<Int>); send nested values in the body.")
    }

    @Test func theDocumentDescribesArraysWithItemsAndStyle() throws {
        func parameters(_ type: any CatalogEndpoint.Type, _ path: String) throws -> String {
            let document = try Catalog([type]).openAPIDocument(title: "Tags", version: "1")
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
            let paths = try #require(json["paths"] as? [String: [String: [String: Any]]])
            let value = try #require(paths[path]?["get"]?["parameters"])
            let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
            return String(decoding: data, as: UTF8.self)
        }
        #expect(
            try parameters(QueryArrays.ListTags<Forms.Defaults>.self, "/tags") == """
                [{"explode":true,"in":"query","name":"tag","required":false,"schema":{"items":{"type":"string"},"type":"array"},"style":"form"},\
                {"explode":true,"in":"query","name":"id","required":false,"schema":{"items":\(int64),"type":"array"},"style":"form"},\
                {"explode":true,"in":"query","name":"genre","required":false,"schema":{"items":{"enum":["jazz","rock & roll","[folk]"],"type":"string"},"type":"array"},"style":"form"},\
                {"in":"query","name":"page","required":false,"schema":\(int64)}]
                """)
        #expect(
            try parameters(QueryArrays.ListTags<Forms.BracketArrays>.self, "/tags").hasPrefix(
                #"[{"explode":true,"in":"query","name":"tag[]","#))
        #expect(
            try parameters(QueryArrays.ListIDs.self, "/ids").hasPrefix(
                #"[{"explode":false,"in":"query","name":"id","required":false,"schema":{"items":\#(int64),"type":"array"},"style":"form"}"#
            ))
    }
}
