import Courier
import Foundation

/// What the loopback server's `/sink` route counted.
struct SinkReport: Decodable, Sendable {
    let size: Int64
    let sha256: String
    let contentLength: String?
    let transferEncoding: String?

    enum CodingKeys: String, CodingKey {
        case size, sha256
        case contentLength = "content_length"
        case transferEncoding = "transfer_encoding"
    }
}

/// `upload-memory BASE_URL FILE`: sends FILE as the file part of a two-part multipart body to
/// `BASE_URL/sink`, then prints what the server received. Exits 1 unless the server received a
/// sized (not chunked) body of exactly the expected length.
@main
enum UploadMemory {
    static func main() async {
        let arguments = CommandLine.arguments
        guard arguments.count == 3 else {
            print("usage: upload-memory BASE_URL FILE")
            exit(2)
        }
        do {
            let client = Client(
                baseURL: try BaseURL(validating: arguments[1]),
                configuration: Client.Configuration(timeout: Timeout(.seconds(600))))
            let file = URL(fileURLWithPath: arguments[2])
            let endpoint = Endpoint<SinkReport, Never> {
                Method.post
                Path("sink")
                Body.multipart(.text("title", "upload-memory"), .file("payload", file))
            }
            let request = try endpoint.request()
            let expected = request.body?.length ?? -1
            let report = try await client.value(endpoint)
            print(
                "sent \(expected) bytes; server received \(report.size) bytes, sha256 \(report.sha256), "
                    + "Content-Length \(report.contentLength ?? "none"), "
                    + "Transfer-Encoding \(report.transferEncoding ?? "none")"
            )
            guard report.size == expected, report.contentLength == String(expected),
                report.transferEncoding == nil
            else {
                print("upload-memory: the server did not receive the body as sent")
                exit(1)
            }
        } catch {
            print("upload-memory: \(error)")
            exit(1)
        }
    }
}
