import Courier
import Foundation

/// Hands a continuation the first value offered, whichever side (result or cancellation) comes
/// first; later offers are dropped.
///
/// `@unchecked Sendable` is safe: `continuation`, `value` and `offered` are only read or changed
/// while `lock` is held, and the continuation is resumed after the lock is released.
final class FirstValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, Never>?
    private var value: Value?
    private var offered = false

    func wait(_ continuation: CheckedContinuation<Value, Never>) {
        lock.lock()
        if let value {
            self.value = nil
            lock.unlock()
            continuation.resume(returning: value)
        } else {
            self.continuation = continuation
            lock.unlock()
        }
    }

    func offer(_ value: Value) {
        lock.lock()
        if offered {
            lock.unlock()
            return
        }
        offered = true
        if let continuation {
            self.continuation = nil
            lock.unlock()
            continuation.resume(returning: value)
        } else {
            self.value = value
            lock.unlock()
        }
    }
}

/// Runs `work` in a task of its own; returns its value, or `nil` at once when the caller is
/// cancelled, even if `work` ignores cancellation (it is cancelled too, and left behind).
func abandonable<T: Sendable>(_ work: @escaping @Sendable () async -> T) async -> T? {
    let first = FirstValue<T?>()
    let task = Task { first.offer(await work()) }
    return await withTaskCancellationHandler {
        await withCheckedContinuation { first.wait($0) }
    } onCancel: {
        task.cancel()
        first.offer(nil)
    }
}

/// `work`'s value, or `nil` when it has none within `limit`; the work is then cancelled.
func within<T: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async -> T) async -> T? {
    await withTaskGroup(of: T?.self) { group in
        group.addTask { await abandonable(work) }
        group.addTask {
            try? await Task.sleep(for: limit)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}

/// Seconds since `start`.
func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// The process's peak resident set size so far (`VmHWM` in `/proc/self/status`), in KiB.
func peakResidentKiB() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
        return nil
    }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }
    return nil
}

/// Resets the process's peak resident set size to its current size (writes 5 to
/// `/proc/self/clear_refs`); returns whether that worked.
func resetPeakResident() -> Bool {
    FileManager.default.isWritableFile(atPath: "/proc/self/clear_refs")
        && (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
}

/// Runs `work`, measuring how far it raised the peak resident set size: "peak RSS +N MiB".
func measuringPeak<T>(_ work: () async -> T) async -> (T, String) {
    let reset = resetPeakResident()
    let before = peakResidentKiB()
    let value = await work()
    guard let before, let after = peakResidentKiB() else { return (value, "VmHWM unreadable") }
    let origin = reset ? "VmHWM reset to" : "VmHWM (not reset) from"
    return (
        value,
        "peak RSS +\((after - before) / 1024) MiB (\(origin) \(before / 1024), then \(after / 1024) MiB)"
    )
}

/// What the fault server counted for one `X-Count-Key` (`GET /counts/<key>`).
struct ServerCounts: Decodable, Sendable {
    /// Requests whose headers arrived.
    let received: Int
    /// Requests whose whole body arrived.
    let complete: Int
    /// Each counted request, in arrival order.
    let requests: [Hop]

    struct Hop: Decodable, Sendable {
        let method: String
        let target: String
        let host: String?
        let headers: [[String]]
        let bodyLength: Int?

        enum CodingKeys: String, CodingKey {
            case method, target, host, headers
            case bodyLength = "body_length"
        }

        /// Whether any header value of this request contains `text`.
        func carries(_ text: String) -> Bool {
            headers.contains { $0.last?.contains(text) == true }
        }
    }

    /// "server r/c": received and complete.
    var summary: String { "server \(received)/\(complete)" }
}

/// The host the fault server's cross-host redirects lead to from 127.0.0.1.
let otherHost = "127.0.0.2"

/// The server under survey, at `http://127.0.0.1:P` (it redirects to `otherHost` itself).
struct Survey: Sendable {
    let primary: BaseURL
    let primaryText: String

    /// A fresh Courier client as the survey uses it: default transport, 5 s total.
    func client(transport: (any Transport)? = nil) -> Client {
        if let transport {
            return Client(
                baseURL: primary, transport: transport,
                configuration: Client.Configuration(timeout: Timeout(.seconds(5))))
        }
        return Client(baseURL: primary, configuration: Client.Configuration(timeout: Timeout(.seconds(5))))
    }

    /// What the server counted for `key`, or `nil` when it could not be read.
    func counts(_ key: String) async -> ServerCounts? {
        let client = Client(
            baseURL: primary, configuration: Client.Configuration(timeout: Timeout(.seconds(5))))
        return try? await client.value(
            Endpoint<ServerCounts, Never> {
                Method(.get)
                Path("counts", key)
            })
    }

    /// The URL of `pathAndQuery` on 127.0.0.1.
    func url(_ pathAndQuery: String) -> URL {
        URL(string: primaryText + pathAndQuery)!
    }
}

/// The bytes the fault server generates for a body of `count` bytes: byte `i` is `i % 251`.
func pattern(_ count: Int) -> Data {
    Data((0..<count).map { UInt8($0 % 251) })
}

/// Text safe for one markdown table cell: one line, no unescaped `|`.
func cellText(_ text: String) -> String {
    text.replacingOccurrences(of: "\r", with: " ")
        .replacingOccurrences(of: "\n", with: " ")
        .replacingOccurrences(of: "|", with: "\\|")
}

/// The first sentence of `text`, cut to at most `limit` characters (ending in "…" when cut).
func shortened(_ text: String, limit: Int = 140) -> String {
    var text = text
    if let end = text.range(of: ". ") {
        text = String(text[..<end.lowerBound]) + "."
    }
    return text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
}
