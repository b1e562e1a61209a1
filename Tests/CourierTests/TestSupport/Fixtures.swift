import Courier
import Foundation

struct User: Codable, Sendable, Equatable {
    let id: Int
    let name: String
}

struct APIError: Error, Codable, Equatable {
    let message: String
}

struct NotFound: Codable, Sendable, Equatable {
    let resource: String
}

struct ValidationErrors: Codable, Sendable, Equatable {
    let fields: [String]
}

enum UserError: DocumentedErrors, Equatable {
    case notFound(NotFound)
    case invalid(ValidationErrors)
    case server(APIError)

    static let documentedStatuses: [DocumentedStatus<UserError>] = [
        .status(404, NotFound.self, UserError.notFound),
        .status(422, ValidationErrors.self, UserError.invalid),
        .statuses(500...599, APIError.self, UserError.server),
    ]
}

enum Sort: String, ParameterValue {
    case newest, oldest
}

let exampleBase = BaseURL("api.example.com")

/// The client's default encoder: sorted keys (byte comparisons stay stable across runs and
/// platforms) and ISO 8601 dates.
let sortedEncoder = JSONEncoder.courierDefault()

extension Endpoint {
    /// The built request, or a test failure with the error.
    func built() throws -> EndpointRequest {
        try request(encoder: sortedEncoder)
    }
}
