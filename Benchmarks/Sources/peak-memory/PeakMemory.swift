import Courier
import CourierAsyncHTTPClient
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Goal B5: one workload of one variant, run under `/usr/bin/time -v` by
/// `Benchmarks/run peak-memory`, which reads the peak RSS and runs the nginx server.
///
///     peak-memory BASE_URL VARIANT idle               # one GET of /json: the baseline
///     peak-memory BASE_URL VARIANT gets               # 1,000 GETs of /json, 64 in flight
///     peak-memory BASE_URL VARIANT upload FILE        # POST FILE to /sink, streamed from disk
///     peak-memory BASE_URL VARIANT download FILE SIZE # GET /big to FILE, which must be SIZE bytes
///     peak-memory BASE_URL Courier/AHC stream-upload MIB [chunked|length]
///                                                     # POST MIB MiB to /sink from an AsyncSequence,
///                                                     # chunked (the default) or with its length
///
/// VARIANT is `URLSession` (by hand: `data(for:)`, `upload(for:fromFile:)`, `download(for:)`),
/// `Courier/URLSession` or `Courier/AHC` (`Client.value` and `Client.download`). Prints one line
/// with what was transferred and how long it took; exits 1 on any failure.
@main
enum PeakMemory {
    static let requests = 1_000
    static let inFlight = 64

    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 3, let sender = Sender.named(arguments[1], base: arguments[0]) else {
            usage()
        }
        let start = ContinuousClock.now
        do {
            let done: String
            switch (arguments[2], arguments.count) {
            case ("idle", 3):
                try await sender.get()
                done = "1 GET"
            case ("gets", 3):
                try await gets(sender)
                done = "\(requests) GETs, \(inFlight) in flight"
            case ("upload", 4):
                let file = URL(fileURLWithPath: arguments[3])
                try await sender.upload(file)
                let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
                done = "uploaded \(size) bytes"
            case ("stream-upload", 4), ("stream-upload", 5):
                let framing = arguments.count == 5 ? arguments[4] : "chunked"
                guard arguments[1] == "Courier/AHC", let mib = Int(arguments[3]),
                    framing == "chunked" || framing == "length"
                else { usage() }
                try await streamUpload(mib, declaringLength: framing == "length", base: arguments[0])
                done = "streamed \(mib) MiB, \(framing == "length" ? "with Content-Length" : "chunked")"
            case ("download", 5):
                guard let expected = Int(arguments[4]) else { usage() }
                let file = URL(fileURLWithPath: arguments[3])
                try await sender.download(file)
                let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? -1
                try? FileManager.default.removeItem(at: file)
                guard size == expected else {
                    throw Unexpected(description: "downloaded \(size) bytes of \(expected)")
                }
                done = "downloaded \(size) bytes"
            default:
                usage()
            }
            try await sender.shutdown()
            print("peak-memory: \(arguments[1]) \(arguments[2]): \(done) in \(ContinuousClock.now - start)")
        } catch {
            print("peak-memory: \(arguments[1]) \(arguments[2]) failed: \(error)")
            exit(1)
        }
    }

    /// Posts `mib` MiB of zeros to `/sink` from an `AsyncSequence`, chunked or with its length
    /// declared, over a transport of its own: the memory of a streamed upload (`Body.stream`).
    static func streamUpload(_ mib: Int, declaringLength: Bool, base: String) async throws {
        let transport = AsyncHTTPClientTransport()
        let client = Client(baseURL: try BaseURL(validating: base), transport: transport)
        let length = declaringLength ? Int64(mib) * 1024 * 1024 : nil
        let sink = Endpoint<Data, Never> {
            Method.post
            Path("sink")
            Body.stream(ZeroChunks(remaining: mib * 16), length: length)
        }
        do {
            let data = try await client.value(sink)
            guard !data.isEmpty else { throw Unexpected(description: "an empty body") }
        } catch {
            try? await transport.shutdown()
            throw error
        }
        try await transport.shutdown()
    }

    /// Sends ``requests`` GETs with ``inFlight`` of them in flight at a time.
    static func gets(_ sender: Sender) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            var started = 0
            while started < min(inFlight, requests) {
                group.addTask { try await sender.get() }
                started += 1
            }
            while try await group.next() != nil {
                if started < requests {
                    group.addTask { try await sender.get() }
                    started += 1
                }
            }
        }
    }

    static func usage() -> Never {
        FileHandle.standardError.write(
            Data(
                ("usage: peak-memory BASE_URL URLSession|Courier/URLSession|Courier/AHC"
                    + " idle|gets|upload FILE|download FILE SIZE|stream-upload MIB [chunked|length]\n").utf8))
        exit(64)
    }
}

/// A response no variant should get.
struct Unexpected: Error, CustomStringConvertible {
    let description: String
}

/// `remaining` chunks of 64 KiB of zeros, made one at a time as they are asked for.
struct ZeroChunks: AsyncSequence, AsyncIteratorProtocol, Sendable {
    var remaining: Int

    mutating func next() async -> Data? {
        guard remaining > 0 else { return nil }
        remaining -= 1
        return Data(count: 64 * 1024)
    }

    func makeAsyncIterator() -> ZeroChunks { self }
}
