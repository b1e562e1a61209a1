import Courier
import Foundation
import Testing

struct OpenAPIFormTests {
    private func json(_ catalog: Catalog) throws -> [String: Any] {
        let document = catalog.openAPIDocument(title: "Forms", version: "1")
        return try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
    }

    /// The form media type object of `SaveProfile` under `Choice`.
    private func formMedia<Choice: FormChoice>(_ choice: Choice.Type) throws -> [String: Any] {
        let paths = try #require(
            try json(Catalog([Forms.SaveProfile<Choice>.self]))["paths"] as? [String: Any])
        let post = try #require((paths["/profiles/{id}"] as? [String: Any])?["post"] as? [String: Any])
        let content = try #require((post["requestBody"] as? [String: Any])?["content"] as? [String: Any])
        return try #require(content["application/x-www-form-urlencoded"] as? [String: Any])
    }

    private func properties(_ media: [String: Any]) throws -> [String: Any] {
        try #require((media["schema"] as? [String: Any])?["properties"] as? [String: Any])
    }

    @Test func aFormSaysHowArraysAndObjectsAreSentByDefault() throws {
        let media = try formMedia(Forms.Defaults.self)
        #expect(
            try compactJSON(media["encoding"])
                == #"{"home":{"explode":true,"style":"deepObject"},"labels":{"explode":true,"style":"form"},"#
                + #""tags":{"explode":true,"style":"form"}}"#)
        let properties = try properties(media)
        #expect(
            try compactJSON(properties["home"])
                == #"{"properties":{"city":{"type":"string"},"postCode":{"type":"string"}},"#
                + #""required":["city"],"type":"object"}"#)
        #expect(
            try compactJSON(properties["joined"])
                == #"{"format":"date-time","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$","#
                + #""type":"string"}"#)
        // Optional properties and arrays (an empty one sends no pair) are not required.
        #expect(
            try compactJSON((media["schema"] as? [String: Any])?["required"])
                == #"["displayName","age","ratio","isActive","joined","home"]"#)
    }

    @Test func bracketArraysAreNamedWithTheirBrackets() throws {
        let media = try formMedia(Forms.BracketArrays.self)
        let properties = try properties(media)
        #expect(properties["tags[]"] != nil && properties["tags"] == nil)
        #expect(
            try compactJSON((media["encoding"] as? [String: Any])?["labels[]"])
                == #"{"explode":true,"style":"form"}"#)
    }

    struct Stamps: Codable, Sendable {
        var ids: [Int]
        var at: Date
    }

    struct SaveStamps: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var stamps: Stamps

        var definition: some EndpointDefinition {
            Method.post
            Path("stamps")
            FormEncoding(arrays: .commaSeparated, dates: .millisecondsSince1970)
            Body.form(stamps)
        }
    }

    @Test func commaSeparatedArraysAreNotExplodedAndDatesAreTheirStrategysText() throws {
        let paths = try #require(try json(Catalog([SaveStamps.self]))["paths"] as? [String: Any])
        let post = try #require((paths["/stamps"] as? [String: Any])?["post"] as? [String: Any])
        let content = try #require((post["requestBody"] as? [String: Any])?["content"] as? [String: Any])
        let media = try #require(content["application/x-www-form-urlencoded"] as? [String: Any])
        #expect(
            try compactJSON((media["encoding"] as? [String: Any])?["ids"])
                == #"{"explode":false,"style":"form"}"#
        )
        #expect(try compactJSON(try properties(media)["at"]) == #"{"type":"number"}"#)
    }

    @Test func indexedArraysAreObjectsKeyedByIndexAndDotsNestingIsAnExtension() throws {
        let media = try formMedia(Forms.DotsIndexed.self)
        let properties = try properties(media)
        #expect(
            try compactJSON(properties["tags"])
                == #"{"additionalProperties":"# + int64
                + #","propertyNames":{"pattern":"^(0|[1-9][0-9]*)$","type":"string"},"type":"object"}"#)
        let encoding = try #require(media["encoding"] as? [String: Any])
        #expect(try compactJSON(encoding["tags"]) == #"{"explode":true,"style":"deepObject"}"#)
        #expect(
            try compactJSON(encoding["home"])
                == #"{"x-courier-form-style":{"arrays":"indexed","nesting":"dots"}}"#)
        // The key strategy names the properties as the wire does.
        #expect(properties["display_name"] != nil && properties["displayName"] == nil)
    }

    @Test func anIndexedQueryArrayIsADeepObjectKeyedByIndex() throws {
        let paths = try #require(
            try json(Catalog([QueryArrays.ListTags<Forms.DotsIndexed>.self]))["paths"] as? [String: Any])
        let get = try #require((paths["/tags"] as? [String: Any])?["get"] as? [String: Any])
        let parameters = try #require(get["parameters"] as? [[String: Any]])
        let tag = try #require(parameters.first { $0["name"] as? String == "tag" })
        #expect(tag["style"] as? String == "deepObject")
        #expect(tag["explode"] as? Bool == true)
        #expect(tag["x-courier-array-style"] == nil)
        #expect(
            try compactJSON(tag["schema"])
                == #"{"additionalProperties":{"type":"string"},"#
                + #""propertyNames":{"pattern":"^(0|[1-9][0-9]*)$","type":"string"},"type":"object"}"#)
    }

    struct Switches: Codable, Sendable, Equatable {
        var isOn: Bool
        var history: [Bool]
    }

    /// Booleans as `1` and `0` in the form body and the query; as `true` and `false` in the
    /// path and a header, which print them whatever the form encoding.
    struct SaveSwitches: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never

        var locked: Bool
        var dryRun: Bool
        var verbose: Bool
        var switches: Switches

        var definition: some EndpointDefinition {
            Method.post
            Path("switches", locked)
            FormEncoding(booleans: .numeric)
            Query("dry_run", dryRun)
            Header("X-Verbose", "\(verbose)")
            Body.form(switches)
        }
    }

    @Test func numericBooleansAreTheIntegersZeroAndOneWhereTheFormEncodingWritesThem() throws {
        let paths = try #require(try json(Catalog([SaveSwitches.self]))["paths"] as? [String: Any])
        let post = try #require((paths["/switches/{locked}"] as? [String: Any])?["post"] as? [String: Any])
        let parameters = try #require(post["parameters"] as? [[String: Any]])
        func schema(_ name: String) throws -> String {
            try compactJSON(parameters.first { $0["name"] as? String == name }?["schema"])
        }
        let numeric = #"{"enum":[0,1],"type":"integer"}"#
        #expect(try schema("dry_run") == numeric)
        #expect(try schema("locked") == #"{"type":"boolean"}"#)
        #expect(try schema("X-Verbose") == #"{"type":"boolean"}"#)
        let content = try #require((post["requestBody"] as? [String: Any])?["content"] as? [String: Any])
        let media = try #require(content["application/x-www-form-urlencoded"] as? [String: Any])
        let properties = try properties(media)
        #expect(try compactJSON(properties["isOn"]) == numeric)
        #expect(try compactJSON(properties["history"]) == #"{"items":"# + numeric + #","type":"array"}"#)
        // What the document says is what the catalog reads.
        let matched = try Catalog([SaveSwitches.self]).match(
            IncomingRequest(
                method: .post, target: "/switches/true?dry_run=0",
                headers: [
                    HeaderField(name: .contentType, value: "application/x-www-form-urlencoded"),
                    HeaderField(name: HeaderName("X-Verbose"), value: "false"),
                ],
                body: Data("isOn=1&history=0&history=1".utf8)))
        #expect(
            matched as? SaveSwitches
                == SaveSwitches(
                    locked: true, dryRun: false, verbose: false,
                    switches: Switches(isOn: true, history: [false, true])))
    }

    /// A multipart text field and a cookie hold the text the declaration writes, `true` or
    /// `false` here, whatever the form encoding's boolean strategy.
    struct UploadDraft: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never

        var draft: Bool
        var remember: Bool

        var definition: some EndpointDefinition {
            Method.post
            Path("drafts")
            FormEncoding(booleans: .numeric)
            Cookie("remember", "\(remember)")
            Body.multipart(.text("draft", "\(draft)"))
        }
    }

    @Test func booleansInAMultipartTextFieldOrACookieStayBooleanUnderNumericBooleans() throws {
        let paths = try #require(try json(Catalog([UploadDraft.self]))["paths"] as? [String: Any])
        let post = try #require((paths["/drafts"] as? [String: Any])?["post"] as? [String: Any])
        let parameters = try #require(post["parameters"] as? [[String: Any]])
        #expect(
            try compactJSON(parameters.first { $0["name"] as? String == "remember" }?["schema"])
                == #"{"type":"boolean"}"#)
        let content = try #require((post["requestBody"] as? [String: Any])?["content"] as? [String: Any])
        let media = try #require(content["multipart/form-data"] as? [String: Any])
        #expect(try compactJSON(try properties(media)["draft"]) == #"{"type":"boolean"}"#)
        // What the document says is what is sent, and what the catalog reads.
        let sent = UploadDraft(draft: true, remember: false)
        let request = try sent.request()
        #expect(request.headers[.cookie] == "remember=false")
        let body = String(decoding: try #require(request.body?.data), as: UTF8.self)
        #expect(body.contains("name=\"draft\"\r\n\r\ntrue\r\n"), "\(body)")
        #expect(try Catalog([UploadDraft.self]).match(IncomingRequest(request)) as? UploadDraft == sent)
    }
}

/// The schema of an `Int`.
private let int64 =
    #"{"format":"int64","maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"}"#
