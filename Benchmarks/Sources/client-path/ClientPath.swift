import Courier
import Foundation
import Workloads

/// Sends the B2 request N times (``ClientPathWorkload``), for instruction and allocation
/// counts under valgrind: a GET whose in-memory transport answers 200 with 1,080 bytes of JSON,
/// decoded into a 16-field struct.
///
///     client-path decode 1000            # JSONDecoder.decode of the bytes
///     client-path decode-after-send 1000 # the same after one send, the baseline (see below)
///     client-path send 1000              # Client.send, no middleware
///     client-path send-middleware 1000   # Client.send through Metrics, Validation and Logging
///     client-path send-per-call 1000     # Client.send of an endpoint built per call, new id each
///     client-path send-per-call-middleware 1000   # the same through Metrics, Validation and Logging
///     client-path send-timeout 1000      # Client.send, no middleware, a client with a 10 s timeout,
///                                        # then a wait past every call's deadline
///     client-path cpu 100                # CPU time, not under valgrind: see cpuRatios(rounds:)
///
/// Run it under `valgrind` with two counts and difference the totals, so that start-up cancels;
/// the difference over the extra calls is the cost of one call.
///
/// A decode looks up about 60 generic types in the Swift runtime's metadata caches, whose cost
/// depends on what the caches hold: after one send, they hold Courier's types too, and the same
/// decode costs from 1k to 10k instructions more or less, with the build's layout.
/// `decode-after-send` shows that spread; `Benchmarks/run client-path` takes what a send adds
/// outside `JSONDecoder.decode` (callgrind tells the two apart) over the bare decode.
@main
enum ClientPath {
    /// The total timeout of the `send-timeout` client, as a Linux service sets one.
    static let timeout = Duration.seconds(10)

    /// Runs the loop on the generic executor (it is nonisolated), off the main actor, so that the
    /// benchmark adds no executor hop of its own per call.
    static func run(mode: String, count: Int) async throws -> Int {
        var checksum = 0
        switch mode {
        case "decode", "decode-after-send":
            if mode == "decode-after-send" {
                // One send first, so that the runtime's caches hold what sending puts there.
                checksum &+=
                    try await ClientPathWorkload.client(withMiddleware: true)
                    .send(ClientPathWorkload.profile).value?.followers ?? 0
            }
            // The decoder a client's configuration has by default, which the sends decode with.
            let decoder = JSONDecoder.courierDefault()
            for _ in 0..<count {
                checksum &+= try decoder.decode(
                    ClientPathWorkload.Profile.self, from: ClientPathWorkload.json
                ).followers
            }
        case "send", "send-middleware", "send-timeout":
            let client = ClientPathWorkload.client(
                withMiddleware: mode == "send-middleware", timeout: mode == "send-timeout" ? timeout : nil)
            for _ in 0..<count {
                checksum &+= try await client.send(ClientPathWorkload.profile).value?.followers ?? 0
            }
            if mode == "send-timeout" {
                // Past every call's deadline, so that work a deadline's timer does after its call
                // ended is counted too.
                try await Task.sleep(for: Self.timeout + .seconds(1))
            }
        case "send-per-call", "send-per-call-middleware":
            let client = ClientPathWorkload.client(withMiddleware: mode == "send-per-call-middleware")
            for call in 0..<count {
                checksum &+= try await client.send(ClientPathWorkload.user(4242 + call)).value?.followers ?? 0
            }
        case "cpu":
            checksum = try await cpuRatios(rounds: count)
        default:
            throw CocoaError(.featureUnsupported)
        }
        return checksum
    }

    /// The process's CPU time so far, in nanoseconds.
    static func cpuTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }

    /// Prints each send's CPU time over the bare decode's, interleaved: each of `rounds` rounds
    /// times 1,000 decodes, then 1,000 sends without middleware, then 1,000 decodes again and
    /// 1,000 sends with middleware, then the same again for sends from a client with a total
    /// timeout, so that each send batch is compared with the decode batch just before it, and a
    /// change in the machine's load between rounds cancels. One line per send: the median ratio
    /// and its quartiles.
    ///
    /// A batch takes about 12 ms of CPU; the process's CPU clock counts nanoseconds, on every
    /// thread: a deadline's task and timer count too.
    static func cpuRatios(rounds: Int) async throws -> Int {
        let batch = 1_000
        let decoder = JSONDecoder.courierDefault()
        let clients = [
            ("send", ClientPathWorkload.client(withMiddleware: false)),
            ("send-middleware", ClientPathWorkload.client(withMiddleware: true)),
            ("send-timeout", ClientPathWorkload.client(withMiddleware: false, timeout: timeout)),
        ]
        var checksum = 0
        var ratios: [[Double]] = Array(repeating: [], count: clients.count)
        for _ in 0..<rounds {
            for (index, (_, client)) in clients.enumerated() {
                var started = cpuTime()
                for _ in 0..<batch {
                    checksum &+= try decoder.decode(
                        ClientPathWorkload.Profile.self, from: ClientPathWorkload.json
                    )
                    .followers
                }
                let decoding = cpuTime() - started
                started = cpuTime()
                for _ in 0..<batch {
                    checksum &+= try await client.send(ClientPathWorkload.profile).value?.followers ?? 0
                }
                ratios[index].append((cpuTime() - started) / decoding)
            }
        }
        for (index, (name, _)) in clients.enumerated() {
            let sorted = ratios[index].sorted()
            print(
                name,
                String(
                    format: "%.4f %.4f %.4f", sorted[sorted.count / 2], sorted[sorted.count / 4],
                    sorted[3 * sorted.count / 4]))
        }
        return checksum
    }

    /// Waits for ``run(mode:count:)`` on a semaphore instead of using an `async` main, whose
    /// `dispatchMain()` parks the main thread in a way valgrind 3.19 crashes on.
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let count = Int(arguments[2]), count > 0,
            [
                "decode", "decode-after-send", "send", "send-middleware", "send-per-call",
                "send-per-call-middleware", "send-timeout", "cpu",
            ]
            .contains(
                arguments[1])
        else {
            FileHandle.standardError.write(
                Data(
                    ("usage: client-path decode|decode-after-send|send|send-middleware|send-per-call|"
                        + "send-per-call-middleware|send-timeout|cpu COUNT\n").utf8))
            exit(64)
        }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                outcome.result = .success(try await run(mode: arguments[1], count: count))
            } catch {
                outcome.result = .failure(error)
            }
            done.signal()
        }
        done.wait()
        print("\(ClientPathWorkload.json.count) bytes, checksum \(try outcome.result!.get())")
    }

    /// The loop's result, handed from its task to the main thread.
    ///
    /// `@unchecked Sendable` is safe: the task writes `result` once before signalling the
    /// semaphore, and the main thread reads it only after waiting on it.
    final class Outcome: @unchecked Sendable {
        var result: Result<Int, any Error>?
    }
}
