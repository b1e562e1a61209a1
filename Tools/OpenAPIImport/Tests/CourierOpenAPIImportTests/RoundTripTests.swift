import CourierOpenAPIImport
import Testing

/// The differences between two documents, each as `pointer: message`; a document that does not
/// parse is an issue of the test.
private func differences(_ original: String, _ exported: String, renames: [String: String] = [:]) -> [String]
{
    do {
        return RoundTrip.differences(
            original: try DocumentValue.parse(original), exported: try DocumentValue.parse(exported),
            schemaRenames: renames
        )
        .map(\.description)
    } catch {
        Issue.record("A test document does not parse: \(error)")
        return []
    }
}

/// A document whose one operation, `GET /pets`, answers 200 with the component schema `Pet`.
func petsDocument(_ version: String = "3.1.0", pet: String, schemas: String = "") -> String {
    """
    openapi: \(version)
    info: {title: Pets, version: '1'}
    paths:
      /pets:
        get:
          operationId: listPets
          responses:
            '200':
              description: The pet.
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/Pet'}
    components:
      schemas:
        Pet: \(pet)
    \(schemas)
    """
}

/// What Courier's exporter writes for `petsDocument`: the schema named `name`, and the 400
/// `application/problem+json` answer it adds to every operation.
private func petsExport(pet: String, name: String = "Pet") -> String {
    """
    {"openapi": "3.1.0", "info": {"title": "Pets", "version": "1"},
     "paths": {"/pets": {"get": {"operationId": "ListPets", "summary": "GET /pets",
       "responses": {
         "200": {"description": "The \(name).",
                 "content": {"application/json": {"schema": {"$ref": "#/components/schemas/\(name)"}}}},
         "400": {"description": "An error: ProblemDetails.",
                 "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/ProblemDetails"}}}}}}}},
     "components": {"schemas": {
       "\(name)": \(pet),
       "ProblemDetails": {"type": "object", "title": "ProblemDetails", "properties": {"status": {"type": "integer"}}}}}}
    """
}

/// A document with the one operation `operation` under `path`, in YAML indented as a path item's
/// method.
private func operationDocument(
    path: String = "/pets", method: String = "get", _ operation: String, more: String = ""
)
    -> String
{
    """
    openapi: 3.1.0
    info: {title: Pets, version: '1'}
    paths:
      \(path):
        \(method):
    \(operation.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n"))
    \(more)
    """
}

@Suite struct RoundTripTests {
    private static let richDocument = """
        openapi: 3.0.3
        info: {title: Pets, version: '1'}
        security: [{jwt: []}]
        paths:
          /pets/{petId}:
            parameters:
              - {name: petId, in: path, required: true, schema: {type: integer, format: int64}}
            put:
              operationId: updatePet
              parameters:
                - {name: X-Request-ID, in: header, schema: {type: string, format: uuid}}
                - {name: tags, in: query, schema: {type: array, items: {type: string}}}
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/Pet'}
              responses:
                '200':
                  description: The pet.
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Pet'}
                '404':
                  description: No such pet.
        components:
          securitySchemes:
            jwt: {type: http, scheme: bearer, bearerFormat: JWT}
          schemas:
            Pet:
              type: object
              required: [id, name]
              properties:
                id: {type: integer, format: int64, readOnly: true}
                name: {type: string, minLength: 1, description: The name.}
                tag: {type: string, nullable: true}
                kind: {type: string, enum: [cat, dog]}
                owner: {allOf: [{$ref: '#/components/schemas/Owner'}], nullable: true}
            Owner:
              type: object
              properties:
                name: {type: string}
                pets: {type: array, items: {$ref: '#/components/schemas/Pet'}}
        """

    @Test func aQueryObjectsPropertiesInTheExportAreThatObjectsDifference() {
        let original = """
            openapi: 3.1.0
            info: {title: T, version: '1'}
            paths:
              /search:
                get:
                  parameters:
                    - {name: filter, in: query, style: deepObject, schema: {type: object, properties: {name: {type: string}}}}
                    - {name: point, in: query, schema: {type: object, properties: {x: {type: number}}}}
                  responses: {'204': {description: none}}
            """
        let exported = """
            {"openapi": "3.1.0", "info": {"title": "T", "version": "1"},
             "paths": {"/search": {"get": {"parameters": [
               {"name": "filter[name]", "in": "query", "required": false, "schema": {"type": "string"}},
               {"name": "x", "in": "query", "required": false, "schema": {"type": "number"}}],
              "responses": {"204": {"description": "No content."}}}}}}
            """
        let found = differences(original, exported)
        #expect(
            found.contains(
                "/paths/~1search/get/parameters/0: query parameter filter[name] is in the export and not in the document"
            ))
        #expect(
            found.contains(
                "/paths/~1search/get/parameters/1: query parameter x is in the export and not in the document"
            ))
    }

    @Test func anExportThatLosesWhatTheOperationSaysOfItselfDiffers() {
        let pet = "{type: object, properties: {id: {type: integer}}}"
        let documented = petsDocument(pet: pet).replacingOccurrences(
            of: "operationId: listPets",
            with:
                "operationId: listPets\n      summary: Lists pets\n      tags: [pets]\n      deprecated: true"
        )
        #expect(
            differences(documented, petsExport(pet: pet)) == [
                "/paths/~1pets/get/summary: summary is Lists pets in the document and GET /pets in the export",
                #"/paths/~1pets/get/tags: tags is ["pets"] in the document and [] in the export"#,
                "/paths/~1pets/get/deprecated: deprecated is true in the document and false in the export",
            ])
    }

    @Test func identicalDocumentsHaveNoDifference() {
        #expect(differences(Self.richDocument, Self.richDocument) == [])
        let pets = petsDocument(pet: "{type: object, properties: {id: {type: integer}}}")
        #expect(differences(pets, pets) == [])
    }

    @Test func anExportInCouriersShapeMatchesTheDocument() {
        let export = """
            {"openapi": "3.1.0", "info": {"title": "Pets", "version": "1"},
             "paths": {"/pets/{petId}": {"put": {
               "operationId": "UpdatePet",
               "parameters": [
                 {"name": "petId", "in": "path", "required": true,
                  "schema": {"type": "integer", "format": "int64",
                             "minimum": -9223372036854775808, "maximum": 9223372036854775807}},
                 {"name": "x-request-id", "in": "header", "required": false, "schema": {"type": "string", "format": "uuid"}},
                 {"name": "tags", "in": "query", "required": false, "style": "form", "explode": true,
                  "schema": {"type": "array", "items": {"type": "string"}}}],
               "security": [{"bearerAuth": []}],
               "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}},
               "responses": {
                 "200": {"description": "The Pet.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}},
                 "400": {"description": "An error.", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/ProblemDetails"}}}},
                 "401": {"description": "An error.", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/ProblemDetails"}}}},
                 "404": {"description": "An error.", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/ProblemDetails"}}}}}}}},
             "components": {
               "securitySchemes": {"bearerAuth": {"type": "http", "scheme": "bearer"}},
               "schemas": {
                 "Pet": {"type": "object", "title": "Pet", "required": ["id", "name"], "properties": {
                   "id": {"type": "integer", "format": "int64", "minimum": -9223372036854775808, "maximum": 9223372036854775807},
                   "name": {"type": "string", "minLength": 1},
                   "tag": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                   "kind": {"anyOf": [{"type": "string", "enum": ["dog", "cat"]}, {"type": "null"}]},
                   "owner": {"anyOf": [{"$ref": "#/components/schemas/Owner"}, {"type": "null"}]}}},
                 "Owner": {"type": "object", "title": "Owner", "properties": {
                   "name": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                   "pets": {"anyOf": [{"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}, {"type": "null"}]}}},
                 "ProblemDetails": {"type": "object", "title": "ProblemDetails"}}}}
            """
        #expect(differences(Self.richDocument, export) == [])
    }

    @Test func nullableOf30IsAnyOfNullOf31() {
        let original = petsDocument(
            "3.0.3", pet: "{type: object, required: [tag], properties: {tag: {type: string, nullable: true}}}"
        )
        let nullable =
            #"{"type": "object", "required": ["tag"], "properties": {"tag": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}"#
        #expect(differences(original, petsExport(pet: nullable)) == [])
        let typeArray =
            #"{"type": "object", "required": ["tag"], "properties": {"tag": {"type": ["string", "null"]}}}"#
        #expect(differences(original, petsExport(pet: typeArray)) == [])
        let notNullable =
            #"{"type": "object", "required": ["tag"], "properties": {"tag": {"type": "string"}}}"#
        #expect(
            differences(original, petsExport(pet: notNullable)) == [
                "/components/schemas/Pet/properties/tag: null is allowed in the document and not allowed in the export"
            ])
    }

    @Test func aNullableReferenceOf30IsAnyOfTheReferenceAndNull() {
        let owner = "    Owner: {type: object, properties: {name: {type: string}}}"
        let original = petsDocument(
            "3.0.3",
            pet:
                "{type: object, required: [owner], properties: {owner: {allOf: [{$ref: '#/components/schemas/Owner'}], nullable: true}}}",
            schemas: owner)
        let export = petsExport(
            pet: #"""
                {"type": "object", "required": ["owner"], "properties": {"owner": {"anyOf": [{"$ref": "#/components/schemas/Owner"}, {"type": "null"}]}}},
                "Owner": {"type": "object", "properties": {"name": {"type": "string"}}}
                """#)
        #expect(differences(original, export) == [])
    }

    @Test func anAllOfOfScalarsIsComparedAsOneScalarWithEveryLimit() {
        let original = petsDocument(
            "3.0.3",
            pet: """
                {type: object, required: [name], properties: {
                  name: {allOf: [{$ref: '#/components/schemas/Name'}, {maxLength: 40}]},
                  code: {allOf: [{type: string, pattern: '^A', nullable: true}, {type: string, pattern: 'B$', nullable: true}]}}}
                """,
            schemas: "    Name: {type: string, minLength: 1}")
        let export = petsExport(
            pet: #"""
                {"type": "object", "required": ["name"], "properties": {
                  "name": {"type": "string", "minLength": 1, "maxLength": 40},
                  "code": {"type": ["string", "null"], "pattern": "^(?=[\\s\\S]*?(?:^A))(?=[\\s\\S]*?(?:B$))"}}}
                """#)
        #expect(differences(original, export) == [])
        let wider = export.replacingOccurrences(of: #""maxLength": 40"#, with: #""maxLength": 80"#)
        #expect(differences(original, wider).count == 1)
    }

    @Test func aSchemaThatConstrainsNothingAllowsNullWhetherItSaysSoOrNot() {
        let original = petsDocument("3.0.3", pet: "{type: object, properties: {details: {nullable: true}}}")
        let export = petsExport(pet: #"{"type": "object", "properties": {"details": {}}}"#)
        #expect(differences(original, export) == [])
    }

    @Test func aParametersNullAndASingleValuesExplodeAreNoDifference() {
        let original = """
            openapi: 3.0.3
            info: {title: Pets, version: '1'}
            paths:
              /pets:
                get:
                  operationId: listPets
                  parameters:
                    - {name: tag, in: query, explode: false, schema: {type: string, nullable: true}}
                    - {name: ids, in: query, explode: false, schema: {type: array, items: {type: integer}}}
                  responses: {'204': {description: none}}
            """
        let export = #"""
            {"openapi": "3.1.0", "info": {"title": "Pets", "version": "1"}, "paths": {"/pets": {"get": {
              "operationId": "listPets",
              "parameters": [
                {"name": "tag", "in": "query", "schema": {"type": "string"}},
                {"name": "ids", "in": "query", "schema": {"type": "array", "items": {"type": "integer"}}}],
              "responses": {"204": {"description": "none"}}}}}}
            """#
        #expect(
            differences(original, export) == [
                "/paths/~1pets/get/parameters/1/explode: explode of query parameter ids is false in the document and true in the export"
            ])
    }

    @Test func anAllOfMemberThatAcceptsAnythingChangesNothing() {
        let original = petsDocument(
            pet:
                "{type: object, properties: {born: {allOf: [{$ref: '#/components/schemas/Day'}, {description: Born.}]}}}",
            schemas: "    Day: {type: string, format: date}")
        let export = petsExport(
            pet: #"""
                {"type": "object", "properties": {"born": {"$ref": "#/components/schemas/Day"}}},
                "Day": {"type": "string", "format": "date"}
                """#)
        #expect(differences(original, export) == [])
    }

    @Test func componentSchemasMatchThroughTheirRenames() {
        let original = petsDocument(pet: "{type: object, properties: {id: {type: integer}}}")
        let export = petsExport(
            pet: #"{"type": "object", "properties": {"id": {"type": "integer"}}}"#, name: "PetModel")
        #expect(differences(original, export, renames: ["Pet": "PetModel"]) == [])
        #expect(
            differences(original, export) == [
                "/components/schemas/Pet: the schema's name is Pet in the document and PetModel in the export"
            ])
    }

    @Test func anInlineSchemaAndAReferenceCompareStructurally() {
        let original = operationDocument(
            """
            responses:
              '200':
                description: The pets.
                content:
                  application/json:
                    schema: {type: object, properties: {id: {type: integer}}}
            """)
        func export(_ idType: String) -> String {
            petsExport(
                pet: #"{"type": "object", "properties": {"id": {"type": "\#(idType)"}}}"#,
                name: "ListPetsResponse")
        }
        #expect(differences(original, export("integer")) == [])
        #expect(
            differences(original, export("string")) == [
                "/paths/~1pets/get/responses/200/content/application~1json/schema/properties/id/type: type is integer in the document and string in the export"
            ])
    }

    @Test func problemJSONTheExporterAddsIsNoDifference() {
        let original = operationDocument(
            path: "/pets/{petId}",
            """
            parameters: [{name: petId, in: path, required: true, schema: {type: string}}]
            responses:
              '204': {description: Deleted.}
              '404':
                description: No such pet.
                content:
                  application/json:
                    schema: {type: object, properties: {message: {type: string}}}
            """)
        func export(notFound: String) -> String {
            """
            {"openapi": "3.1.0", "paths": {"/pets/{petId}": {"get": {
               "parameters": [{"name": "petId", "in": "path", "required": true, "schema": {"type": "string"}}],
               "responses": {
                 "204": {"description": "No content."},
                 "400": {"content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/ProblemDetails"}}}},
                 "404": {"content": {\(notFound)
                   "application/problem+json": {"schema": {"$ref": "#/components/schemas/ProblemDetails"}}}}}}}},
             "components": {"schemas": {"ProblemDetails": {"type": "object"}}}}
            """
        }
        let notFound =
            #""application/json": {"schema": {"type": "object", "properties": {"message": {"type": "string"}}}},"#
        #expect(differences(original, export(notFound: notFound)) == [])
        #expect(
            differences(original, export(notFound: "")) == [
                "/paths/~1pets~1{petId}/get/responses/404/content/application~1json: media type application/json is in the document and not in the export"
            ])
    }

    @Test func anExportedStatusTheDocumentCoversWithDefaultIsComparedWithDefault() {
        let original = operationDocument(
            """
            responses:
              '200': {description: OK.}
              default:
                description: An error.
                content: {application/json: {schema: {type: object, properties: {code: {type: integer}}}}}
            """)
        func export(_ codeType: String) -> String {
            let json =
                #""application/json": {"schema": {"type": "object", "properties": {"code": {"type": "\#(codeType)"}}}}"#
            return """
                {"openapi": "3.1.0", "paths": {"/pets": {"get": {"responses": {
                   "200": {"description": "No content."},
                   "default": {"content": {\(json)}},
                   "400": {"content": {\(json), "application/problem+json": {}}}}}}}}
                """
        }
        #expect(differences(original, export("integer")) == [])
        #expect(
            differences(original, export("string")) == [
                "/paths/~1pets/get/responses/default/content/application~1json/schema/properties/code/type: type is integer in the document and string in the export"
            ])
    }

    @Test func aRenamedPathParameterIsOneDifference() {
        let original = operationDocument(
            path: "/pets/{petId}",
            """
            parameters: [{name: petId, in: path, required: true, schema: {type: string}}]
            responses: {'204': {description: Deleted.}}
            """)
        func export(_ name: String) -> String {
            """
            {"paths": {"/pets/{\(name)}": {"get": {
               "parameters": [{"name": "\(name)", "in": "path", "required": true, "schema": {"type": "string"}}],
               "responses": {"204": {"description": "No content."}}}}}}
            """
        }
        #expect(differences(original, export("petId")) == [])
        #expect(
            differences(original, export("id")) == [
                "/paths/~1pets~1{petId}/get/parameters/0/name: the name of path parameter 1 is petId in the document and id in the export"
            ])
    }

    @Test func operationIDsCompareLowerCasedLettersAndDigitsOnly() {
        let original = operationDocument("operationId: list_pets\nresponses: {'204': {description: None.}}")
        func export(_ identifier: String) -> String {
            #"{"paths": {"/pets": {"get": {"operationId": "\#(identifier)", "responses": {"204": {}}}}}}"#
        }
        #expect(differences(original, export("ListPets")) == [])
        #expect(
            differences(original, export("FindPets")) == [
                "/paths/~1pets/get/operationId: operationId is list_pets in the document and FindPets in the export"
            ])
    }

    @Test func headerParametersMatchInAnyCaseAndOpenAPIsOwnHeadersAreLeftOut() {
        let original = operationDocument(
            """
            parameters:
              - {name: X-Request-ID, in: header, required: true, schema: {type: string}}
              - {name: Authorization, in: header, required: true, schema: {type: string}}
              - {name: Accept, in: header, schema: {type: string}}
            responses: {'204': {description: None.}}
            """)
        func export(required: Bool) -> String {
            """
            {"paths": {"/pets": {"get": {"responses": {"204": {}}, "parameters": [
               {"name": "x-request-id", "in": "header", "required": \(required), "schema": {"type": "string"}}]}}}}
            """
        }
        #expect(differences(original, export(required: true)) == [])
        #expect(
            differences(original, export(required: false)) == [
                "/paths/~1pets/get/parameters/0/required: header parameter X-Request-ID is required in the document and optional in the export"
            ])
    }

    @Test func securityComparesSchemesByDefinitionNotByKey() {
        let original = operationDocument(
            "security: [{jwt: []}, {}]\nresponses: {'204': {description: None.}}",
            more:
                "components: {securitySchemes: {jwt: {type: http, scheme: Bearer}, key: {type: apiKey, in: header, name: X-Key}}}"
        )
        func export(_ scheme: String) -> String {
            """
            {"paths": {"/pets": {"get": {"responses": {"204": {}}, "security": [{"\(scheme)": []}, {}]}}},
             "components": {"securitySchemes": {
               "bearerAuth": {"type": "http", "scheme": "bearer"}, "basicAuth": {"type": "http", "scheme": "basic"}}}}
            """
        }
        #expect(differences(original, export("bearerAuth")) == [])
        #expect(
            differences(original, export("basicAuth")) == [
                "/paths/~1pets/get/security: security is HTTP bearer or no credentials in the document and HTTP basic or no credentials in the export"
            ])
    }

    @Test func theScopesARequirementNamesAreCompared() {
        let original = operationDocument(
            "security: [{jwt: [read:users, public]}]\nresponses: {'204': {description: None.}}",
            more: "components: {securitySchemes: {jwt: {type: http, scheme: bearer}}}")
        func export(_ scopes: String) -> String {
            """
            {"paths": {"/pets": {"get": {"responses": {"204": {}}, "security": [{"bearerAuth": [\(scopes)]}]}}},
             "components": {"securitySchemes": {"bearerAuth": {"type": "http", "scheme": "bearer"}}}}
            """
        }
        #expect(differences(original, export(#""public", "read:users""#)) == [])
        #expect(
            differences(original, export("")) == [
                "/paths/~1pets/get/security: security is HTTP bearer requiring public, read:users in the document and HTTP bearer in the export"
            ])
    }

    @Test func anOperationWithoutResponsesDiffersAtTheirPlace() {
        // OpenAPI 3.1 lets an operation leave its responses out; the import reports the success
        // it declares at the place they would be.
        let original = operationDocument("operationId: ping")
        let export = #"{"paths": {"/pets": {"get": {"operationId": "Ping", "responses": {"204": {}}}}}}"#
        #expect(
            differences(original, export) == [
                "/paths/~1pets/get/responses: response 204 is in the export and not in the document"
            ])
    }

    @Test func anExtensionOfThePathsObjectIsNoPath() {
        let original = """
            openapi: 3.1.0
            info: {title: Pets, version: '1'}
            paths:
              x-owner: {get: {operationId: owner, responses: {'204': {description: ok}}}}
              /pets: {get: {operationId: ping, responses: {'204': {description: ok}}}}
            """
        let export = #"{"paths": {"/pets": {"get": {"operationId": "Ping", "responses": {"204": {}}}}}}"#
        #expect(differences(original, export) == [])
    }

    @Test func theImportsReportExplainsTheDifferencesOfMissingResponsesAndRoles() throws {
        let document = operationDocument(
            "operationId: ping\nsecurity: [{jwt: [admin]}]",
            more: "components: {securitySchemes: {jwt: {type: http, scheme: bearer}}}")
        let report = try OpenAPIImporter(namespace: "Pets").importDocument(document).report
        // What the imported catalog exports: a 204, and the scheme without its role.
        let export = """
            {"paths": {"/pets": {"get": {"operationId": "Ping", "responses": {"204": {}},
              "security": [{"bearerAuth": []}]}}},
             "components": {"securitySchemes": {"bearerAuth": {"type": "http", "scheme": "bearer"}}}}
            """
        let found = RoundTrip.differences(
            original: try DocumentValue.parse(document), exported: try DocumentValue.parse(export),
            schemaRenames: report.schemaRenames)
        #expect(found.count == 2, "\(found)")
        #expect(found.allSatisfy { report.allows(differenceAt: $0.pointer) }, "\(found)")
    }

    @Test func theDocumentsSecurityAppliesToAnOperationWithoutItsOwn() {
        let original = """
            openapi: 3.1.0
            security: [{key: []}]
            paths: {/pets: {get: {responses: {'204': {description: None.}}}}}
            components: {securitySchemes: {key: {type: apiKey, in: header, name: X-Key}}}
            """
        let export = #"{"paths": {"/pets": {"get": {"responses": {"204": {}}}}}}"#
        #expect(
            differences(original, export) == [
                "/security: security is API key in header x-key in the document and no credentials in the export"
            ])
        let keyed = """
            {"paths": {"/pets": {"get": {"responses": {"204": {}}, "security": [{"apiKey": []}]}}},
             "components": {"securitySchemes": {"apiKey": {"type": "apiKey", "in": "header", "name": "x-key"}}}}
            """
        #expect(differences(original, keyed) == [])
    }

    @Test func anIntegersFormatBoundsAreNoDifference() {
        let original = petsDocument(
            pet: "{type: object, properties: {id: {type: integer, format: int64}, count: {type: integer}}}")
        let bounded = #"""
            {"type": "object", "properties": {
              "id": {"type": "integer", "format": "int64", "minimum": -9223372036854775808, "maximum": 9223372036854775807},
              "count": {"type": "integer", "format": "int32", "minimum": -2147483648, "maximum": 2147483647}}}
            """#
        #expect(differences(original, petsExport(pet: bounded)) == [])
        let limited = #"""
            {"type": "object", "properties": {
              "id": {"type": "integer", "format": "int64"}, "count": {"type": "integer", "minimum": 0, "maximum": 2147483647}}}
            """#
        #expect(
            differences(original, petsExport(pet: limited)) == [
                "/components/schemas/Pet/properties/count: minimum is absent in the document and 0 in the export",
                "/components/schemas/Pet/properties/count: maximum is absent in the document and 2147483647 in the export",
            ])
    }

    @Test func anOptionalPropertyMayAllowNullInTheExport() {
        let original = petsDocument(
            pet: "{type: object, required: [id], properties: {id: {type: string}, tag: {type: string}}}")
        func export(required: String) -> String {
            petsExport(
                pet: #"""
                    {"type": "object", "required": [\#(required)], "properties": {
                      "id": {"anyOf": [{"type": "string"}, {"type": "null"}]}, "tag": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}
                    """#)
        }
        #expect(
            differences(original, export(required: #""id""#)) == [
                "/components/schemas/Pet/properties/id: null is not allowed in the document and allowed in the export"
            ])
        #expect(
            differences(original, export(required: "")) == [
                "/components/schemas/Pet/properties/id: null is not allowed in the document and allowed in the export",
                "/components/schemas/Pet/properties/id: property id is required in the document and optional in the export",
            ])
    }

    @Test func aBooleanExclusiveMinimumOf30IsTheNumericOneOf31() {
        let original = petsDocument(
            "3.0.3",
            pet: "{type: number, minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: false}")
        #expect(
            differences(
                original, petsExport(pet: #"{"type": "number", "exclusiveMinimum": 0, "maximum": 10}"#)) == []
        )
        #expect(
            differences(original, petsExport(pet: #"{"type": "number", "minimum": 0, "maximum": 10}"#)) == [
                "/components/schemas/Pet: minimum is absent in the document and 0 in the export",
                "/components/schemas/Pet/exclusiveMinimum: exclusiveMinimum is 0 in the document and absent in the export",
            ])
    }

    @Test func aFormatCountsOnlyWhenTheDocumentHasOne() {
        let original = petsDocument(
            pet: "{type: object, properties: {id: {type: string}, born: {type: string, format: date}}}")
        let export =
            #"{"type": "object", "properties": {"id": {"type": "string", "format": "uuid"}, "born": {"type": "string"}}}"#
        #expect(
            differences(original, petsExport(pet: export)) == [
                "/components/schemas/Pet/properties/born/format: format is date in the document and absent in the export"
            ])
    }

    @Test func enumValuesCompareAsASet() {
        let original = petsDocument(pet: "{type: string, enum: [cat, dog]}")
        #expect(differences(original, petsExport(pet: #"{"type": "string", "enum": ["dog", "cat"]}"#)) == [])
        #expect(
            differences(original, petsExport(pet: #"{"type": "string", "enum": ["dog"]}"#)) == [
                "/components/schemas/Pet/enum: enum is [cat, dog] in the document and [dog] in the export"
            ])
    }

    @Test func propertiesOnOneSideOnlyAreDifferences() {
        let original = petsDocument(
            pet:
                "{type: object, additionalProperties: false, properties: {id: {type: string}, name: {type: string}}}"
        )
        let export =
            #"{"type": "object", "properties": {"id": {"type": "string"}, "age": {"type": "integer"}}}"#
        #expect(
            differences(original, petsExport(pet: export)) == [
                "/components/schemas/Pet/additionalProperties: additionalProperties is false in the document and absent in the export",
                "/components/schemas/Pet/properties: property age is in the export and not in the document",
                "/components/schemas/Pet/properties/name: property name is in the document and not in the export",
            ])
    }

    @Test func queryParametersCompareStyleAndExplodeWithTheirDefaults() {
        let original = operationDocument(
            """
            parameters: [{name: tags, in: query, schema: {type: array, items: {type: string}}}]
            responses: {'204': {description: None.}}
            """)
        func export(explode: Bool) -> String {
            """
            {"paths": {"/pets": {"get": {"responses": {"204": {}}, "parameters": [
               {"name": "tags", "in": "query", "required": false, "style": "form", "explode": \(explode),
                "schema": {"type": "array", "items": {"type": "string"}}}]}}}}
            """
        }
        #expect(differences(original, export(explode: true)) == [])
        #expect(
            differences(original, export(explode: false)) == [
                "/paths/~1pets/get/parameters/0: explode of query parameter tags is true in the document and false in the export"
            ])
    }

    @Test func requestBodiesCompareRequiredMediaTypesAndFormEncoding() {
        let original = operationDocument(
            method: "post",
            """
            requestBody:
              content:
                application/x-www-form-urlencoded:
                  schema: {type: object, properties: {tags: {type: array, items: {type: string}}}}
                  encoding: {tags: {style: form, explode: false}}
            responses: {'204': {description: None.}}
            """)
        func export(required: Bool, explode: Bool) -> String {
            """
            {"paths": {"/pets": {"post": {"responses": {"204": {}}, "requestBody": {"required": \(required), "content": {
               "application/x-www-form-urlencoded": {
                 "schema": {"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}}},
                 "encoding": {"tags": {"style": "form", "explode": \(explode)}}}}}}}}}
            """
        }
        #expect(differences(original, export(required: false, explode: false)) == [])
        #expect(
            differences(original, export(required: true, explode: true)) == [
                "/paths/~1pets/post/requestBody: the request body is optional in the document and required in the export",
                "/paths/~1pets/post/requestBody/content/application~1x-www-form-urlencoded/encoding/tags/explode: "
                    + "explode of form field tags is false in the document and true in the export",
            ])
    }

    @Test func aResponseWithoutContentDiffersFromOneWithContent() {
        let original = operationDocument("responses: {'204': {description: None.}}")
        let export =
            #"{"paths": {"/pets": {"get": {"responses": {"204": {"content": {"application/json": {}}}}}}}}"#
        #expect(
            differences(original, export) == [
                "/paths/~1pets/get/responses/204: media type application/json is in the export and not in the document"
            ])
    }

    @Test func operationsOnOneSideOnlyAreDifferencesInDocumentOrder() {
        let original = """
            openapi: 3.1.0
            paths:
              /pets:
                get:
                  responses: {'200': {description: OK, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}}
                post:
                  responses: {'204': {description: Created.}}
            components:
              schemas:
                Pet: {type: string}
            """
        let export = """
            {"paths": {
               "/pets": {"get": {"responses": {"200": {"content": {"application/json": {"schema": {"type": "integer"}}}}}}},
               "/owners": {"get": {"responses": {"204": {}}}}}}
            """
        #expect(
            differences(original, export) == [
                "/paths/~1pets/post: operation POST /pets is in the document and not in the export",
                "/paths/~1owners/get: operation GET /owners is in the export and not in the document",
                "/components/schemas/Pet/type: type is string in the document and integer in the export",
            ])
    }

    @Test func aRecursiveSchemaIsComparedOnce() {
        let original = petsDocument(
            pet:
                "{type: object, properties: {name: {type: string}, children: {type: array, items: {$ref: '#/components/schemas/Pet'}}}}"
        )
        func export(_ nameType: String) -> String {
            petsExport(
                pet: #"""
                    {"type": "object", "properties": {"name": {"type": "\#(nameType)"},
                      "children": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}
                    """#)
        }
        #expect(differences(original, export("string")) == [])
        #expect(
            differences(original, export("boolean")) == [
                "/components/schemas/Pet/properties/name/type: type is string in the document and boolean in the export"
            ])
    }

    @Test func anUnusedComponentSchemaTheExportLacksIsADifference() {
        let original = petsDocument(
            pet: "{$ref: '#/components/schemas/Name'}",
            schemas: "    Name: {type: string}\n    Legacy: {type: object}")
        #expect(
            differences(original, petsExport(pet: #"{"type": "string"}"#)) == [
                "/components/schemas/Legacy: component schema Legacy is in the document and not in the export"
            ])
        #expect(
            differences(original, petsExport(pet: #"{"type": "string"}"#, name: "Other")) == [
                "/components/schemas/Name: the schema's name is Name in the document and Other in the export",
                "/components/schemas/Legacy: component schema Legacy is in the document and not in the export",
            ])
    }

    @Test func anAllOfIsTheObjectOfItsMembersProperties() {
        let original = petsDocument(
            pet:
                "{allOf: [{$ref: '#/components/schemas/Named'}, {required: [age], properties: {age: {type: integer}}}]}",
            schemas: "    Named: {type: object, required: [name], properties: {name: {type: string}}}")
        func export(ageType: String) -> String {
            petsExport(
                pet: #"""
                    {"type": "object", "required": ["age", "name"],
                     "properties": {"name": {"type": "string"}, "age": {"type": "\#(ageType)"}}}
                    """#)
        }
        #expect(differences(original, export(ageType: "integer")) == [])
        #expect(
            differences(original, export(ageType: "string")) == [
                "/components/schemas/Pet/allOf/1/properties/age/type: type is integer in the document and string in the export"
            ])
    }

    @Test func aCompositionWithoutATypeIsComparedByItsMembers() {
        let original = petsDocument(pet: "{oneOf: [{type: string}, {type: integer}]}")
        #expect(
            differences(original, petsExport(pet: #"{"type": "string"}"#)) == [
                "/components/schemas/Pet/oneOf: oneOf is 2 schemas in the document and absent in the export"
            ])
    }

    @Test func aReferencedParameterIsComparedWhereItIsDefinedAndAnOperationsOwnReplacesThePathItems() {
        let original = """
            openapi: 3.0.3
            paths:
              /pets:
                parameters:
                  - {$ref: '#/components/parameters/limit'}
                  - {name: cursor, in: query, schema: {type: string}}
                get:
                  parameters: [{name: cursor, in: query, required: true, schema: {type: string}}]
                  responses: {'204': {description: None.}}
            components:
              parameters:
                limit: {name: limit, in: query, schema: {type: integer, format: int32}}
            """
        func export(limitType: String) -> String {
            """
            {"paths": {"/pets": {"get": {"responses": {"204": {}}, "parameters": [
               {"name": "limit", "in": "query", "schema": {"type": "\(limitType)"}},
               {"name": "cursor", "in": "query", "required": true, "schema": {"type": "string"}},
               {"name": "trace", "in": "header", "schema": {"type": "string"}}]}}}}
            """
        }
        #expect(
            differences(original, export(limitType: "string")) == [
                "/paths/~1pets/get/parameters: header parameter trace is in the export and not in the document",
                "/components/parameters/limit/schema/type: type is integer in the document and string in the export",
            ])
    }

    /// A parameter only the export has is reported where the operation lists its parameters,
    /// whether it lists any or not, so that a report item there explains it and no other
    /// difference of the operation.
    @Test func aParameterOnlyTheExportHasIsReportedAtTheOperationsParameters() {
        let original = """
            openapi: 3.1.0
            paths:
              /me:
                get:
                  responses: {'204': {description: None.}}
            """
        let export = """
            {"paths": {"/me": {"get": {"responses": {"204": {}}, "parameters": [
               {"name": "session", "in": "cookie", "required": true, "schema": {"type": "string"}}]}}}}
            """
        #expect(
            differences(original, export) == [
                "/paths/~1me/get/parameters: cookie parameter session is in the export and not in the document"
            ])
    }

    @Test func bytesOf30AreBase64ContentOf31AndAMissingSchemaMatchesExportedBytes() {
        let original = operationDocument(
            """
            responses:
              '200':
                description: The photo.
                content:
                  image/png: {}
                  application/json: {schema: {type: string, format: byte}}
            """)
        let export = """
            {"paths": {"/pets": {"get": {"responses": {"200": {"content": {
               "image/png": {"schema": {"type": "string", "contentMediaType": "image/png"}},
               "application/json": {"schema": {"type": "string", "contentEncoding": "base64"}}}}}}}}}
            """
        #expect(differences(original, export) == [])
    }

    /// A text body the export writes in place is compared with the schema the document refers
    /// to at the body's place, where the import reports what its String does not say; the
    /// schema's own place is left to its other uses.
    @Test func aTextBodysReferencedSchemaIsComparedWhereTheBodyIs() {
        let original = operationDocument(
            method: "put",
            """
            requestBody:
              content:
                text/plain: {schema: {$ref: '#/components/schemas/Count'}}
            responses:
              '200':
                description: The count.
                content:
                  application/json: {schema: {$ref: '#/components/schemas/Count'}}
            """,
            more: """
                components:
                  schemas:
                    Count: {type: object, properties: {n: {type: integer}}}
                """)
        let export = """
            {"paths": {"/pets": {"put": {
               "requestBody": {"content": {"text/plain": {"schema": {"type": "string"}}}},
               "responses": {"200": {"description": "The count.",
                 "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Count"}}}}}}}},
             "components": {"schemas": {"Count": {"type": "object", "properties": {"n": {"type": "integer"}}}}}}
            """
        #expect(
            differences(original, export) == [
                "/paths/~1pets/put/requestBody/content/text~1plain/schema/type: type is object in the document and "
                    + "string in the export"
            ])
    }

    @Test func aMultipartPartsContentTypeIsComparedWhenTheDocumentHasOne() {
        let original = operationDocument(
            method: "post",
            """
            requestBody:
              content:
                multipart/form-data:
                  schema: {type: object, properties: {photo: {type: string, format: binary}}}
                  encoding: {photo: {contentType: 'image/png, image/jpeg'}}
            responses: {'204': {description: None.}}
            """)
        func export(_ contentType: String) -> String {
            """
            {"paths": {"/pets": {"post": {"responses": {"204": {}}, "requestBody": {"content": {"multipart/form-data": {
               "schema": {"type": "object", "properties": {"photo": {"type": "string", "format": "binary",
                 "contentMediaType": "application/octet-stream"}}},
               "encoding": {"photo": {"contentType": "\(contentType)"}}}}}}}}}
            """
        }
        #expect(differences(original, export("image/jpeg,image/png")) == [])
        #expect(
            differences(original, export("*/*")) == [
                "/paths/~1pets/post/requestBody/content/multipart~1form-data/encoding/photo/contentType: "
                    + "the content type of form field photo is image/png, image/jpeg in the document and */* in the export"
            ])
    }

    @Test func statusRangesMatchInAnyCaseAndCoverTheExportersExplicitStatuses() {
        let original = operationDocument(
            path: "/pets/{petId}",
            """
            parameters: [{name: petId, in: path, required: true, schema: {type: string}}]
            responses:
              '204': {description: Deleted.}
              4xx:
                description: A client error.
                content: {application/json: {schema: {type: object, properties: {code: {type: string}}}}}
            """)
        let error =
            #"{"application/json": {"schema": {"type": "object", "properties": {"code": {"type": "string"}}}}}"#
        let export = """
            {"paths": {"/pets/{petId}": {"get": {
               "parameters": [{"name": "petId", "in": "path", "required": true, "schema": {"type": "string"}}],
               "responses": {"204": {}, "4XX": {"content": \(error)},
                 "400": {"content": \(error)}, "404": {"content": \(error)}}}}}}
            """
        #expect(differences(original, export) == [])
    }

    @Test func literalPathSegmentsMatchPercentDecoded() {
        let original = operationDocument(path: "/pets:search", "responses: {'204': {description: None.}}")
        let export = #"{"paths": {"/pets%3Asearch": {"get": {"responses": {"204": {}}}}}}"#
        #expect(differences(original, export) == [])
    }

    @Test func anEncodedSlashIsNotASegmentBoundary() {
        let original = operationDocument(path: "/pets/search/all", "responses: {'204': {description: None.}}")
        let export = #"{"paths": {"/pets/search%2Fall": {"get": {"responses": {"204": {}}}}}}"#
        #expect(
            differences(original, export) == [
                "/paths/~1pets~1search~1all/get: operation GET /pets/search/all is in the document and not in the export",
                "/paths/~1pets~1search%2Fall/get: operation GET /pets/search%2Fall is in the export and not in the document",
            ])
    }

    @Test func aReferenceOf31WithADescriptionBesideItIsTheReference() {
        let original = petsDocument(
            pet:
                "{type: object, properties: {owner: {$ref: '#/components/schemas/Owner', description: Who.}}}",
            schemas: "    Owner: {type: object, properties: {name: {type: string}}}")
        let export = petsExport(
            pet: #"""
                {"type": "object", "properties": {"owner": {"$ref": "#/components/schemas/Owner"}}},
                "Owner": {"type": "object", "properties": {"name": {"type": "integer"}}}
                """#)
        #expect(
            differences(original, export) == [
                "/components/schemas/Owner/properties/name/type: type is string in the document and integer in the export"
            ])
    }

    @Test func anUnresolvableReferenceIsADifference() {
        let original = petsDocument(pet: "{$ref: '#/components/schemas/Missing'}")
        #expect(
            differences(original, petsExport(pet: #"{"type": "string"}"#)) == [
                "/components/schemas/Pet: $ref #/components/schemas/Missing resolves to nothing in the document"
            ])
    }
}

@Suite struct RoundTripDiscriminatorTests {
    private let original = petsDocument(
        pet: """
            {oneOf: [{$ref: '#/components/schemas/cat'}, {$ref: '#/components/schemas/Dog'}],
                  discriminator: {propertyName: kind, mapping: {dog: '#/components/schemas/Dog'}}}
            """,
        schemas: """
                cat: {type: object, properties: {kind: {type: string}}}
                Dog: {type: object, properties: {kind: {type: string}}}
            """)

    private func export(_ discriminator: String) -> String {
        petsExport(
            pet: #"""
                {"oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}],
                 "discriminator": \#(discriminator)},
                "Cat": {"type": "object", "properties": {"kind": {"type": "string"}}},
                "Dog": {"type": "object", "properties": {"kind": {"type": "string"}}}
                """#)
    }

    @Test func aValueNamesTheSameSchemaListedOrNot() {
        // `cat` names the component cat implicitly, which the import renamed Cat.
        let same = export(
            ##"{"propertyName": "kind", "mapping": {"cat": "#/components/schemas/Cat", "dog": "#/components/schemas/Dog"}}"##
        )
        #expect(differences(original, same, renames: ["cat": "Cat"]) == [])
    }

    @Test func aValueNamingAnotherSchemaOrAnotherPropertyIsADifference() {
        let other = export(##"{"propertyName": "type", "mapping": {"dog": "#/components/schemas/Cat"}}"##)
        #expect(
            differences(original, other, renames: ["cat": "Cat"]) == [
                "/components/schemas/Pet/discriminator: discriminator property is kind in the document and type in the export",
                "/components/schemas/Pet/discriminator/mapping/dog: discriminator value \"dog\" names Dog in the document and Cat in the export",
            ])
    }
}
