import Courier
import CourierHummingbird
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// Sends 1,000 generated values per endpoint of ``EchoCatalog`` through a real
/// Hummingbird server on loopback, which matches each request with `Catalog.match` and answers
/// with the value it parsed; every value must come back equal.
///
/// ```sh
/// swift run --package-path Examples catalog-roundtrip [count] [seed]
/// ```
///
/// A value the client refuses when it builds the request (a header value with a space at
/// either end, a form key with a bracket) is counted as refused and another one is drawn: it
/// never reaches the wire. Exits 1 on the first endpoint with a counterexample, after printing
/// it, and when an endpoint sent fewer than `count` values (the client refused `count * 4` first).
@main
enum CatalogRoundTrip {
    static func main() async throws {
        let arguments = CommandLine.arguments
        let count = arguments.count > 1 ? Int(arguments[1]) ?? 1000 : 1000
        let seed = arguments.count > 2 ? UInt64(arguments[2]) ?? 15 : 15
        let catalog = try Catalog(EchoCatalog.endpoints)

        let (ports, listening) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "catalog-roundtrip")
        logger.logLevel = .warning
        let app = Application(
            router: EchoServer.router(catalog),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                listening.yield(channel.localAddress?.port ?? 0)
                listening.finish()
            },
            logger: logger)
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let server = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            await group.triggerGracefulShutdown()
            throw RoundTripFailure(message: "the server did not start")
        }
        report("catalog-roundtrip: server on 127.0.0.1:\(port)")
        let client = Client(baseURL: try BaseURL(validating: "http://127.0.0.1:\(port)"))
        var generator = Generator(seed: seed)
        var failed = false
        let runs: [(String, (inout Generator) -> any CatalogEndpoint)] = [
            ("EchoPath", { EchoPath(text: $0.text(hugeLength: 2_000), number: $0.integer()) }),
            (
                "EchoQuery",
                {
                    EchoQuery(
                        text: $0.below(4) == 0 ? nil : $0.text(hugeLength: 2_000), number: $0.double(),
                        tags: $0.texts(hugeLength: 500))
                }
            ),
            ("EchoHeader", { EchoHeader(text: $0.text(hugeLength: 4_000)) }),
            ("EchoJSON", { EchoJSON(payload: payload(&$0)) }),
            ("EchoForm", { EchoForm(payload: payload(&$0)) }),
            ("EchoMultipart", { EchoMultipart(caption: $0.text(hugeLength: 20_000), file: $0.data()) }),
        ]
        for (name, make) in runs {
            var tally = Tally()
            // Until `count` values went over the wire; what the client refuses does not count.
            while tally.sent < count, tally.refused < count * 4, tally.counterexamples == 0 {
                let endpoint = make(&generator)
                if let counterexample = await roundTrip(endpoint, client: client, tally: &tally) {
                    report("catalog-roundtrip: \(name) counterexample: \(counterexample)")
                    failed = true
                    break
                }
            }
            report(
                "catalog-roundtrip: \(name): \(tally.sent) sent and read back equal, "
                    + "\(tally.refused) refused by the client when built, \(tally.counterexamples) counterexamples"
            )
            // Refusals alone do not prove anything: the run needs `count` values over the wire.
            if tally.counterexamples == 0, tally.sent < count {
                report(
                    "catalog-roundtrip: \(name) failed: only \(tally.sent) of \(count) values were sent "
                        + "(the client refused \(tally.refused))")
                failed = true
            }
        }
        await group.triggerGracefulShutdown()
        try await server.value
        if failed { exit(1) }
    }

    /// Writes `line` at once, not buffered, so a run that stops shows how far it got.
    static func report(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func payload(_ generator: inout Generator) -> Payload {
        var labels: [String: String] = [:]
        for _ in 0..<generator.below(4) {
            labels[generator.text(hugeLength: 50)] = generator.text(hugeLength: 500)
        }
        return Payload(
            title: generator.text(hugeLength: 20_000),
            note: generator.below(3) == 0 ? nil : generator.text(hugeLength: 500), count: generator.integer(),
            tags: generator.texts(hugeLength: 500), labels: labels)
    }

    /// Sends `endpoint` and compares the answer with it; a description of what differs, or `nil`.
    static func check<Endpoint: CatalogEndpoint & Equatable>(
        _ endpoint: Endpoint, client: Client, tally: inout Tally
    ) async -> String? where Endpoint.Success == Endpoint, Endpoint.Failure == Never {
        do {
            _ = try endpoint.endpoint.request()
        } catch {
            tally.refused += 1
            return nil
        }
        do {
            let back = try await client.value(endpoint)
            guard back == endpoint else {
                tally.counterexamples += 1
                return "sent \(endpoint), read back \(back)"
            }
            tally.sent += 1
            return nil
        } catch {
            tally.counterexamples += 1
            return "sent \(endpoint), got \(error)"
        }
    }

    static func roundTrip(_ endpoint: any CatalogEndpoint, client: Client, tally: inout Tally) async
        -> String?
    {
        switch endpoint {
        case let value as EchoPath: await check(value, client: client, tally: &tally)
        case let value as EchoQuery: await check(value, client: client, tally: &tally)
        case let value as EchoHeader: await check(value, client: client, tally: &tally)
        case let value as EchoJSON: await check(value, client: client, tally: &tally)
        case let value as EchoForm: await check(value, client: client, tally: &tally)
        case let value as EchoMultipart: await check(value, client: client, tally: &tally)
        default: "\(type(of: endpoint)) has no round trip"
        }
    }
}

/// What one endpoint's run counted.
struct Tally {
    var sent = 0
    var refused = 0
    var counterexamples = 0
}

struct RoundTripFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// The server side: every request is matched against the echo catalog (CourierHummingbird's
/// `CatalogMiddleware`), and answered with the value it parsed.
enum EchoServer {
    static func router(_ catalog: Catalog) -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: CatalogMiddleware(catalog) { endpoint, _, _ in try echo(endpoint) })
        return router
    }

    private static func echo(_ endpoint: any CatalogEndpoint) throws -> CatalogAnswer {
        switch endpoint {
        case let value as EchoPath: try value.answer(.success(value))
        case let value as EchoQuery: try value.answer(.success(value))
        case let value as EchoHeader: try value.answer(.success(value))
        case let value as EchoJSON: try value.answer(.success(value))
        case let value as EchoForm: try value.answer(.success(value))
        case let value as EchoMultipart: try value.answer(.success(value))
        default: CatalogAnswer(status: .internalServerError)
        }
    }
}
