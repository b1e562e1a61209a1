import Courier
import Foundation
import Testing

/// Models the probe makes values of: URLs, and models that hold themselves through an optional.
struct CatalogProbeTests {
    struct Comment: Codable, Sendable, Hashable {
        var text: String
        var link: URL
        var reply: Box?

        /// An optional comment behind a reference, as a generated model holds itself.
        final class Box: Codable, Sendable, Hashable {
            let comment: Comment
            init(_ comment: Comment) { self.comment = comment }
            required init(from decoder: any Decoder) throws { comment = try Comment(from: decoder) }
            func encode(to encoder: any Encoder) throws { try comment.encode(to: encoder) }
            static func == (lhs: Box, rhs: Box) -> Bool { lhs.comment == rhs.comment }
            func hash(into hasher: inout Hasher) { hasher.combine(comment) }
        }
    }

    struct PostComment: CatalogEndpoint, Equatable {
        typealias Success = Comment
        typealias Failure = Never
        var comment: Comment

        var definition: some EndpointDefinition {
            Method.post
            Path("comments")
            Body.json(comment)
        }
    }

    @Test func aModelWithAURLAndItselfBehindAnOptionalReadsBack() throws {
        let catalog = try Catalog([PostComment.self])
        let reply = Comment(text: "me too", link: URL(string: "https://example.com/2")!, reply: nil)
        let sent = PostComment(
            comment: Comment(text: "first", link: URL(string: "https://example.com/1")!, reply: .init(reply)))
        let matched = try catalog.match(try IncomingRequest(try sent.request()))
        #expect(matched as? PostComment == sent)
        let document = catalog.openAPIDocument(title: "Comments", version: "1").json
        #expect(document.contains(#""format" : "uri""#) || document.contains(#""format": "uri""#))
    }

    struct Tally: Codable, Sendable, Hashable {
        var counts: [String: Int]
    }

    struct PutTally: CatalogEndpoint, Equatable {
        typealias Success = [Tally]
        typealias Failure = Never
        var tally: Tally

        var definition: some EndpointDefinition {
            Method.put
            Path("tally")
            Body.json(tally)
        }
    }

    @Test func dictionariesAndArraysAreExportedWithTheirValues() throws {
        let json = try Catalog([PutTally.self]).openAPIDocument(title: "Tally", version: "1").json
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any]
        let counts =
            ((schemas?["Tally"] as? [String: Any])?["properties"] as? [String: Any])?["counts"]
            as? [String: Any]
        #expect(counts?["type"] as? String == "object")
        #expect((counts?["additionalProperties"] as? [String: Any])?["format"] as? String == "int64")
        let response =
            (((document["paths"] as? [String: Any])?["/tally"] as? [String: Any])?["put"]
            as? [String: Any])?["responses"] as? [String: Any]
        let schema =
            ((((response?["200"] as? [String: Any])?["content"] as? [String: Any])?["application/json"])
            as? [String: Any])?["schema"] as? [String: Any]
        #expect(schema?["type"] as? String == "array")
        #expect((schema?["items"] as? [String: Any])?["$ref"] as? String == "#/components/schemas/Tally")
    }

    struct Labels: Codable, Sendable, Hashable {
        var name: String
        var metadata: [String: String]
    }

    struct PostLabels: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var labels: Labels

        var definition: some EndpointDefinition {
            Method.post
            Path("labels")
            Body.form(labels)
        }
    }

    struct PutImage: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var image: Data

        var definition: some EndpointDefinition {
            Method.put
            Path("image")
            Body.data(image, contentType: MediaType("image/png"))
        }
    }

    @Test func aFormDictionaryIsAnObjectOfAnyKeysAndBytesAreNotBase64() throws {
        let catalog = try Catalog([PostLabels.self, PutImage.self])
        let sent = PostLabels(labels: Labels(name: "a", metadata: ["team": "core", "tier": "1"]))
        #expect(try catalog.match(try IncomingRequest(try sent.request())) as? PostLabels == sent)
        let json = catalog.openAPIDocument(title: "Forms", version: "1").json
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let paths = document["paths"] as? [String: [String: [String: Any]]]
        func media(_ path: String, _ method: String, _ type: String) -> [String: Any]? {
            ((paths?[path]?[method]?["requestBody"] as? [String: Any])?["content"] as? [String: Any])?[type]
                as? [String: Any]
        }
        let form = media("/labels", "post", "application/x-www-form-urlencoded")
        let metadata =
            ((form?["schema"] as? [String: Any])?["properties"] as? [String: Any])?["metadata"]
            as? [String: Any]
        #expect(metadata?["type"] as? String == "object")
        #expect((metadata?["additionalProperties"] as? [String: Any])?["type"] as? String == "string")
        #expect(
            ((form?["encoding"] as? [String: Any])?["metadata"] as? [String: Any])?["style"] as? String
                == "deepObject")
        let image = media("/image", "put", "image/png")?["schema"] as? [String: Any]
        #expect(image?["contentMediaType"] as? String == "image/png")
        #expect(image?["contentEncoding"] == nil)
    }

    struct Tree: Codable, Sendable, Hashable {
        var name: String
        var children: [String: Tree]
    }

    struct PutTree: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var tree: Tree

        var definition: some EndpointDefinition {
            Method.put
            Path("tree")
            Body.json(tree)
        }
    }

    @Test func aModelThatHoldsADictionaryOfItselfReadsBack() throws {
        let catalog = try Catalog([PutTree.self])
        let sent = PutTree(tree: Tree(name: "root", children: ["a": Tree(name: "leaf", children: [:])]))
        #expect(try catalog.match(try IncomingRequest(try sent.request())) as? PutTree == sent)
    }
}
