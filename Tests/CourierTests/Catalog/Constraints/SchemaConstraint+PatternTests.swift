import Courier
import Foundation
import Testing

private struct Lookup: CatalogEndpoint, SchemaConstrained, Equatable {
    typealias Success = Empty
    typealias Failure = Never
    static let schemaConstraints: [String: SchemaConstraint] = [
        "code": .pattern("^[A-Z]{3}$"), "digits": .pattern(#"^\d+$"#), "word": .pattern("b"),
    ]
    var code: String
    var digits: String
    var word: String

    var definition: some EndpointDefinition {
        Method.get
        Path("lookup")
        Query("code", code)
        Query("digits", digits)
        Query("word", word)
    }
}

/// Patterns match by JSON Schema's rules, and one Courier cannot match is refused when made.
struct SchemaConstraintPatternTests {
    private func brokenRules(_ value: Lookup) throws -> [String] {
        let catalog = try Catalog([Lookup.self])
        let incoming = try IncomingRequest(value.request())
        do {
            _ = try catalog.match(incoming)
            return []
        } catch {
            // A mismatch for any other reason (no violations) must not read as a passing value.
            #expect(!error.violations.isEmpty, "\(error)")
            return error.violations.map { "\($0.name) \($0.keyword)" }
        }
    }

    @Test func aValueWithAMatchPasses() throws {
        #expect(try brokenRules(Lookup(code: "ABC", digits: "0123456789", word: "abc")).isEmpty)
    }

    @Test func aValueWithoutAMatchIsRefused() throws {
        #expect(
            try brokenRules(Lookup(code: "ABCD", digits: "12a", word: "xyz")) == [
                "code pattern", "digits pattern", "word pattern",
            ])
    }

    @Test func dollarMatchesOnlyAtTheEndNotBeforeAFinalLineBreak() throws {
        #expect(try brokenRules(Lookup(code: "ABC\n", digits: "1", word: "b")) == ["code pattern"])
    }

    @Test func digitsAreASCIIAsInECMA262() throws {
        #expect(try brokenRules(Lookup(code: "ABC", digits: "١٢٣", word: "b")) == ["digits pattern"])
    }

    @Test func aPatternIsExportedAsItIsWritten() throws {
        let json = try Catalog([Lookup.self]).openAPIDocument(title: "Lookup", version: "1").json
        #expect(json.contains(#""pattern": "^\\d+$""#))
        #expect(json.contains(#""pattern": "^[A-Z]{3}$""#))
    }

    @Test func anExpressionCourierCannotMatchIsRefusedWhenTheConstraintIsMade() throws {
        let error = #expect(throws: CourierError.self) { try SchemaConstraint.pattern(validating: "[a-z") }
        #expect(error?.kind == .invalidConstraint)
        #expect(
            error?.message
                == #"The pattern "[a-z" is not a regular expression Courier can match: expected ']'."#)
        // ECMA-262 reads lookbehind; Swift's Regex does not, so neither does Courier.
        #expect(throws: CourierError.self) { try SchemaConstraint.pattern(validating: "(?<=a)b") }
        #expect(throws: Never.self) { try SchemaConstraint.pattern(validating: "^(0|[1-9][0-9]*)$") }
    }

    #if compiler(>=6.2)
        @Test func anInvalidLiteralTraps() async {
            await #expect(processExitsWith: .failure) {
                _ = SchemaConstraint.pattern("(unclosed")
            }
        }
    #endif
}
