import Courier
import Foundation

/// Endpoints whose server answers with the very value it parsed (`Success` is the endpoint
/// itself), so that a value survives the wire only if the client prints it, the catalog reads it
/// back and the answer decodes into it again.
enum EchoCatalog {
    static let endpoints: [any CatalogEndpoint.Type] = [
        EchoPath.self, EchoQuery.self, EchoHeader.self, EchoJSON.self, EchoForm.self, EchoMultipart.self,
    ]
}

/// Text and a number in the path.
struct EchoPath: CatalogEndpoint, Codable, Hashable {
    typealias Success = EchoPath
    typealias Failure = Never
    var text: String
    var number: Int

    var definition: some EndpointDefinition {
        Method.get
        Path("echo", "path", text, number)
    }
}

/// Optional text, a number and an array of text in the query.
struct EchoQuery: CatalogEndpoint, Codable, Hashable {
    typealias Success = EchoQuery
    typealias Failure = Never
    var text: String?
    var number: Double
    var tags: [String]

    var definition: some EndpointDefinition {
        Method.get
        Path("echo", "query")
        Query("text", text)
        Query("number", number)
        Query("tag", tags)
    }
}

/// Text in a header field.
struct EchoHeader: CatalogEndpoint, Codable, Hashable {
    typealias Success = EchoHeader
    typealias Failure = Never
    var text: String

    var definition: some EndpointDefinition {
        Method.get
        Path("echo", "header")
        Header("X-Echo", text)
    }
}

/// A nested value in a JSON body.
struct EchoJSON: CatalogEndpoint, Codable, Hashable {
    typealias Success = EchoJSON
    typealias Failure = Never
    var payload: Payload

    var definition: some EndpointDefinition {
        Method.post
        Path("echo", "json")
        Body.json(payload)
    }
}

/// A nested value in an `application/x-www-form-urlencoded` body.
struct EchoForm: CatalogEndpoint, Codable, Hashable {
    typealias Success = EchoForm
    typealias Failure = Never
    var payload: Payload

    var definition: some EndpointDefinition {
        Method.post
        Path("echo", "form")
        Body.form(payload)
    }
}

/// A text field and a file in a `multipart/form-data` body.
struct EchoMultipart: CatalogEndpoint, Codable, Hashable {
    typealias Success = EchoMultipart
    typealias Failure = Never
    var caption: String
    var file: Data

    var definition: some EndpointDefinition {
        Method.post
        Path("echo", "multipart")
        Body.multipart(
            .text("caption", caption), .data("file", file, filename: "file.bin", contentType: .octetStream))
    }
}

/// What the body endpoints carry.
struct Payload: Codable, Hashable, Sendable {
    var title: String
    var note: String?
    var count: Int
    var tags: [String]
    var labels: [String: String]
}
