import Testing

@testable import CourierOpenAPIImport

@Suite struct ScalarAllOfTests {
    @Test func anAllOfOfScalarsOfOneTypeIsThatScalarWithEveryMembersLimits() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Name: {type: string, minLength: 1, maxLength: 80, pattern: '^[a-z]', description: A name.}
                Level: {allOf: [{type: integer, minimum: 0}, {type: integer, maximum: 10, minimum: 2}]}
                Pet:
                  type: object
                  required: [name, code, weight]
                  properties:
                    name:
                      allOf:
                        - $ref: '#/components/schemas/Name'
                        - {maxLength: 40, description: The pet's name.}
                    code:
                      allOf: [{type: string, pattern: '^[A-Z]'}, {type: string, pattern: '[0-9]$', minLength: 2}]
                    weight:
                      allOf: [{type: number}, {type: integer, format: int32, maximum: 99}]
            """)
        let pet = file(result, "Models/Pet.swift")
        #expect(pet.contains("/// The pet's name.\n    public var name: String\n"), "\(pet)")
        #expect(pet.contains(##""name": [.minLength(1), .maxLength(40), .pattern(#"^[a-z]"#)],"##), "\(pet)")
        #expect(pet.contains("public var code: String\n"), "\(pet)")
        #expect(
            pet.contains(
                ##""code": [.minLength(2), .pattern(#"^(?=[\s\S]*?(?:^[A-Z]))(?=[\s\S]*?(?:[0-9]$))"#)],"##),
            "\(pet)")
        #expect(pet.contains("public var weight: Int32\n"), "\(pet)")
        #expect(pet.contains(#""weight": .maximum(99),"#), "\(pet)")
        #expect(file(result, "Models/Level.swift").contains("public typealias Level = Int"))
        #expect(
            reported(result, at: "/components/schemas/Level").map(\.message).contains(
                "The limit .minimum(2) of Level is not checked: Courier's limits belong to a property."))
        #expect(!result.files.contains { $0.path.hasPrefix("Models/PetName") })
        #expect(result.report.items.allSatisfy { !$0.pointer.hasPrefix("/components/schemas/Pet/") })
    }

    @Test func anAllOfOfScalarsAllowsNullWhenEveryTypedMemberDoes() throws {
        let result30 = try importing(
            """
            paths: {}
            components:
              schemas:
                Note:
                  type: object
                  required: [both, one, outer]
                  properties:
                    both: {allOf: [{type: string, nullable: true}, {type: string, maxLength: 9, nullable: true}]}
                    one: {allOf: [{type: string, nullable: true}, {type: string, maxLength: 9}]}
                    outer: {allOf: [{type: string}, {maxLength: 9}], nullable: true}
            """, version: "3.0.3")
        let note30 = file(result30, "Models/Note.swift")
        #expect(note30.contains("public var both: String?"), "\(note30)")
        #expect(note30.contains("public var one: String\n"), "\(note30)")
        #expect(note30.contains("public var outer: String?"), "\(note30)")
        let result31 = try importing(
            """
            paths: {}
            components:
              schemas:
                Note:
                  type: object
                  required: [both, one, limits]
                  properties:
                    both: {allOf: [{type: [string, 'null']}, {type: [string, 'null'], maxLength: 9}]}
                    one: {allOf: [{type: [string, 'null']}, {type: string, maxLength: 9}]}
                    limits: {allOf: [{type: [string, 'null']}, {maxLength: 9}]}
            """)
        let note31 = file(result31, "Models/Note.swift")
        #expect(note31.contains("public var both: String?"), "\(note31)")
        #expect(note31.contains("public var one: String\n"), "\(note31)")
        #expect(note31.contains("public var limits: String?"), "\(note31)")
        #expect(note31.contains(#""both": .maxLength(9),"#), "\(note31)")
    }

    @Test func anAllOfOfScalarsOfDifferentTypesIsAStructAndSaysWhy() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Code: {allOf: [{type: string, maxLength: 4}, {type: integer}]}
            """)
        #expect(file(result, "Models/Code.swift").contains("public struct Code"))
        #expect(
            reported(result, at: "/components/schemas/Code/allOf").map(\.message).contains(
                "The allOf's members are a string and an integer, which no value is at once: it is a struct, "
                    + "which has no place for the value."))
    }
}
