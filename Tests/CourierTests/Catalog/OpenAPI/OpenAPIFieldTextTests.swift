import Courier
import Foundation
import Testing

/// What the document says of a field's text beyond its parameter's type: a fixed secret, text
/// around a value, and a model that holds itself through an array.
struct OpenAPIFieldTextTests {
    private func operation(_ endpoint: any CatalogEndpoint.Type, _ path: String) throws -> [String: Any] {
        let document = try Catalog([endpoint]).openAPIDocument(title: "Fields", version: "1")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        let paths = try #require(json["paths"] as? [String: [String: [String: Any]]])
        return try #require(paths[path]?["get"] ?? paths[path]?["post"])
    }

    struct FixedSecrets: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var definition: some EndpointDefinition {
            Method.get
            Path("fixed")
            Query("api_key", "sk_live_query")
            Header("X-Auth-Token", "header-secret", isSecret: true)
            Query("format", "full")
        }
    }

    @Test func aFixedSecretIsNamedButItsValueIsNotPublished() throws {
        let get = try operation(FixedSecrets.self, "/fixed")
        let parameters = try compactJSON(get["parameters"])
        #expect(!parameters.contains("sk_live_query") && !parameters.contains("header-secret"))
        #expect(
            parameters
                == #"[{"in":"query","name":"api_key","required":true,"schema":{"type":"string"}},"#
                + #"{"in":"query","name":"format","required":true,"schema":{"enum":["full"],"type":"string"}},"#
                + #"{"in":"header","name":"X-Auth-Token","required":true,"schema":{"type":"string"}}]"#)
    }

    struct Wrapped: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var id: Int
        var trace: Int
        var note: String

        var definition: some EndpointDefinition {
            Method.post
            Path("wrapped")
            Query("filter", "id:\(id)")
            Header("X-Trace", "v1.(\(trace))")
            Body.multipart(.text("note", "Re: \(note)"))
        }
    }

    @Test func aValueBetweenFixedTextIsAStringWithThatText() throws {
        let post = try operation(Wrapped.self, "/wrapped")
        // The bare integer the parameter's type allows is refused by the catalog.
        #expect(
            try compactJSON(post["parameters"])
                == #"[{"in":"query","name":"filter","required":true,"schema":{"pattern":"^id:[\\s\\S]*$","type":"string"}},"#
                + #"{"in":"header","name":"X-Trace","required":true,"schema":{"pattern":"^v1\\.\\([\\s\\S]*\\)$","type":"string"}}]"#
        )
        let body = try #require(post["requestBody"] as? [String: Any])
        #expect(
            try compactJSON(
                ((body["content"] as? [String: Any])?["multipart/form-data"] as? [String: Any])?["schema"])
                == #"{"properties":{"note":{"pattern":"^Re: [\\s\\S]*$","type":"string"}},"required":["note"],"type":"object"}"#
        )
        let catalog = try Catalog([Wrapped.self])
        #expect(throws: EndpointMismatch.self) {
            try catalog.match(
                IncomingRequest(
                    method: .post, target: "/wrapped?filter=7",
                    headers: [HeaderField(name: HeaderName("X-Trace"), value: "8")]))
        }
    }

    struct Node: Codable, Sendable {
        var name: String
        var children: [Node]
    }

    struct GetTree: CatalogEndpoint {
        typealias Success = Node
        typealias Failure = Never

        var definition: some EndpointDefinition {
            Method.get
            Path("tree")
        }
    }

    struct SaveTree: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var tree: Node

        var definition: some EndpointDefinition {
            Method.post
            Path("tree")
            Body.json(tree)
        }
    }

    @Test func aModelThatHoldsItselfThroughAnArrayIsDescribed() throws {
        let document = try Catalog([GetTree.self, SaveTree.self]).openAPIDocument(
            title: "Trees", version: "1")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        let schemas = (json["components"] as? [String: Any])?["schemas"] as? [String: Any]
        #expect(
            try compactJSON(schemas?["Node"])
                == ##"{"properties":{"children":{"items":{"$ref":"#/components/schemas/Node"},"type":"array"},"##
                + ##""name":{"type":"string"}},"required":["children","name"],"title":"Node","type":"object"}"##
        )
    }
}
