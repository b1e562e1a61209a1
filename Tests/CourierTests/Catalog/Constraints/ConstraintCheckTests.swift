import Foundation
import Testing

@testable import Courier

/// Endpoints whose parameters and body members have declared limits, which a catalog enforces.
enum Limited {
    struct Search: CatalogEndpoint, SchemaConstrained, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        static let schemaConstraints: [String: SchemaConstraint] = [
            "shelf": .range(1...99), "page": .minimum(1), "size": .maximum(50), "term": .length(2...4),
            "tags": .minItems(1), "locale": .minLength(2), "ratio": .range(0...1),
        ]

        var shelf: Int
        var page: Int
        var size: Int?
        var term: String
        var tags: [String]
        var ratio: Double
        var locale: String

        var definition: some EndpointDefinition {
            Method.get
            Path("shelves", shelf, "search")
            Query("page", page)
            Query("size", size)
            Query("q", term)
            Query("tag", tags)
            Query("ratio", ratio)
            Header("X-Locale", locale)
        }
    }

    struct Line: Codable, Sendable, Equatable, SchemaConstrained {
        static let schemaConstraints: [String: SchemaConstraint] = ["quantity": .range(1...9)]
        var sku: String
        var quantity: Int
    }

    struct Order: Codable, Sendable, Equatable, SchemaConstrained {
        static let schemaConstraints: [String: SchemaConstraint] = [
            "reference": .minLength(1), "lines": .minItems(1),
        ]
        var reference: String
        var note: String?
        var lines: [Line]
    }

    struct PlaceOrder: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var order: Order

        var definition: some EndpointDefinition {
            Method.post
            Path("orders")
            Body.json(order)
        }
    }

    struct Caption: CatalogEndpoint, SchemaConstrained, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        static let schemaConstraints: [String: SchemaConstraint] = ["caption": .length(1...5)]
        var caption: String
        var photo: Data

        var definition: some EndpointDefinition {
            Method.post
            Path("captions")
            Body.multipart(
                .text("caption", caption), .data("photo", photo, filename: "p.jpg", contentType: .octetStream)
            )
        }
    }

    struct Tilt: CatalogEndpoint, SchemaConstrained, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        static let schemaConstraints: [String: SchemaConstraint] = ["angle": .range(-90...90)]
        var angle: Double

        var definition: some EndpointDefinition {
            Method.get
            Path("tilt", angle)
        }
    }

    static let catalog: Catalog = {
        do {
            return try Catalog([Search.self, PlaceOrder.self, Caption.self, Tilt.self])
        } catch {
            fatalError("\(error)")
        }
    }()

    static let search = Search(
        shelf: 1, page: 1, size: 50, term: "ab", tags: ["x"], ratio: 1, locale: "de")
}

/// The catalog refuses a value just outside a declared limit, naming the value and the rule,
/// and accepts one just inside.
struct ConstraintCheckTests {
    /// The mismatch `value`'s request gets from the catalog, or `nil` when it matches.
    private func mismatch(_ value: some CatalogEndpoint) throws -> EndpointMismatch? {
        let incoming = try IncomingRequest(value.request())
        do {
            _ = try Limited.catalog.match(incoming)
            return nil
        } catch {
            return error
        }
    }

    private func refusal(_ value: some CatalogEndpoint) throws -> String {
        let mismatch = try #require(try mismatch(value))
        #expect(mismatch.closeness == .sameRoute)
        return mismatch.description
    }

    private static let template = "GET /shelves/{shelf}/search?page&size&q&tag&ratio"

    @Test func valuesJustInsideTheirLimitsMatch() throws {
        #expect(try mismatch(Limited.search) == nil)
        var upper = Limited.search
        upper.shelf = 99
        upper.term = "abcd"
        upper.ratio = 0
        upper.size = nil
        #expect(try mismatch(upper) == nil)
    }

    @Test func aMinimumIsInclusiveAndAValueBelowItIsRefused() throws {
        var value = Limited.search
        value.page = 0
        #expect(
            try refusal(value)
                == "The request does not match \(Self.template): the query item page must be at least 1 (it is 0)."
        )
    }

    @Test func aMaximumIsInclusiveAndAValueAboveItIsRefused() throws {
        var value = Limited.search
        value.size = 51
        #expect(
            try refusal(value)
                == "The request does not match \(Self.template): the query item size must be at most 50 (it is 51)."
        )
    }

    @Test func aRangeLimitsAPathParameterAtBothEnds() throws {
        var value = Limited.search
        value.shelf = 0
        #expect(try refusal(value).hasSuffix(": the path parameter shelf must be at least 1 (it is 0)."))
        value.shelf = 100
        #expect(try refusal(value).hasSuffix(": the path parameter shelf must be at most 99 (it is 100)."))
    }

    @Test func aFractionJustOutsideARangeIsRefused() throws {
        var value = Limited.search
        value.ratio = 1.000_001
        #expect(try refusal(value).hasSuffix(": the query item ratio must be at most 1 (it is 1.000001)."))
        value.ratio = -0.5
        #expect(try refusal(value).hasSuffix(": the query item ratio must be at least 0 (it is -0.5)."))
    }

    @Test func notANumberAndInfinityAreWithinNoRange() throws {
        // A path segment reads `nan` and `inf` as a Double; neither is within -90...90.
        for (segment, shown) in [("nan", "nan"), ("inf", "inf"), ("-inf", "-inf")] {
            let incoming = IncomingRequest(method: .get, target: "/tilt/\(segment)")
            let mismatch = #expect(throws: EndpointMismatch.self) { try Limited.catalog.match(incoming) }
            let reasons = mismatch?.reasons ?? []
            #expect(reasons.allSatisfy { $0.hasSuffix("(it is \(shown))") }, "\(reasons)")
            // Outside both limits: neither is a number a range holds, whichever side it is on.
            #expect(reasons.count == 2, "\(reasons)")
        }
        #expect(try mismatch(Limited.Tilt(angle: -90)) == nil)
        #expect(
            try refusal(Limited.Tilt(angle: 90.5)).hasSuffix(
                ": the path parameter angle must be at most 90 (it is 90.5)."))
    }

    @Test func textLengthsCountUnicodeScalarsAtBothEnds() throws {
        var value = Limited.search
        value.term = "a"
        #expect(
            try refusal(value).hasSuffix(": the query item q must be at least 2 characters long (it has 1)."))
        value.term = "abcde"
        #expect(
            try refusal(value).hasSuffix(": the query item q must be at most 4 characters long (it has 5)."))
        // Four scalars, two characters: JSON Schema counts scalars.
        value.term = "e\u{301}e\u{301}"
        #expect(try mismatch(value) == nil)
        value.term = "e\u{301}e\u{301}e"
        #expect(try refusal(value).hasSuffix("(it has 5)."))
    }

    @Test func aHeaderIsCheckedToo() throws {
        var value = Limited.search
        value.locale = "d"
        #expect(
            try refusal(value).hasSuffix(
                ": the header X-Locale must be at least 2 characters long (it has 1)."))
    }

    @Test func anArrayBelowItsItemCountIsRefused() throws {
        var value = Limited.search
        value.tags = []
        #expect(try refusal(value).hasSuffix(": the query item tag must have at least 1 item (it has 0)."))
    }

    @Test func everyBrokenLimitIsNamedInOrder() throws {
        var value = Limited.search
        value.page = -3
        value.term = ""
        #expect(
            try refusal(value)
                == "The request does not match \(Self.template): the query item page must be at least 1 (it is -3); "
                + "the query item q must be at least 2 characters long (it has 0).")
    }

    @Test func aMultipartTextPartIsCheckedLikeAQueryValue() throws {
        let inside = Limited.Caption(caption: "Dusk", photo: Data([1]))
        #expect(try mismatch(inside) == nil)
        let outside = Limited.Caption(caption: "Sunset", photo: Data([1]))
        #expect(
            try refusal(outside)
                == "The request does not match POST /captions: the part \"caption\" must be at most 5 characters "
                + "long (it has 6).")
    }

    @Test func aModelInTheBodyIsCheckedMemberByMemberAtAnyDepth() throws {
        let line = Limited.Line(sku: "ABC", quantity: 9)
        let inside = Limited.PlaceOrder(order: Limited.Order(reference: "r", note: nil, lines: [line]))
        #expect(try mismatch(inside) == nil)

        var tooMany = line
        tooMany.quantity = 10
        let deep = Limited.PlaceOrder(
            order: Limited.Order(reference: "r", note: nil, lines: [line, tooMany]))
        #expect(
            try refusal(deep)
                == "The request does not match POST /orders: the member lines[1].quantity of the body must be at "
                + "most 9 (it is 10).")

        let empty = Limited.PlaceOrder(order: Limited.Order(reference: "", note: nil, lines: []))
        #expect(
            try refusal(empty)
                == "The request does not match POST /orders: the member reference of the body must be at least 1 "
                + "character long (it has 0); the member lines of the body must have at least 1 item (it has 0)."
        )
    }

    @Test func aMismatchListsAtMostAHundredViolationsAndCountsTheRest() {
        let violations = ParameterDecoder.Violations()
        let many = (0..<250).map { index in
            ConstraintViolation(
                name: "v\(index)", keyword: "minimum", reason: "must be at least 1",
                place: "the query item v\(index)", found: "it is 0")
        }
        violations.note(many)
        violations.note(many)
        #expect(violations.found == Array(many.prefix(100)))
        #expect(violations.omitted == 150)
    }
}
