import Courier
import Foundation
import Testing

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

/// Sorted-key JSON so byte comparisons are stable across runs and platforms.
let sortedEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
}()

extension Endpoint {
    /// The built request, or a test failure with the error.
    func built() throws -> EndpointRequest {
        try request(encoder: sortedEncoder)
    }
}

/// Runs `body` expecting a `CourierError`, and returns it.
func expectCourierError(_ body: () throws -> Void) -> CourierError? {
    do {
        try body()
        return nil
    } catch let error as CourierError {
        return error
    } catch {
        return nil
    }
}

/// Waits until `condition` holds, checking every millisecond: for requests a test started on
/// purpose to register, for calls it cancelled to end.
///
/// The limit only matters when the condition never comes, so it is generous: on a busy two-core
/// machine a task can wait seconds for a thread. Records an issue and throws when it runs out.
func waitUntil(
    _ description: Comment, within limit: Duration = .seconds(30),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: @Sendable () async -> Bool
) async throws {
    let end = ContinuousClock.now + limit
    while await !condition() {
        guard ContinuousClock.now < end else {
            Issue.record("Timed out waiting until \(description)", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        try await Task.sleep(for: .milliseconds(1))
    }
}
