import Courier
import Foundation
import Testing

/// Every scalar type the client prints, in every place it can print it, parsed back.
enum RoundTrip {
    enum Level: Int, Codable, CaseIterable, Sendable, ParameterValue {
        case low = 1
        case high = 10
    }

    struct Note: Codable, Sendable, Equatable {
        var text: String
        var score: Double?
        var at: Date
        var levels: [Level]
    }

    struct Everything: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never

        var name: String
        var number: Int
        var id: UUID
        var level: Level
        var text: String
        var count: Int?
        var ratio: Double
        var flag: Bool
        var since: Date
        var amount: Decimal?
        var big: UInt64
        var names: [String]
        var token: String
        var retries: Int
        var note: Note

        var definition: some EndpointDefinition {
            Method.post
            Path("everything", name, number, id, level)
            Query("text", text)
            Query("count", count)
            Query("ratio", ratio)
            Query("flag", flag)
            Query("since", since)
            Query("amount", amount)
            Query("big", big)
            Query("name", names)
            Header.bearer(token)
            Header("X-Retries", String(retries))
            Body.form(note)
        }
    }

    struct JSONBody: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never

        var note: Note?

        var definition: some EndpointDefinition {
            Method.put
            Path("notes")
            Body.json(note)
        }
    }
}

extension RoundTrip {
    /// Dates written by a function of your own have no reading back.
    struct CustomDates: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var since: Date

        var definition: some EndpointDefinition {
            Method.get
            Path("notes")
            FormEncoding(dates: .custom { "day \(Int($0.timeIntervalSince1970 / 86_400))" })
            Query("since", since)
        }
    }
}

struct CatalogRoundTripTests {
    @Test func whatCannotBeReadBackIsRefusedWhenTheCatalogIsMade() {
        #expect {
            _ = try Catalog([RoundTrip.CustomDates.self])
        } throws: { error in
            (error as? CourierError)?.message.hasPrefix(
                "CustomDates cannot be parsed from a request: a server cannot read back since with a probe value: "
                    + "its parameters do not decode as CustomDates (since: ") == true
        }
    }

    @Test func everyPrintedValueParsesBack() throws {
        var generator = SeededGenerator(seed: 0xBEEF)
        let alphabet = Array("aZ09 -._~/?#[]@!$&'()*+,;=%é日本👍🏽\"\\")
        func text(_ range: ClosedRange<Int>) -> String {
            String(
                (0..<Int.random(in: range, using: &generator)).map { _ in
                    alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
                })
        }
        func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &generator)] }
        let catalog = try Catalog([RoundTrip.Everything.self, RoundTrip.JSONBody.self])
        for _ in 0..<300 {
            var name = text(1...10)
            if name == "." || name == ".." { name = "dot" }
            let note = RoundTrip.Note(
                text: text(0...12), score: pick([nil, 0, -2.5, 1e-7, 123_456.75]),
                at: Date(
                    timeIntervalSince1970: Double(
                        Int.random(in: -2_000_000_000...4_000_000_000, using: &generator))),
                levels: pick([[], [.low], [.high, .low, .high]]))
            let value = RoundTrip.Everything(
                name: name, number: Int.random(in: Int.min...Int.max, using: &generator), id: UUID(),
                level: pick(RoundTrip.Level.allCases), text: text(0...12), count: pick([nil, 0, -1, 99]),
                ratio: pick([0, -0.5, 3.25, 1e300, 2.2250738585072014e-308]),
                flag: Bool.random(using: &generator),
                since: Date(
                    timeIntervalSince1970: Double(Int.random(in: 0...4_000_000_000, using: &generator))),
                amount: pick([nil, Decimal(string: "12.50"), Decimal(-3)]),
                big: UInt64.random(in: 0...UInt64.max, using: &generator),
                names: (0..<Int.random(in: 0...3, using: &generator)).map { _ in text(0...6) },
                token: "t" + text(0...10).replacingOccurrences(of: "\"", with: "q") + "t",
                retries: Int.random(in: 0...9, using: &generator), note: note)
            let incoming = try IncomingRequest(try value.request())
            #expect(try catalog.match(incoming) as? RoundTrip.Everything == value, "\(incoming.target)")
            let json = RoundTrip.JSONBody(note: pick([nil, note]))
            #expect(try catalog.match(try IncomingRequest(try json.request())) as? RoundTrip.JSONBody == json)
        }
    }
}

/// Numbers in a path or a header are read as Swift writes them, in decimal.
struct CatalogDecimalNumberTests {
    struct GetMeasure: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var value: Double
        var score: Float

        var definition: some EndpointDefinition {
            Method.get
            Path("measure", value)
            Header("X-Score", "\(score)")
        }
    }

    private func match(_ path: String, score: String = "1.5") throws -> GetMeasure {
        try #require(
            try Catalog([GetMeasure.self]).match(
                IncomingRequest(
                    method: .get, target: "/measure/\(path)",
                    headers: [HeaderField(name: HeaderName("X-Score"), value: score)])) as? GetMeasure)
    }

    @Test func decimalTextAndTheValuesSwiftWritesAreRead() throws {
        #expect(try match("2.5") == GetMeasure(value: 2.5, score: 1.5))
        #expect(try match("-1e3", score: "-inf").score == -.infinity)
        #expect(try match("inf").value == .infinity)
        #expect(try match("nan").value.isNaN)
    }

    /// `Double("0x10")` is 16 and `Double("1e999")` infinity: neither is what a client wrote.
    @Test(arguments: [("0x10", "1.5"), ("1e999", "1.5"), ("2.5", "0x1p3"), ("2.5", "1e99")])
    func hexadecimalTextAndNumbersTooLargeAreNoValue(path: String, score: String) {
        #expect(throws: EndpointMismatch.self) { _ = try match(path, score: score) }
    }
}
