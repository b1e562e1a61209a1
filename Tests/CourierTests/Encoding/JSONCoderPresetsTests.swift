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

    @Test func aJSONBodyWritesDatesAsISO8601WithWholeSeconds() throws {
        let request = try Endpoint<Empty, Never> {
            Method.post
            Path("events")
            Body.json(Event(at: Self.may1.addingTimeInterval(0.25), name: "launch"))
        }.built()
        let text = try #require(request.body?.data).map { String(decoding: [$0], as: UTF8.self) }.joined()
        #expect(text == #"{"at":"2024-05-01T12:00:00Z","name":"launch"}"#)
        let client = Client(baseURL: exampleBase)
        #expect(try client.configuration.encoder.encode(Self.may1) == Data(#""2024-05-01T12:00:00Z""#.utf8))
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
