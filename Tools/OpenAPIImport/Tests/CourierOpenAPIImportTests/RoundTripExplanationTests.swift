import CourierOpenAPIImport
import Testing

/// The differences between a document and an export written as Courier writes it, each as
/// `pointer: message`.
private func differences(_ original: String, _ exported: String) throws -> [RoundTripDifference] {
    RoundTrip.differences(
        original: try DocumentValue.parse(original), exported: try DocumentValue.parse(exported),
        schemaRenames: [:])
}

/// What the import says of a document where its catalog's export differs, and what the round
/// trip takes for the same API written another way.
@Suite struct RoundTripExplanationTests {
    @Test func aSuccessStatusWithoutContentIsEmptyAndTheContentDocumentedForItIsReported() throws {
        let document = """
            openapi: 3.1.0
            info: {title: Test, version: '1'}
            paths:
              /reset:
                post:
                  operationId: reset
                  responses:
                    '204':
                      description: Reset.
                      content:
                        application/json:
                          schema: {type: object}
              /clear:
                post:
                  operationId: clear
                  responses:
                    '205': {$ref: '#/components/responses/Cleared'}
            components:
              responses:
                Cleared:
                  description: Cleared.
                  headers:
                    X-Count: {schema: {type: integer}}
                  content:
                    text/plain: {schema: {type: string}}
            """
        let result = try importing(document)
        let reset = file(result, "Endpoints/Reset.swift")
        #expect(reset.contains("public typealias Success = Empty"), "\(reset)")
        #expect(!reset.contains("SuccessStatus"), "\(reset)")
        let clear = file(result, "Endpoints/Clear.swift")
        #expect(clear.contains("public typealias Success = Empty"), "\(clear)")
        #expect(clear.contains("SuccessStatus(205)"), "\(clear)")
        #expect(
            reported(result, at: "/paths/~1reset/post/responses/204/content").map(\.message) == [
                "RFC 9110 gives a 204 response no content, so the content documented for it is left out: "
                    + "the success is Empty."
            ])
        #expect(reported(result, at: "/components/responses/Cleared/content").map(\.kind) == [.notExpressed])
        // The response's headers are reported as any success response's are.
        #expect(reported(result, at: "/components/responses/Cleared/headers").count == 1)
        // Courier exports a success of Empty without content: the report explains the difference.
        let export = """
            {"openapi": "3.1.0", "info": {"title": "Test", "version": "1"}, "paths": {
              "/reset": {"post": {"operationId": "reset", "responses": {"204": {"description": "No content."}}}},
              "/clear": {"post": {"operationId": "clear", "responses": {"205": {"description": "No content."}}}}}}
            """
        let found = try differences(document, export)
        #expect(
            found.map(\.pointer).sorted() == [
                "/components/responses/Cleared/content/text~1plain",
                "/paths/~1reset/post/responses/204/content/application~1json",
            ])
        #expect(found.allSatisfy { result.report.allows(differenceAt: $0.pointer) }, "\(found)")
    }

    @Test func aRequiredArrayQueryParameterIsReportedAsOptionalInTheExport() throws {
        let document = """
            openapi: 3.1.0
            info: {title: Test, version: '1'}
            paths:
              /pet/findByTags:
                get:
                  operationId: findPetsByTags
                  parameters:
                    - {name: tags, in: query, required: true, schema: {type: array, items: {type: string}}}
                    - {name: colours, in: query, schema: {type: array, items: {type: string}}}
                    - {name: name, in: query, required: true, schema: {type: string}}
                  responses: {'204': {description: ok}}
            """
        let result = try importing(document)
        let endpoint = file(result, "Endpoints/FindPetsByTags.swift")
        #expect(endpoint.contains("public var tags: [String]\n"), "\(endpoint)")
        let place = "/paths/~1pet~1findByTags/get/parameters/0/required"
        #expect(
            reported(result, at: place).map(\.message) == [
                "An empty array sends no pair, so the export does not list the parameter as required."
            ])
        #expect(reported(result, at: "/paths/~1pet~1findByTags/get/parameters/1/required").isEmpty)
        #expect(reported(result, at: "/paths/~1pet~1findByTags/get/parameters/2/required").isEmpty)
        // Courier exports an array query parameter as not required, a string one as required.
        let export = """
            {"openapi": "3.1.0", "info": {"title": "Test", "version": "1"}, "paths": {
              "/pet/findByTags": {"get": {"operationId": "findPetsByTags",
                "parameters": [
                  {"name": "tags", "in": "query", "schema": {"type": "array", "items": {"type": "string"}}},
                  {"name": "colours", "in": "query", "schema": {"type": "array", "items": {"type": "string"}}},
                  {"name": "name", "in": "query", "required": true, "schema": {"type": "string"}}],
                "responses": {"204": {"description": "ok"}}}}}}
            """
        let found = try differences(document, export)
        #expect(found.map(\.pointer) == [place])
        #expect(found.allSatisfy { result.report.allows(differenceAt: $0.pointer) }, "\(found)")
    }

    @Test func anObjectTypeBesideAUnionOfObjectsIsNoDifference() throws {
        func document(_ keyword: String, _ second: String) -> String {
            petsDocument(
                pet: "{type: object, \(keyword): [{$ref: '#/components/schemas/Cat'}, \(second)]}",
                schemas: "    Cat: {type: object, properties: {purrs: {type: boolean}}}")
        }
        func export(_ keyword: String, _ second: String) -> String {
            """
            {"openapi": "3.1.0", "info": {"title": "Pets", "version": "1"},
             "paths": {"/pets": {"get": {"operationId": "listPets", "responses": {"200": {"description": "The Pet.",
               "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}}}},
             "components": {"schemas": {
               "Pet": {"\(keyword)": [{"$ref": "#/components/schemas/Cat"}, \(second)]},
               "Cat": {"type": "object", "properties": {"purrs": {"type": "boolean"}}}}}}
            """
        }
        // Every member is an object (one by its properties alone): `type: object` adds nothing.
        #expect(
            try differences(
                document("oneOf", "{properties: {barks: {type: boolean}}}"),
                export("oneOf", #"{"properties": {"barks": {"type": "boolean"}}}"#)
            ).isEmpty)
        #expect(
            try differences(
                document("anyOf", "{type: [object, 'null'], properties: {barks: {type: boolean}}}"),
                export(
                    "anyOf", #"{"type": ["object", "null"], "properties": {"barks": {"type": "boolean"}}}"#)
            ).isEmpty)
        // A member that is not an object: `type: object` says something, which the export lacks.
        #expect(
            try differences(document("anyOf", "{type: string}"), export("anyOf", #"{"type": "string"}"#))
                .map(\.description) == [
                    "/components/schemas/Pet/type: type is object in the document and unspecified in the export"
                ])
    }

    @Test func reportsSayAnBeforeAVowelSoundOrNoArticle() throws {
        let result = try importing(
            """
            paths:
              /pets:
                get:
                  operationId: listPets
                  parameters:
                    - {name: accept, in: header, schema: {type: string}}
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Pet'}
            components:
              schemas:
                Level: {enum: [1, 2]}
                Pet:
                  properties: {name: {type: string}}
                  anyOf:
                    - {type: object, properties: {purrs: {type: boolean}}}
                    - {type: object, properties: {barks: {type: boolean}}}
            """)
        #expect(
            reported(result, at: "/paths/~1pets/get/parameters/0").map(\.message) == [
                "OpenAPI ignores the header parameter accept; Courier sets accept itself."
            ])
        #expect(
            reported(result, at: "/components/schemas/Level").map(\.message).contains(
                "The enum has no type; its values make it an Int."))
        #expect(
            reported(result, at: "/components/schemas/Pet/properties").map(\.message) == [
                "Properties beside anyOf are not expressed: each case has its own model."
            ])
        // `a oneOf` is right: it is said "a one of".
        let articles = result.report.items.filter {
            $0.message.range(of: #"\b[Aa] (?!one)[AaEeIiOo]"#, options: .regularExpression) != nil
        }
        #expect(articles.isEmpty, "\(articles)")
    }
}
