import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

/// `MockedResponse.reportingProgress(steps:announcingLength:)`: a mock delivers a response in
/// steps, so that a transfer reports progress without the network.
@Suite struct MockedResponseProgressTests {
    static func photo(_ id: Int) -> Endpoint<Data, Never> {
        Endpoint {
            Method.get
            Path("photos", id)
        }
    }

    static func upload(_ text: String) -> Endpoint<String, Never> {
        Endpoint {
            Method.post
            Path("notes")
            Body.text(text)
        }
    }

    static func reports<Value>(of transfer: Transfer<Value>) async -> [TransferProgress] {
        var reports: [TransferProgress] = []
        for await report in transfer.progress { reports.append(report) }
        return reports
    }

    static func download(_ completed: Int64, of expected: Int64?) -> TransferProgress {
        TransferProgress(direction: .download, completedBytes: completed, expectedBytes: expected)
    }

    static func upload(_ completed: Int64, of expected: Int64?) -> TransferProgress {
        TransferProgress(direction: .upload, completedBytes: completed, expectedBytes: expected)
    }

    /// A new empty directory for a download; the caller removes it.
    static func makeDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-mock-progress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func aDownloadReportsEachChunkAndLandsInItsFile() async throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("photo.jpg")
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        let photo = Data((0..<10).map { UInt8($0) })
        try await mocks.stub(Self.photo(7), for: client, with: .success(photo).reportingProgress(steps: 4))

        let transfer = client.transfer(Self.photo(7), downloadingTo: destination)
        let reports = await Self.reports(of: transfer)
        let response = try await transfer.value

        #expect(
            reports == [
                Self.download(0, of: 10), Self.download(3, of: 10), Self.download(6, of: 10),
                Self.download(8, of: 10), Self.download(10, of: 10),
            ])
        #expect(response.value == destination)
        #expect(try Data(contentsOf: destination) == photo)
        #expect(response.headers[.contentLength] == "10")
        // The staging file the mock wrote to is gone: only the destination is left.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["photo.jpg"])
        try mocks.verifyAllUsed()
    }

    @Test func theRequestBodyIsReportedSentBeforeTheResponseArrives() async throws {
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        try await mocks.stub(
            Self.upload("hello"), for: client, with: .success("saved").reportingProgress(steps: 2))

        let transfer = client.transfer(Self.upload("hello"))
        let reports = await Self.reports(of: transfer)

        #expect(
            reports == [
                Self.upload(3, of: 5), Self.upload(5, of: 5),
                Self.download(0, of: 5), Self.download(3, of: 5), Self.download(5, of: 5),
            ])
        #expect(try await transfer.value.value == "saved")
    }

    @Test func aStreamedRequestBodyIsReportedAgainstItsDeclaredLength() async throws {
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        func put(length: Int64?) -> Endpoint<Empty, Never> {
            let chunks = AsyncStream<Data> { continuation in
                continuation.yield(Data("abcd".utf8))
                continuation.yield(Data("ef".utf8))
                continuation.finish()
            }
            return Endpoint {
                Method.put
                Path("blobs", 1)
                Body.stream(chunks, length: length)
            }
        }
        for length in [6, nil] as [Int64?] {
            try await mocks.stub(
                put(length: length), for: client, with: .success().reportingProgress(steps: 2))
            let transfer = client.transfer(put(length: length))
            let reports = await Self.reports(of: transfer)
            // A 204 has no body: its head is the one download report, with nothing expected.
            #expect(
                reports == [
                    Self.upload(3, of: length), Self.upload(6, of: length), Self.download(0, of: nil),
                ],
                "length \(String(describing: length))")
            #expect(try await transfer.value.status == .noContent)
        }
        #expect(mocks.streamedBodies == [Data("abcdef".utf8), Data("abcdef".utf8)])
    }

    @Test func withoutAnAnnouncedLengthNoReportExpectsATotal() async throws {
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        try await mocks.stub(
            Self.photo(1), for: client,
            with: .success(Data(count: 4)).reportingProgress(steps: 2, announcingLength: false))

        let transfer = client.transfer(Self.photo(1))
        let reports = await Self.reports(of: transfer)

        #expect(reports == [Self.download(0, of: nil), Self.download(2, of: nil), Self.download(4, of: nil)])
        #expect(try await transfer.value.headers[.contentLength] == nil)
    }

    @Test func aContentLengthOfItsOwnIsReadAsAReceiverReadsIt() async throws {
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        try await mocks.stub(
            Self.photo(6), for: client,
            with: .success(Data([1, 2]), headers: [HeaderField(name: .contentLength, value: " 2, 2\t")])
                .reportingProgress(steps: 2))

        let transfer = client.transfer(Self.photo(6))
        let reports = await Self.reports(of: transfer)

        #expect(reports == [Self.download(0, of: 2), Self.download(1, of: 2), Self.download(2, of: 2)])
        #expect(try await transfer.value.headers[.contentLength] == "2, 2")
    }

    @Test func aBodyShorterThanTheStepsArrivesAByteAtATime() async throws {
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        try await mocks.stub(
            Self.photo(2), for: client, with: .success(Data([1, 2])).reportingProgress(steps: 31))

        let transfer = client.transfer(Self.photo(2))
        let reports = await Self.reports(of: transfer)

        #expect(reports == [Self.download(0, of: 2), Self.download(1, of: 2), Self.download(2, of: 2)])
        #expect(try await transfer.value.value == Data([1, 2]))
    }

    @Test func everyReportOfTheMostStepsReachesTheTransfer() async throws {
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        let text = String(repeating: "x", count: 100)
        try await mocks.stub(
            Self.upload(text), for: client, with: .success(text).reportingProgress(steps: 31))

        let transfer = client.transfer(Self.upload(text))
        let reports = await Self.reports(of: transfer)

        #expect(reports.count == 31 + 1 + 31)
        #expect(reports.first == Self.upload(4, of: 100))
        #expect(reports.last == Self.download(100, of: 100))
        #expect(try await transfer.value.value == text)
    }

    @Test func aResponseWithoutProgressReportsNothing() async throws {
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        try await mocks.stub(Self.upload("hi"), for: client, with: .success("ok"))

        let transfer = client.transfer(Self.upload("hi"))

        #expect(await Self.reports(of: transfer).isEmpty)
        #expect(try await transfer.value.value == "ok")
    }

    static let events = Endpoint<EventStream<String>, Never> {
        Method.get
        Path("events")
    }

    @Test func aStreamedResponseReportsUpToItsHeadAndIsAnsweredWhole() async throws {
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        try await mocks.stub(
            Self.events, for: client,
            with: .events([EventStream<String>.Event(data: "one")]).reportingProgress(steps: 3))
        #expect(try client.request(for: Self.events).streamsResponse)

        let transfer = client.transfer(Self.events)
        let reports = await Self.reports(of: transfer)
        var received: [String] = []
        for try await event in try await transfer.value.get() { received.append(event.data) }

        // "data: one\n\n": the head's report only, as a transport's call returns at the head.
        #expect(reports == [Self.download(0, of: 11)])
        #expect(received == ["one"])
    }

    @Test func aStreamedResponseDownloadedToAFileReportsEachChunk() async throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("events.txt")
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        try await mocks.stub(
            Self.events, for: client,
            with: .events([EventStream<String>.Event(data: "one")]).reportingProgress(steps: 2))

        let transfer = client.transfer(Self.events, downloadingTo: destination)
        let reports = await Self.reports(of: transfer)

        #expect(reports == [Self.download(0, of: 11), Self.download(6, of: 11), Self.download(11, of: 11)])
        #expect(try await transfer.value.value == destination)
        #expect(try String(contentsOf: destination, encoding: .utf8) == "data: one\n\n")
    }

    @Test(arguments: [0, 32])
    func stepsOutsideOneToThirtyOneAreRefused(steps: Int) async throws {
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        let error = await expectCourierError(.invalidMockedResponse) {
            try await mocks.stub(
                Self.photo(3), for: client, with: .success(Data()).reportingProgress(steps: steps))
        }
        #expect(error?.message == "A mocked response reports progress in 1 to 31 steps, not \(steps).")
    }

    @Test func responsesThatCannotBeDeliveredInStepsAreRefused() async throws {
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        let head = Endpoint<Data, Never> {
            Method.head
            Path("photos", 4)
        }
        let refusals: [(String, MockedResponse<Data, Never>, Endpoint<Data, Never>)] = [
            (
                "A mocked error has no body to report progress for; drop reportingProgress.",
                .throwing(CourierError(stage: .transport, kind: .timedOut, message: "Slow."))
                    .reportingProgress(),
                Self.photo(4)
            ),
            (
                "A response with status 204 to a GET request carries no body; give the mock an empty one.",
                .success(Data([1, 2]), status: .noContent).reportingProgress(), Self.photo(4)
            ),
            (
                "A response with status 200 to a HEAD request carries no body; give the mock an empty one.",
                .success(Data([1])).reportingProgress(), head
            ),
            (
                "The mocked Content-Length, 3, does not match the body's 2 bytes.",
                .success(Data([1, 2]), headers: [HeaderField(name: .contentLength, value: "3")])
                    .reportingProgress(),
                Self.photo(4)
            ),
            (
                "The mocked headers announce Content-Length, yet the response is to report progress with announcingLength: false.",
                .success(Data([1, 2]), headers: [HeaderField(name: .contentLength, value: "2")])
                    .reportingProgress(announcingLength: false),
                Self.photo(4)
            ),
        ]
        for (message, response, endpoint) in refusals {
            let error = await expectCourierError(.invalidMockedResponse) {
                try await mocks.stub(endpoint, for: client, with: response)
            }
            #expect(error?.message == message)
        }
        let interim = await expectCourierError(.invalidMockedResponse) {
            try await mocks.stub(
                Endpoint<Data, APIError> {
                    Method.get
                    Path("photos", 4)
                }, for: client,
                with: .failure(APIError(message: "early"), status: HTTPStatus(103)).reportingProgress())
        }
        #expect(
            interim?.message
                == "A mocked response reporting progress has a final status, not the interim 103.")
        let conflicting = await expectCourierError(.invalidMockedResponse) {
            try await mocks.stub(
                Self.photo(4), for: client,
                with: .success(
                    Data([1, 2]),
                    headers: [
                        HeaderField(name: .contentLength, value: "2"),
                        HeaderField(name: .contentLength, value: "3"),
                    ]
                ).reportingProgress())
        }
        #expect(conflicting?.message == "The mocked Content-Length, 3, does not match the body's 2 bytes.")
        let ignored = await expectCourierError(.noMockedResponse) { try await client.send(Self.photo(4)) }
        #expect(ignored?.message.hasSuffix("no stubs are registered.") == true)
    }

    @Test func aHeadResponseAnnouncesNoLengthOfItsOwn() async throws {
        let head = Endpoint<Empty, Never> {
            Method.head
            Path("photos", 5)
        }
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        try await mocks.stub(
            head, for: client,
            with: .success(status: .ok, headers: [HeaderField(name: .contentLength, value: "1234")])
                .reportingProgress())

        let transfer = client.transfer(head)
        let reports = await Self.reports(of: transfer)

        // The Content-Length of a HEAD response describes the body a GET would have; none arrives.
        #expect(reports == [Self.download(0, of: nil)])
        #expect(try await transfer.value.headers[.contentLength] == "1234")
    }
}
