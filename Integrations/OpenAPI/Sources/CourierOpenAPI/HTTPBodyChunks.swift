import Foundation
import OpenAPIRuntime

/// The chunks of an `HTTPBody` as `Data`, for a request body Courier streams.
///
/// Reading it reads the body: a body that can be iterated once fails a second reading with
/// swift-openapi-runtime's own error, and Courier never asks for one
/// (``Courier/RequestBodyStream``).
struct HTTPBodyChunks: AsyncSequence, Sendable {
    typealias Element = Data

    /// The body read.
    let body: HTTPBody

    func makeAsyncIterator() -> Iterator {
        Iterator(chunks: body.makeAsyncIterator())
    }

    /// Reads the body's chunks, each as `Data`.
    struct Iterator: AsyncIteratorProtocol {
        var chunks: HTTPBody.Iterator

        mutating func next() async throws -> Data? {
            try await chunks.next().map { Data($0) }
        }
    }
}
