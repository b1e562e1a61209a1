import Courier
import CourierTesting
import Foundation
import Testing

/// `Client.rawResponse(_:options:)`: every status comes back as it arrived, through the
/// middleware, and a streamed success's body is handed over as it arrives.
struct ClientRawResponseTests {
    /// A middleware that counts the responses it sees.
    struct Counting: Middleware {
        let seen = Seen()

        func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws -> RawResponse {
            let response = try await next(request, baseURL)
            await seen.add(response.status)
            return response
        }

        actor Seen {
            var statuses: [HTTPStatus] = []
            func add(_ status: HTTPStatus) { statuses.append(status) }
        }
    }

    static let user = Endpoint<Data, Never> {
        Method.get
        Path("users", 7)
    }

    @Test func anUndocumentedStatusComesBackThroughTheMiddlewareInsteadOfThrowing() async throws {
        let counting = Counting()
        let client = Client(
            baseURL: BaseURL("api.example.com"),
            transport: StubTransport { request in
                RawResponse(
                    status: .notFound, headers: [HeaderField(name: .contentType, value: "text/plain")],
                    body: Data("no user 7".utf8), url: request.url)
            },
            middleware: [counting])
        let response = try await client.rawResponse(Self.user)
        #expect(response.status == .notFound)
        #expect(response.headers[.contentType] == "text/plain")
        #expect(response.body == Data("no user 7".utf8))
        #expect(await counting.seen.statuses == [.notFound])
        // The same endpoint sent with send(_:) throws for the status it does not document.
        await #expect(throws: CourierError.self) { try await client.send(Self.user) }
    }

    @Test func theClientsDefaultsAndTheCallsOptionsAreSent() async throws {
        let recording = RecordingTransport()
        let client = Client(
            baseURL: BaseURL("api.example.com"), transport: recording,
            defaults: try ClientDefaults(query: [QueryItem(name: "v", value: "2")]))
        _ = try await client.rawResponse(
            Self.user, options: CallOptions(headers: [HeaderField(name: HeaderName("X-Call"), value: "one")]))
        let sent = try #require(await recording.requests.first)
        #expect(sent.headers[HeaderName("X-Call")] == "one")
        #expect(sent.url.absoluteString == "https://api.example.com/users/7?v=2")
    }

    @Test func aStreamedSuccessIsHandedOverAsItArrives() async throws {
        let (chunks, input) = AsyncStream<Data>.makeStream()
        input.yield(Data("first ".utf8))
        let client = Client(
            baseURL: BaseURL("api.example.com"),
            transport: StubTransport { request in
                RawResponse(status: .ok, url: request.url, bodyStream: ResponseBodyStream(reading: chunks))
            })
        let export = Endpoint<ResponseBodyStream, Never> {
            Method.get
            Path("export")
        }
        let response = try await client.rawResponse(export)
        var body = try #require(response.bodyStream).makeAsyncIterator()
        // The body has not ended: the response came back with only its first chunk.
        #expect(try await body.next() == Data("first ".utf8))
        input.yield(Data("last".utf8))
        input.finish()
        #expect(try await body.next() == Data("last".utf8))
        #expect(try await body.next() == nil)
    }
}
