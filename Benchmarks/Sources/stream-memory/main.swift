import Courier
import Foundation

/// `stream-memory BASE_URL SIZE [PAUSE_SECONDS [RATE]]`: streams `SIZE` bytes from the fault
/// server's `/download` route with ``Client/stream(_:deadline:)``, checking each chunk against the
/// server's byte pattern, and prints what arrived. With `RATE`, the server sends at most that
/// many bytes a second. With `PAUSE_SECONDS`, the reader stops for
/// that long after its first chunk while the server keeps sending, so the transport must hold
/// the connection back rather than buffer the body, or (a transport that cannot) fail with
/// `responseTooLarge` once its backlog is full. Exits 0 when every byte arrived as sent, 3 on
/// `responseTooLarge`, 1 otherwise.
@main
enum StreamMemory {
    static func main() async {
        let arguments = CommandLine.arguments
        guard (3...5).contains(arguments.count), let size = Int64(arguments[2]) else {
            print("usage: stream-memory BASE_URL SIZE [PAUSE_SECONDS [RATE]]")
            exit(2)
        }
        let pause = arguments.count >= 4 ? Double(arguments[3]) ?? 0 : 0
        let rate = arguments.count == 5 ? Int64(arguments[4]) ?? 0 : 0
        do {
            let client = Client(baseURL: try BaseURL(validating: arguments[1]))
            let endpoint = Endpoint<Data, Never> {
                Method.get
                Path("download")
                Query("size", size)
                if rate > 0 {
                    Query("rate", rate)
                }
            }
            let started = ContinuousClock.now
            let response = try await client.stream(endpoint)
            var received: Int64 = 0
            var chunks = 0
            for try await chunk in response.get() {
                // Byte i of the body is i % 251: check each chunk's first and last byte.
                guard let first = chunk.first, let last = chunk.last,
                    Int64(first) == received % 251, Int64(last) == (received + Int64(chunk.count) - 1) % 251
                else {
                    print("stream-memory: chunk \(chunks) at offset \(received) is not the server's pattern")
                    exit(1)
                }
                received += Int64(chunk.count)
                chunks += 1
                if chunks == 1, pause > 0 { try await Task.sleep(for: .seconds(pause)) }
            }
            print(
                "stream-memory: received \(received) of \(size) bytes in \(chunks) chunks,"
                    + " \(started.duration(to: .now)) (reader paused \(pause) s"
                    + (rate > 0 ? ", server paced at \(rate) bytes/s)" : ")"))
            guard received == size else { exit(1) }
        } catch let error as CourierError where error.kind == .responseTooLarge {
            print("stream-memory: refused: \(error.message)")
            exit(3)
        } catch {
            print("stream-memory: \(error)")
            exit(1)
        }
    }
}
