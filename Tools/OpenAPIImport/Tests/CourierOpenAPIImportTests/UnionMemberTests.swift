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
        // The document has no discriminator, and neither has the export.
        #expect(union.contains(".oneOf([Auto.self, Static.self])"))
        #expect(!union.contains("discriminator: .init"))
        #expect(reported(result, at: "/components/schemas/ChunkingStrategy/oneOf").isEmpty)
        // The members' own enums stay open.
        #expect(file(result, "Models/AutoType.swift").contains("case unknown(String)"))
    }

    @Test func anAnyOfWhoseMembersHoldTheirOwnStringsSaysWhichPropertyPicksTheMember() throws {
        let result = try importing(
            Self.chunkingStrategy.replacingOccurrences(of: "KEYWORD", with: "anyOf"), version: "3.0.3")
        let union = file(result, "Models/ChunkingStrategy.swift")
        #expect(union.contains(#"case "static": self = .static(try Static(from: decoder))"#))
        #expect(union.contains(".anyOf([Auto.self, Static.self])"))
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
}
