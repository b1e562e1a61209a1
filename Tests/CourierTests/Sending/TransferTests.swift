import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

struct TransferTests {
    private let base = BaseURL("api.example.com")

    @Test func aTransferDeliversItsValueAndFinishesItsProgress() async throws {
        let client = Client(
            baseURL: base,
            transport: StubTransport { RawResponse(status: .ok, body: Data("hi".utf8), url: $0.url) })
        let transfer = client.transfer(
            Endpoint<String, Never> {
                Method.get
                Path("greeting")
            })
        var reports = 0
        for await _ in transfer.progress { reports += 1 }
        // StubTransport reports no progress; the sequence still ends with the request.
        #expect(reports == 0)
        #expect(try await transfer.value.value == "hi")
    }

    @Test func cancellingATransferCancelsTheRequest() async throws {
        let (entered, enter) = AsyncStream.makeStream(of: Void.self)
        // How the transport's wait ended: `true` when cancellation cut its 60 s short.
        let (endings, end) = AsyncStream.makeStream(of: Bool.self)
        let client = Client(
            baseURL: base,
            transport: StubTransport { request in
                enter.yield()
                do {
                    try await Task.sleep(for: .seconds(60))
                } catch {
                    end.yield(true)
                    throw error
                }
                end.yield(false)
                return RawResponse(status: .ok, url: request.url)
            })
        let transfer = client.transfer(Endpoint<Empty, Never> { Method.get })
        for await _ in entered { break }
        transfer.cancel()
        await expectCourierError(.cancelled) {
            try await transfer.value
        }
        // The request itself was cancelled, not only the wait for its value: the transport's
        // sleep was cut short (checked by what happened, not by how long it took).
        var ending = endings.makeAsyncIterator()
        #expect(await ending.next() == true, "the transport slept its 60 s")
    }

    @Test func aDownloadThroughATransportWithoutFileSupportStillLandsInTheFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-transfer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("report.csv")
        let seen = LockedBox<[TransportRequest]>([])
        let client = Client(
            baseURL: base,
            transport: StubTransport { request in
                seen.withLock { $0.append(request) }
                return RawResponse(status: .ok, body: Data("a,b\n1,2\n".utf8), url: request.url)
            })
        let response = try await client.download(
            Endpoint<Data, Never> {
                Method.get
                Path("report")
            }, to: destination)
        #expect(response.value == destination)
        #expect(try String(contentsOf: destination, encoding: .utf8) == "a,b\n1,2\n")
        // The transport was asked for a staging file beside the destination, gone afterwards.
        let staging = try #require(seen.get().first?.responseBodyFile)
        #expect(staging != destination)
        #expect(staging.deletingLastPathComponent() == destination.deletingLastPathComponent())
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.csv"])
    }
}
