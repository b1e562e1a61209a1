import Courier
import CourierTestSupport
import CourierTransportConformance
import Foundation
import Testing

extension Shelf {
    /// A book's tags, an optional array in its schema.
    struct Tags: Codable, Sendable {
        let tags: [String]?
    }

    /// A POST with a JSON body and documented errors.
    struct TagBook: CatalogEndpoint {
        typealias Success = Tags
        typealias Failure = ShelfError

        var id: Int
        var tags: Tags

        var definition: some EndpointDefinition {
            Method.post
            Path("books", id, "tags")
            Body.json(tags)
        }
    }

    /// Query arrays in two strategies, a form body and a declared success status.
    struct FileBooks: CatalogEndpoint {
        typealias Success = Tags
        typealias Failure = ShelfError

        var shelves: [Int]
        var labels: [String]
        var tags: Tags

        var definition: some EndpointDefinition {
            Method.post
            Path("books", "filed")
            FormEncoding(arrays: .indexed)
            SuccessStatus(.created)
            Query("shelf", shelves)
            Query("label", labels)
            Body.form(tags)
        }
    }

    /// Every kind of endpoint the OpenAPI export describes: the book catalog, a POST with
    /// documented errors and an optional array, a multipart upload with a bearer token, and
    /// query arrays with a form body and a 201.
    static func document() throws -> String {
        try Catalog([
            AddBook.self, GetBook.self, RemoveBook.self, ListBooks.self, TagBook.self, AddCover.self,
            FileBooks.self,
        ])
        .openAPIDocument(
            title: "Library", version: "1.0.0",
            servers: [try BaseURL(validating: "https://books.example/api")]
        )
        .json
    }
}

/// The exported document checked by `openapi-spec-validator` (PyPI, pinned in
/// `Tests/Servers/requirements.txt`), run with the test venv's Python that `Scripts/test` exports as
/// `COURIER_TEST_PYTHON`.
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
        let json = try Shelf.document()
        #expect(json.contains(#""multipart/form-data""#))
        #expect(json.contains(#""securitySchemes""#))
        let validation = try await validate(json)
        #expect(validation.status == 0, "\(validation.output)")
        #expect(validation.output.contains(": OK"), "\(validation.output)")
    }

    /// The check above is worth something only if the validator notices a broken document.
    @Test func aDanglingReferenceIsRejected() async throws {
        let json = try Shelf.document()
        #expect(json.contains(##""$ref": "#/components/schemas/Book""##))
        let broken = json.replacingOccurrences(
            of: ##""$ref": "#/components/schemas/Book""##, with: ##""$ref": "#/components/schemas/Missing""##)
        let validation = try await validate(broken)
        #expect(validation.status != 0, "\(validation.output)")
        #expect(validation.output.contains("Missing"), "\(validation.output)")
    }
}
