import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@Suite struct JSONCoderPresetsTests {
    struct Event: Codable, Sendable, Equatable {
        var at: Date
        var name: String
    }

    static let may1 = Date(timeIntervalSince1970: 1_714_564_800)

    @Test func aJSONBodyWritesDatesAsISO8601WithAFractionOnlyWhenThereIsOne() throws {
        let request = try Endpoint<Empty, Never> {
            Method.post
            Path("events")
            Body.json(Event(at: Self.may1.addingTimeInterval(0.25), name: "launch"))
        }.built()
        let text = try #require(request.body?.data).map { String(decoding: [$0], as: UTF8.self) }.joined()
        #expect(text == #"{"at":"2024-05-01T12:00:00.25Z","name":"launch"}"#)
        let encoder = Client(baseURL: exampleBase).configuration.encoder
        #expect(try encoder.encode(Self.may1) == Data(#""2024-05-01T12:00:00Z""#.utf8))
        let early = Date(timeIntervalSinceReferenceDate: -0.5)
        #expect(try encoder.encode(early) == Data(#""2000-12-31T23:59:59.5Z""#.utf8))
        // ISO 8601's proleptic Gregorian calendar: Foundation's formatter says 0001-01-01 (Julian).
        #expect(try encoder.encode(Date.distantPast) == Data(#""0000-12-30T00:00:00Z""#.utf8))
    }

    /// A date reads back as itself: exactly, where a `Double` is coarser than a nanosecond (more
    /// than 2^23 s, about 97 days, from 2001-01-01), and to the nanosecond nearer than that.
    @Test func aDateRoundTripsToTheNanosecond() throws {
        let encoder = JSONEncoder.courierDefault()
        let decoder = JSONDecoder.courierDefault()
        var generator = SystemRandomNumberGenerator()
        var dates = [
            Date(), Self.may1.addingTimeInterval(0.123_456_789), Date(timeIntervalSince1970: -1e9 - 0.5),
        ]
        for _ in 0..<1000 {
            let interval = Double.random(in: 0x1p23...3e9, using: &generator)
            dates.append(
                Date(timeIntervalSinceReferenceDate: Bool.random(using: &generator) ? interval : -interval))
        }
        var differing: [Date] = []
        for date in dates where try decoder.decode(Date.self, from: encoder.encode(date)) != date {
            differing.append(date)
        }
        #expect(differing.isEmpty, "\(differing.map(\.timeIntervalSinceReferenceDate))")
        for _ in 0..<1000 {
            let date = Date(timeIntervalSinceReferenceDate: .random(in: -0x1p23...0x1p23, using: &generator))
            let decoded = try decoder.decode(Date.self, from: encoder.encode(date))
            #expect(abs(decoded.timeIntervalSince(date)) <= 1e-9, "\(date.timeIntervalSinceReferenceDate)")
        }
    }

    @Test(arguments: [
        "2024-05-01t12:00:00z", "2024-05-01T12:00:00.000z", "2024-05-01t14:00:00+02:00",
        "2024-05-01T14:00:00+0200",
        "2024-05-01T07:30:00-04:30",
    ])
    func lowerCaseTAndZAndOffsetsAreAccepted(text: String) throws {
        let decoder = JSONDecoder.courierDefault()
        #expect(try decoder.decode(Date.self, from: Data("\"\(text)\"".utf8)) == Self.may1)
    }

    @Test(arguments: [
        "2024-05-01T25:00:00Z", "2024-05-01T12:61:00Z", "2024-05-01T12:00:60Z", "2024-02-30T12:00:00Z",
        "2023-02-29T12:00:00Z", "2024-13-01T12:00:00Z", "2024-00-01T12:00:00Z", "2024-05-00T12:00:00Z",
        "2024-05-01T12:00:00+24:00", "2024-05-01T12:00:00", "2024-05-01T12:00:00.Z",
        "2024-05-01T12:00:00Zjunk",
        "2024-05-01 12:00:00Z", "2024-5-01T12:00:00Z", " 2024-05-01T12:00:00Z", "2024-05-01",
    ])
    func anOutOfRangeOrMalformedDateIsRejected(text: String) {
        let decoder = JSONDecoder.courierDefault()
        #expect(throws: DecodingError.self) { try decoder.decode(Date.self, from: Data("\"\(text)\"".utf8)) }
    }

    /// Every day from 1899 to 2101 at a varying minute, second and offset reads as
    /// Foundation's own ISO 8601 parser reads it: a count of disagreements, not a time.
    @Test func manyDatesDecodeAsFoundationParsesThem() throws {
        let decoder = JSONDecoder.courierDefault()
        let foundation = Date.ISO8601FormatStyle()
        var texts: [String] = []
        let offsets = ["Z", "+02:00", "-07:30", "+14:00", "-12:00"]
        for year in 1899...2101 {
            for month in 1...12 {
                let days = [1, 3, 5, 7, 8, 10, 12].contains(month) ? 31 : month == 2 ? 28 : 30
                for day in 1...days {
                    let hour = (year + day) % 24
                    let minute = (month * 7 + day) % 60
                    let second = (year * 3 + day * 11) % 60
                    texts.append(
                        String(
                            format: "%04d-%02d-%02dT%02d:%02d:%02d%@", year, month, day, hour, minute, second,
                            offsets[day % offsets.count]))
                }
            }
        }
        let json = Data(("[" + texts.map { "\"\($0)\"" }.joined(separator: ",") + "]").utf8)
        let decoded = try decoder.decode([Date].self, from: json)
        let disagreeing = zip(texts, decoded).filter { text, date in (try? foundation.parse(text)) != date }
        #expect(decoded.count == texts.count)
        #expect(texts.count > 70_000)
        #expect(disagreeing.isEmpty, "\(disagreeing.prefix(5))")
    }

    @Test(arguments: [
        #""2024-05-01T12:00:00Z""#, #""2024-05-01T12:00:00.000Z""#, #""2024-05-01T14:00:00+02:00""#,
    ])
    func theDefaultDecoderReadsISO8601WithOrWithoutAFraction(json: String) throws {
        let decoder = Client(baseURL: exampleBase).configuration.decoder
        #expect(try decoder.decode(Date.self, from: Data(json.utf8)) == Self.may1)
        let fraction = try decoder.decode(Date.self, from: Data(#""2024-05-01T12:00:00.250Z""#.utf8))
        #expect(abs(fraction.timeIntervalSince(Self.may1) - 0.25) < 0.001)
    }

    @Test func aDateRoundTripsThroughAClientWithItsDefaults() async throws {
        let endpoint = Endpoint<Event, Never> {
            Method.get
            Path("events/next")
        }
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        try await mocks.stub(endpoint, for: client, with: .success(Event(at: Self.may1, name: "launch")))
        let response = try await client.send(endpoint)
        #expect(
            String(decoding: response.body, as: UTF8.self)
                == #"{"at":"2024-05-01T12:00:00Z","name":"launch"}"#)
        #expect(response.value == Event(at: Self.may1, name: "launch"))
    }

    struct Schedule: CatalogEndpoint, Equatable {
        typealias Success = Event
        typealias Failure = Never

        var event: Event

        var definition: some EndpointDefinition {
            Method.post
            Path("events")
            Body.json(event)
        }
    }

    @Test func aCatalogReadsTheDatesItsClientWritesAndDescribesThem() throws {
        let request = try Schedule(event: Event(at: Self.may1, name: "launch")).endpoint.request()
        let parsed = try Schedule.parse(IncomingRequest(request))
        #expect(parsed.event == Event(at: Self.may1, name: "launch"))
        let document = try Catalog([Schedule.self]).openAPIDocument(title: "Events", version: "1")
        #expect(document.json.contains("date-time"), "\(document.json)")
    }
}
