import Testing

@testable import CourierOpenAPIImport

@Suite struct DocumentValueTests {
    @Test func jsonKeepsTheDocumentsOrder() throws {
        let value = try DocumentValue.parse(#"{"b": 1, "a": [true, null, 1.5, "x"], "c": {"z": 1, "y": 2}}"#)
        #expect(value.members?.keys == ["b", "a", "c"])
        #expect(value["c"]?.members?.keys == ["z", "y"])
        #expect(value["a"] == .array([.bool(true), .null, .number(1.5), .string("x")]))
        #expect(value["b"] == .integer(1))
    }

    @Test func yamlQuotedScalarsAreStrings() throws {
        let value = try DocumentValue.parse(
            """
            openapi: 3.0.3
            code: '200'
            plain: 200
            flag: "true"
            empty: ~
            """)
        #expect(value["openapi"] == .string("3.0.3"))
        #expect(value["code"] == .string("200"))
        #expect(value["plain"] == .integer(200))
        #expect(value["flag"] == .string("true"))
        #expect(value["empty"] == .null)
    }

    @Test func plainScalarsAreReadByTheCoreSchemaOfYAML12() throws {
        let value = try DocumentValue.parse(
            """
            enum: [UNKNOWN, ON, OFF, yes, No, y, NO, SE]
            numbers: [1_000, '0x1F', 0x1F, 0o17, 1:20, 007, -3, +4, 1.5, .5, 1e3, 2., 12e]
            literals: [true, False, TRUE, null, Null, ~, .inf, -.Inf]
            tagged: [!!str 1.10, !!str ON, !!int '42', !!float 1, !!bool true]
            """)
        #expect(value["tagged"] == .array(["1.10", "ON", .integer(42), .number(1), .bool(true)]))
        #expect(value["enum"] == .array(["UNKNOWN", "ON", "OFF", "yes", "No", "y", "NO", "SE"]))
        #expect(
            value["numbers"]
                == .array([
                    "1_000", "0x1F", .integer(31), .integer(15), "1:20", .integer(7), .integer(-3),
                    .integer(4),
                    .number(1.5), .number(0.5), .number(1000), .number(2), "12e",
                ]))
        #expect(
            value["literals"]
                == .array([
                    .bool(true), .bool(false), .bool(true), .null, .null, .null, .number(.infinity),
                    .number(-.infinity),
                ]))
    }

    @Test func anAliasReadsAsItsAnchorsValue() throws {
        let value = try DocumentValue.parse(
            """
            a: &anchor {type: string}
            b: *anchor
            """)
        #expect(value["b"] == value["a"])
        #expect(value["b"]?["type"] == .string("string"))
    }

    @Test func pointersEscapeAndResolve() throws {
        let pointer = JSONPointer(tokens: ["paths", "/pets/{id}", "get"])
        #expect(pointer.text == "/paths/~1pets~1{id}/get")
        #expect(JSONPointer("#/components/schemas/a~1b")?.tokens == ["components", "schemas", "a/b"])
        let value = try DocumentValue.parse(#"{"paths": {"/pets/{id}": {"get": {"operationId": "x"}}}}"#)
        #expect(value.value(at: pointer)?["operationId"] == .string("x"))
    }

    @Test func theReportAllowsDifferencesBelowAnItem() {
        var report = ImportReport()
        report.add(JSONPointer(tokens: ["components", "schemas", "Pets"]), .approximated, "alias")
        report.add(JSONPointer(tokens: ["paths"]), .notExpressed, "docs only", changesExport: false)
        #expect(report.allows(differenceAt: "/components/schemas/Pets"))
        #expect(report.allows(differenceAt: "/components/schemas/Pets/items"))
        #expect(!report.allows(differenceAt: "/components/schemas/PetsPage"))
        #expect(!report.allows(differenceAt: "/paths/~1pets"))
    }
}
