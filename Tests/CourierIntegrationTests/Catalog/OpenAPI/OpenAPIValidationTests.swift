import Courier
import Foundation
import Testing

/// Endpoints of every kind the OpenAPI export describes, as in the unit tests' `Shelf`.
private enum Library {
    struct Book: Codable, Sendable {
        let title: String
        let pages: Int
        let tags: [String]?
    }

    enum Sort: String, Codable, Sendable, CaseIterable {
        case title, pages
    }

    struct NotFound: Decodable, Sendable {
        let shelf: String
    }

    struct APIError: Error, Decodable, Sendable {
        let message: String
    }

    enum LibraryError: DocumentedErrors {
        case notFound(NotFound)
        case server(ProblemDetails)

        static let documentedStatuses: [DocumentedStatus<LibraryError>] = [
            .status(404, NotFound.self, LibraryError.notFound),
            .statuses(409...410, NotFound.self, LibraryError.notFound),
            .statuses(500...599, ProblemDetails.self, LibraryError.server),
        ]
    }

    struct GetBook: CatalogEndpoint {
        typealias Success = Book
        typealias Failure = LibraryError

        var shelf: String
        var id: Int
        var sort: Sort?
        var tenant: String

        var definition: some EndpointDefinition {
            Method.get
            Path("v2", "shelves", shelf, "books", id)
            Query("sort", sort)
            Query("format", "full")
            Header("X-Tenant", tenant)
            Header.accept(.json)
        }
    }

    struct AddBook: CatalogEndpoint {
        typealias Success = Book
        typealias Failure = APIError

        var shelf: UUID
        var book: Book
        var dryRun: Bool

        var definition: some EndpointDefinition {
            Method.post
            Path("shelves", shelf, "books")
            Query("dry_run", dryRun)
            Body.json(book)
        }
    }

    struct ListBooks: CatalogEndpoint {
        typealias Success = [Book]
        typealias Failure = Never

        var shelf: String
        var limit: Int?

        var definition: some EndpointDefinition {
            Method.get
            Path("shelves", shelf, "books")
            Query("limit", limit)
        }
    }

    struct RemoveBook: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = LibraryError

        var shelf: String
        var id: Int

        var definition: some EndpointDefinition {
            Method.delete
            Path("shelves", shelf, "books", id)
        }
    }

    /// A multipart form (a text field, a fixed field, and a file whose bytes, name and type are
    /// parameters), sent with a bearer token.
    struct AddCover: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = LibraryError

        var id: Int
        var token: String
        var caption: String?
        var image: Data
        var filename: String
        var type: MediaType

        var definition: some EndpointDefinition {
            Method.put
            Path("books", id, "cover")
            Header.bearer(token)
            Body.multipart(parts: parts)
        }

        private var parts: [MultipartPart] {
            var parts: [MultipartPart] = [
                .text("source", "upload"), .data("image", image, filename: filename, contentType: type),
            ]
            if let caption { parts.append(.text("caption", caption)) }
            return parts
        }
    }

    static func document() throws -> String {
        try Catalog([GetBook.self, AddBook.self, ListBooks.self, RemoveBook.self, AddCover.self])
            .openAPIDocument(
                title: "Library", version: "1.0.0",
                servers: [try BaseURL(validating: "https://books.example/api")]
            )
            .json
    }
}

/// The exported document checked by `openapi-spec-validator` (PyPI, pinned in `Scripts/test`),
/// run with the test venv's Python that `Scripts/test` exports as `COURIER_TEST_PYTHON`.
@Suite(.enabled(if: LoopbackServers.isAvailable, LoopbackServers.skipReason), .timeLimit(.minutes(1)))
struct OpenAPIValidationTests {
    /// Runs the validator on `json`.
    private func validate(_ json: String) async throws -> TestPython.Run {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-openapi-\(UUID().uuidString).json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        return try await TestPython.run(["-m", "openapi_spec_validator", file.path])
    }

    @Test func theExportedDocumentIsValidOpenAPI31() async throws {
        let json = try Library.document()
        #expect(json.contains(#""multipart/form-data""#))
        #expect(json.contains(#""securitySchemes""#))
        let validation = try await validate(json)
        #expect(validation.status == 0, "\(validation.output)")
        #expect(validation.output.contains(": OK"), "\(validation.output)")
    }

    /// The check above is worth something only if the validator notices a broken document.
    @Test func aDanglingReferenceIsRejected() async throws {
        let json = try Library.document()
        #expect(json.contains(##""$ref": "#/components/schemas/Book""##))
        let broken = json.replacingOccurrences(
            of: ##""$ref": "#/components/schemas/Book""##, with: ##""$ref": "#/components/schemas/Missing""##)
        let validation = try await validate(broken)
        #expect(validation.status != 0, "\(validation.output)")
        #expect(validation.output.contains("Missing"), "\(validation.output)")
    }
}
