import Courier
import CourierAsyncHTTPClient
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One variant's three requests against the nginx of `Benchmarks/run peak-memory`: `GET /json`
/// (1 KB), `POST /sink` with a file body, `GET /big` to a file.
struct Sender: Sendable {
    let get: @Sendable () async throws -> Void
    let upload: @Sendable (URL) async throws -> Void
    let download: @Sendable (URL) async throws -> Void
    let shutdown: @Sendable () async throws -> Void

    /// The variant called `name`, against `base` (`http://127.0.0.1:PORT`); `nil` for another name.
    static func named(_ name: String, base: String) -> Sender? {
        switch name {
        case "URLSession": return rawURLSession(base: base)
        case "Courier/URLSession": return try? courier(base: base, transport: URLSessionTransport())
        case "Courier/AHC":
            let transport = AsyncHTTPClientTransport()
            return try? courier(base: base, transport: transport) { try await transport.shutdown() }
        default: return nil
        }
    }

    /// A plain `URLSession` as written by hand, configured as `URLSessionTransport`'s default one
    /// (ephemeral, no cookies, no cache).
    static func rawURLSession(base: String) -> Sender {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration)
        let json = URL(string: base + "/json")!
        let sink = URL(string: base + "/sink")!
        let big = URL(string: base + "/big")!
        return Sender(
            get: {
                let (data, response) = try await session.data(for: URLRequest(url: json))
                try check(response, bytes: data.count)
            },
            upload: { file in
                var request = URLRequest(url: sink)
                request.httpMethod = "POST"
                request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
                let (data, response) = try await session.upload(for: request, fromFile: file)
                try check(response, bytes: data.count)
            },
            download: { destination in
                let (file, response) = try await session.download(for: URLRequest(url: big))
                try check(response, bytes: 1)
                try FileManager.default.moveItem(at: file, to: destination)
            },
            shutdown: { session.finishTasksAndInvalidate() }
        )
    }

    /// Courier over `transport`, endpoints declared once: `Data` for `/json` and `/sink`, a
    /// download for `/big`.
    static func courier(
        base: String, transport: some Transport, shutdown: @escaping @Sendable () async throws -> Void = {}
    ) throws -> Sender {
        let client = Client(baseURL: try BaseURL(validating: base), transport: transport)
        let json = Endpoint<Data, Never> {
            Method.get
            Path("json")
        }
        let big = Endpoint<Data, Never> {
            Method.get
            Path("big")
        }
        return Sender(
            get: {
                let data = try await client.value(json)
                guard !data.isEmpty else { throw Unexpected(description: "an empty body") }
            },
            upload: { file in
                let sink = Endpoint<Data, Never> {
                    Method.post
                    Path("sink")
                    Body.file(file, contentType: .octetStream)
                }
                let data = try await client.value(sink)
                guard !data.isEmpty else { throw Unexpected(description: "an empty body") }
            },
            download: { destination in
                let response = try await client.download(big, to: destination)
                guard case .success = response.result else {
                    throw Unexpected(description: "status \(response.status.code)")
                }
            },
            shutdown: shutdown
        )
    }

    /// Throws unless `response` is a 200 with a body of at least `bytes` bytes.
    private static func check(_ response: URLResponse, bytes: Int) throws {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200, bytes > 0 else {
            throw Unexpected(description: "status \(status) with \(bytes) bytes")
        }
    }
}
