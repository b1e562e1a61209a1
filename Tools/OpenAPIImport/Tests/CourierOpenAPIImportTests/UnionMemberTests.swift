import Testing

@testable import CourierOpenAPIImport

@Suite struct UnionMemberTests {
    /// OpenAI's chunking strategy: members told apart only by a `type` of one string each. An
    /// enum of strings decodes any string, so the first member took every value (`static` as
    /// `Auto(type: .unknown("static"))`, its `static` lost); the `type` picks the member instead.
    static let chunkingStrategy = """
        paths: {}
        components:
          schemas:
            ChunkingStrategy:
              type: object
              KEYWORD:
                - $ref: '#/components/schemas/Auto'
                - $ref: '#/components/schemas/Static'
            Auto:
              type: object
              properties:
                type: {type: string, enum: [auto]}
              required: [type]
            Static:
              type: object
              properties:
                type: {type: string, enum: [static]}
                static:
                  type: object
                  properties: {max_chunk_size_tokens: {type: integer}}
              required: [type, static]
        """

    @Test func aPropertyEveryMemberRequiresToHoldItsOwnStringPicksTheMember() throws {
        let result = try importing(
            Self.chunkingStrategy.replacingOccurrences(of: "KEYWORD", with: "oneOf"), version: "3.0.3")
        let union = file(result, "Models/ChunkingStrategy.swift")
        #expect(union.contains(#"case discriminator = "type""#))
        #expect(union.contains(#"case "auto": self = .auto(try Auto(from: decoder))"#))
        #expect(union.contains(#"case "static": self = .static(try Static(from: decoder))"#))
        #expect(
            union.contains(
                #"debugDescription: "The type \"\(value)\" names none of ChunkingStrategy's schemas (auto, static).")"#
            ))
        #expect(!union.contains("try?"))
        // The export names the type as the discriminator, which the report explains.
        #expect(
            union.contains(
                """
                        .oneOf(
                            [Auto.self, Static.self],
                            discriminator: .init(property: "type", mapping: ["auto": Auto.self, "static": Static.self]))
                """))
        #expect(
            reported(result, at: "/components/schemas/ChunkingStrategy/discriminator").map(\.message)
                .contains(
                    "The oneOf has no discriminator, but each member requires the property type to hold a string of "
                        + "its own: ChunkingStrategy reads it to pick the member, and the export names it as the "
                        + "discriminator."
                ))
        // The export, like Courier's unions, has the members' types only.
        #expect(
            reported(result, at: "/components/schemas/ChunkingStrategy/type").map(\.message) == [
                "The type object beside the oneOf is not in the export, whose members each have their own."
            ])
        // The members' own enums stay open.
        #expect(file(result, "Models/AutoType.swift").contains("case unknown(String)"))
    }

    @Test func anAnyOfWhoseMembersHoldTheirOwnStringsSaysWhichPropertyPicksTheMember() throws {
        let result = try importing(
            Self.chunkingStrategy.replacingOccurrences(of: "KEYWORD", with: "anyOf"), version: "3.0.3")
        let union = file(result, "Models/ChunkingStrategy.swift")
        #expect(union.contains(#"case "static": self = .static(try Static(from: decoder))"#))
        #expect(union.contains(".anyOf("))
        #expect(
            reported(result, at: "/components/schemas/ChunkingStrategy/anyOf").map(\.message) == [
                "The anyOf is decoded as the one member its type names, as a oneOf would be."
            ])
    }

    /// Where not every member has such a property, a member that has one is tried only for a
    /// value with its string there (or without the property): a `const` counts as an enum of one.
    @Test func aMemberWithAStringOfItsOwnIsTriedOnlyForAValueWithThatString() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Event:
                  oneOf:
                    - $ref: '#/components/schemas/Created'
                    - $ref: '#/components/schemas/Deleted'
                    - $ref: '#/components/schemas/Other'
                Created:
                  type: object
                  properties:
                    kind: {const: created}
                    id: {type: string}
                  required: [kind]
                Deleted:
                  allOf:
                    - type: object
                      properties: {kind: {type: string, enum: [deleted]}, gone: {const: yes}}
                    - type: object
                      properties: {id: {type: string}}
                Other:
                  type: object
                  properties: {note: {type: string}}
            """)
        let union = file(result, "Models/Event.swift")
        #expect(
            union.contains(
                """
                    private enum TagKey: String, CodingKey {
                        case tag1 = "kind"
                        case tag2 = "gone"
                    }
                """))
        #expect(union.contains("let tags = try? decoder.container(keyedBy: TagKey.self)"))
        #expect(union.contains("let tag1 = try? tags?.decodeIfPresent(String.self, forKey: .tag1)"))
        #expect(union.contains("let tag2 = try? tags?.decodeIfPresent(String.self, forKey: .tag2)"))
        #expect(
            union.contains(
                #"if tag1 == nil || tag1 == "created", let value = try? Created(from: decoder) {"#))
        #expect(
            union.contains(
                #"} else if tag1 == nil || tag1 == "deleted", tag2 == nil || tag2 == "yes", let value = try? Deleted(from: decoder) {"#
            ))
        #expect(union.contains("} else if let value = try? Other(from: decoder) {"))
        // A value with none of their strings, as a newer server may send, is the first case it fits.
        #expect(
            union.contains(
                """
                        } else if let value = try? Other(from: decoder) {
                            self = .other(value)
                        } else if let value = try? Created(from: decoder) {
                            self = .created(value)
                        } else if let value = try? Deleted(from: decoder) {
                            self = .deleted(value)
                        } else {
                """))
        #expect(union.contains(".oneOf([Created.self, Deleted.self, Other.self])"))
    }

    /// Two members with the same string, or one that does not require the property, leave no
    /// property that picks a member: each is tried with its string checked.
    @Test func aStringTwoMembersShareOrOneMayLackPicksNoMember() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Same:
                  oneOf:
                    - {type: object, properties: {type: {const: a}, x: {type: string}}, required: [type, x]}
                    - {type: object, properties: {type: {const: a}, y: {type: string}}, required: [type, y]}
                Loose:
                  oneOf:
                    - {type: object, properties: {type: {const: a}}, required: [type]}
                    - {type: object, properties: {type: {const: b}}}
            """)
        for name in ["Same", "Loose"] {
            let union = file(result, "Models/\(name).swift")
            #expect(!union.contains("DiscriminatorKey"), "\(name)")
            #expect(union.contains(#"if tag1 == nil || tag1 == "a", let value = try? "#), "\(name)")
        }
    }

    /// GitHub's "one of these must be there": an anyOf whose members only require properties
    /// declared beside it, or limit them, is no union of bare members that drop those properties,
    /// but a struct of them, and the anyOf is reported as not checked.
    @Test func anAnyOfThatOnlyRequiresOrLimitsPropertiesDeclaredBesideItIsAStruct() throws {
        let result = try importing(
            """
            paths:
              /check-runs:
                post:
                  operationId: createCheckRun
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema:
                          type: object
                          properties:
                            name: {type: string}
                            status: {type: string, enum: [queued, completed]}
                            conclusion: {type: string}
                          required: [name]
                          anyOf:
                            - properties: {status: {enum: [completed]}}
                              required: [conclusion]
                              additionalProperties: true
                            - properties: {status: {enum: [queued]}}
                  responses:
                    '201': {description: Created}
              /gists:
                patch:
                  operationId: updateGist
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: object
                          properties:
                            description: {type: string}
                            files:
                              type: object
                              additionalProperties:
                                type: object
                                properties: {content: {type: string}, filename: {type: string}}
                                anyOf:
                                  - required: [content]
                                  - required: [filename]
                                  - {type: object, maxProperties: 0}
                          oneOf:
                            - required: [description]
                            - required: [files]
                  responses:
                    '200': {description: OK}
            """, version: "3.0.3")
        let body = file(result, "Models/CreateCheckRunBody.swift")
        #expect(body.contains("public struct CreateCheckRunBody: Codable, Sendable, Hashable {"))
        #expect(body.contains("public var name: String\n"))
        #expect(body.contains("public var status: CreateCheckRunBodyStatus?"))
        #expect(body.contains("public var conclusion: String?"))
        let place = "/paths/~1check-runs/post/requestBody/content/application~1json/schema"
        #expect(
            reported(result, at: place + "/anyOf").map(\.message) == [
                "The anyOf is not checked: its 2 schemas only require or limit properties declared here, so the "
                    + "struct has those properties, and a value that matches none of the schemas is not refused."
            ])
        #expect(reported(result, at: place + "/anyOf").map(\.changesExport) == [true])
        let gist = file(result, "Models/UpdateGistBody.swift")
        #expect(gist.contains("public var description: String?"))
        #expect(gist.contains("public var files: [String: UpdateGistBodyFilesValue]?"))
        #expect(
            file(result, "Models/UpdateGistBodyFilesValue.swift").contains("public var filename: String?"))
        let gistPlace = "/paths/~1gists/patch/requestBody/content/application~1json/schema"
        #expect(
            reported(result, at: gistPlace + "/oneOf").map(\.message) == [
                "The oneOf is not checked: its 2 schemas only require or limit properties declared here, so the "
                    + "struct has those properties, and a value that matches not exactly one of the schemas is "
                    + "not refused."
            ])
        #expect(reported(result, at: gistPlace + "/properties/files/additionalProperties/anyOf").count == 1)
    }

    /// A member that declares a property of its own, a type of its own, or a reference is a
    /// model of its own: the schema stays a union.
    @Test func aMemberWithAPropertyOrTypeOfItsOwnKeepsTheUnion() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                NewProperty:
                  type: object
                  properties: {a: {type: string}}
                  anyOf:
                    - required: [a]
                    - {properties: {b: {type: string}}, required: [b]}
                NewType:
                  type: object
                  properties: {a: {type: string}}
                  anyOf:
                    - required: [a]
                    - properties: {a: {type: integer}}
                Reference:
                  type: object
                  properties: {a: {type: string}}
                  anyOf:
                    - required: [a]
                    - $ref: '#/components/schemas/NewType'
            """)
        for name in ["NewProperty", "NewType", "Reference"] {
            #expect(file(result, "Models/\(name).swift").contains("public enum \(name): Codable"), "\(name)")
        }
    }

    /// OpenAI's model names: any string, or one of those known. A generated enum of strings holds
    /// any other string in its `unknown` case, so the enum alone says both; as a union, any
    /// string decoded as its first case and never as a known name.
    @Test func anAnyOfOfAnyStringAndAnEnumOfStringsIsThatEnum() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Chat:
                  type: object
                  properties:
                    model:
                      description: The model.
                      anyOf:
                        - {type: string}
                        - {type: string, enum: [gpt-4o, o3]}
                    voice:
                      anyOf:
                        - {$ref: '#/components/schemas/VoiceName'}
                        - {type: string}
                        - {type: 'null'}
                    size:
                      anyOf:
                        - {type: string, maxLength: 3}
                        - {type: string, enum: [small, large]}
                    email:
                      anyOf:
                        - {type: string}
                        - {type: string, enum: ['']}
                  required: [model]
                VoiceName: {type: string, enum: [alloy, echo]}
            """)
        let chat = file(result, "Models/Chat.swift")
        #expect(chat.contains("public var model: ChatModel\n"))
        #expect(chat.contains("public var voice: VoiceName?"))
        let model = file(result, "Models/ChatModel.swift")
        #expect(model.contains("/// The model."))
        #expect(model.contains("case unknown(String)"))
        #expect(model.contains(#"case "o3": self = .o3"#))
        for property in ["model", "voice"] {
            #expect(
                reported(result, at: "/components/schemas/Chat/properties/\(property)").map(\.message)
                    .contains(
                        "The anyOf of any string and an enum of strings is that enum, whose unknown case holds any "
                            + "other string; the export describes the enum alone."),
                "\(property)")
        }
        // A string with limits of its own is no enum's unknown case, and an enum of one string
        // (Stripe's '' that clears a value) would make every other string unknown: the union stays.
        #expect(file(result, "Models/ChatSize.swift").contains("public enum ChatSize: Codable"))
        #expect(file(result, "Models/ChatEmail.swift").contains("public enum ChatEmail: Codable"))
    }
}
