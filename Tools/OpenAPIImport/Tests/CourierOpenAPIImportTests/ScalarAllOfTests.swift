import Testing

@testable import CourierOpenAPIImport

/// Reads `yaml`, a schema with an `allOf`, as ``ScalarAllOf`` does, its `$ref`s naming
/// `schemas` by name.
private func reading(
    _ yaml: String, schemas: [String: String] = [:], readsNullable: Bool = false
) throws -> ScalarAllOf.Reading {
    let targets = try schemas.mapValues { try DocumentValue.parse($0) }
    return ScalarAllOf.read(try DocumentValue.parse(yaml), readsNullable: readsNullable) { reference in
        targets[String(reference.split(separator: "/").last ?? "")]
    }
}

/// The merged schema of a scalar reading, and what it does not keep.
private func scalar(_ reading: ScalarAllOf.Reading) -> (
    schema: DocumentValue?, notKept: [ScalarAllOf.NotKept]
) {
    guard case .scalar(let schema, _, let notKept) = reading else { return (nil, []) }
    return (schema, notKept)
}

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
        // The alias's limits are checked where it is used.
        #expect(
            reported(result, at: "/components/schemas/Level").allSatisfy { !$0.message.contains("limit") })
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

    @Test func formatsThatAValueCanHaveAtOnceMergeAndTheOneNotKeptIsReported() throws {
        let number = scalar(
            try reading("{allOf: [{type: number, format: double}, {type: number, format: float}]}"))
        #expect(number.schema?["format"] == .string("float"))
        #expect(number.notKept.map(\.keyword) == ["format"])
        #expect(number.notKept.first?.reason.contains("does not say double") == true)
        for formats in [("date-time", "iso8601"), ("iso8601", "date-time")] {
            let string = scalar(
                try reading(
                    "{allOf: [{type: string, format: \(formats.0)}, {type: string, format: \(formats.1)}]}"))
            #expect(string.schema?["format"] == .string("date-time"))
            #expect(string.notKept.first?.reason.contains("does not say iso8601") == true)
        }
        let unknown = scalar(
            try reading("{allOf: [{type: string, format: email}, {type: string, format: idn-email}]}"))
        #expect(unknown.schema?["format"] == .string("email"))
        #expect(unknown.notKept.count == 1)
        let different = try reading(
            "{allOf: [{type: string, format: date-time}, {type: string, format: uuid}]}")
        #expect(
            different
                == .conflict(
                    "The allOf's members are string schemas of the formats date-time and uuid, which are different "
                        + "Swift types: it is a struct, which has no place for the value."))
    }

    @Test func aFormatNotKeptIsReportedByTheImport() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Event:
                  type: object
                  required: [at]
                  properties:
                    at: {allOf: [{type: string, format: date-time}, {type: string, format: iso8601}]}
            """)
        #expect(file(result, "Models/Event.swift").contains("public var at: Date\n"))
        let items = reported(result, at: "/components/schemas/Event/properties/at/allOf")
        #expect(items.map(\.kind) == [.approximated], "\(items)")
        #expect(items.first?.message.contains("iso8601") == true)
    }

    @Test func openAPI30sExclusiveBoundsKeepWhatASingleSchemaGets() throws {
        let merged = scalar(
            try reading(
                "{allOf: [{type: integer, minimum: 5}, {type: integer, minimum: 5, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: true}]}"
            ))
        #expect(merged.schema?["minimum"] == .integer(5))
        #expect(merged.schema?["exclusiveMinimum"] == .bool(true))
        #expect(merged.schema?["maximum"] == .integer(9))
        #expect(merged.schema?["exclusiveMaximum"] == .bool(true))
        let looser = scalar(
            try reading(
                "{allOf: [{type: integer, minimum: 1, exclusiveMinimum: true}, {type: integer, minimum: 3}]}")
        )
        #expect(looser.schema?["minimum"] == .integer(3))
        #expect(looser.schema?["exclusiveMinimum"] == nil)
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Stock:
                  type: object
                  required: [single, merged]
                  properties:
                    single: {type: integer, minimum: 0, exclusiveMinimum: true, maximum: 10}
                    merged: {allOf: [{type: integer, minimum: 0, exclusiveMinimum: true}, {type: integer, maximum: 10}]}
            """, version: "3.0.3")
        let stock = file(result, "Models/Stock.swift")
        #expect(stock.contains(#""single": [.minimum(0), .maximum(10)],"#), "\(stock)")
        #expect(stock.contains(#""merged": [.minimum(0), .maximum(10)],"#), "\(stock)")
    }

    @Test func aMultipleOfIsKeptWhenTheOthersDivideIt() throws {
        let dividing = scalar(
            try reading("{allOf: [{type: integer, multipleOf: 2}, {type: integer, multipleOf: 6}]}"))
        #expect(dividing.schema?["multipleOf"] == .integer(6))
        #expect(dividing.notKept.isEmpty)
        let same = scalar(
            try reading("{allOf: [{type: number, multipleOf: 0.5}, {type: number, multipleOf: 0.5}]}"))
        #expect(same.schema?["multipleOf"] == .number(0.5))
        #expect(same.notKept.isEmpty)
        let apart = scalar(
            try reading("{allOf: [{type: integer, multipleOf: 4}, {type: integer, multipleOf: 6}]}"))
        #expect(apart.schema?["multipleOf"] == .integer(4))
        #expect(
            apart.notKept == [
                ScalarAllOf.NotKept(
                    keyword: "multipleOf",
                    reason:
                        "The allOf's members are multiples of 4 and 6, and a schema has one multipleOf: it keeps 4, not 6."
                )
            ])
    }

    @Test func onlyAScalarMergeTakesItsMembersDocumentation() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Box:
                  type: object
                  required: [item, label, short]
                  properties:
                    item: {allOf: [{description: Outer}, {type: object, description: Inner, properties: {a: {type: string}}}]}
                    label: {allOf: [{description: Outer}, {type: string, description: Inner}]}
                    short: {allOf: [{description: Outer}, {type: string, description: Inner}, {maxLength: 3}]}
            """)
        let box = file(result, "Models/Box.swift")
        #expect(box.contains("/// The `item` property.\n    public var item: BoxItem\n"), "\(box)")
        #expect(box.contains("/// The `label` property.\n    public var label: String\n"), "\(box)")
        #expect(box.contains("/// Outer\n    public var short: String\n"), "\(box)")
    }
}
