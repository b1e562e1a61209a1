import Courier
import Foundation

/// `bomb-memory BASE_URL SIZE`: asks the fault server for a gzip body that decodes to SIZE bytes
/// (`/gzip-bomb?size=SIZE`), with an 8 MiB response limit, and expects Courier to stop it with
/// `responseTooLarge`. With SIZE under the limit (the baseline run), expects the whole body.
/// Prints the outcome and how long it took; exits 1 on any other outcome.
@main
enum BombMemory {
    static let limit = 8 * 1024 * 1024

    static func main() async {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let size = Int(arguments[2]) else {
            print("usage: bomb-memory BASE_URL SIZE")
            exit(2)
        }
        do {
            let client = Client(
                baseURL: try BaseURL(validating: arguments[1]),
                transport: URLSessionTransport(responseLimit: limit),
                configuration: Client.Configuration(timeout: Timeout(.seconds(120)))
            )
            let endpoint = Endpoint<Data, Never> {
                Method.get
                Path("gzip-bomb")
                Query("size", size)
            }
            let start = ContinuousClock.now
            do {
                let body = try await client.value(endpoint)
                let elapsed = ContinuousClock.now - start
                guard size <= limit, body.count == size, body.allSatisfy({ $0 == 0 }) else {
                    print("bomb-memory: a \(size)-byte bomb was delivered as a \(body.count)-byte success")
                    exit(1)
                }
                print("bomb-memory: \(size) decoded bytes delivered in \(elapsed)")
            } catch {
                let elapsed = ContinuousClock.now - start
                guard size > limit, error.kind == .responseTooLarge else {
                    print("bomb-memory: unexpected outcome: \(error)")
                    exit(1)
                }
                print("bomb-memory: \(error.kind) after \(elapsed): \(error.message)")
            }
        } catch {
            print("bomb-memory: \(error)")
            exit(1)
        }
    }
}
