import Courier
import Foundation

/// What a ``MockTransport`` answers for one stubbed endpoint, typed by that endpoint.
///
/// A response is made from values, never from bytes: a `Success` value or a documented
/// `Failure` with its status, each written as a catalog answers it (JSON; a `String` as text,
/// `Data` as its bytes, `Empty` as no body), an empty response, or a thrown `CourierError`.
///
/// ```swift
/// try await mocks.stub(API.user(42), for: client, with: .success(User(id: 42, name: "Ada")))
/// try await mocks.stub(API.user(7), for: client, with: .failure(APIError(message: "gone"), status: .notFound))
/// try await mocks.stub(API.deleteUser(7), for: client, with: .success())
/// try await mocks.stub(API.user(9), for: client, with: .throwing(.init(stage: .transport, kind: .timedOut, message: "Slow.")))
/// ```
public struct MockedResponse<Success, Failure: Error>: Sendable {
    let make: @Sendable (JSONEncoder) throws(CourierError) -> MockAnswer
    /// How the body is delivered, when it reports progress (``reportingProgress(steps:announcingLength:)``).
    var delivery: MockDelivery?

    init(_ make: @escaping @Sendable (JSONEncoder) throws(CourierError) -> MockAnswer) {
        self.make = make
    }

    /// Throws `error` from the transport instead of answering, to test timeouts and lost
    /// connections.
    public static func throwing(_ error: CourierError) -> MockedResponse {
        MockedResponse { _ throws(CourierError) in .error(error) }
    }
}

extension MockedResponse where Success: Encodable & Sendable {
    /// Answers with `value` encoded as JSON and `Content-Type: application/json`.
    ///
    /// A `Data` value is sent as its bytes (`application/octet-stream`), a `String` as UTF-8
    /// text (`text/plain; charset=utf-8`), and `nil` as an empty body.
    ///
    /// - Parameters:
    ///   - value: The value the client should decode.
    ///   - status: A 2xx status; `200 OK` by default.
    ///   - headers: More response headers.
    ///   - encoder: The encoder for the JSON body; `nil` uses the client's.
    public static func success(
        _ value: Success, status: HTTPStatus = .ok, headers: HeaderFields = [], encoder: JSONEncoder? = nil
    ) -> MockedResponse {
        MockedResponse { clientEncoder throws(CourierError) in
            try MockAnswer.checkSuccess(status)
            let (type, body) = try MockAnswer.encode(value, with: encoder ?? clientEncoder)
            return .response(
                status: status, headers: MockAnswer.headers(headers, contentType: type), body: body)
        }
    }
}

extension MockedResponse where Success == Empty {
    /// Answers with an empty body, `204 No Content` by default.
    ///
    /// - Parameters:
    ///   - value: The empty value.
    ///   - status: A 2xx status.
    ///   - headers: The response headers.
    public static func success(
        _ value: Empty = Empty(), status: HTTPStatus = .noContent, headers: HeaderFields = []
    ) -> MockedResponse {
        MockedResponse { _ throws(CourierError) in
            try MockAnswer.checkSuccess(status)
            return .response(status: status, headers: headers, body: Data())
        }
    }
}

extension MockedResponse where Failure: Encodable {
    /// Answers with the documented error `value` with a non-2xx `status`: as JSON
    /// (`application/problem+json` for a `ProblemDetails`), a `String` as UTF-8 text, `Data` as
    /// its bytes and `Empty` as no body.
    ///
    /// - Parameters:
    ///   - value: The error the client should return as `.failure`.
    ///   - status: A status that is not 2xx.
    ///   - headers: More response headers.
    ///   - encoder: The encoder for the JSON body; `nil` uses the client's.
    public static func failure(
        _ value: Failure, status: HTTPStatus, headers: HeaderFields = [], encoder: JSONEncoder? = nil
    ) -> MockedResponse {
        MockedResponse { clientEncoder throws(CourierError) in
            try MockAnswer.checkFailure(status)
            let (type, body) = try MockAnswer.encode(value, with: encoder ?? clientEncoder)
            return .response(
                status: status, headers: MockAnswer.headers(headers, contentType: type), body: body)
        }
    }
}

extension MockedResponse where Failure: DocumentedErrors {
    /// Answers with `model` for a `DocumentedErrors` failure, written as
    /// ``failure(_:status:headers:encoder:)`` writes a value; `Failure` must document `status`
    /// with `model`'s type, or stubbing throws.
    ///
    /// ```swift
    /// try await mocks.stub(API.user(7), for: client, with: .failure(NotFound(resource: "user"), status: .notFound))
    /// ```
    ///
    /// - Parameters:
    ///   - model: The documented model for `status`.
    ///   - status: A status that `Failure` documents.
    ///   - headers: More response headers.
    ///   - encoder: The encoder for the JSON body; `nil` uses the client's.
    public static func failure<Model: Encodable & Sendable>(
        _ model: Model, status: HTTPStatus, headers: HeaderFields = [], encoder: JSONEncoder? = nil
    ) -> MockedResponse {
        MockedResponse { clientEncoder throws(CourierError) in
            try MockAnswer.checkFailure(status)
            let name = String(describing: Model.self)
            guard let entry = Failure.documentedStatuses.first(where: { $0.statuses.contains(status.code) })
            else {
                throw MockAnswer.invalid("\(Failure.self) documents no model for status \(status).")
            }
            guard entry.modelName == name else {
                throw MockAnswer.invalid(
                    "\(Failure.self) documents \(entry.modelName) for status \(status), not \(name).")
            }
            let (type, body) = try MockAnswer.encode(model, with: encoder ?? clientEncoder)
            return .response(
                status: status, headers: MockAnswer.headers(headers, contentType: type), body: body)
        }
    }
}

/// A stub's answer, made once when the stub is registered.
enum MockAnswer: Sendable {
    case response(status: HTTPStatus, headers: HeaderFields, body: Data)
    case error(CourierError)

    static func encode(_ value: some Encodable, with encoder: JSONEncoder) throws(CourierError)
        -> (MediaType?, Data)
    {
        do {
            let body = try ModelBody.encode(value, encoder: encoder)
            return (body?.mediaType, body?.data ?? Data())
        } catch {
            throw CourierError(
                stage: .building, kind: .invalidMockedResponse,
                message: "The mocked value \(type(of: value)) could not be encoded: \(error).",
                underlying: error)
        }
    }

    static func headers(_ headers: HeaderFields, contentType: MediaType?) -> HeaderFields {
        guard let contentType, !headers.contains(.contentType) else { return headers }
        return HeaderFields([HeaderField(name: .contentType, value: contentType.rawValue)] + headers.fields)
    }

    static func checkSuccess(_ status: HTTPStatus) throws(CourierError) {
        guard status.isSuccess else {
            throw invalid("A success must have a 2xx status, not \(status); use .failure for errors.")
        }
    }

    static func checkFailure(_ status: HTTPStatus) throws(CourierError) {
        guard !status.isSuccess else {
            throw invalid("A failure must have a status that is not 2xx, not \(status).")
        }
    }

    static func invalid(_ message: String) -> CourierError {
        CourierError(stage: .building, kind: .invalidMockedResponse, message: message)
    }
}
