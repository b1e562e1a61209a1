import Foundation

/// One measured load: a request kind, sent a number of times with a number of them in flight.
struct Workload: Sendable {
    /// The request every variant sends in this workload.
    enum Request: String, Sendable {
        case get = "GET /json"
        case post = "POST /post"
        case idempotentPost = "POST /post with an Idempotency-Key"

        /// The variant's operation that sends this request.
        func operation(of variant: Variant) -> @Sendable () async throws -> Void {
            switch self {
            case .get: variant.get
            case .post: variant.post
            case .idempotentPost: variant.idempotentPost
            }
        }
    }

    /// The nginx server a workload's requests go to.
    enum Server: Sendable {
        /// Plain HTTP/1.1.
        case plain
        /// HTTPS, offering HTTP/1.1 only.
        case tls
        /// HTTPS, offering HTTP/2 (ALPN `h2`) and HTTP/1.1.
        case h2
    }

    /// The short name used on the command line and in JSON: `get-8`, `post-8`.
    let id: String
    let request: Request
    let server: Server
    /// How many requests are kept running at once.
    let inFlight: Int
    /// Whether the workload is there to count errors under load rather than for its ratios.
    let isErrorCheck: Bool

    /// The B3 and B4 loads, then the same GET over HTTPS (HTTP/1.1, and HTTP/2), in the
    /// order they run and print.
    static let all: [Workload] = [
        Workload(id: "get-1", request: .get, server: .plain, inFlight: 1, isErrorCheck: false),
        Workload(id: "get-8", request: .get, server: .plain, inFlight: 8, isErrorCheck: false),
        Workload(id: "get-64", request: .get, server: .plain, inFlight: 64, isErrorCheck: false),
        Workload(id: "post-8", request: .post, server: .plain, inFlight: 8, isErrorCheck: false),
        Workload(
            id: "idempotent-post-8", request: .idempotentPost, server: .plain, inFlight: 8,
            isErrorCheck: false),
        Workload(id: "get-256", request: .get, server: .plain, inFlight: 256, isErrorCheck: true),
        Workload(id: "tls-get-8", request: .get, server: .tls, inFlight: 8, isErrorCheck: false),
        Workload(id: "h2-get-8", request: .get, server: .h2, inFlight: 8, isErrorCheck: false),
    ]

    /// The title of this workload's table.
    var title: String {
        let over =
            switch server {
            case .plain: ""
            case .tls: " over HTTPS (HTTP/1.1)"
            case .h2: " over HTTPS (HTTP/2)"
            }
        return "\(request.rawValue)\(over), \(inFlight) in flight" + (isErrorCheck ? " (error check)" : "")
    }

    /// Requests sent before each measured run, so that every connection of the pool is open and
    /// the code paged in: twice the requests in flight, at least 100.
    var warmUpCount: Int { max(2 * inFlight, 100) }

    /// The variant's operation for this workload's request.
    func operation(of variant: Variant) -> @Sendable () async throws -> Void {
        request.operation(of: variant)
    }

    /// Warms `variant` up, then sends `count` requests with ``inFlight`` of them running at a
    /// time and measures the wall time and the whole process's CPU time they took. Errors are
    /// counted over the warm-up and the measured requests.
    func measure(_ variant: Variant, count: Int) async -> Measurement {
        let operation = operation(of: variant)
        let warmUp = await Self.send(warmUpCount, inFlight: inFlight, operation)
        let cpuStart = Self.processCPUSeconds()
        let start = ContinuousClock.now
        let measured = await Self.send(count, inFlight: inFlight, operation)
        let elapsed = ContinuousClock.now - start
        let cpu = Self.processCPUSeconds() - cpuStart
        return Measurement(
            requests: count,
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            cpuSeconds: cpu, errors: warmUp.errors + measured.errors,
            firstError: warmUp.firstError ?? measured.firstError)
    }

    /// Sends `count` requests, starting a new one as each finishes so that `inFlight` run at a
    /// time; returns how many failed and the first failure's description.
    static func send(
        _ count: Int, inFlight: Int, _ operation: @escaping @Sendable () async throws -> Void
    ) async -> (errors: Int, firstError: String?) {
        await withTaskGroup(of: String?.self) { group in
            let attempt: @Sendable () async -> String? = {
                do {
                    try await operation()
                    return nil
                } catch {
                    return "\(error)"
                }
            }
            var started = 0
            while started < min(inFlight, count) {
                group.addTask(operation: attempt)
                started += 1
            }
            var errors = 0
            var firstError: String?
            while let failure = await group.next() {
                if let failure {
                    errors += 1
                    firstError = firstError ?? failure
                }
                if started < count {
                    group.addTask(operation: attempt)
                    started += 1
                }
            }
            return (errors, firstError)
        }
    }

    /// The user and system CPU time of the whole process so far, every thread included.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

/// What one run of one variant on one workload measured.
struct Measurement: Codable, Sendable {
    /// The measured requests (the warm-up is not counted).
    let requests: Int
    /// Wall time of the measured requests.
    let seconds: Double
    /// User and system CPU time the whole process spent during the measured requests.
    let cpuSeconds: Double
    /// Failed requests, warm-up included.
    let errors: Int
    /// The first failure's description, if any.
    let firstError: String?

    /// Requests per second of wall time.
    var requestsPerSecond: Double { Double(requests) / seconds }
    /// CPU time per request, in microseconds.
    var cpuMicrosecondsPerRequest: Double { cpuSeconds * 1e6 / Double(requests) }
}
