import Testing

@testable import CourierOpenAPIImport

@Suite struct ImporterEndpointTests {
    @Test func parametersGoWhereTheDocumentSays() throws {
        let result = try importing(
            """
            paths:
              /repos/{owner}/{repo}/issues:
                parameters:
                  - {name: owner, in: path, required: true, schema: {type: string}}
                get:
                  operationId: issues/list-for-repo
                  parameters:
                    - {name: repo, in: path, required: true, schema: {type: string}}
                    - {name: per_page, in: query, schema: {type: integer, minimum: 1, maximum: 100}}
                    - {name: labels, in: query, schema: {type: array, items: {type: string}}, explode: false}
                    - {name: ids, in: query, schema: {type: array, items: {type: integer}}, explode: false}
                    - {name: X-Request-ID, in: header, required: true, schema: {type: string}}
                    - {name: session, in: cookie, schema: {type: string}}
                    - {name: Accept, in: header, schema: {type: string}}
                  responses:
                    '200': {description: ok, content: {application/json: {schema: {type: array, items: {type: string}}}}}
            """)
        let endpoint = file(result, "Endpoints/IssuesListForRepo.swift")
        #expect(endpoint.contains("public typealias Success = [String]"))
        #expect(endpoint.contains("public typealias Failure = Never"))
        #expect(endpoint.contains(#"Path("repos/\(owner)/\(repo)/issues")"#))
        #expect(endpoint.contains(#"FormEncoding(arrays: .commaSeparated)"#))
        // Text joined by commas cannot be read back: one String the caller joins.
        #expect(endpoint.contains("public var labels: String?"))
        #expect(endpoint.contains(#"Query("ids", ids)"#))
        #expect(endpoint.contains("public var ids: [Int]\n"))
        #expect(endpoint.contains(#"Query("per_page", perPage)"#))
        #expect(endpoint.contains(#"Query("labels", labels)"#))
        #expect(endpoint.contains(#"Header("X-Request-ID", xRequestID)"#))
        #expect(endpoint.contains(#"Cookie("session", session)"#))
        #expect(!endpoint.contains("Accept"))
        // Limits are keyed by the property's coding key, which is its name for a query parameter.
        #expect(endpoint.contains(#""perPage": [.minimum(1), .maximum(100)]"#))
    }

    @Test func anOperationsSummaryDescriptionTagsAndDeprecationAreItsEndpointsDocumentation() throws {
        let result = try importing(
            """
            paths:
              /pets/{id}:
                get:
                  operationId: getPet
                  summary: Find a pet "by" ID
                  description: |-
                    Returns one pet.
                    Newest first.
                  tags: [pet, store]
                  deprecated: true
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: integer}}
                  responses:
                    '204': {description: found}
              /ping:
                get:
                  operationId: ping
                  responses:
                    '204': {description: pong}
            """)
        let endpoint = file(result, "Endpoints/GetPet.swift")
        #expect(endpoint.contains("public static var documentation: EndpointDocumentation {"), "\(endpoint)")
        #expect(endpoint.contains(#"documentation.summary = "Find a pet \"by\" ID""#), "\(endpoint)")
        #expect(
            endpoint.contains(#"documentation.details = "Returns one pet.\nNewest first.""#), "\(endpoint)")
        #expect(endpoint.contains(#"documentation.tags.append("pet")"#))
        #expect(endpoint.contains(#"documentation.tags.append("store")"#))
        #expect(endpoint.contains("documentation.isDeprecated = true"))
        // An operation that says nothing of itself has no documentation to declare.
        #expect(!file(result, "Endpoints/Ping.swift").contains("documentation"))
    }

    @Test func aPathsSummaryAndDescriptionDocumentEachOfItsEndpoints() throws {
        let result = try importing(
            """
            paths:
              /v1/Things:
                summary: Things
                description: User provided AWS keys
                get:
                  operationId: listThings
                  summary: List the things
                  responses: {'204': {description: ok}}
            """)
        let endpoint = file(result, "Endpoints/ListThings.swift")
        #expect(
            endpoint.contains(
                "/// List the things\n///\n/// `GET /v1/Things`\n///\n/// Things\n///\n/// User provided AWS keys\n"
                    + "public struct ListThings"),
            "\(endpoint)")
        // The export's operation keeps its own summary only.
        #expect(endpoint.contains(#"documentation.summary = "List the things""#))
        #expect(!endpoint.contains("documentation.details"))
    }

    @Test func serversOfAPathOrOperationThatAreTheDocumentsAreNotReported() throws {
        let result = try importing(
            """
            openapi: 3.0.1
            info: {title: T, version: '1'}
            servers:
              - {url: 'https://accounts.example.com', description: Accounts}
            paths:
              /v1/Things:
                servers:
                  - url: https://accounts.example.com
                get:
                  operationId: listThings
                  servers:
                    - url: https://accounts.example.com
                  responses: {'204': {description: ok}}
              /v1/Files:
                servers:
                  - url: https://files.example.com
                get:
                  operationId: listFiles
                  servers:
                    - url: https://accounts.example.com
                    - url: https://files.example.com
                  responses: {'204': {description: ok}}
            """)
        #expect(reported(result, at: "/paths/~1v1~1Things/servers").isEmpty)
        #expect(reported(result, at: "/paths/~1v1~1Things/get/servers").isEmpty)
        #expect(reported(result, at: "/paths/~1v1~1Files/servers").map(\.kind) == [.notExpressed])
        #expect(reported(result, at: "/paths/~1v1~1Files/get/servers").map(\.kind) == [.notExpressed])
    }

    @Test func theLimitsOfAParameterWrittenAsAStringAreReportedForThat() throws {
        let result = try importing(
            """
            paths:
              /days/{day}:
                get:
                  operationId: getDay
                  parameters:
                    - {name: day, in: path, required: true, schema: {type: string, format: date-time, minLength: 20}}
                    - {name: X-Count, in: header, schema: {type: integer, minimum: 1}}
                  responses: {'204': {description: ok}}
            """)
        let place = "/paths/~1days~1{day}/get/parameters"
        #expect(
            reported(result, at: "\(place)/0/schema").map(\.message) == [
                "A path parameter of type Date is a String in Swift.",
                "The limit .minLength(20) is not checked: the parameter is a String in Swift, which it does not "
                    + "apply to.",
            ])
        #expect(
            reported(result, at: "\(place)/1/schema").map(\.message).last
                == "The limit .minimum(1) is not checked: the parameter is a String in Swift, which it does not apply to."
        )
    }

    @Test func textInAnotherCharsetThanUTF8IsSentAsItsBytes() throws {
        let result = try importing(
            """
            paths:
              /notes:
                post:
                  operationId: postNote
                  requestBody:
                    required: true
                    content:
                      'text/plain; charset="ISO-8859-1"':
                        schema: {type: string}
                  responses: {'204': {description: ok}}
            """)
        let endpoint = file(result, "Endpoints/PostNote.swift")
        #expect(endpoint.contains("public var body: Data\n"), "\(endpoint)")
        #expect(
            endpoint.contains(
                #"Body.data(body, contentType: MediaType("text/plain; charset=\"ISO-8859-1\""))"#))
        #expect(
            reported(
                result, at: #"/paths/~1notes/post/requestBody/content/text~1plain; charset="ISO-8859-1""#
            )
            .map(\.message) == [
                "The text body in charset iso-8859-1 is its bytes in Swift (Data): encode the text in iso-8859-1 "
                    + "yourself."
            ])
    }

    @Test func theLimitsOfATextBodyAreReportedAsNotChecked() throws {
        let result = try importing(
            """
            paths:
              /codes:
                post:
                  operationId: postCode
                  requestBody:
                    required: true
                    content:
                      text/plain:
                        schema: {$ref: '#/components/schemas/Code'}
                  responses: {'204': {description: ok}}
            components:
              schemas:
                Code: {type: string, maxLength: 3, pattern: '^[A-Z]+$'}
            """)
        #expect(
            reported(result, at: "/paths/~1codes/post/requestBody/content/text~1plain/schema").map(\.message)
                == [
                    "The limit maxLength is not checked: a text or bytes body is sent as it is.",
                    "The limit pattern is not checked: a text or bytes body is sent as it is.",
                ])
    }

    @Test func theTypeOfATextBodyOrAnswerThatIsNotAStringIsReportedAsNotChecked() throws {
        let result = try importing(
            """
            paths:
              /counts:
                put:
                  operationId: putCount
                  requestBody:
                    required: true
                    content:
                      text/plain:
                        schema: {type: integer, minimum: 0}
                  responses:
                    '200':
                      description: The count kept.
                      content:
                        text/plain:
                          schema: {type: [number, 'null'], maximum: 10}
              /flags:
                get:
                  operationId: getFlag
                  responses:
                    '200':
                      description: The flag, as bytes.
                      content:
                        application/x-flag:
                          schema: {type: boolean}
            """)
        let endpoint = file(result, "Endpoints/PutCount.swift")
        #expect(endpoint.contains("public var body: String\n"), "\(endpoint)")
        #expect(endpoint.contains("public typealias Success = String"), "\(endpoint)")
        #expect(
            reported(result, at: "/paths/~1counts/put/requestBody/content/text~1plain/schema").map(\.message)
                == [
                    "The limit minimum is not checked: a text or bytes body is sent as it is.",
                    "The type integer is not checked: the body is String in Swift, sent as it is, which the export "
                        + "calls a string.",
                ])
        #expect(
            reported(result, at: "/paths/~1counts/put/responses/200/content/text~1plain/schema").map(
                \.message)
                == [
                    "The limit maximum is not checked: a text or bytes body is read as it is.",
                    "The type number is not checked: the body is String in Swift, read as it is, which the export "
                        + "calls a string.",
                ])
        #expect(
            reported(result, at: "/paths/~1flags/get/responses/200/content/application~1x-flag/schema").map(
                \.message)
                == [
                    "The type boolean is not checked: the body is Data in Swift, read as it is, which the export "
                        + "calls a string."
                ])
        #expect(result.report.items.allSatisfy { $0.changesExport })
    }

    @Test func aLimitOfABytesBodyIsReportedAsNotCheckedWhateverItsKind() throws {
        let result = try importing(
            """
            paths:
              /readings:
                post:
                  operationId: postReadings
                  requestBody:
                    required: true
                    content:
                      application/octet-stream:
                        schema: {type: string, format: binary, maxLength: 1024, minimum: 1, uniqueItems: true}
                  responses: {'204': {description: ok}}
            """)
        #expect(
            reported(
                result, at: "/paths/~1readings/post/requestBody/content/application~1octet-stream/schema"
            )
            .map(\.message) == [
                "The limit minimum is not checked: a text or bytes body is sent as it is.",
                "The limit maxLength is not checked: a text or bytes body is sent as it is.",
                "The limit uniqueItems is not checked: a text or bytes body is sent as it is.",
            ])
    }

    @Test func aLimitBesideARefIsReportedAsNotChecked() throws {
        let document = """
            components:
              schemas:
                Code: {type: string, maxLength: 5}
                Country:
                  type: object
                  properties:
                    code: {$ref: '#/components/schemas/Code', maxLength: 2, description: The ISO code.}
            """
        let result = try importing(document)
        #expect(
            reported(result, at: "/components/schemas/Country/properties/code/maxLength").map(\.message) == [
                "The maxLength beside the $ref is not checked: the Swift type is #/components/schemas/Code's, with "
                    + "its limits only."
            ])
        // OpenAPI 3.0 ignores a $ref's siblings.
        #expect(
            try reported(
                importing(document, version: "3.0.3"),
                at: "/components/schemas/Country/properties/code/maxLength"
            )
            .isEmpty)
    }

    @Test func aURIInTheQueryIsAURLParameter() throws {
        let result = try importing(
            """
            paths:
              /streams:
                post:
                  operationId: subscribe
                  parameters:
                    - {name: callbackUrl, in: query, required: true, schema: {type: string, format: uri}}
                  responses:
                    '204': {description: subscribed}
            """)
        let endpoint = file(result, "Endpoints/Subscribe.swift")
        #expect(endpoint.contains(#"Query("callbackUrl", "#), "\(endpoint)")
        #expect(endpoint.contains(": URL\n"), "\(endpoint)")
        #expect(reported(result, at: "/paths/~1streams/post/parameters/0").isEmpty)
    }

    @Test func aDefaultResponseIsTheSuccessWhenNo2xxIsDocumented() throws {
        let result = try importing(
            """
            paths:
              /user:
                post:
                  operationId: createUser
                  responses:
                    default:
                      description: successful operation
                      content: {application/json: {schema: {$ref: '#/components/schemas/User'}}}
              /session:
                delete:
                  operationId: logOut
                  responses:
                    default: {description: successful operation}
            components:
              schemas:
                User: {type: object, properties: {name: {type: string}}}
            """)
        let create = file(result, "Endpoints/CreateUser.swift")
        #expect(create.contains("public typealias Success = User"), "\(create)")
        #expect(create.contains("public typealias Failure = Never"), "\(create)")
        #expect(reported(result, at: "/paths/~1user/post/responses/default").count == 1)
        let logOut = file(result, "Endpoints/LogOut.swift")
        #expect(logOut.contains("public typealias Success = Empty"), "\(logOut)")
        #expect(logOut.contains("SuccessStatus(200)"), "\(logOut)")
    }

    @Test func aJSONStringBodyThroughAnAliasIsReadAsJSONNotAsText() throws {
        let result = try importing(
            """
            paths:
              /config:
                put:
                  operationId: updateConfig
                  responses:
                    '200':
                      description: ok
                      content: {application/json: {schema: {$ref: '#/components/schemas/NullableString'}}}
            components:
              schemas:
                NullableString: {anyOf: [{type: string}, {type: 'null'}]}
            """)
        let endpoint = file(result, "Endpoints/UpdateConfig.swift")
        #expect(
            endpoint.contains("public typealias Success = TestAPI.JSONBody<NullableString>"), "\(endpoint)")
    }

    @Test func aMultipartAnswerOrANullableOneIsReported() throws {
        let result = try importing(
            """
            paths:
              /parts:
                get:
                  operationId: getParts
                  responses:
                    '200':
                      description: ok
                      content: {multipart/form-data: {schema: {type: object, properties: {a: {type: string}}}}}
              /maybe:
                get:
                  operationId: getMaybe
                  responses:
                    '200':
                      description: ok
                      content: {application/json: {schema: {type: [object, 'null'], properties: {a: {type: string}}}}}
            """)
        #expect(file(result, "Endpoints/GetParts.swift").contains("public typealias Success = Data"))
        #expect(
            reported(result, at: "/paths/~1parts/get/responses/200/content/multipart~1form-data").first?.kind
                == .approximated)
        #expect(
            reported(result, at: "/paths/~1maybe/get/responses/200/content/application~1json/schema").contains
            {
                $0.kind == .notExpressed
            })
    }

    @Test func aJSONStringBodyIsReadAsJSONNotAsText() throws {
        let result = try importing(
            """
            paths:
              /fields:
                get:
                  operationId: listFields
                  responses:
                    '200': {description: ok, content: {application/json: {schema: {type: string}}}}
                    '404': {description: gone, content: {application/json: {schema: {type: string}}}}
                    '500': {description: broken, content: {application/json: {schema: {type: object}}}}
            """)
        let endpoint = file(result, "Endpoints/ListFields.swift")
        #expect(endpoint.contains("public typealias Success = TestAPI.JSONBody<String>"), "\(endpoint)")
        let failure = file(result, "Endpoints/ListFieldsFailure.swift")
        #expect(failure.contains("TestAPI.JSONBody<String>"), "\(failure)")
        let body = file(result, "Models/TestAPI+JSONBody.swift")
        #expect(body.contains("public struct JSONBody<Value: Codable & Sendable & Hashable>"), "\(body)")
        #expect(body.contains("value = try decoder.singleValueContainer().decode(Value.self)"))
    }

    @Test func anObjectInTheQueryIsAParameterPerProperty() throws {
        let result = try importing(
            """
            paths:
              /search:
                get:
                  operationId: search
                  parameters:
                    - name: point
                      in: query
                      schema: {type: object, properties: {x: {type: number}, y: {type: number}}}
                    - name: filter
                      in: query
                      style: deepObject
                      required: true
                      schema: {type: object, required: [name], properties: {name: {type: string}, minAge: {type: integer}}}
                  responses: {'204': {description: ok}}
            """)
        let search = file(result, "Endpoints/Search.swift")
        #expect(search.contains(#"Query("x", pointX)"#))
        #expect(search.contains(#"Query("y", pointY)"#))
        #expect(search.contains(#"Query("filter[name]", filterName)"#))
        #expect(search.contains(#"Query("filter[minAge]", filterMinAge)"#))
        #expect(search.contains("public var filterName: String\n"))
        #expect(search.contains("public var filterMinAge: Int?"))
        #expect(reported(result, at: "/paths/~1search/get/parameters/1").first?.kind == .approximated)
    }

    @Test func aPathParameterKeepsItsNameAsCodingKey() throws {
        let result = try importing(
            """
            paths:
              /pets/{petId}:
                delete:
                  operationId: deletePet
                  parameters: [{name: petId, in: path, required: true, schema: {type: integer}}]
                  responses: {'204': {description: gone}}
            """)
        let endpoint = file(result, "Endpoints/DeletePet.swift")
        #expect(endpoint.contains("public var petID: Int"))
        #expect(endpoint.contains(#"case petID = "petId""#))
        #expect(endpoint.contains("public typealias Success = Empty"))
        #expect(!endpoint.contains("SuccessStatus"))
    }

    @Test func parametersOfOtherScriptsKeepTheirLettersAndSendTheirOwnNames() throws {
        let result = try importing(
            """
            paths:
              /items/{café-id}:
                get:
                  operationId: getItem
                  parameters:
                    - {name: café-id, in: path, required: true, schema: {type: string}}
                    - {name: größe, in: query, schema: {type: integer}}
                    - {name: 名前, in: query, schema: {type: string}}
                    - {name: 😀, in: query, schema: {type: string}}
                  responses: {'204': {description: ok}}
            """)
        let endpoint = file(result, "Endpoints/GetItem.swift")
        #expect(endpoint.hasPrefix("// swift-format-ignore-file: IdentifiersMustBeASCII\n\nimport Courier\n"))
        #expect(endpoint.contains("public var caféID: String"))
        #expect(endpoint.contains(#"case caféID = "café-id""#))
        #expect(endpoint.contains(#"Path("items/\(caféID)")"#))
        #expect(endpoint.contains(#"Query("größe", größe)"#))
        #expect(endpoint.contains(#"Query("名前", 名前)"#))
        #expect(endpoint.contains(#"Query("😀", grinningFace)"#))
    }

    @Test func parametersAndPartsRenamedForSwiftAreReportedOneLineEach() throws {
        let result = try importing(
            """
            paths:
              /items/{café-id}:
                post:
                  operationId: postItem
                  parameters:
                    - {name: café-id, in: path, required: true, schema: {type: string}}
                    - {name: page_size, in: query, schema: {type: integer}}
                    - {name: page-size, in: query, schema: {type: integer}}
                    - {name: 2fa, in: header, schema: {type: string}}
                    - {name: self, in: query, schema: {type: string}}
                    - {name: default, in: query, schema: {type: string}}
                    - {name: 😀, in: query, schema: {type: string}}
                    - {name: filter, in: query, style: deepObject, schema: {type: object, properties: {max-size: {type: integer}}}}
                  requestBody:
                    content:
                      multipart/form-data:
                        schema: {type: object, properties: {file-name: {type: string}, note: {type: string}}}
                  responses: {'204': {description: ok}}
            """)
        let renamed = result.report.items.filter { $0.kind == .renamed }
        #expect(renamed.allSatisfy { !$0.changesExport })
        let operation = "/paths/~1items~1{café-id}/post"
        let kept = "; the document's name is kept on the wire."
        #expect(
            renamed.map(\.description) == [
                "\(operation)/parameters/0: The path parameter café-id is caféID in Swift, since its name is not a "
                    + "Swift identifier of letters and digits\(kept)",
                "\(operation)/requestBody/content/multipart~1form-data/schema/properties/file-name: The part "
                    + "file-name is fileName in Swift, since its name is not a Swift identifier of letters and "
                    + "digits\(kept)",
                "\(operation)/parameters/2: The query parameter page-size is pageSize2 in Swift, since pageSize "
                    + "is taken\(kept)",
                "\(operation)/parameters/3: The header parameter 2fa is _2fa in Swift, since its name is not a "
                    + "Swift identifier of letters and digits\(kept)",
                "\(operation)/parameters/4: The query parameter self is selfValue in Swift, since Swift reserves "
                    + "its name\(kept)",
                "\(operation)/parameters/6: The query parameter 😀 is grinningFace in Swift, named after its "
                    + "symbols\(kept)",
                "\(operation)/parameters/7/schema/properties/max-size: The property max-size is maxSize in "
                    + "Swift, since its name is not a Swift identifier of letters and digits\(kept)",
                "\(operation)/parameters/7: The property max-size of the query parameter filter is filterMaxSize "
                    + "in Swift, since its name is not a Swift identifier of letters and digits\(kept)",
            ])
        let endpoint = file(result, "Endpoints/PostItem.swift")
        #expect(endpoint.contains(#"Query("page-size", pageSize2)"#))
        #expect(endpoint.contains(#"Query("default", `default`)"#))
        #expect(endpoint.contains(#"Query("filter[max-size]", filterMaxSize)"#))
    }

    @Test func failuresOfOneModelAndOfSeveral() throws {
        let result = try importing(
            """
            paths:
              /a:
                get:
                  operationId: one
                  responses:
                    '200': {description: ok}
                    '404': {description: no, content: {application/json: {schema: {$ref: '#/components/schemas/Problem'}}}}
                    '409': {description: clash, content: {application/json: {schema: {$ref: '#/components/schemas/Problem'}}}}
              /b:
                get:
                  operationId: several
                  responses:
                    '201': {description: made, content: {application/json: {schema: {type: string}}}}
                    '404': {description: no, content: {application/json: {schema: {$ref: '#/components/schemas/Problem'}}}}
                    5XX: {description: down, content: {application/json: {schema: {type: object, properties: {retry: {type: integer}}}}}}
                    '410': {description: gone}
            components:
              schemas:
                Problem: {type: object, properties: {message: {type: string}}}
            """)
        let one = file(result, "Endpoints/One.swift")
        #expect(one.contains("public typealias Failure = Problem"))
        #expect(one.contains("public static let failureStatuses: [HTTPStatus]? = [404, 409]"))
        #expect(one.contains("SuccessStatus(200)"))
        #expect(file(result, "Models/Problem.swift").contains("Codable, Sendable, Hashable, Error"))
        let several = file(result, "Endpoints/Several.swift")
        #expect(several.contains("SuccessStatus(201)"))
        #expect(several.contains("public typealias Failure = SeveralFailure"))
        let failure = file(result, "Endpoints/SeveralFailure.swift")
        #expect(failure.contains(".status(404, Problem.self, SeveralFailure.notFound),"))
        #expect(
            failure.contains(".statuses(500...599, SeveralServerError.self, SeveralFailure.serverError),"))
        #expect(!reported(result, at: "/paths/~1b/get/responses/410").isEmpty)
    }

    @Test func aStatusRangeInLowercaseIsReadAsTheRangeAndReported() throws {
        let result = try importing(
            """
            paths:
              /a:
                get:
                  operationId: ranges
                  responses:
                    2xx: {description: ok, content: {application/json: {schema: {type: string}}}}
                    4xx: {description: no, content: {application/json: {schema: {$ref: '#/components/schemas/Problem'}}}}
                    5xx: {description: down, content: {application/json: {schema: {$ref: '#/components/schemas/Problem'}}}}
                    default: {description: other, content: {application/json: {schema: {$ref: '#/components/schemas/Problem'}}}}
            components:
              schemas:
                Problem: {type: object, properties: {message: {type: string}}}
            """)
        let failure = file(result, "Endpoints/RangesFailure.swift")
        #expect(failure.contains(".statuses(400...499, Problem.self, RangesFailure.clientError),"))
        #expect(failure.contains(".statuses(500...599, Problem.self, RangesFailure.serverError),"))
        for key in ["2xx", "4xx", "5xx"] {
            #expect(
                reported(result, at: "/paths/~1a/get/responses/\(key)").contains {
                    $0.kind == .approximated && $0.message.contains(key.uppercased())
                })
        }
        #expect(
            !reported(result, at: "/paths/~1a/get/responses/default").contains {
                $0.message.contains("DEFAULT")
            })
    }

    @Test func securitySchemesBecomeCredentials() throws {
        let result = try importing(
            """
            security: [{bearer: []}]
            paths:
              /me:
                get:
                  operationId: me
                  responses: {'200': {description: ok}}
              /public:
                get:
                  operationId: open
                  security: [{}, {key: []}]
                  responses: {'200': {description: ok}}
            components:
              securitySchemes:
                bearer: {type: http, scheme: bearer}
                key: {type: apiKey, in: header, name: X-API-Key}
            """)
        #expect(file(result, "Endpoints/Me.swift").contains("Header.bearer(token)"))
        let open = file(result, "Endpoints/Open.swift")
        #expect(open.contains("public var apiKey: String?"))
        #expect(open.contains(#"Header("X-API-Key", apiKey, isSecret: true)"#))
    }

    /// A request carries one Authorization field, and none of the fields Courier sets itself: a
    /// requirement that combines two schemes sending Authorization keeps the first, and a header
    /// parameter Courier sets is left out; each is reported.
    @Test func whatWouldMakeTheRequestUnbuildableIsReportedAndLeftOut() throws {
        let result = try importing(
            """
            paths:
              /me:
                get:
                  operationId: me
                  security: [{bearer: [], basic: [], key: []}]
                  parameters:
                    - {name: TE, in: header, schema: {type: string}}
                    - {name: X-Trace, in: header, schema: {type: string}}
                  responses: {'200': {description: ok}}
            components:
              securitySchemes:
                bearer: {type: http, scheme: bearer}
                basic: {type: http, scheme: basic}
                key: {type: apiKey, in: header, name: Keep-Alive}
            """)
        let me = file(result, "Endpoints/Me.swift")
        #expect(me.contains("Header.bearer(token)"))
        #expect(!me.contains("Basic"))
        #expect(!me.contains("Keep-Alive"))
        #expect(!me.contains(#"Header("TE""#))
        #expect(me.contains("X-Trace"))
        #expect(reported(result, at: "/paths/~1me/get/security").count == 1)
        #expect(reported(result, at: "/components/securitySchemes/key").count == 1)
        #expect(reported(result, at: "/paths/~1me/get/parameters/0").count == 1)
    }

    /// A cookie, header or query parameter that names the field an API key of the operation's
    /// security is sent in is that key (Courier refuses a cookie declared twice, and a field sent
    /// twice is not the document's): the key is declared, the parameter is reported, whichever
    /// order the document lists them in; a parameter of another name or place stays.
    @Test func aParameterThatIsAnAPIKeysFieldIsDeclaredOnceAsTheKey() throws {
        let result = try importing(
            """
            paths:
              /me:
                get:
                  operationId: getMe
                  security: [{session: []}]
                  parameters:
                    - {name: session, in: cookie, required: true, schema: {type: string}}
                    - {name: Session, in: cookie, schema: {type: string}}
                    - {name: session, in: header, schema: {type: string}}
                  responses: {'204': {description: ok}}
              /other:
                get:
                  operationId: getOther
                  security: [{key: []}, {}]
                  parameters:
                    - {name: x-api-key, in: header, schema: {type: string}}
                  responses: {'204': {description: ok}}
              /mine:
                get:
                  operationId: getMine
                  security: [{session: []}]
                  responses: {'204': {description: ok}}
              /signed:
                get:
                  operationId: getSigned
                  security: [{signature: []}]
                  responses: {'204': {description: ok}}
            components:
              securitySchemes:
                session: {type: apiKey, in: cookie, name: session}
                signature: {type: apiKey, in: header, name: X-Signature}
                key: {type: apiKey, in: header, name: X-API-Key}
            """)
        let me = file(result, "Endpoints/GetMe.swift")
        #expect(me.contains(#"Cookie("session", apiKey)"#))
        #expect(me.components(separatedBy: #"Cookie("session""#).count == 2)
        // Cookie names are case-sensitive, and a header is another place.
        #expect(me.contains(#"Cookie("Session", session)"#))
        #expect(me.contains(#"Header("session", session2)"#))
        #expect(me.contains("public init(session: String? = nil, session2: String? = nil, apiKey: String)"))
        #expect(
            reported(result, at: "/paths/~1me/get/parameters/0").map(\.message) == [
                "The cookie parameter session is the cookie the security scheme session sends its API key in, which "
                    + "a request carries once: it is declared as the endpoint's API key, not as a parameter of its own."
            ])
        let other = file(result, "Endpoints/GetOther.swift")
        #expect(other.contains("public init(apiKey: String? = nil)"))
        #expect(other.contains(#"Header("X-API-Key", apiKey, isSecret: true)"#))
        #expect(!other.contains("xAPIKey"))
        // Header names are compared without case.
        #expect(reported(result, at: "/paths/~1other/get/parameters/0").map(\.kind) == [.notExpressed])
        // A catalog exports a cookie as a parameter, never as an API key: where the document lists
        // no such parameter, the export's is reported too.
        let cookieKey =
            "The API key of session is sent as the cookie session, which the export lists as a cookie parameter "
            + "and not as a security scheme: a catalog reads only a secret header or query item whose name says "
            + "key or token as an API key."
        for operation in ["me", "mine"] {
            #expect(reported(result, at: "/paths/~1\(operation)/get/security").map(\.message) == [cookieKey])
        }
        #expect(reported(result, at: "/paths/~1me/get/parameters").isEmpty)
        #expect(
            reported(result, at: "/paths/~1mine/get/parameters").map(\.message) == [
                "The export lists the cookie session that session's API key is sent in as a parameter of the operation."
            ])
        #expect(reported(result, at: "/paths/~1other/get/security").isEmpty)
        // A header whose name says neither key nor token is exported as a header parameter.
        #expect(
            reported(result, at: "/paths/~1signed/get/security").map(\.message).first?.hasPrefix(
                "The API key of signature is sent as the header X-Signature, which the export lists as a header "
                    + "parameter and not as a security scheme") == true)
        #expect(reported(result, at: "/paths/~1signed/get/parameters").count == 1)
    }

    /// A path item's parameter belongs to each of its operations: where it is the API key of one
    /// and a parameter of another, the report says which operation declares it as the key.
    @Test func aPathItemsParameterThatIsTheKeyOfOneOperationIsReportedForThatOperation() throws {
        let result = try importing(
            """
            paths:
              /me:
                parameters:
                  - {name: session, in: cookie, schema: {type: string}}
                get:
                  operationId: getMe
                  security: [{session: []}]
                  responses: {'204': {description: ok}}
                post:
                  operationId: postMe
                  responses: {'204': {description: ok}}
            components:
              securitySchemes:
                session: {type: apiKey, in: cookie, name: session}
            """)
        #expect(file(result, "Endpoints/GetMe.swift").contains(#"Cookie("session", apiKey)"#))
        #expect(file(result, "Endpoints/PostMe.swift").contains(#"Cookie("session", session)"#))
        #expect(
            reported(result, at: "/paths/~1me/parameters/0").map(\.message) == [
                "For the GET operation, the cookie parameter session is the cookie the security scheme session sends "
                    + "its API key in, which a request carries once: it is declared as the endpoint's API key, not as "
                    + "a parameter of its own."
            ])
    }

    /// A catalog reads an `Authorization` header without a prefix as an API key whatever its
    /// name says, so its export names the key as the document does.
    @Test func anAPIKeyInTheAuthorizationHeaderIsExportedAsAnAPIKey() throws {
        let result = try importing(
            """
            security: [{raw: []}]
            paths:
              /things:
                get:
                  operationId: getThings
                  responses: {'204': {description: ok}}
            components:
              securitySchemes:
                raw: {type: apiKey, in: header, name: Authorization}
            """)
        #expect(
            file(result, "Endpoints/GetThings.swift").contains(
                #"Header("Authorization", apiKey, isSecret: true)"#))
        #expect(result.report.items.isEmpty, "\(result.report.items)")
    }

    /// Courier refuses `Proxy-Authorization` on a request: neither a parameter nor an API key
    /// scheme may send it, or the generated endpoint would fail every build.
    @Test func proxyAuthorizationIsLeftOutAndReported() throws {
        let document = """
            openapi: 3.1.0
            info: {title: Test, version: '1'}
            paths:
              /things:
                get:
                  operationId: getThings
                  parameters: [{name: Proxy-Authorization, in: header, schema: {type: string}}]
                  responses: {'204': {description: ok}}
              /keys:
                get:
                  operationId: getKeys
                  security: [{proxyKey: []}]
                  responses: {'204': {description: ok}}
            components:
              securitySchemes:
                proxyKey: {type: apiKey, in: header, name: Proxy-Authorization}
            """
        let result = try importing(document)
        let code = result.files.map(\.contents).joined()
        #expect(!code.contains("Proxy-Authorization"))
        #expect(
            reported(result, at: "/paths/~1things/get/parameters/0").map(\.message) == [
                "Courier refuses Proxy-Authorization on a request: it would reach the server through a proxy's "
                    + "tunnel, and a proxy's credentials go in the transport's proxy settings; the operation is "
                    + "imported without it."
            ])
        #expect(
            result.report.items.contains {
                $0.message.hasPrefix("proxyKey sends its key in Proxy-Authorization, which Courier refuses")
            })
    }

    /// A header parameter left out (one Courier sets, one OpenAPI ignores, the whole `Cookie`
    /// field) is reported where each operation names it, also when one shared definition holds it:
    /// that is where the round trip finds it missing from the export.
    @Test func aHeaderLeftOutIsReportedWhereEachOperationNamesIt() throws {
        let document = """
            openapi: 3.1.0
            info: {title: Test, version: '1'}
            paths:
              /a:
                get:
                  operationId: getA
                  parameters:
                    - {$ref: '#/components/parameters/Host'}
                    - {$ref: '#/components/parameters/ContentType'}
                    - {$ref: '#/components/parameters/Cookie'}
                  responses: {'204': {description: ok}}
              /b:
                get:
                  operationId: getB
                  parameters: [{$ref: '#/components/parameters/Host'}]
                  responses: {'204': {description: ok}}
            components:
              parameters:
                Host: {name: Host, in: header, schema: {type: string}}
                ContentType: {name: Content-Type, in: header, schema: {type: string}}
                Cookie: {name: Cookie, in: header, schema: {type: string}}
            """
        let result = try importing(document)
        #expect(result.report.items.filter { $0.pointer.hasPrefix("/components/parameters") }.isEmpty)
        for place in [
            "/paths/~1a/get/parameters/0", "/paths/~1a/get/parameters/1", "/paths/~1a/get/parameters/2",
        ] {
            #expect(reported(result, at: place).map(\.kind) == [.notExpressed])
        }
        #expect(
            reported(result, at: "/paths/~1b/get/parameters/0").map(\.message) == [
                "Courier sets Host itself (it frames the message or manages the connection), so an endpoint cannot; "
                    + "the operation is imported without it."
            ])
        // The endpoints' export lists no header: the report explains every difference.
        let export = """
            {"openapi": "3.1.0", "info": {"title": "Test", "version": "1"}, "paths": {
              "/a": {"get": {"operationId": "getA", "responses": {"204": {"description": "ok"}}}},
              "/b": {"get": {"operationId": "getB", "responses": {"204": {"description": "ok"}}}}}}
            """
        let differences = RoundTrip.differences(
            original: try DocumentValue.parse(document), exported: try DocumentValue.parse(export),
            schemaRenames: [:])
        #expect(
            differences.map(\.pointer) == [
                "/paths/~1a/get/parameters/0", "/paths/~1a/get/parameters/2", "/paths/~1b/get/parameters/0",
            ])
        #expect(differences.allSatisfy { result.report.allows(differenceAt: $0.pointer) })
    }

    /// Courier refuses a header or cookie name that is not an RFC 9110 token when it builds the
    /// request: an optional one is left out, an operation that requires one is left out, and an
    /// API key that would be sent under such a name is left out; each is reported.
    @Test func headerAndCookieNamesThatAreNoTokensAreReportedAndLeftOut() throws {
        let result = try importing(
            """
            paths:
              /me:
                get:
                  operationId: me
                  security: [{key: []}]
                  parameters:
                    - {name: 名前, in: header, schema: {type: string}}
                    - {name: x y, in: header, schema: {type: string}}
                    - {name: 😀, in: cookie, schema: {type: string}}
                    - {name: a=b, in: cookie, schema: {type: string}}
                    - {name: X-Trace, in: header, schema: {type: string}}
                    - {name: session_id, in: cookie, schema: {type: string}}
                  responses: {'200': {description: ok}}
              /them:
                get:
                  operationId: them
                  parameters:
                    - {name: 'x;y', in: cookie, required: true, schema: {type: string}}
                  responses: {'200': {description: ok}}
            components:
              securitySchemes:
                key: {type: apiKey, in: cookie, name: 'key id'}
            """)
        let me = file(result, "Endpoints/Me.swift")
        #expect(me.contains(#"Header("X-Trace", xTrace)"#))
        #expect(me.contains(#"Cookie("session_id", sessionID)"#))
        for name in ["名前", "x y", "😀", "a=b", "key id"] {
            #expect(!me.contains("\"\(name)\""))
        }
        #expect(!me.contains("apiKey"))
        #expect(
            reported(result, at: "/paths/~1me/get/parameters/1").map(\.message) == [
                #"The header name "x y" is not an RFC 9110 token (ASCII letters, digits and !#$%&'*+-.^_`|~), "#
                    + "so no request can carry it; the operation is imported without it."
            ])
        #expect(
            reported(result, at: "/paths/~1me/get/parameters/3").map(\.message) == [
                #"The cookie name "a=b" is not an RFC 9110 token (ASCII letters, digits and !#$%&'*+-.^_`|~, as "#
                    + "RFC 6265's cookie-name asks), so no request can carry it; the operation is imported without it."
            ])
        for index in 0..<4 {
            #expect(
                reported(result, at: "/paths/~1me/get/parameters/\(index)").map(\.kind) == [.notExpressed])
        }
        #expect(reported(result, at: "/paths/~1me/get/parameters/4").map(\.kind) == [.renamed])
        #expect(
            reported(result, at: "/components/securitySchemes/key").map(\.message) == [
                #"The cookie name "key id" is not an RFC 9110 token (ASCII letters, digits and !#$%&'*+-.^_`|~, "#
                    + "as RFC 6265's cookie-name asks), so no request can carry it; the scheme key is left out."
            ])
        #expect(!result.files.contains { $0.path == "Endpoints/Them.swift" })
        #expect(!file(result, "TestAPI.swift").contains("Them.self"))
        #expect(
            reported(result, at: "/paths/~1them/get").map(\.message) == [
                #"The cookie name "x;y" is not an RFC 9110 token (ASCII letters, digits and !#$%&'*+-.^_`|~, as "#
                    + "RFC 6265's cookie-name asks), so no request can carry it, and the operation requires it (at "
                    + "/paths/~1them/get/parameters/0/name); the operation is left out."
            ])
    }

    @Test func anOAuthRequirementIsReportedWhereItIsRequired() throws {
        let result = try importing(
            """
            paths:
              /pets:
                get:
                  operationId: pets
                  security: [{petstore_auth: [read:pets]}]
                  responses: {'200': {description: ok}}
            components:
              securitySchemes:
                petstore_auth:
                  type: oauth2
                  flows: {implicit: {authorizationUrl: 'https://auth.example/', scopes: {read:pets: read}}}
            """)
        #expect(file(result, "Endpoints/Pets.swift").contains("Header.bearer(token)"))
        #expect(reported(result, at: "/components/securitySchemes/petstore_auth").count == 1)
        let items = reported(result, at: "/paths/~1pets/get/security")
        #expect(items.map(\.kind) == [.notExpressed, .approximated])
        #expect(
            items.first?.message.hasPrefix("The scope read:pets that petstore_auth requires is not declared")
                == true)
    }

    @Test func anOperationWithoutResponsesIsReportedWhereTheyWouldBe() throws {
        let result = try importing(
            """
            paths:
              /ping:
                post: {operationId: ping}
            """)
        #expect(
            reported(result, at: "/paths/~1ping/post/responses").map(\.message) == [
                "The operation documents no responses; the endpoint's success is Empty, answered with 204."
            ])
    }

    @Test func aJSONMediaTypeWithoutASchemaIsReportedAsAnyJSON() throws {
        let result = try importing(
            """
            paths:
              /versions:
                post:
                  operationId: versions
                  requestBody:
                    content:
                      application/json: {example: {a: 1}}
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json: {examples: {one: {value: {b: 2}}}}
            """)
        for place in ["requestBody", "responses/200"] {
            let items = reported(result, at: "/paths/~1versions/post/\(place)/content/application~1json")
            #expect(items.map(\.kind) == [.approximated], "\(place)")
            #expect(items.first?.changesExport == false)
        }
        #expect(file(result, "Endpoints/Versions.swift").contains("TestAPI.JSONValue"))
    }

    @Test func interimAndRedirectResponsesSayWhatTheClientDoes() throws {
        let result = try importing(
            """
            paths:
              /versions:
                get:
                  operationId: versions
                  responses:
                    '200': {description: ok}
                    '101': {description: Switching.}
                    1XX: {description: Information.}
                    '300': {description: Choose a version.}
                    '301': {description: Moved.}
                    '304': {description: Not modified.}
                    3XX: {description: Other.}
            """)
        func message(_ status: String) -> String? {
            reported(result, at: "/paths/~1versions/get/responses/\(status)").first?.message
        }
        #expect(
            message("300")
                == "A 300 response is not declared: the client throws undocumentedStatus with its status and body."
        )
        #expect(
            message("301") == "A 301 response is not an endpoint's result: Courier follows redirects itself.")
        #expect(message("304")?.contains("throws notModified") == true)
        #expect(
            message("101")?.hasPrefix("A 101 response switches the connection to another protocol") == true)
        #expect(
            message("1XX") == "A 1XX response is interim: the transport reads it and waits for the final one."
        )
        #expect(message("3XX")?.hasSuffix("and any other throws undocumentedStatus.") == true)
    }

    @Test func aRequiredParametersDefaultIsNotDocumentedAsItsDefault() throws {
        let result = try importing(
            """
            paths:
              /{version}/fields.{format}:
                get:
                  operationId: fields
                  parameters:
                    - {name: version, in: path, required: true, description: The version., schema: {type: string, default: v1}}
                    - {name: format, in: path, required: true, schema: {type: string, default: json, deprecated: true}}
                    - {name: rows, in: query, description: How many., schema: {type: integer, default: 100}}
                  responses: {'204': {description: None.}}
            """)
        let source = file(result, "Endpoints/Fields.swift")
        #expect(!source.contains("Defaults to `\"v1\"`"), "\(source)")
        #expect(!source.contains("Defaults to `\"json\"`"), "\(source)")
        #expect(
            source.contains("/// The `format` path parameter.\n    ///\n    /// Deprecated."), "\(source)")
        #expect(source.contains("Defaults to `100`"), "\(source)")
    }

    @Test func anInlineParameterEnumIsDocumentedByTheParameter() throws {
        let result = try importing(
            """
            paths:
              /pets:
                get:
                  operationId: pets
                  parameters:
                    - {name: order, in: query, schema: {type: string, enum: [asc, desc]}}
                  responses: {'204': {description: None.}}
            """)
        let models = result.files.filter { $0.path.hasPrefix("Models/") }.map(\.contents).joined()
        #expect(
            models.contains("/// The values of the `order` query parameter of `GET /pets`."),
            "\(models)")
    }

    @Test func aDescribedParameterKeepsItsDefaultInItsDocumentation() throws {
        let result = try importing(
            """
            paths:
              /items:
                get:
                  operationId: items
                  parameters:
                    - {name: page, in: query, description: The page to show., schema: {type: integer, default: 1}}
                    - {name: size, in: query, description: The page's size., schema: {type: integer, default: 20.0}}
                    - {name: ratio, in: query, description: The ratio., schema: {type: number, default: 2.0}}
                  responses: {'200': {description: ok}}
            """)
        let endpoint = file(result, "Endpoints/Items.swift")
        #expect(endpoint.contains("/// The page to show.\n    ///\n    /// Defaults to `1`."))
        #expect(endpoint.contains("/// The page's size.\n    ///\n    /// Defaults to `20`."), "\(endpoint)")
        #expect(endpoint.contains("/// The ratio.\n    ///\n    /// Defaults to `2.0`."), "\(endpoint)")
    }

    @Test func aParametersDefaultOfAnotherTypeIsLeftOutAndReported() throws {
        let result = try importing(
            """
            paths:
              /items:
                get:
                  operationId: items
                  parameters:
                    - {name: limit, in: query, description: How many., schema: {type: integer, default: "inf"}}
                    - {name: page, in: query, schema: {$ref: '#/components/schemas/Page'}}
                  responses: {'200': {description: ok}}
            components:
              schemas:
                Page: {type: integer, default: first}
            """)
        let items = file(result, "Endpoints/Items.swift")
        #expect(!items.contains("Defaults to"), "\(items)")
        #expect(
            reported(result, at: "/paths/~1items/get/parameters/0/schema/default").map(\.message) == [
                #"The default "inf" is a string, not of the schema's type (integer): it is left out of the "#
                    + "documentation."
            ])
        #expect(reported(result, at: "/components/schemas/Page/default").count == 1)
    }

    /// A vendor extension outside a schema (of a path item, an operation, a parameter, a request
    /// body, a response, a media type or a header) is reported as one in a schema is: once per
    /// name and kind of object, at its first place, with the number of places, each counted once
    /// however many operations read it.
    @Test func extensionsOutsideSchemasAreReportedOncePerNameAndKind() throws {
        let result = try importing(
            """
            paths:
              /items:
                x-owner: catalog
                parameters:
                  - {name: a, in: query, schema: {type: string}, x-internal: true}
                get:
                  operationId: getItems
                  x-sunset: '2027-01-01'
                  parameters: [{$ref: '#/components/parameters/Page'}]
                  responses:
                    x-cache: none
                    '200':
                      description: ok
                      x-cache: 60
                      headers: {X-Rate: {schema: {type: integer}, x-unit: requests}}
                      content: {application/json: {schema: {type: string}, x-sample: a}}
                post:
                  operationId: postItems
                  x-sunset: '2027-01-01'
                  parameters: [{$ref: '#/components/parameters/Page'}]
                  requestBody: {x-example-id: 1, content: {text/plain: {schema: {type: string}}}}
                  responses: {'204': {$ref: '#/components/responses/Done'}}
            components:
              parameters:
                Page: {name: page, in: query, schema: {type: integer}, x-internal: false}
              responses:
                Done: {description: done, x-cache: 0}
              schemas:
                Item: {type: object, x-table: items, properties: {id: {type: string, x-table: ids}}}
            """)
        let extensions = result.report.items.filter { $0.message.hasPrefix("The extension") }
        #expect(
            extensions.map(\.description) == [
                "/components/schemas/Item/x-table: The extension x-table is not read (2 times in schemas).",
                "/paths/~1items/x-owner: The extension x-owner is not read (once in path items).",
                "/paths/~1items/get/x-sunset: The extension x-sunset is not read (2 times in operations).",
                "/paths/~1items/parameters/0/x-internal: The extension x-internal is not read (2 times in parameters).",
                "/paths/~1items/get/responses/x-cache: The extension x-cache is not read (3 times in responses).",
                "/paths/~1items/get/responses/200/content/application~1json/x-sample: The extension x-sample is not "
                    + "read (once in media types).",
                "/paths/~1items/get/responses/200/headers/X-Rate/x-unit: The extension x-unit is not read (once in "
                    + "headers).",
                "/paths/~1items/post/requestBody/x-example-id: The extension x-example-id is not read (once in request "
                    + "bodies).",
            ])
        #expect(extensions.allSatisfy { !$0.changesExport && $0.kind == .notExpressed })
    }

    /// The document's own objects that hold no operation report their vendor extensions too.
    @Test func extensionsOfTheDocumentItsInfoServersTagsAndSecuritySchemesAreReported() throws {
        let result = try importing(
            """
            openapi: 3.1.0
            info: {title: Test, version: '1', x-audience: internal, contact: {name: Team, x-slack: '#api'}}
            x-tag-groups: [{name: All, tags: [items]}]
            servers:
              - {url: 'https://api.example.com', x-region: eu}
            tags: [{name: items, x-display-name: Items}]
            paths: {}
            components:
              securitySchemes:
                key: {type: apiKey, in: header, name: X-API-Key, x-rotation: monthly}
            """)
        #expect(
            result.report.items.filter { $0.message.hasPrefix("The extension") }.map(\.description) == [
                "/x-tag-groups: The extension x-tag-groups is not read (once in the document).",
                "/info/x-audience: The extension x-audience is not read (once in info).",
                "/info/contact/x-slack: The extension x-slack is not read (once in info).",
                "/servers/0/x-region: The extension x-region is not read (once in servers).",
                "/tags/0/x-display-name: The extension x-display-name is not read (once in tags).",
                "/components/securitySchemes/key/x-rotation: The extension x-rotation is not read (once in security "
                    + "schemes).",
            ])
    }

    /// The vendor extensions of examples, encodings, links, callbacks, webhooks, components no
    /// operation uses and a path item beside its `$ref` are reported as the others are.
    @Test func extensionsOfExamplesEncodingsLinksCallbacksAndUnusedComponentsAreReported() throws {
        let result = try importing(
            """
            openapi: 3.1.0
            info: {title: Test, version: '1'}
            paths:
              x-paths-owner: {team: catalog, get: {responses: {'204': {description: ok}}}}
              /items:
                $ref: '#/components/pathItems/Items'
                x-beside: 1
              /forms:
                servers: [{url: 'https://forms.example.com', x-zone: a}]
                post:
                  operationId: postForm
                  servers: [{url: 'https://forms.example.com', variables: {v: {default: '1', x-zone: b}}}]
                  parameters:
                    - name: q
                      in: query
                      schema: {type: string}
                      examples: {one: {value: a, x-origin: log}}
                  requestBody:
                    content:
                      multipart/form-data:
                        schema: {type: object, properties: {file: {type: string, format: binary}}}
                        encoding:
                          file:
                            contentType: image/png
                            x-max-size: 10
                            headers: {X-Part: {schema: {type: string}, x-note: a}}
                        examples: {empty: {value: {}, x-origin: test}}
                  callbacks:
                    done:
                      x-retries: 3
                      '{$request.body#/url}':
                        x-signed: true
                        post:
                          x-timeout: 5
                          parameters: [{name: id, in: query, schema: {type: string}, x-hidden: true}]
                          responses: {'200': {description: ok, x-ack: true}}
                  responses:
                    '204':
                      description: ok
                      links: {next: {operationId: postForm, x-hint: b}}
            webhooks:
              ping:
                post:
                  x-topic: ping
                  responses: {'200': {description: ok}}
            components:
              x-group: all
              pathItems:
                Items:
                  get:
                    operationId: getItems
                    responses: {'204': {description: ok}}
              parameters:
                Unused: {name: u, in: query, schema: {type: string}, x-unused: true}
              examples:
                Sample: {value: 1, x-origin: docs}
              links:
                Self: {operationId: getItems, x-hint: c}
              callbacks:
                Loop:
                  '{$url}':
                    post:
                      callbacks: {again: {$ref: '#/components/callbacks/Loop'}}
                      responses: {'200': {description: ok}}
                    x-loop: true
            """)
        #expect(
            result.report.items.filter { $0.message.hasPrefix("The extension") }.map(\.description) == [
                "/paths/~1items/x-beside: The extension x-beside is not read (once in path items).",
                "/paths/~1forms/servers/0/x-zone: The extension x-zone is not read (2 times in servers).",
                "/paths/~1forms/post/parameters/0/examples/one/x-origin: The extension x-origin is not read (3 times "
                    + "in examples).",
                "/paths/~1forms/post/requestBody/content/multipart~1form-data/encoding/file/x-max-size: The extension "
                    + "x-max-size is not read (once in encodings).",
                "/paths/~1forms/post/requestBody/content/multipart~1form-data/encoding/file/headers/X-Part/x-note: The "
                    + "extension x-note is not read (once in headers).",
                "/paths/~1forms/post/callbacks/done/x-retries: The extension x-retries is not read (once in "
                    + "callbacks).",
                "/paths/~1forms/post/callbacks/done/{$request.body#~1url}/x-signed: The extension x-signed is not read "
                    + "(once in path items).",
                "/paths/~1forms/post/callbacks/done/{$request.body#~1url}/post/x-timeout: The extension x-timeout is "
                    + "not read (once in operations).",
                "/paths/~1forms/post/callbacks/done/{$request.body#~1url}/post/parameters/0/x-hidden: The extension "
                    + "x-hidden is not read (once in parameters).",
                "/paths/~1forms/post/callbacks/done/{$request.body#~1url}/post/responses/200/x-ack: The extension "
                    + "x-ack is not read (once in responses).",
                "/paths/~1forms/post/responses/204/links/next/x-hint: The extension x-hint is not read (2 times in "
                    + "links).",
                "/webhooks/ping/post/x-topic: The extension x-topic is not read (once in operations).",
                "/paths/x-paths-owner: The extension x-paths-owner is not read (once in paths).",
                "/components/x-group: The extension x-group is not read (once in components).",
                "/components/parameters/Unused/x-unused: The extension x-unused is not read (once in parameters).",
                "/components/callbacks/Loop/{$url}/x-loop: The extension x-loop is not read (once in path items).",
            ])
        // An extension of the paths object is no path.
        #expect(!result.report.items.contains { $0.pointer.hasPrefix("/paths/x-paths-owner/") })
        #expect(
            result.files.map(\.path).filter { $0.hasPrefix("Endpoints/") }.sorted() == [
                "Endpoints/GetItems.swift", "Endpoints/PostForm.swift",
            ])
    }

    /// A component other than a schema that no `$ref` outside it names is reported; one that an
    /// operation, or another used component, refers to is not.
    @Test func aComponentNoReferenceNamesIsReported() throws {
        let result = try importing(
            """
            paths:
              /items:
                get:
                  operationId: getItems
                  parameters: [{$ref: '#/components/parameters/Page'}]
                  responses: {'200': {$ref: '#/components/responses/Items'}}
            components:
              parameters:
                Page: {name: page, in: query, schema: {type: integer}}
                Unused: {name: u, in: query, schema: {type: string}}
              responses:
                Items:
                  description: ok
                  content: {application/json: {schema: {type: string}, examples: {one: {$ref: '#/components/examples/One'}}}}
              examples:
                One: {value: a}
                Spare: {value: b}
              callbacks:
                Loop:
                  '{$url}':
                    post:
                      callbacks: {again: {$ref: '#/components/callbacks/Loop'}}
                      responses: {'200': {description: ok}}
            """)
        #expect(
            result.report.items.filter { $0.message.hasPrefix("No $ref") }.map(\.description) == [
                "/components/parameters/Unused: No $ref names the parameter Unused, so nothing of it is imported.",
                "/components/examples/Spare: No $ref names the example Spare, so nothing of it is imported.",
                "/components/callbacks/Loop: No $ref names the callback Loop, so nothing of it is imported.",
            ])
        #expect(
            result.report.items.filter { $0.message.hasPrefix("No $ref") }.allSatisfy { !$0.changesExport })
    }

    @Test func anInlineBodySchemaIsNamedAfterItsOperation() throws {
        let result = try importing(
            """
            paths:
              /{dataset}/records:
                post:
                  operationId: search
                  parameters: [{name: dataset, in: path, required: true, schema: {type: string}}]
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema: {type: object, properties: {criteria: {type: string}}}
                  responses:
                    '200':
                      description: ok
                      content: {application/json: {schema: {type: object, properties: {count: {type: integer}}}}}
            """)
        let sources = result.files.map(\.contents).joined()
        #expect(
            sources.contains("/// The schema of the `POST /{dataset}/records` request body."), "\(sources)")
        #expect(
            sources.contains("/// The schema of the `POST /{dataset}/records` 200 response."), "\(sources)")
    }

    @Test func aOneOfOfOneSchemaWithADiscriminatorIsReported() throws {
        let result = try importing(
            """
            components:
              schemas:
                Token: {type: object, properties: {mode: {type: string}, token: {type: string}}}
                Rule:
                  type: object
                  properties:
                    authentication:
                      discriminator: {propertyName: mode, mapping: {token: '#/components/schemas/Token'}}
                      oneOf: [{$ref: '#/components/schemas/Token'}]
            """)
        #expect(file(result, "Models/Rule.swift").contains("public var authentication: Token?"))
        let place = "/components/schemas/Rule/properties/authentication"
        #expect(reported(result, at: place + "/oneOf").count == 1)
        #expect(reported(result, at: place + "/discriminator").count == 1)
    }

    @Test func bodiesJSONFormAndMultipart() throws {
        let result = try importing(
            """
            paths:
              /json:
                post:
                  operationId: postJSON
                  requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Item'}}}}
                  responses: {'204': {description: ok}}
              /patch:
                patch:
                  operationId: patchItem
                  requestBody:
                    required: true
                    content: {application/merge-patch+json: {schema: {$ref: '#/components/schemas/Item'}}}
                  responses: {'204': {description: ok}}
              /form:
                post:
                  operationId: postForm
                  requestBody: {required: true, content: {application/x-www-form-urlencoded: {schema: {$ref: '#/components/schemas/Item'}}}}
                  responses: {'204': {description: ok}}
              /files:
                post:
                  operationId: upload
                  requestBody:
                    required: true
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          required: [file, purpose]
                          properties:
                            file: {type: string, format: binary}
                            purpose: {type: string}
                            note: {type: string}
                  responses: {'204': {description: ok}}
            components:
              schemas:
                Item: {type: object, properties: {name: {type: string}}}
            """)
        let json = file(result, "Endpoints/PostJSON.swift")
        #expect(json.contains("public var body: Item?"))
        #expect(json.contains("if let body { Body.json(body) }"))
        #expect(file(result, "Endpoints/PostForm.swift").contains("Body.form(body)"))
        // Another JSON type is declared, so the request says it.
        #expect(
            file(result, "Endpoints/PatchItem.swift").contains(
                "Header.contentType(MediaType(\"application/merge-patch+json\"))\n        Body.json(body)"))
        let upload = file(result, "Endpoints/Upload.swift")
        #expect(upload.contains("public var file: Data"))
        #expect(upload.contains("public var fileFilename: String"))
        #expect(upload.contains("public var fileContentType: MediaType"))
        // An optional text part is sent only when it has a value.
        #expect(upload.contains("public var note: String?"))
        #expect(
            upload.contains(
                #"Body.multipart(parts: [.data("file", file, filename: fileFilename, contentType: fileContentType), "#
                    + #".text("purpose", purpose), note.map { .text("note", $0) }].compactMap { $0 })"#
            ))
        #expect(
            reported(
                result,
                at: "/paths/~1files/post/requestBody/content/multipart~1form-data/schema/properties/note"
            ).isEmpty)
    }

    /// A text or bytes body that the document does not require is an optional property, sent
    /// only when set, as an optional JSON or form body is; a required one is always sent.
    @Test func anOptionalTextOrBytesBodyIsSentOnlyWhenSet() throws {
        let result = try importing(
            """
            paths:
              /notes:
                post:
                  operationId: postNote
                  requestBody: {content: {text/plain: {schema: {type: string}}}}
                  responses: {'204': {description: ok}}
              /pages:
                post:
                  operationId: postPage
                  requestBody: {required: false, content: {text/html: {schema: {type: string}}}}
                  responses: {'204': {description: ok}}
              /blobs:
                put:
                  operationId: putBlob
                  requestBody: {required: false, content: {application/octet-stream: {schema: {type: string, format: binary}}}}
                  responses: {'204': {description: ok}}
              /images:
                put:
                  operationId: putImage
                  requestBody: {required: true, content: {image/png: {schema: {type: string, format: binary}}}}
                  responses: {'204': {description: ok}}
            """)
        let note = file(result, "Endpoints/PostNote.swift")
        #expect(note.contains("public var body: String?"))
        #expect(note.contains("public init(body: String? = nil)"))
        #expect(note.contains("if let body { Body.text(body) }"))
        let page = file(result, "Endpoints/PostPage.swift")
        #expect(page.contains("public var body: String?"))
        #expect(page.contains(#"if let body { Body.text(body, contentType: MediaType("text/html")) }"#))
        let blob = file(result, "Endpoints/PutBlob.swift")
        #expect(blob.contains("public var body: Data?"))
        #expect(blob.contains("if let body { Body.data(body, contentType: .octetStream) }"))
        let image = file(result, "Endpoints/PutImage.swift")
        #expect(image.contains("public var body: Data\n"))
        #expect(image.contains(#"        Body.data(body, contentType: MediaType("image/png"))"#))
        // Nothing is approximated: the export says the body is optional, as the document does.
        #expect(result.report.items.isEmpty)
    }

    @Test func aPathIsOneLiteralWithTextAroundAParameterKept() throws {
        let result = try importing(
            """
            paths:
              /Accounts/{AccountSid}/Messages/{Sid}.json:
                get:
                  operationId: FetchMessage
                  parameters:
                    - {name: AccountSid, in: path, required: true, schema: {type: string}}
                    - {name: Sid, in: path, required: true, schema: {type: string}}
                  responses: {'204': {description: ok}}
              /repos/{owner}/stats/code%20frequency:
                get:
                  operationId: getCodeFrequency
                  parameters:
                    - {name: owner, in: path, required: true, schema: {type: string}}
                  responses: {'204': {description: ok}}
              /api/v1/documents/:
                get:
                  operationId: listDocuments
                  responses: {'204': {description: ok}}
            """)
        #expect(
            file(result, "Endpoints/FetchMessage.swift").contains(
                #"Path("Accounts/\(accountSid)/Messages/\(sid).json")"#))
        // Literal text after a parameter keeps its slashes, and is sent as the document wrote it.
        #expect(
            file(result, "Endpoints/GetCodeFrequency.swift").contains(
                #"Path("repos/\(owner)/stats/code frequency")"#))
        // A trailing slash is part of the path a server answers.
        #expect(file(result, "Endpoints/ListDocuments.swift").contains(#"Path("api/v1/documents/")"#))
        #expect(result.report.items.isEmpty)
    }

    @Test func aMatrixOrLabelPathParameterLeavesTheOperationOutWithAReportItem() throws {
        let result = try importing(
            """
            paths:
              /matrix/{id}:
                get:
                  operationId: matrixPath
                  parameters:
                    - {name: id, in: path, required: true, style: matrix, schema: {type: integer}}
                  responses: {'204': {description: ok}}
              /label/{id}:
                get:
                  operationId: labelPath
                  parameters:
                    - {name: id, in: path, required: true, style: label, schema: {type: integer}}
                  responses: {'204': {description: ok}}
              /simple/{id}:
                get:
                  operationId: simplePath
                  parameters:
                    - {name: id, in: path, required: true, style: simple, schema: {type: integer}}
                  responses: {'204': {description: ok}}
            """)
        let endpoints = result.files.map(\.path).filter { $0.hasPrefix("Endpoints/") }
        #expect(endpoints == ["Endpoints/SimplePath.swift"])
        for name in ["matrix", "label"] {
            let item = try #require(result.report.items.first { $0.pointer == "/paths/~1\(name)~1{id}/get" })
            #expect(item.kind == .notExpressed)
            #expect(item.message.contains("style \(name)"))
        }
    }

    @Test func aSuccessOfferedInSeveralTypesAsksForTheOneItReads() throws {
        let result = try importing(
            """
            paths:
              /stations:
                get:
                  operationId: getStations
                  parameters:
                    - {name: near, in: query, schema: {type: array, items: {type: string}}}
                    - {name: open, in: query, schema: {type: boolean}}
                  responses:
                    '200':
                      description: ok
                      content:
                        application/xml: {schema: {type: object, properties: {name: {type: string}}}}
                        application/json: {schema: {type: object, properties: {name: {type: string}}}}
              /page:
                get:
                  operationId: getPage
                  responses:
                    '200':
                      description: ok
                      content:
                        text/html: {schema: {type: string}}
                        application/pdf: {schema: {type: string, format: binary}}
              /one:
                get:
                  operationId: getOne
                  responses:
                    '200': {description: ok, content: {application/json: {schema: {type: string}}}}
                post:
                  operationId: postOne
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema: {type: object, properties: {tags: {type: array, items: {type: string}}}}
                  responses: {'204': {description: ok}}
            """)
        let stations = file(result, "Endpoints/GetStations.swift")
        #expect(stations.contains(#"Header.accept(MediaType("application/json"))"#))
        // The document fixes how its query values are written, whatever the client's FormEncoding.
        #expect(stations.contains("FormEncoding(arrays: .repeatedKey)"))
        #expect(!file(result, "Endpoints/GetOne.swift").contains("FormEncoding"))
        // So does one with a form body.
        #expect(file(result, "Endpoints/PostOne.swift").contains("FormEncoding(arrays: .repeatedKey)"))
        #expect(file(result, "Endpoints/GetPage.swift").contains(#"Header.accept(MediaType("text/html"))"#))
        #expect(!file(result, "Endpoints/GetOne.swift").contains("Header.accept"))
    }

    @Test func aCookieHeaderParameterIsLeftOutWithAReportItem() throws {
        let result = try importing(
            """
            paths:
              /sessions/whoami:
                get:
                  operationId: toSession
                  parameters:
                    - {name: X-Session-Token, in: header, schema: {type: string}}
                    - {name: Cookie, in: header, schema: {type: string}}
                  responses: {'204': {description: ok}}
            """)
        let endpoint = file(result, "Endpoints/ToSession.swift")
        #expect(endpoint.contains(#"Header("X-Session-Token""#))
        #expect(!endpoint.contains(#"Header("Cookie""#))
        let item = try #require(result.report.items.first { $0.pointer.hasSuffix("/parameters/1") })
        #expect(item.kind == .notExpressed)
    }

    @Test func keywordNamesAreWrittenInBackticksWhereTheyAreUsed() throws {
        let result = try importing(
            """
            paths:
              /keywords/{default}:
                post:
                  operationId: readKeywords
                  parameters:
                    - {name: default, in: path, required: true, schema: {type: string}}
                    - {name: in, in: query, schema: {type: string}}
                    - {name: repeat, in: header, schema: {type: string}}
                  requestBody:
                    content:
                      multipart/form-data:
                        schema: {type: object, required: [for], properties: {for: {type: string}, is: {type: string}}}
                  responses: {'204': {description: ok}}
            """)
        let endpoint = file(result, "Endpoints/ReadKeywords.swift")
        #expect(endpoint.contains(#"Path("keywords/\(`default`)")"#))
        #expect(endpoint.contains(#"Query("in", `in`)"#))
        #expect(endpoint.contains(#"Header("repeat", `repeat`)"#))
        #expect(endpoint.contains(#"[.text("for", `for`), `is`.map { .text("is", $0) }]"#))
    }

    @Test func aGETBodyIsLeftOutAndReported() throws {
        let result = try importing(
            """
            paths:
              /search:
                get:
                  operationId: search
                  requestBody: {content: {application/json: {schema: {type: object, properties: {q: {type: string}}}}}}
                  responses: {'204': {description: ok}}
            """)
        #expect(!file(result, "Endpoints/Search.swift").contains("Body."))
        #expect(reported(result, at: "/paths/~1search/get/requestBody").first?.kind == .notExpressed)
    }

    @Test func aFormOfOnlyOptionalPartsSendsThoseSet() throws {
        let result = try importing(
            """
            paths:
              /notes:
                post:
                  operationId: postNote
                  requestBody:
                    content:
                      multipart/form-data:
                        schema: {type: object, properties: {note: {type: string}, tag: {type: string}}}
                  responses: {'204': {description: ok}}
            """)
        // An update of one field must not send the others empty; a call that sets none fails when
        // its request is built.
        let endpoint = file(result, "Endpoints/PostNote.swift")
        #expect(endpoint.contains("public var note: String?\n"))
        #expect(
            endpoint.contains(
                #"Body.multipart(parts: [note.map { .text("note", $0) }, tag.map { .text("tag", $0) }].compactMap { $0 })"#
            ))
        #expect(
            reported(result, at: "/paths/~1notes/post/requestBody/content/multipart~1form-data/schema").first?
                .kind
                == .approximated)
    }

    @Test func aPartOfAMediaTypeOtherThanTextIsBytesOfThatType() throws {
        let result = try importing(
            """
            paths:
              /photos:
                post:
                  operationId: postPhoto
                  requestBody:
                    required: true
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          required: [photo, thumbnail]
                          properties:
                            photo: {type: string, contentMediaType: Image/JPEG}
                            thumbnail: {type: string, contentMediaType: 'image/*'}
                            caption: {type: string, contentMediaType: text/plain}
                  responses: {'204': {description: ok}}
            """)
        let endpoint = file(result, "Endpoints/PostPhoto.swift")
        #expect(endpoint.contains(#"photoContentType: MediaType = MediaType("image/jpeg")"#))
        // A wildcard is no type to send.
        #expect(endpoint.contains("thumbnailContentType: MediaType = .octetStream"))
        #expect(endpoint.contains("public var caption: String?"))
    }

    @Test func aLaterSuccessOfAnotherSchemaSaysWhatItsSuccessTypeLacks() throws {
        let result = try importing(
            """
            paths:
              /batch:
                post:
                  operationId: updateBatch
                  responses:
                    '200':
                      description: all done
                      content:
                        application/json:
                          schema: {type: object, properties: {results: {type: array, items: {type: string}}}}
                    '202':
                      description: queued
                      content:
                        application/json:
                          schema: {type: object, properties: {results: {type: array, items: {type: string}}}}
                    '207':
                      description: some failed
                      content:
                        application/json:
                          schema:
                            allOf:
                              - {$ref: '#/components/schemas/Partial'}
                              - {type: object, properties: {warnings: {type: array, items: {type: string}}}}
                    '208':
                      description: reported
                      content: {application/json: {schema: {type: array, items: {type: string}}}}
                    '209':
                      description: a text
                      content: {text/plain: {schema: {type: string}}}
            components:
              schemas:
                Partial:
                  type: object
                  properties:
                    results: {type: array, items: {type: string}}
                    errors: {type: array, items: {type: string}}
            """)
        func message(_ status: String) -> [String] {
            reported(result, at: "/paths/~1batch/post/responses/\(status)").map(\.message)
        }
        #expect(
            message("202") == [
                "Only the first success status (200) is declared; a 202 still decodes as its success type."
            ])
        #expect(
            message("207") == [
                "Only the first success status (200) is declared; a 207, whose schema differs from the 200's, still "
                    + "decodes as its success type, UpdateBatchResponse, which lacks the 207's errors and warnings: "
                    + "those values are lost."
            ])
        #expect(
            message("208") == [
                "Only the first success status (200) is declared; a 208, whose schema differs from the 200's, still "
                    + "decodes as its success type, UpdateBatchResponse, or fails to."
            ])
        #expect(
            message("209") == [
                "Only the first success status (200) is declared; a 209's body is text/plain, not the JSON its "
                    + "success type, UpdateBatchResponse, is decoded from."
            ])
    }

    @Test func anOptionalFilePartIsSentOnlyWhenSet() throws {
        let result = try importing(
            """
            paths:
              /images/edits:
                post:
                  operationId: createImageEdit
                  requestBody:
                    required: true
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          required: [image]
                          properties:
                            image: {type: string, format: binary, minLength: 1, maxLength: 4000000}
                            mask: {type: string, format: binary, pattern: '^x'}
                            preview: {type: string, contentMediaType: image/png}
                  responses: {'204': {description: ok}}
            """)
        let endpoint = file(result, "Endpoints/CreateImageEdit.swift")
        #expect(endpoint.contains("public var mask: Data?\n"))
        #expect(endpoint.contains("public var maskFilename: String?\n"))
        #expect(endpoint.contains("public var maskContentType: MediaType?\n"))
        #expect(
            endpoint.contains(
                "mask: Data? = nil, maskFilename: String? = nil, maskContentType: MediaType? = nil"))
        #expect(
            endpoint.contains(
                #"mask.map { .data("mask", $0, filename: maskFilename, contentType: maskContentType ?? .octetStream) }"#
            ))
        // A file part's lengths count its bytes.
        #expect(endpoint.contains(#""image": [.minLength(1), .maxLength(4000000)]"#), "\(endpoint)")
        // A declared media type is the default of an optional part's content type too.
        #expect(
            endpoint.contains(
                #"preview.map { .data("preview", $0, filename: previewFilename, "#
                    + #"contentType: previewContentType ?? MediaType("image/png")) }"#))
        #expect(
            reported(
                result,
                at:
                    "/paths/~1images~1edits/post/requestBody/content/multipart~1form-data/schema/properties/mask"
            ).map(\.message) == [
                ##"The limit .pattern(#"^x"#) is not checked: a file part is bytes, whose only limits are their lengths."##
            ])
    }

    /// A multipart body needs a part: without one, a catalog could not make the endpoint.
    @Test func aFormsOnlyPartIsAlwaysSentAndReported() throws {
        let result = try importing(
            """
            paths:
              /avatar:
                put:
                  operationId: putAvatar
                  requestBody:
                    required: true
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          properties:
                            avatar: {type: string, format: binary}
                  responses: {'204': {description: ok}}
            """)
        let endpoint = file(result, "Endpoints/PutAvatar.swift")
        #expect(endpoint.contains("public var avatar: Data\n"), "\(endpoint)")
        #expect(
            endpoint.contains(
                #".data("avatar", avatar, filename: avatarFilename, contentType: avatarContentType)"#))
        #expect(
            reported(
                result,
                at: "/paths/~1avatar/put/requestBody/content/multipart~1form-data/schema/properties/avatar"
            ).map(\.message) == [
                "The part avatar is optional in the document and the form's only part: it is always sent in Swift, "
                    + "since a multipart body needs a part."
            ])
    }

    @Test func partsThatAreNotStringsKeepTheirTypesAndLimitsAndAreSentAsText() throws {
        let result = try importing(
            """
            paths:
              /images/edits:
                post:
                  operationId: createImageEdit
                  requestBody:
                    required: true
                    content:
                      multipart/form-data:
                        schema: {$ref: '#/components/schemas/EditRequest'}
                  responses: {'204': {description: ok}}
              /images/variations:
                post:
                  operationId: createVariation
                  requestBody:
                    required: true
                    content:
                      multipart/form-data:
                        schema: {$ref: '#/components/schemas/EditRequest'}
                  responses: {'204': {description: ok}}
            components:
              schemas:
                EditRequest:
                  type: object
                  required: [image, n]
                  properties:
                    image: {type: string, format: binary}
                    n: {type: integer, minimum: 1, maximum: 10}
                    size: {type: string, enum: [256x256, 512x512]}
                    transparent: {type: boolean}
                    at: {type: string, format: date-time}
            """)
        let endpoint = file(result, "Endpoints/CreateImageEdit.swift")
        #expect(endpoint.contains("public var n: Int\n"))
        #expect(endpoint.contains("public var size: EditRequestSize?\n"))
        #expect(endpoint.contains("public var transparent: Bool?\n"))
        // A date is the text its format describes, which the caller writes.
        #expect(endpoint.contains("public var at: String?\n"))
        #expect(
            endpoint.contains(
                #".text("n", n.parameterText), size.map { .text("size", $0.parameterText) }, "#
                    + #"transparent.map { .text("transparent", $0.parameterText) }, at.map { .text("at", $0) }"#
            ))
        #expect(endpoint.contains(#""n": [.minimum(1), .maximum(10)]"#))
        let parts = "/components/schemas/EditRequest/properties"
        #expect(reported(result, at: "\(parts)/n").isEmpty)
        #expect(reported(result, at: "\(parts)/size").isEmpty)
        #expect(reported(result, at: "\(parts)/at").map(\.kind) == [.approximated])
        #expect(
            reported(result, at: "/components/schemas/EditRequest").map(\.message) == [
                "EditRequest is the multipart body of CreateImageEdit, which declares a property per part; no "
                    + "endpoint uses the model itself, so the export writes the body's parts inline and leaves "
                    + "EditRequest out."
            ])
    }

    @Test func anEncodedSlashInASegmentIsLeftOutAndReported() throws {
        let result = try importing(
            """
            paths:
              /files/a%2Fb:
                get:
                  operationId: getNested
                  responses: {'204': {description: ok}}
            """)
        #expect(!result.files.contains { $0.path == "Endpoints/GetNested.swift" })
        #expect(
            reported(result, at: "/paths/~1files~1a%2Fb/get").first?.message
                == "The path segment a%2Fb holds an encoded slash, which a Path literal would split; the operation "
                + "is left out.")
    }

    @Test func twoParametersInOneSegmentAreLeftOutAndReported() throws {
        let result = try importing(
            """
            paths:
              /files/{name}.{ext}:
                get:
                  operationId: getFile
                  parameters:
                    - {name: name, in: path, required: true, schema: {type: string}}
                    - {name: ext, in: path, required: true, schema: {type: string}}
                  responses: {'200': {description: ok}}
            """)
        #expect(!result.files.contains { $0.path == "Endpoints/GetFile.swift" })
        let item = try #require(reported(result, at: "/paths/~1files~1{name}.{ext}/get").first)
        #expect(item.kind == .notExpressed)
        #expect(
            item.message
                == "The path segment {name}.{ext} holds two parameters, which a server could not tell apart; "
                + "the operation is left out.")
    }
}

@Suite struct ImporterReferencesAndVersionsTests {
    @Test func parametersThatReferToSimpleComponentsKeepTheirTypes() throws {
        let result = try importing(
            """
            paths:
              /board/{row}:
                get:
                  operationId: square
                  parameters:
                    - {name: row, in: path, required: true, schema: {$ref: '#/components/schemas/Coordinate'}}
                    - {name: column, in: query, required: true, schema: {$ref: '#/components/schemas/Coordinate'}}
                    - {name: marks, in: query, schema: {$ref: '#/components/schemas/Marks'}}
                    - {name: X-Request-ID, in: header, schema: {$ref: '#/components/schemas/RequestID'}}
                  responses: {'204': {description: None.}}
            components:
              schemas:
                Coordinate: {type: integer, minimum: 1, maximum: 3}
                Marks: {type: array, items: {type: string}}
                RequestID: {type: string}
            """)
        let source = file(result, "Endpoints/Square.swift")
        #expect(source.contains("public var row: Coordinate"), "\(source)")
        #expect(source.contains("public var column: Coordinate"), "\(source)")
        #expect(source.contains(#"Query("column", column)"#), "\(source)")
        #expect(source.contains(#"Query("marks", marks)"#), "\(source)")
        #expect(source.contains("public var xRequestID: RequestID?"), "\(source)")
        #expect(reported(result, at: "/paths/~1board~1{row}/get/parameters/1").isEmpty)
        #expect(reported(result, at: "/paths/~1board~1{row}/get/parameters/0/schema").isEmpty)
    }

    @Test func theLimitsOfAReferencedScalarApplyWhereverItIsUsed() throws {
        let result = try importing(
            """
            paths:
              /board/{row}/{column}:
                get:
                  operationId: getSquare
                  parameters:
                    - {name: row, in: path, required: true, schema: {$ref: '#/components/schemas/coordinate'}}
                    - {name: column, in: path, required: true, schema: {type: integer, minimum: 1, maximum: 3}}
                    - {name: near, in: query, schema: {$ref: '#/components/schemas/near'}}
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Square'}
            components:
              schemas:
                coordinate: {type: integer, minimum: 1, maximum: 3}
                near: {$ref: '#/components/schemas/coordinate'}
                Square:
                  type: object
                  properties:
                    row: {$ref: '#/components/schemas/coordinate'}
                    column: {type: integer, minimum: 1, maximum: 3}
                    path: {type: array, items: {$ref: '#/components/schemas/coordinate'}}
            """)
        let endpoint = file(result, "Endpoints/GetSquare.swift")
        #expect(endpoint.contains(#""row": [.minimum(1), .maximum(3)]"#))
        #expect(endpoint.contains(#""column": [.minimum(1), .maximum(3)]"#))
        // Through an alias of the alias too.
        #expect(endpoint.contains(#""near": [.minimum(1), .maximum(3)]"#))
        let square = file(result, "Models/Square.swift")
        #expect(square.contains(#""row": [.minimum(1), .maximum(3)]"#))
        // A place that cannot carry them reports them there.
        #expect(
            reported(result, at: "/components/schemas/Square/properties/path/items").map(\.message) == [
                "The elements' limit .minimum(1) is not checked: Courier's constraints apply to a whole property.",
                "The elements' limit .maximum(3) is not checked: Courier's constraints apply to a whole property.",
            ])
        #expect(
            reported(result, at: "/components/schemas/coordinate").allSatisfy {
                !$0.message.contains("limit")
            })
    }

    @Test func aSecurityThatIsNotAListOrNamesAnUndeclaredSchemeIsReported() throws {
        let result = try importing(
            """
            paths:
              /a:
                get:
                  operationId: a
                  security: {jwt: []}
                  responses: {'204': {description: None.}}
              /b:
                get:
                  operationId: b
                  security: [{apiKey: []}, {jwt: []}]
                  responses: {'204': {description: None.}}
            components:
              securitySchemes:
                jwt: {type: http, scheme: bearer}
            """)
        #expect(
            reported(result, at: "/paths/~1a/get/security").first?.message.hasPrefix(
                "security is not a list of requirement objects") == true)
        #expect(
            reported(result, at: "/paths/~1b/get/security").map(\.message).contains(
                "The security scheme apiKey is not declared in components.securitySchemes, so no alternative that names it is declared."
            ))
        #expect(file(result, "Endpoints/B.swift").contains("Header.bearer(token)"))
    }

    @Test func anEmptyDescriptionAddsNoBlankLines() throws {
        let result = try importing(
            """
            paths:
              /pets:
                get: {operationId: pets, summary: The pets., description: '', responses: {'204': {description: None.}}}
            """)
        #expect(file(result, "Endpoints/Pets.swift").contains("/// The pets.\n///\n/// `GET /pets`\n"))
    }

    @Test func aTraceOperationIsDeclaredWithItsToken() throws {
        let result = try importing(
            """
            paths:
              /echo:
                trace:
                  operationId: echo
                  responses: {'200': {description: ok, content: {message/http: {}}}}
            """)
        #expect(file(result, "Endpoints/Echo.swift").contains(#"Method("TRACE")"#))
    }

    @Test func a32DocumentsQueryAndAdditionalOperationsAreDeclared() throws {
        let document = """
            openapi: 3.2.0
            info: {title: Search, version: '1'}
            paths:
              /search:
                query:
                  operationId: search
                  requestBody:
                    content:
                      application/json: {schema: {type: object, properties: {text: {type: string}}}}
                  responses: {'204': {description: None.}}
                additionalOperations:
                  PURGE:
                    operationId: purge
                    responses: {'204': {description: None.}}
            """
        let result = try OpenAPIImporter(namespace: "SearchAPI").importDocument(document)
        #expect(file(result, "Endpoints/Search.swift").contains(#"Method("QUERY")"#))
        #expect(file(result, "Endpoints/Search.swift").contains("Body.json(body)"))
        #expect(file(result, "Endpoints/Purge.swift").contains(#"Method("PURGE")"#))
        #expect(
            reported(result, at: "/openapi").first?.message.hasPrefix("OpenAPI 3.2 is read as 3.1") == true)
        #expect(
            reported(result, at: "/paths/~1search/query").first?.message
                == "The QUERY endpoint is declared, but the catalog's OpenAPI 3.1 export has no field for its method and leaves it out."
        )
        // The export leaves both out; the report explains the compare's differences.
        let found = RoundTrip.differences(
            original: try DocumentValue.parse(document), exported: try DocumentValue.parse(#"{"paths": {}}"#),
            schemaRenames: [:])
        #expect(
            found.map(\.pointer) == ["/paths/~1search/query", "/paths/~1search/additionalOperations/PURGE"])
        #expect(found.allSatisfy { result.report.allows(differenceAt: $0.pointer) })
    }

    @Test func aComponentOnlyALeftOutEndpointUsesIsReportedSo() throws {
        let result = try importing(
            """
            paths:
              /flights:
                query:
                  operationId: search
                  requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Criteria'}}}}
                  responses: {'204': {description: None.}}
            components:
              schemas:
                Criteria: {type: object, properties: {from: {type: string}}}
            """, version: "3.2.0")
        #expect(
            reported(result, at: "/components/schemas/Criteria").map(\.message) == [
                "Only endpoints the export leaves out (their method has no field in OpenAPI 3.1) use Criteria, so "
                    + "the export leaves it out too."
            ])
    }

    @Test func anAdditionalOperationWithAFieldOfItsOwnOrNoTokenIsLeftOut() throws {
        let result = try importing(
            """
            paths:
              /things:
                additionalOperations:
                  GET: {operationId: fetch, responses: {'204': {description: None.}}}
                  A B: {operationId: spaced, responses: {'204': {description: None.}}}
                  purge: {operationId: purge, responses: {'204': {description: None.}}}
            """, version: "3.2.0")
        #expect(result.operationCount == 1)
        #expect(
            reported(result, at: "/paths/~1things/additionalOperations/GET").first?.message.hasPrefix(
                "GET has a field of its own in a path item") == true)
        #expect(
            reported(result, at: "/paths/~1things/additionalOperations/A B").first?.message
                == "A B is not an HTTP method token; the operation is left out.")
        let purge = file(result, "Endpoints/Purge.swift")
        #expect(purge.contains(#"Method("purge")"#) && purge.contains("`purge /things`"), "\(purge)")
    }

    @Test func aTraceRequestBodyIsLeftOut() throws {
        let result = try importing(
            """
            paths:
              /echo:
                trace:
                  operationId: echo
                  requestBody: {content: {text/plain: {schema: {type: string}}}}
                  responses: {'204': {description: None.}}
            """)
        #expect(!file(result, "Endpoints/Echo.swift").contains("Body."))
        #expect(
            reported(result, at: "/paths/~1echo/trace/requestBody").first?.message.hasPrefix(
                "A TRACE request carries no body") == true)
    }

    @Test func a31DocumentsQueryFieldIsNotAnOperation() throws {
        let result = try importing(
            """
            paths:
              /search:
                query: {operationId: search, responses: {'204': {description: None.}}}
            """)
        #expect(result.operationCount == 0)
        #expect(reported(result, at: "/paths/~1search/query").first?.kind == .notExpressed)
    }

    @Test func a32MediaTypeReferenceQuerystringAndItemSchemaAreRead() throws {
        let result = try importing(
            """
            paths:
              /events:
                get:
                  operationId: events
                  parameters:
                    - {name: filter, in: querystring, content: {application/x-www-form-urlencoded: {schema: {type: object}}}}
                  responses:
                    '200':
                      description: The events.
                      content:
                        text/event-stream: {itemSchema: {type: object, properties: {data: {type: string}}}}
              /pets:
                get:
                  operationId: pets
                  responses:
                    '200':
                      description: The pets.
                      content:
                        application/json: {$ref: '#/components/mediaTypes/Pets'}
            components:
              mediaTypes:
                Pets: {schema: {type: array, items: {type: string}}}
            """, version: "3.2.0")
        #expect(
            reported(result, at: "/paths/~1events/get/parameters/0").first?.message.hasPrefix(
                "A querystring parameter (OpenAPI 3.2") == true)
        #expect(
            reported(result, at: "/paths/~1events/get/responses/200/content/text~1event-stream/itemSchema")
                .first?
                .kind == .notExpressed)
        #expect(
            file(result, "Endpoints/Pets.swift").contains("Success = [String]"),
            "\(file(result, "Endpoints/Pets.swift"))")
        #expect(reported(result, at: "/paths/~1pets/get/responses/200/content/application~1json").isEmpty)
        // The compare reads the referenced media type where it is used, as the import does.
        let document = """
            openapi: 3.2.0
            paths:
              /pets:
                get:
                  responses:
                    '200': {description: ok, content: {application/json: {$ref: '#/components/mediaTypes/Pets'}}}
            components:
              mediaTypes:
                Pets: {schema: {type: array, items: {type: string}}}
            """
        let export = """
            {"paths": {"/pets": {"get": {"responses": {"200": {"content": {"application/json":
              {"schema": {"type": "array", "items": {"type": "string"}}}}}}}}}}
            """
        #expect(
            try RoundTrip.differences(
                original: DocumentValue.parse(document), exported: DocumentValue.parse(export),
                schemaRenames: [:]
            ).isEmpty)
    }
}
