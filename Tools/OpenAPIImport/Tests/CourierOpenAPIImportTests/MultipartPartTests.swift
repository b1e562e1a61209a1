import Foundation
import Testing

@testable import CourierOpenAPIImport

/// Imports one `POST /form` whose multipart body has the schema `schema` and the `encoding`
/// entries `encoding` (YAML flow maps).
private func importingForm(_ schema: String, encoding: String = "{}", required: Bool = true) throws
    -> ImportResult
{
    try importing(
        """
        paths:
          /form:
            post:
              operationId: sendForm
              requestBody:
                required: \(required)
                content:
                  multipart/form-data:
                    schema: \(schema)
                    encoding: \(encoding)
              responses: {'204': {description: ok}}
        """)
}

private let form = "/paths/~1form/post/requestBody/content/multipart~1form-data"

struct MultipartPartTests {
    @Test func aJSONPartWhoseEncodingNamesNoOneJSONTypeIsSentAsApplicationJSON() throws {
        // A union of objects as XML, and a list of types that ends in a JSON one.
        let union =
            "{oneOf: [{type: object, properties: {a: {type: string}}}, {type: object, properties: {b: {type: string}}}]}"
        for type in ["application/xml", "image/png, application/vnd.x+json"] {
            let result = try importingForm(
                "{type: object, required: [shape], properties: {shape: \(union)}}",
                encoding: "{shape: {contentType: '\(type)'}}")
            let endpoint = file(result, "Endpoints/SendForm.swift")
            #expect(endpoint.contains(#"Body.multipart(.json("shape", shape))"#), "\(endpoint)")
            #expect(
                reported(result, at: "\(form)/encoding/shape/contentType").map(\.message) == [
                    "The part shape is sent as JSON of its model with the content type application/json, not "
                        + "\(type), which is not one JSON type."
                ])
        }
    }

    @Test func anOptionalBodyWhoseOnlyPartCannotBeSentIsLeftOutNotItsOperation() throws {
        let result = try importingForm(
            "{type: object, properties: {names: {type: array, items: {type: string}}}}", required: false)
        let endpoint = file(result, "Endpoints/SendForm.swift")
        #expect(!endpoint.contains("Body.multipart"), "\(endpoint)")
        #expect(
            reported(result, at: "/paths/~1form/post/requestBody").map(\.message).contains(
                "No part of the multipart body can be sent, so the body is left out."))
    }

    @Test func anObjectPartIsAJSONPartAndAnArrayIsLeftOutWithItsReasons() throws {
        // swift-openapi-generator's content-types example.
        let result = try importingForm(
            """
            {type: object, required: [greetingTemplate], properties: {
              greetingTemplate: {type: object, required: [message], properties: {message: {type: string}}},
              names: {type: array, items: {type: string}}}}
            """,
            encoding: """
                {greetingTemplate: {contentType: application/json},
                 names: {contentType: text/plain, headers: {x-name-locale: {schema: {type: string}}}}}
                """)
        let endpoint = file(result, "Endpoints/SendForm.swift")
        #expect(endpoint.contains("public var greetingTemplate: SendFormGreetingTemplate\n"), "\(endpoint)")
        #expect(
            endpoint.contains(
                #"Body.multipart(.json("greetingTemplate", greetingTemplate))"#
            ), "\(endpoint)")
        #expect(!endpoint.contains("names"), "\(endpoint)")
        #expect(
            reported(result, at: "\(form)/schema/properties/names").map(\.message) == [
                "The part names is an array, whose items go as parts of one name (each text/plain), which an "
                    + "endpoint of a catalog cannot tell apart: declare it by hand with Body.multipart(parts:); it "
                    + "is left out."
            ])
        #expect(
            reported(result, at: "\(form)/encoding/names/contentType").first?.kind == .notExpressed)
        let headers = try #require(reported(result, at: "\(form)/encoding/names/headers").first)
        #expect(headers.message.contains("x-name-locale") && !headers.changesExport)
        #expect(
            reported(result, at: "\(form)/schema/properties/greetingTemplate").map(\.kind) == [.approximated])
    }

    @Test func aUnionOfStringsIsTextAndAnOptionalArrayIsLeftOut() throws {
        // OpenAI's CreateTranscriptionRequest, shortened.
        let result = try importingForm(
            """
            {type: object, required: [file, model], properties: {
              file: {type: string, format: binary},
              model: {anyOf: [{type: string}, {type: string, enum: [whisper-1]}]},
              'timestamp_granularities[]': {type: array, items: {type: string, enum: [word, segment]}}}}
            """)
        let endpoint = file(result, "Endpoints/SendForm.swift")
        #expect(endpoint.contains("public var model: String\n"), "\(endpoint)")
        #expect(endpoint.contains(#".text("model", model)"#), "\(endpoint)")
        #expect(
            endpoint.contains(#".data("file", file, filename: fileFilename, contentType: fileContentType)"#))
        #expect(!endpoint.contains("timestamp"), "\(endpoint)")
        // No model is made for the union or the array's enum, which nothing would use.
        #expect(
            !result.files.contains { $0.path.hasPrefix("Models/SendForm") }, "\(result.files.map(\.path))")
        #expect(
            reported(result, at: "\(form)/schema/properties/model").map(\.kind) == [.approximated])
        #expect(
            reported(result, at: "\(form)/schema/properties/timestamp_granularities[]").first?.message
                .hasSuffix(
                    "; it is left out.") == true)
    }

    @Test func aUnionOfScalarsIsLeftOutAndAUnionOfObjectsIsAJSONPart() throws {
        let result = try importingForm(
            """
            {type: object, required: [shape], properties: {
              size: {anyOf: [{type: string}, {type: integer}]},
              shape: {oneOf: [{type: object, properties: {radius: {type: number}}},
                              {type: object, properties: {side: {type: number}}}]}}}
            """)
        let endpoint = file(result, "Endpoints/SendForm.swift")
        #expect(!endpoint.contains("size"), "\(endpoint)")
        #expect(
            endpoint.contains(#".json("shape", shape"#),
            "\(endpoint)")
        #expect(
            reported(result, at: "\(form)/schema/properties/size").map(\.message) == [
                "The part size is one of several kinds of value (a string, number or Boolean), which no Swift type "
                    + "sends as text; it is left out."
            ])
    }

    @Test func aRequiredPartThatCannotBeSentLeavesTheOperationOut() throws {
        let result = try importingForm(
            """
            {type: object, required: [tags], properties: {
              meta: {type: object, properties: {x: {type: string}}}, tags: {type: array, items: {type: string}}}}
            """)
        #expect(!result.files.contains { $0.path == "Endpoints/SendForm.swift" })
        // No model is made for a part of an operation that is left out.
        #expect(
            !result.files.contains { $0.path.hasPrefix("Models/SendForm") }, "\(result.files.map(\.path))")
        #expect(
            reported(result, at: "/paths/~1form/post").map(\.message) == [
                "The multipart body's required part tags cannot be sent (at \(form)/schema/properties); the "
                    + "operation is left out."
            ])
        #expect(
            reported(result, at: "\(form)/schema/properties/tags").first?.message.hasSuffix(
                "and the document requires it.") == true)
    }

    @Test func anArrayWhoseEncodingSaysJSONIsAJSONPart() throws {
        let result = try importingForm(
            "{type: object, properties: {tags: {type: array, items: {type: string}}, note: {type: string}}}",
            encoding: "{tags: {contentType: application/json}}")
        let endpoint = file(result, "Endpoints/SendForm.swift")
        #expect(endpoint.contains("public var tags: [String]?"), "\(endpoint)")
        #expect(
            endpoint.contains(
                #"tags.map { .json("tags", $0) }"#
            ), "\(endpoint)")
    }

    @Test func anObjectSpreadByAStyleIsLeftOutWithTheStyle() throws {
        let result = try importingForm(
            "{type: object, required: [file], properties: {file: {type: string, format: binary}, data: {type: object, properties: {create: {type: boolean}}}}}",
            encoding: "{data: {style: deepObject, explode: true}}")
        #expect(file(result, "Endpoints/SendForm.swift").contains(#".data("file", file"#))
        #expect(
            reported(result, at: "\(form)/schema/properties/data").first?.message
                == "The part data is spread into parts by its encoding's style deepObject, which the importer does "
                + "not write; it is left out.")
    }

    @Test func theEncodingsContentTypeIsTheDefaultOfABytesPartAndReportedForText() throws {
        let result = try importingForm(
            "{type: object, required: [photo, caption], properties: {photo: {type: string, format: binary}, caption: {type: string}}}",
            encoding: "{photo: {contentType: image/png}, caption: {contentType: text/plain}}")
        let endpoint = file(result, "Endpoints/SendForm.swift")
        #expect(endpoint.contains(#"photoContentType: MediaType = MediaType("image/png")"#), "\(endpoint)")
        #expect(endpoint.contains(#".text("caption", caption)"#))
        #expect(
            reported(result, at: "\(form)/encoding/photo/contentType").map(\.message) == [
                "The part's content type image/png is the default of its content type property, which the export "
                    + "writes as */*."
            ])
        #expect(reported(result, at: "\(form)/encoding/caption/contentType").map(\.kind) == [.approximated])
    }

    @Test func aStringWhoseEncodingIsNotTextIsBytes() throws {
        let result = try importingForm(
            "{type: object, required: [audio], properties: {audio: {type: string}}}",
            encoding: "{audio: {contentType: audio/mpeg}}")
        let endpoint = file(result, "Endpoints/SendForm.swift")
        #expect(endpoint.contains("public var audio: Data\n"), "\(endpoint)")
        #expect(endpoint.contains(#"audioContentType: MediaType = MediaType("audio/mpeg")"#))
    }

    @Test func aBodyWithNoPartToSendIsReportedWhereTheBodyIs() throws {
        let result = try importing(
            """
            paths:
              /form:
                post:
                  operationId: sendForm
                  requestBody:
                    content:
                      multipart/form-data:
                        schema: {type: object, properties: {a: {type: array, items: {type: integer}}, b: {type: array, items: {type: integer}}}}
                  responses: {'204': {description: ok}}
            """)
        #expect(file(result, "Endpoints/SendForm.swift").contains("Method.post"))
        #expect(
            reported(result, at: "/paths/~1form/post/requestBody").map(\.message).contains(
                "No part of the multipart body can be sent, so the body is left out."))
    }

    @Test func theRoundTripComparesAJSONPartWithItsContentSchema() throws {
        let original = try DocumentValue.parse(
            """
            openapi: 3.1.0
            info: {title: T, version: '1'}
            paths:
              /form:
                post:
                  requestBody:
                    required: true
                    content:
                      multipart/form-data:
                        schema: {type: object, required: [meta], properties: {meta: {type: object, properties: {x: {type: string}}}}}
                  responses: {'204': {description: ok}}
            """)
        let exported = try DocumentValue.parse(
            """
            {"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {"/form": {"post": {
              "requestBody": {"required": true, "content": {"multipart/form-data": {
                "schema": {"type": "object", "required": ["meta"], "properties": {"meta": {
                  "type": "string", "format": "binary", "contentMediaType": "application/json",
                  "contentSchema": {"type": "object", "properties": {"x": {"type": "%@"}}}}}},
                "encoding": {"meta": {"contentType": "application/json"}}}}},
              "responses": {"204": {"description": "ok"}}}}}}
            """.replacingOccurrences(of: "%@", with: "integer"))
        let differences = RoundTrip.differences(original: original, exported: exported, schemaRenames: [:])
        let part = "\(form)/schema/properties/meta"
        #expect(
            differences.map(\.description) == [
                "\(part): the part is application/json bytes in the export, whose contentSchema is the "
                    + "document's schema",
                "\(part)/properties/x/type: type is string in the document and integer in the export",
            ])
    }
}
