import Courier
import CourierTestSupport
import Foundation
import Testing

/// Downloads to a file and progress reports, against the fault-injecting server.
@Suite(.enabled(if: FaultServer.isAvailable, FaultServer.skipReason), .timeLimit(.minutes(1)))
struct DownloadFaultTests {
    let server: FaultServer
    let client: Client
    let directory: URL

    init() throws {
        server = try FaultServer.current()
        // A safety net for a hung request, not a bound under test.
        client = Client(
            baseURL: server.primary, configuration: Client.Configuration(timeout: Timeout(.seconds(30))))
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-downloads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    private func download(_ path: String, size: Int? = nil, send: Int? = nil) -> Endpoint<Data, FaultStatus> {
        Endpoint<Data, FaultStatus> {
            Method(.get)
            Path(segments: path.split(separator: "/").map { String($0) })
            if let size { Query("size", size) }
            if let send { Query("send", send) }
        }
    }

    /// Files in the test's directory, including hidden temporary ones.
    private func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func aDownloadIsStreamedToTheFileByteForByte() async throws {
        let size = 3 * 1024 * 1024 + 17
        let destination = directory.appendingPathComponent("body.bin")
        let response = try await client.download(download("download", size: size), to: destination)
        #expect(response.value == destination)
        #expect(response.body.isEmpty)
        #expect(try Data(contentsOf: destination) == FaultServer.pattern(size))
        #expect(try leftovers() == ["body.bin"])
    }

    @Test func aTruncatedDownloadLeavesNothingBehind() async throws {
        let destination = directory.appendingPathComponent("partial.bin")
        try Data("previous".utf8).write(to: destination)
        await #expect(throws: CourierError.self) {
            _ = try await client.download(download("truncate", size: 100_000, send: 40_000), to: destination)
        }
        // The earlier file is untouched and no temporary file remains.
        #expect(try Data(contentsOf: destination) == Data("previous".utf8))
        #expect(try leftovers() == ["partial.bin"])
    }

    @Test func aDownloadAMiddlewareRejectsLeavesTheDestinationAsItWas() async throws {
        let destination = directory.appendingPathComponent("kept.bin")
        try Data("previous".utf8).write(to: destination)
        let strict = Client(
            baseURL: server.primary,
            middleware: [ValidationMiddleware(ResponseValidation(contentTypes: [.json]))],
            configuration: Client.Configuration(timeout: Timeout(.seconds(30)))
        )
        await expectCourierError(.unacceptableContentType) {
            try await strict.download(download("download", size: 1000), to: destination)
        }
        #expect(try Data(contentsOf: destination) == Data("previous".utf8))
        #expect(try leftovers() == ["kept.bin"])
    }

    @Test func aDocumentedErrorDecodesAndWritesNoFile() async throws {
        let destination = directory.appendingPathComponent("missing.bin")
        let response = try await client.download(download("status/404"), to: destination)
        #expect(response.status == .notFound)
        #expect(response.result.failure == FaultStatus(code: 404))
        #expect(try leftovers().isEmpty)
    }

    @Test func downloadProgressIsMonotonicAndEndsAtTheTotal() async throws {
        let size = 2 * 1024 * 1024
        let destination = directory.appendingPathComponent("progress.bin")
        let transfer = client.transfer(download("download", size: size), downloadingTo: destination)
        var reports: [TransferProgress] = []
        for await progress in transfer.progress { reports.append(progress) }
        let response = try await transfer.value
        #expect(response.value == destination)
        let downloads = reports.filter { $0.direction == .download }
        #expect(downloads.count >= 2)
        #expect(downloads.allSatisfy { $0.expectedBytes == Int64(size) })
        #expect(zip(downloads, downloads.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes })
        #expect(downloads.last?.completedBytes == Int64(size))
        #expect(downloads.last?.fractionCompleted == 1)
    }

    @Test func aCompressedBodyReportsNoTotalButEveryDecodedByte() async throws {
        let transfer = client.transfer(download("gzip", size: 200_000))
        var reports: [TransferProgress] = []
        for await progress in transfer.progress { reports.append(progress) }
        #expect(try await transfer.value.value == FaultServer.pattern(200_000))
        let downloads = reports.filter { $0.direction == .download }
        // Content-Length counts compressed bytes, so it is no total for decoded ones.
        #expect(downloads.allSatisfy { $0.expectedBytes == nil && $0.fractionCompleted == nil })
        #expect(downloads.last?.completedBytes == 200_000)
    }

    @Test func uploadProgressReachesTheBodyLength() async throws {
        let size = 4 * 1024 * 1024
        let endpoint = Endpoint<SinkReport, Never> {
            Method(.post)
            Path("upload-sink")
            Body.data(FaultServer.pattern(size))
        }
        let transfer = client.transfer(endpoint)
        var reports: [TransferProgress] = []
        for await progress in transfer.progress { reports.append(progress) }
        let report = try #require(try await transfer.value.value)
        #expect(report.size == size)
        let uploads = reports.filter { $0.direction == .upload }
        #expect(!uploads.isEmpty)
        #expect(uploads.last?.completedBytes == Int64(size))
        #expect(uploads.last?.expectedBytes == Int64(size))
    }

    @Test func cancellingATransferStopsItAndLeavesNoFile() async throws {
        let destination = directory.appendingPathComponent("cancelled.bin")
        let endpoint = Endpoint<Data, Never> {
            Method(.get)
            Path("stall-body")
            Query("size", 1_000_000)
            Query("send", 100_000)
            Query("seconds", 30)
        }
        // No total timeout to end the stall instead: only the cancellation can end it before
        // the server sends the rest after 30 s.
        let patient = Client(
            baseURL: server.primary, configuration: Client.Configuration(timeout: Timeout(idle: .seconds(60)))
        )
        let transfer = patient.transfer(endpoint, downloadingTo: destination)
        for await progress in transfer.progress where progress.completedBytes > 0 {
            transfer.cancel()
            break
        }
        let start = ContinuousClock.now
        await expectCourierError(.cancelled) {
            try await transfer.value
        }
        // Under 0.7 s even with the machine at load 12; the server would send the rest after 30 s.
        #expect(ContinuousClock.now - start < .seconds(15))
        #expect(try leftovers().isEmpty)
    }

    @Test func aDownloadOverItsLimitFailsAndLeavesNoFile() async throws {
        let transport = URLSessionTransport(downloadLimit: 1024 * 1024)
        let limited = Client(
            baseURL: server.primary, transport: transport,
            configuration: Client.Configuration(timeout: Timeout(.seconds(30))))
        let destination = directory.appendingPathComponent("big.bin")
        await expectCourierError(.responseTooLarge) {
            try await limited.download(download("download", size: 2 * 1024 * 1024), to: destination)
        }
        #expect(try leftovers().isEmpty)
    }
}

/// The fault server's `/status/<code>` body, documented as the error of the download endpoints.
struct FaultStatus: Error, Decodable, Equatable {
    let code: Int
}

/// The fault server's `/upload-sink` report.
struct SinkReport: Decodable, Sendable {
    let size: Int
    let sha256: String
}
