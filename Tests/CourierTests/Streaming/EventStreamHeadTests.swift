import Foundation
import Testing

@testable import Courier

struct EventStreamHeadTests {
    static let request = EndpointRequest(
        method: .get, pathSegments: ["feed"], query: [], headers: [], body: nil)

    static func response(_ status: HTTPStatus, _ contentType: String?) -> RawResponse {
        RawResponse(
            status: status,
            headers: HeaderFields(contentType.map { [HeaderField(name: .contentType, value: $0)] } ?? []))
    }

    @Test(arguments: [
        "text/event-stream", "text/event-stream; charset=utf-8", "Text/Event-Stream",
        "TEXT/EVENT-STREAM;charset=UTF-8", "text/event-stream ; charset=\"utf-8\"",
    ])
    func a200EventStreamPasses(contentType: String) throws {
        try EventStreamHead.check(Self.response(.ok, contentType), for: Self.request)
    }

    @Test(arguments: [
        ("text/plain", "as text/plain"), ("application/json", "as application/json"),
        ("text/event-streams", "as text/event-streams"), (nil, "without a Content-Type"),
        ("event-stream", #"with the invalid Content-Type "event-stream""#),
    ])
    func a200OfAnotherTypeOrNoneFails(contentType: String?, arrived: String) {
        let error = #expect(throws: CourierError.self) {
            try EventStreamHead.check(Self.response(.ok, contentType), for: Self.request)
        }
        #expect(error?.kind == .unacceptableContentType)
        #expect(error?.stage == .status)
        #expect(
            error?.message
                == "The server answered an event stream \(arrived); events are read only from "
                + "text/event-stream, so the body was not read as events and the stream is not reconnected.")
        #expect(error?.request?.pathSegments == ["feed"])
    }

    @Test func theErrorKeepsTheHeadButNotTheBodyStream() {
        let stream = ResponseBodyStream(Data("hello".utf8))
        let response = RawResponse(
            status: .ok, headers: [HeaderField(name: .contentType, value: "text/plain")], bodyStream: stream)
        let error = #expect(throws: CourierError.self) {
            try EventStreamHead.check(response, for: Self.request)
        }
        #expect(error?.response?.status == .ok)
        #expect(error?.response?.headers[.contentType] == "text/plain")
        #expect(error?.response?.bodyStream == nil)
    }

    @Test func anotherSuccessStatusFailsUnlessTheEndpointDeclaresIt() throws {
        let error = #expect(throws: CourierError.self) {
            try EventStreamHead.check(Self.response(HTTPStatus(202), "text/event-stream"), for: Self.request)
        }
        #expect(error?.kind == .unacceptableStatus)
        #expect(
            error?.message
                == "The server answered 202 to an event stream, which is read only from 200, so the body was "
                + "not read as events and the stream is not reconnected.")
        let accepted = Self.request.with { $0.successStatus = HTTPStatus(202) }
        try EventStreamHead.check(Self.response(HTTPStatus(202), "text/event-stream"), for: accepted)
        let partial = #expect(throws: CourierError.self) {
            try EventStreamHead.check(Self.response(HTTPStatus(206), "text/event-stream"), for: accepted)
        }
        #expect(
            partial?.message
                == "The server answered 206 to an event stream, which is read only from 200 or the endpoint's "
                + "202, so the body was not read as events and the stream is not reconnected.")
        // The declared status is held to the content type too.
        #expect(throws: CourierError.self) {
            try EventStreamHead.check(Self.response(HTTPStatus(202), "text/plain"), for: accepted)
        }
    }

    @Test(arguments: [HTTPStatus.noContent, .notFound, .serviceUnavailable, HTTPStatus(302)])
    func a204OrAStatusOutside2xxIsLeftToTheCaller(status: HTTPStatus) throws {
        try EventStreamHead.check(Self.response(status, "text/plain"), for: Self.request)
        try EventStreamHead.check(Self.response(status, nil), for: Self.request)
    }
}
