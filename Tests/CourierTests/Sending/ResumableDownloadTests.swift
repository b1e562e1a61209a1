import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

/// `Client.download(_:to:resumable:)` over a transport that answers through a `ResponseReceiver`
/// from a script, without I/O.
struct ResumableDownloadTests {
    /// One scripted answer: a head, body chunks, and whether the connection then breaks.
    struct Answer: Sendable {
        var status: HTTPStatus
        var headers: [(String, String)]
        var chunks: [Data]
        var breaks = false
        /// What the transport gives up with after the chunks, as it does when its task is
        /// cancelled or a timeout of its own runs out.
        var givesUp: CourierError? = nil
        /// Whether the transport then waits until its task is cancelled, and gives up as cancelled.
        var stalls = false
    }

    /// Answers each request with the next scripted answer and records the requests.
    final class ScriptedTransport: Transport {
        let answers: LockedBox<[Answer]>
        let requests = LockedBox<[TransportRequest]>([])

        init(_ answers: [Answer]) { self.answers = LockedBox(answers) }

        func send(_ request: TransportRequest) async throws -> RawResponse {
            requests.withLock { $0.append(request) }
            let answer = answers.withLock { $0.removeFirst() }
            var receiver = ResponseReceiver(request: request, responseLimit: 1 << 20)
            let headers = HeaderFields(
                answer.headers.map { HeaderField(name: HeaderName(validating: $0.0)!, value: $0.1) })
            if case .stop(let error) = receiver.receiveHead(status: answer.status, headers: headers) {
                throw error
            }
            for chunk in answer.chunks {
                if case .stop(let error) = receiver.receive(chunk) { throw error }
            }
            if answer.stalls {
                try? await Task.sleep(for: .seconds(600))
            }
            if let error = answer.givesUp ?? (answer.stalls ? SessionTaskTable.cancelled : nil) {
                receiver.abandon(because: error)
                throw error
            }
            if answer.breaks {
                let error = receiver.interrupted(
                    by: CourierError(
                        stage: .transport, kind: .connectionLost, message: "The connection closed."))
                receiver.abandon(because: error)
                throw error
            }
            return try receiver.complete().get()
        }
    }

    private static let file = Endpoint<Data, Never> {
        Method(.get)
        Path("file")
    }

    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-resume-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func run(_ answers: [Answer], in folder: URL) async throws -> (ScriptedTransport, Client) {
        let transport = ScriptedTransport(answers)
        return (transport, Client(baseURL: BaseURL("files.example.com"), transport: transport))
    }

    @Test func theSecondCallAsksForTheRestUnderTheFirstValidator() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("f.bin")
        let (transport, client) = try await run(
            [
                Answer(
                    status: .ok, headers: [("ETag", #""v1""#), ("Content-Length", "10")],
                    chunks: [Data("01234".utf8)], breaks: true),
                Answer(
                    status: 206, headers: [("ETag", #""v1""#), ("Content-Range", "bytes 5-9/10")],
                    chunks: [Data("56789".utf8)]),
            ], in: folder)
        let error = await expectCourierError(.truncatedResponse) {
            try await client.download(Self.file, to: destination, resumable: true)
        }
        #expect(error?.message.contains("kept to resume") == true)
        _ = try await client.download(Self.file, to: destination, resumable: true)
        #expect(try Data(contentsOf: destination) == Data("0123456789".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["f.bin"])
        let sent = transport.requests.get()
        #expect(sent[0].headers[.range] == nil && sent[0].headers[.acceptEncoding] == "identity")
        #expect(sent[1].headers[.range] == "bytes=5-" && sent[1].headers[.ifRange] == #""v1""#)
    }

    /// A resumable download whose response has only a weak validator cannot be resumed, and the
    /// error says why the bytes were not kept.
    @Test func aBodyWithoutAStrongValidatorSaysWhyItWasNotKept() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, client) = try await run(
            [
                Answer(
                    status: .ok, headers: [("ETag", #"W/"v1""#), ("Content-Length", "10")],
                    chunks: [Data("01234".utf8)], breaks: true)
            ], in: folder)
        let error = await expectCourierError(.truncatedResponse) {
            try await client.download(Self.file, to: folder.appendingPathComponent("f.bin"), resumable: true)
        }
        #expect(
            error?.message.hasSuffix(
                "the partial body was discarded: the response has no strong validator (a strong ETag, or a Last-Modified a minute older than its Date) to resume it with, or is content-coded."
            ) == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test(arguments: [
        (
            CourierError(stage: .transport, kind: .cancelled, message: "The request was cancelled."),
            "The request was cancelled; the bytes received so far are kept to resume the download."
        ),
        (
            CourierError(
                stage: .transport, kind: .timedOut,
                message: "The server sent nothing within the idle timeout of 5.0 seconds."),
            "The server sent nothing within the idle timeout of 5.0 seconds; the bytes received so far are kept to resume the download."
        ),
    ])
    func aCancelledOrTimedOutDownloadSaysItKeptItsBytes(givingUp: CourierError, message: String) async throws
    {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, client) = try await run(
            [
                Answer(
                    status: .ok, headers: [("ETag", #""v1""#), ("Content-Length", "10")],
                    chunks: [Data("01234".utf8)], givesUp: givingUp)
            ], in: folder)
        let error = await expectCourierError(givingUp.kind) {
            try await client.download(Self.file, to: folder.appendingPathComponent("f.bin"), resumable: true)
        }
        #expect(error?.message == message)
        #expect(
            try Data(contentsOf: folder.appendingPathComponent(".f.bin.courier-partial"))
                == Data("01234".utf8))
    }

    /// Bytes of a response without a strong validator are not kept, and the error does not say
    /// they are.
    @Test func aCancelledDownloadThatCannotResumeSaysNothingOfKeptBytes() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, client) = try await run(
            [
                Answer(
                    status: .ok, headers: [("ETag", #"W/"v1""#), ("Content-Length", "10")],
                    chunks: [Data("01234".utf8)], givesUp: SessionTaskTable.cancelled)
            ], in: folder)
        let error = await expectCourierError(.cancelled) {
            try await client.download(Self.file, to: folder.appendingPathComponent("f.bin"), resumable: true)
        }
        #expect(error?.message == "The request was cancelled.")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// The total timeout's error is Courier's own, made before the transport lets go of the file:
    /// it still says the bytes are kept, once they are.
    @Test func aDownloadPastItsTotalTimeoutSaysItKeptItsBytes() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let transport = ScriptedTransport([
            Answer(
                status: .ok, headers: [("ETag", #""v1""#), ("Content-Length", "10")],
                chunks: [Data("01234".utf8)], stalls: true)
        ])
        let client = Client(
            baseURL: BaseURL("files.example.com"), transport: transport,
            configuration: Client.Configuration(timeout: Timeout(.seconds(2))))
        let error = await expectCourierError(.timedOut) {
            try await client.download(Self.file, to: folder.appendingPathComponent("f.bin"), resumable: true)
        }
        #expect(
            error?.message
                == "The request did not complete within its timeout of 2.0 seconds; the bytes received so far are kept to resume the download."
        )
        #expect(
            try Data(contentsOf: folder.appendingPathComponent(".f.bin.courier-partial"))
                == Data("01234".utf8))
    }

    @Test func metricsCountTheBytesEachAttemptReceived() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("f.bin")
        let transport = ScriptedTransport([
            Answer(
                status: .ok, headers: [("ETag", #""v1""#), ("Content-Length", "10")],
                chunks: [Data("0123".utf8)], breaks: true),
            Answer(
                status: 206, headers: [("ETag", #""v1""#), ("Content-Range", "bytes 4-9/10")],
                chunks: [Data("456789".utf8)]),
        ])
        let received = LockedBox<[Int64]>([])
        let client = Client(
            baseURL: BaseURL("files.example.com"), transport: transport,
            middleware: [
                MetricsMiddleware { metrics in received.withLock { $0.append(metrics.bytesReceived) } }
            ])
        _ = try? await client.download(Self.file, to: destination, resumable: true)
        _ = try await client.download(Self.file, to: destination, resumable: true)
        // The rest is 6 bytes, though the file it completes holds 10.
        #expect(received.get().last == 6)
    }

    @Test func aRangeTheServerCannotSatisfyStartsOverOnce() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("f.bin")
        let kept = PartialDownload(
            destination: destination, url: "https://files.example.com/file", offset: nil)
        try Data("stale bytes".utf8).write(to: kept.file)
        try kept.record(validator: #""v1""#)
        let (transport, client) = try await run(
            [
                Answer(status: 416, headers: [("Content-Range", "bytes */4")], chunks: []),
                Answer(status: .ok, headers: [("ETag", #""v1""#)], chunks: [Data("new!".utf8)]),
            ], in: folder)
        let response = try await client.download(Self.file, to: destination, resumable: true)
        #expect(response.status == .ok)
        #expect(try Data(contentsOf: destination) == Data("new!".utf8))
        let sent = transport.requests.get()
        #expect(sent.map { $0.headers[.range] } == ["bytes=11-", nil])
    }

    @Test func theRestOfAnotherVersionIsRefusedAndTheKeptBytesDropped() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("f.bin")
        let (_, client) = try await run(
            [
                Answer(
                    status: .ok, headers: [("ETag", #""v1""#), ("Content-Length", "10")],
                    chunks: [Data("01234".utf8)], breaks: true),
                // A cache that honours Range but not If-Range, holding version 2.
                Answer(
                    status: 206, headers: [("ETag", #""v2""#), ("Content-Range", "bytes 5-9/10")],
                    chunks: [Data("FGHIJ".utf8)]),
            ], in: folder)
        await expectCourierError(.truncatedResponse) {
            try await client.download(Self.file, to: destination, resumable: true)
        }
        await expectCourierError(.invalidResponse) {
            try await client.download(Self.file, to: destination, resumable: true)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func keptBytesFromAnotherURLAreNeverContinued() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("f.bin")
        let kept = PartialDownload(
            destination: destination, url: "https://other.example.com/file", offset: nil)
        try Data("other".utf8).write(to: kept.file)
        try kept.record(validator: #""v1""#)
        let (transport, client) = try await run(
            [Answer(status: .ok, headers: [("ETag", #""v1""#)], chunks: [Data("mine".utf8)])], in: folder)
        _ = try await client.download(Self.file, to: destination, resumable: true)
        #expect(try Data(contentsOf: destination) == Data("mine".utf8))
        #expect(transport.requests.get().first?.headers[.range] == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["f.bin"])
    }

    @Test func onlyAGetWithoutARangeOfItsOwnCanResume() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (transport, client) = try await run([], in: folder)
        let post = Endpoint<Data, Never> {
            Method(.post)
            Path("file")
        }
        let ranged = Endpoint<Data, Never> {
            Method(.get)
            Path("file")
            Header("Range", "bytes=0-9")
        }
        for (endpoint, kind) in [(post, CourierError.Kind.invalidMethod), (ranged, .invalidHeaderValue)] {
            await expectCourierError(kind, stage: .building) {
                try await client.download(endpoint, to: folder.appendingPathComponent("f"), resumable: true)
            }
        }
        #expect(transport.requests.get().isEmpty)
    }
}
