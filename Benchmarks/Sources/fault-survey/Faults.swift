import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One row of the survey: a fault, how Courier and a plain URLSession meet it, and what of the
/// server's count for the run's key matters.
struct Fault: Sendable {
    /// The first column.
    let name: String
    /// The start of the runs' `X-Count-Key`s.
    let slug: String
    /// Runs Courier against the fault with the given count key.
    let courier: @Sendable (Survey, String) async -> Observation
    /// Runs a plain URLSession against the fault with the given count key.
    let raw: @Sendable (Survey, String) async -> Observation
    /// What the server's count shows, 0.5 s after the outcome.
    var server: @Sendable (ServerCounts) -> String = { $0.summary }
}

/// A 64-byte request body for the POST rows.
private let postBody = Data(repeating: UInt8(ascii: "p"), count: 64)

/// `path?name=value&…` (the survey's values need no escaping).
private func target(_ path: String, _ query: [(String, String)]) -> String {
    query.isEmpty ? "/" + path : "/" + path + "?" + query.map { "\($0)=\($1)" }.joined(separator: "&")
}

/// The struct the invalid-JSON rows decode.
private struct User: Decodable, Sendable {
    let id: Int
}

/// A `DecodingError` in one short line.
private func decodingText(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return shortened("\(error)") }
    switch error {
    case .dataCorrupted(let context):
        let underlying = context.underlyingError.map { " (\(($0 as NSError).localizedDescription))" } ?? ""
        return "`DecodingError.dataCorrupted`: “\(shortened(context.debugDescription + underlying))”"
    case .keyNotFound(let key, _):
        return "`DecodingError.keyNotFound`: \(key.stringValue)"
    case .typeMismatch(let type, let context):
        return "`DecodingError.typeMismatch` \(type): \(shortened(context.debugDescription))"
    case .valueNotFound(let type, let context):
        return "`DecodingError.valueNotFound` \(type): \(shortened(context.debugDescription))"
    @unknown default:
        return shortened("\(error)")
    }
}

/// Where the requests of a redirect went: "server counted N: first, second, …, last".
private func hops(_ counts: ServerCounts) -> String {
    func hop(_ request: ServerCounts.Hop) -> String {
        let host = request.host.map { $0.hasPrefix("127.0.0.1") ? "" : $0 } ?? "?"
        return "\(request.method) \(host)\(request.target)"
    }
    var shown = counts.requests.prefix(2).map(hop)
    if counts.requests.count > 3 { shown.append("…") }
    if let last = counts.requests.last, counts.requests.count > 2 { shown.append(hop(last)) }
    return "server counted \(counts.received): \(shown.joined(separator: ", "))"
}

/// Which of the secrets reached 127.0.0.2.
private func secretsAtOtherHost(_ counts: ServerCounts) -> String {
    let other = counts.requests.filter { $0.host?.hasPrefix(otherHost + ":") == true }
    guard !other.isEmpty else { return "\(counts.received) request(s), none reached \(otherHost)" }
    let secrets = [
        ("Authorization", "s3cr3t-token"), ("Cookie", "s3cr3t-cookie"), ("X-Api-Key", "s3cr3t-key"),
    ]
    let leaked = secrets.filter { secret in other.contains { $0.carries(secret.1) } }.map { $0.0 }
    let verdict = leaked.isEmpty ? "none of the 3 secrets" : "**" + leaked.joined(separator: ", ") + "**"
    return "\(otherHost) got \(verdict)"
}

/// The method and body length of the hop to 127.0.0.2.
private func bodyAtOtherHost(_ counts: ServerCounts) -> String {
    guard let hop = counts.requests.first(where: { $0.host?.hasPrefix(otherHost + ":") == true }) else {
        return "\(counts.received) request(s), none reached \(otherHost)"
    }
    let length = hop.bodyLength.map { "body_length \($0)" } ?? "body never complete"
    return "\(otherHost) got \(hop.method) with \(length) (of \(Faults.crossHostBody.count) sent)"
}

enum Faults {
    /// A 1000-byte body for the cross-host POST row.
    static let crossHostBody = Data(repeating: UInt8(ascii: "b"), count: 1000)

    /// Every row, in the order they run; the gzip bombs last, as VmHWM only grows.
    static let all: [Fault] = [
        bytes(
            "truncated body (`/truncate?size=1000&send=400`)", slug: "truncate", "truncate",
            [("size", "1000"), ("send", "400")], expected: pattern(1000)),
        bytes(
            "reset mid-body (`/reset?size=100000&send=1000`)", slug: "reset", "reset",
            [("size", "100000"), ("send", "1000")], expected: pattern(100_000)),
        bytes(
            "close before headers, POST of 64 bytes (`/close-before-headers`)", slug: "close-post",
            method: .post, "close-before-headers", expected: nil, body: postBody),
        bytes(
            "reset before headers, POST of 64 bytes (`/reset-before-headers`)", slug: "reset-post",
            method: .post, "reset-before-headers", expected: nil, body: postBody),
        warmReuse(
            "POST of 64 bytes on a warm keep-alive connection the server drops (`/drop-on-reuse`)",
            slug: "reuse-post", method: .post),
        warmReuse(
            "GET on a warm keep-alive connection the server drops (`/drop-on-reuse`)", slug: "reuse-get",
            method: .get),
        bytes(
            "conflicting `Content-Length: 5` and `10` (`/content-length/conflicting`)", slug: "cl-conflict",
            "content-length/conflicting", expected: pattern(10)),
        bytes(
            "`Content-Length: 5, 10` (`/content-length/list`)", slug: "cl-list", "content-length/list",
            expected: pattern(10)),
        bytes(
            "stall before headers 10 s (Courier connect 0.3 s; URLSession `timeoutInterval` 0.3)",
            slug: "stall-headers", "stall-headers", [("seconds", "10")], expected: nil,
            courierTimeout: Timeout(.seconds(5), connect: .milliseconds(300)), rawTimeout: 0.3),
        bytes(
            "stall mid-body 10 s after 100 of 1000 bytes (idle 0.5 s both)", slug: "stall-body", "stall-body",
            [("size", "1000"), ("send", "100"), ("seconds", "10")], expected: pattern(1000),
            courierTimeout: Timeout(.seconds(5), idle: .milliseconds(500)), rawTimeout: 0.5),
        bytes(
            "slow drip, 100 bytes at 0.1 s, total 0.8 s (Courier `Timeout(.milliseconds(800), idle: 2 s)`; "
                + "URLSession `timeoutInterval` 2, `timeoutIntervalForResource` 0.8)",
            slug: "drip", "drip", [("size", "100"), ("interval", "0.1")], expected: pattern(100),
            courierTimeout: Timeout(.milliseconds(800), idle: .seconds(2)), rawTimeout: 2,
            configure: { $0.timeoutIntervalForResource = 0.8 }),
        invalidJSON,
        invalidUTF8,
        bytes(
            "redirect loop (`/redirect/loop` ↔ `/redirect/loop-b`)", slug: "loop", "redirect/loop",
            expected: nil, server: hops),
        bytes(
            "redirect chain of 20 (`/redirect/chain?n=19` → `/ok`)", slug: "chain", "redirect/chain",
            [("n", "19")], expected: pattern(16), server: hops),
        crossHostSecrets,
        bytes(
            "307 POST with a 1000-byte body to the other host (`/redirect/cross-host` → `/echo`)",
            slug: "cross-post", method: .post, "redirect/cross-host", [("status", "307"), ("to", "/echo")],
            expected: nil, body: crossHostBody, server: bodyAtOtherHost),
        bytes(
            "redirect to `file:///etc/passwd` (`/redirect/file`)", slug: "file", "redirect/file",
            expected: nil, server: hops),
        retryAfter,
        headerFlood,
        gzipBomb,
    ]

    /// A fault met with a `Data` endpoint and a plain data task: status and body, or the error.
    static func bytes(
        _ name: String, slug: String, method: HTTPMethod = .get, _ path: String,
        _ query: [(String, String)] = [], expected: Data?, body: Data? = nil, courierTimeout: Timeout? = nil,
        rawTimeout: TimeInterval = 5,
        configure: @escaping @Sendable (URLSessionConfiguration) -> Void = { _ in },
        server: @escaping @Sendable (ServerCounts) -> String = { $0.summary }
    ) -> Fault {
        Fault(
            name: name, slug: slug,
            courier: { survey, key in
                let endpoint = dataEndpoint(
                    path, query, method: method, key: key, body: body, timeout: courierTimeout)
                return await sendTimed(endpoint, with: survey.client()).observation(expected: expected)
            },
            raw: { survey, key in
                let session = rawSession(configure)
                defer { session.finishTasksAndInvalidate() }
                let request = rawRequest(
                    survey, target(path, query), method: method.rawValue, key: key, timeout: rawTimeout,
                    body: body)
                return await rawSend(request, on: session).observation(expected: expected)
            },
            server: server)
    }

    /// `GET /drop-on-reuse` to warm a connection, then `method` on the same client or session;
    /// the second request's outcome and count.
    static func warmReuse(_ name: String, slug: String, method: HTTPMethod) -> Fault {
        let body = method == .post ? postBody : nil
        let expected = Data(#"{"first": true}"#.utf8)
        return Fault(
            name: name, slug: slug,
            courier: { survey, key in
                let client = survey.client()
                let warm = await sendTimed(dataEndpoint("drop-on-reuse", key: "warm-\(key)"), with: client)
                let second = await sendTimed(
                    dataEndpoint("drop-on-reuse", method: method, key: key, body: body), with: client)
                var observation = second.observation(expected: expected)
                if (try? warm.result.get())?.status != .ok {
                    observation.outcome = "(warm GET failed) " + observation.outcome
                }
                return observation
            },
            raw: { survey, key in
                let session = rawSession()
                defer { session.finishTasksAndInvalidate() }
                let warm = await rawSend(
                    rawRequest(survey, "/drop-on-reuse", key: "warm-\(key)"), on: session)
                let request = rawRequest(
                    survey, "/drop-on-reuse", method: method.rawValue, key: key, body: body)
                var observation = await rawSend(request, on: session).observation(expected: expected)
                if warm.status != 200 {
                    observation.outcome = "(warm GET failed) " + observation.outcome
                }
                return observation
            })
    }

    static let invalidJSON = Fault(
        name: "invalid JSON `{\"id\": 4` decoded as a struct (URLSession: `JSONDecoder`)", slug: "json",
        courier: { survey, key in
            let endpoint = Endpoint<User, Never> {
                Method(.get)
                Path("invalid-json")
                Header("X-Count-Key", key)
            }
            return await sendTimed(endpoint, with: survey.client()).observation { "decoded id \($0.body)" }
        },
        raw: { survey, key in
            let session = rawSession()
            defer { session.finishTasksAndInvalidate() }
            return await rawSend(rawRequest(survey, "/invalid-json", key: key), on: session)
                .detailedObservation {
                    status, data in
                    do {
                        let user = try JSONDecoder().decode(User.self, from: data)
                        return ("\(status)", ["`JSONDecoder` decoded id \(user.id)"])
                    } catch {
                        return ("\(status)", ["`JSONDecoder` threw " + decodingText(error)])
                    }
                }
        })

    static let invalidUTF8 = Fault(
        name: "invalid UTF-8 `caf\\xC3 \\xFF\\xFE` decoded as `String`", slug: "utf8",
        courier: { survey, key in
            let endpoint = Endpoint<String, Never> {
                Method(.get)
                Path("invalid-utf8")
                Header("X-Count-Key", key)
            }
            return await sendTimed(endpoint, with: survey.client()).observation {
                "decoded \"\($0.value ?? "")\""
            }
        },
        raw: { survey, key in
            let session = rawSession()
            defer { session.finishTasksAndInvalidate() }
            return await rawSend(rawRequest(survey, "/invalid-utf8", key: key), on: session)
                .detailedObservation {
                    status, data in
                    let lenient = String(decoding: data, as: UTF8.self)
                    let replaced = lenient.unicodeScalars.filter { $0 == "\u{FFFD}" }.count
                    let strict = String(data: data, encoding: .utf8).map { "\"\($0)\"" } ?? "`nil`"
                    return (
                        "\(status)",
                        [
                            "`String(decoding:as:)` gave \"\(lenient)\" (\(replaced) × U+FFFD, no error)",
                            "`String(data:encoding: .utf8)` gave \(strict)",
                        ]
                    )
                }
        })

    static let crossHostSecrets = Fault(
        name: "307 to the other host (127.0.0.2) with `Authorization`, `Cookie`, `X-Api-Key`",
        slug: "cross-secrets",
        courier: { survey, key in
            let endpoint = dataEndpoint(
                "redirect/cross-host", [("status", "307"), ("to", "/echo")], key: key,
                headers: [
                    Header("Authorization", "Bearer s3cr3t-token"), Header("Cookie", "session=s3cr3t-cookie"),
                    Header("X-Api-Key", "s3cr3t-key", isSecret: true),
                ])
            return await sendTimed(endpoint, with: survey.client()).observation {
                "\($0.status) from \($0.url?.host ?? "?") with \($0.body.count) bytes"
            }
        },
        raw: { survey, key in
            let session = rawSession()
            defer { session.finishTasksAndInvalidate() }
            let request = rawRequest(
                survey, "/redirect/cross-host?status=307&to=/echo", key: key,
                headers: [
                    ("Authorization", "Bearer s3cr3t-token"), ("Cookie", "session=s3cr3t-cookie"),
                    ("X-Api-Key", "s3cr3t-key"),
                ])
            let outcome = await rawSend(request, on: session)
            return outcome.observation { status, data in
                "\(status) from \(outcome.url?.host ?? "?") with \(data.count) bytes"
            }
        },
        server: secretsAtOtherHost)

    static let retryAfter = Fault(
        name: "503 with `Retry-After: 1`, then 200 (`/retry-after?fail=1&after=1`; Courier with "
            + "`RetryMiddleware()`)", slug: "retry-after",
        courier: { survey, key in
            let endpoint = dataEndpoint(
                "retry-after", [("key", key), ("fail", "1"), ("status", "503"), ("after", "1")], key: key)
            let client = Client(
                baseURL: survey.primary,
                middleware: [RetryMiddleware()],
                configuration: Client.Configuration(timeout: Timeout(.seconds(5)))
            )
            return await sendTimed(endpoint, with: client).observation {
                "\($0.status) with \(bodySnippet($0.body))"
            }
        },
        raw: { survey, key in
            let session = rawSession()
            defer { session.finishTasksAndInvalidate() }
            let request = rawRequest(survey, "/retry-after?key=\(key)&fail=1&status=503&after=1", key: key)
            return await rawSend(request, on: session).observation { "\($0) with \(bodySnippet($1))" }
        },
        server: { "server counted \($0.received) attempt(s)" })

    static let headerFlood = Fault(
        name: "header flood: 10,000 headers of 100 bytes (`/header-flood`)", slug: "flood",
        courier: { survey, key in
            await sendTimed(dataEndpoint("header-flood", key: key), with: survey.client()).observation {
                "\($0.status) with \($0.headers.count) headers and \(bodySnippet($0.body))"
            }
        },
        raw: { survey, key in
            let session = rawSession()
            defer { session.finishTasksAndInvalidate() }
            let outcome = await rawSend(rawRequest(survey, "/header-flood", key: key), on: session)
            return outcome.observation { "\($0) with \(outcome.headerCount) headers and \(bodySnippet($1))" }
        })

    static let gzipBomb = Fault(
        name: "64 MiB gzip bomb, about 64 KB on the wire (`/gzip-bomb?size=67108864`; Courier "
            + "`responseLimit` 8 MiB; URLSession plain)", slug: "bomb",
        courier: { survey, key in
            let client = survey.client(transport: URLSessionTransport(responseLimit: 8 << 20))
            let endpoint = dataEndpoint("gzip-bomb", [("size", "67108864")], key: key)
            var (observation, peak) = await measuringPeak {
                await sendTimed(endpoint, with: client).observation {
                    "\($0.status) with \($0.body.count) bytes"
                }
            }
            observation.details.append(peak)
            return observation
        },
        raw: { survey, key in
            let session = rawSession()
            defer { session.finishTasksAndInvalidate() }
            let request = rawRequest(survey, "/gzip-bomb?size=67108864", key: key)
            let (outcome, peak) = await measuringPeak { await rawSend(request, on: session) }
            var observation = outcome.observation { status, data in
                let zeros = data.allSatisfy { $0 == 0 } ? " (all zeros)" : ""
                return "\(status) with all \(data.count) decoded bytes\(zeros) delivered"
            }
            observation.details.append(peak)
            return observation
        })
}
