import Courier
import CourierTestSupport
import CourierTesting
import CourierTracing
import Foundation
import InMemoryTracing
import Testing
import Tracing

/// CourierTracing held against OpenTelemetry's HTTP client span conventions
/// (https://github.com/open-telemetry/semantic-conventions/blob/main/docs/http/http-spans.md).
@Suite(.serialized) struct TracingConventionsTests {
    static func client(
        _ tracer: InMemoryTracer, transport: any Transport = TodoFixtures.transport(),
        middleware: [any Middleware] = []
    ) -> Client {
        Client(
            baseURL: TodoFixtures.baseURL, transport: transport,
            middleware: [TracingMiddleware(tracer: tracer)] + middleware)
    }

    /// `server.address` / `server.port` (Required) SHOULD match the host and port of the request's
    /// `Host` header / `:authority`: the absolute URL's, not the client's base URL's.
    @Test func theServerIsTheAbsoluteURLsOwn() async throws {
        let tracer = InMemoryTracer()
        let cdn = Endpoint<Empty, Never> {
            Method.get
            AbsoluteURL("http://cdn.example.net:8080/files/report.pdf")
        }
        _ = try await Self.client(tracer).send(cdn)
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.attributes.get("url.full") == .string("http://cdn.example.net:8080/files/report.pdf"))
        #expect(span.attributes.get("server.address") == .string("cdn.example.net"))
        #expect(span.attributes.get("server.port") == .int64(8080))
        #expect(span.attributes.get("url.scheme") == .string("http"))
    }

    /// `url.template` "MUST have low cardinality" and the span name's `{target}` is it: a catalog
    /// endpoint sent to a per-call URL (a pagination link, a file's own URL) goes to that URL's
    /// path, as given, which the endpoint's template does not describe, so the span has none.
    @Test func aPerCallURLHasNoTemplate() async throws {
        let tracer = InMemoryTracer()
        let next = try #require(URL(string: "https://cdn.example.net/files/3f2a9c1e?page=2"))
        _ = try await Self.client(tracer).send(GetTodo(id: 7), options: CallOptions(url: next))
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.attributes.get("url.full") == .string("https://cdn.example.net/files/3f2a9c1e?page=2"))
        #expect(span.attributes.get("url.template") == nil)
        #expect(span.operationName == "GET")
    }

    /// `url.full`: the conventions' query keys (`sig`, `Signature`, `X-Goog-Signature`,
    /// `AWSAccessKeyId`) SHOULD be `REDACTED`; no secret may reach the span through a recorded
    /// error either (swift-otel exports its description as `exception.message`). Here the
    /// secrets are in the absolute URL's own query (a presigned URL) and the transport's error
    /// echoes the URL it was sent to.
    @Test func aPresignedURLsSecretsReachNoRecordedError() async throws {
        let tracer = InMemoryTracer()
        let echo = StubTransport { request in throw EchoedError(text: "cannot reach \(request.url)") }
        let presigned = Endpoint<Empty, Never> {
            Method.get
            AbsoluteURL(
                "https://api.example.com/files/a.pdf?sig=sigsecret9&Signature=s3secret9"
                    + "&X-Goog-Signature=googsecret9&AWSAccessKeyId=AKIDSECRET9")
        }
        _ = try? await Self.client(tracer, transport: echo).send(presigned)
        let span = try #require(tracer.finishedSpans.first)
        let text = TracingMiddlewareTests.exported(span)
        #expect(
            span.attributes.get("url.full")
                == .string(
                    "https://api.example.com/files/a.pdf?sig=REDACTED&Signature=REDACTED"
                        + "&X-Goog-Signature=REDACTED&AWSAccessKeyId=REDACTED"))
        for secret in ["sigsecret9", "s3secret9", "googsecret9", "AKIDSECRET9"] {
            #expect(!text.contains(secret), "\(secret) reached the span: \(text)")
        }
    }

    /// The documented order puts `TracingMiddleware` first and `AuthenticationMiddleware` after
    /// it. A transport error that echoes the request's headers must not put the bearer token the
    /// later middleware added into the span (status description, recorded error).
    @Test func aLaterMiddlewaresCredentialReachesNoSpan() async throws {
        let tracer = InMemoryTracer()
        let echo = StubTransport { request in
            throw EchoedError(text: "refused \(request.headers.map { "\($0.name): \($0.value)" })")
        }
        let auth = AuthenticationMiddleware(try .bearer("late-token-secret-7"), for: TodoFixtures.baseURL)
        let plain = Endpoint<Empty, Never> {
            Method.get
            Path("todos")
        }
        _ = try? await Self.client(tracer, transport: echo, middleware: [auth]).send(plain)
        let span = try #require(tracer.finishedSpans.first)
        let text = TracingMiddlewareTests.exported(span)
        #expect(!text.contains("late-token-secret-7"), "the token reached the span: \(text)")
    }

    /// "If the HTTP instrumentation could end up converting valid HTTP request methods to
    /// `_OTHER`, then it MUST provide a way to override the list of known HTTP methods"
    /// (registry: http.request.method): the whole list, not an addition.
    @Test func theKnownMethodsCanBeReplaced() async throws {
        let tracer = InMemoryTracer()
        let client = Client(
            baseURL: TodoFixtures.baseURL, transport: TodoFixtures.transport(),
            middleware: [TracingMiddleware(tracer: tracer, knownMethods: ["GET", "PURGE"])])
        _ = try await client.send(PurgeTodo(id: 7))
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.attributes.get("http.request.method") == .string("PURGE"))
        #expect(span.attributes.get("http.request.method_original") == nil)
        #expect(span.operationName == "PURGE /todos/{id}/cache")
    }

    /// `network.protocol.version` is Recommended ("SHOULD be set to the negotiated version");
    /// the transport reports it on `RawResponse.httpVersion`.
    @Test func theNegotiatedVersionIsOnTheSpan() async throws {
        let tracer = InMemoryTracer()
        let h2 = StubTransport { request in
            RawResponse(status: .ok, body: TodoFixtures.todoBody, url: request.url, httpVersion: .http2)
        }
        let response = try await Self.client(tracer, transport: h2).send(GetTodo(id: 7))
        #expect(response.httpVersion == .http2)
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.attributes.get("network.protocol.version") == .string("2"))
    }

    /// `http.request.body.size`: "The size of the request payload body in bytes". A POST of 22
    /// bytes retried once is a 22-byte body, not 44.
    @Test func theBodySizesAreOneBodysNotTheSumOfAttempts() async throws {
        let tracer = InMemoryTracer()
        let client = Self.client(
            tracer, transport: TodoFixtures.transport([.serviceUnavailable, .ok]),
            middleware: [RetryMiddleware(backoff: RetryBackoff(base: .zero), retryableStatuses: [503])])
        _ = try await client.send(RetriedCreateTodo(title: "Write docs"))
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.attributes.get("http.request.resend_count") == .int64(1))
        #expect(span.attributes.get("http.request.body.size") == .int64(22))
        #expect(span.attributes.get("http.response.body.size") == .int64(29))
    }

    /// A 4xx answer: `error.type` is the status and the span status is Error, with no description
    /// ("Don't set the span status description if the reason can be inferred from
    /// http.response.status_code").
    @Test func a4xxIsAnErrorWithoutDescription() async throws {
        let tracer = InMemoryTracer()
        _ = try? await Self.client(tracer, transport: TodoFixtures.transport([.tooManyRequests])).send(
            GetTodo(id: 7))
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.status == SpanStatus(code: .error))
        #expect(span.attributes.get("error.type") == .string("429"))
    }

    /// A 3xx/2xx answer leaves the status unset and `error.type` absent.
    @Test func a304LeavesTheStatusUnset() async throws {
        let tracer = InMemoryTracer()
        _ = try? await Self.client(tracer, transport: TodoFixtures.transport([304])).send(
            GetTodo(id: 7))
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.status == nil)
        #expect(span.attributes.get("error.type") == nil)
    }
}

/// `POST /todos` with a 22-byte JSON body, idempotent by declaration so that it may be retried.
struct RetriedCreateTodo: CatalogEndpoint {
    typealias Success = Empty
    typealias Failure = Never

    var title: String

    var definition: some EndpointDefinition {
        Method.post
        Path("todos")
        Idempotent()
        Body.json(["title": title])
    }
}
