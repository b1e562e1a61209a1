import Courier
import Foundation

/// The catalog endpoints the catalog, OpenAPI and validator tests share: each property is a
/// parameter, declared once.
package enum Shelf {
    /// A book, the body and success model of most endpoints.
    package struct Book: Codable, Sendable, Equatable {
        package let title: String
        package let pages: Int

        package init(title: String, pages: Int) {
            self.title = title
            self.pages = pages
        }
    }

    /// A sort order, sent by its raw value.
    package enum Sort: String, Codable, Sendable, CaseIterable {
        case title, pages
    }

    /// The body of a 404 or 409–410 answer.
    package struct NotFound: Decodable, Sendable {
        package let shelf: String
    }

    /// A plain documented error model.
    package struct APIError: Error, Decodable, Sendable {
        package let message: String
        package let code: Int?
    }

    /// Documented errors with one status, a range, and problem details.
    package enum ShelfError: DocumentedErrors {
        case notFound(NotFound)
        case conflict(NotFound)
        case server(ProblemDetails)

        package static let documentedStatuses: [DocumentedStatus<ShelfError>] = [
            .status(404, NotFound.self, ShelfError.notFound),
            .statuses(409...410, NotFound.self, ShelfError.conflict),
            .statuses(500...599, ProblemDetails.self, ShelfError.server),
        ]
    }

    /// `GET /v2/shelves/{shelf}/books/{id}` with an optional query, a fixed query and a header.
    package struct GetBook: CatalogEndpoint, Equatable {
        package typealias Success = Book
        package typealias Failure = Never

        package var shelf: String
        package var id: Int
        package var sort: Sort?
        package var tenant: String

        package init(shelf: String, id: Int, sort: Sort?, tenant: String) {
            self.shelf = shelf
            self.id = id
            self.sort = sort
            self.tenant = tenant
        }

        package var definition: some EndpointDefinition {
            Method.get
            Path("v2", "shelves", shelf, "books", id)
            Query("sort", sort)
            Query("format", "full")
            Header("X-Tenant", tenant)
            Header.accept(.json)
        }
    }

    /// `POST /shelves/{shelf}/books` with a JSON body.
    package struct AddBook: CatalogEndpoint, Equatable {
        package typealias Success = Book
        package typealias Failure = Never

        package var shelf: UUID
        package var book: Book
        package var dryRun: Bool

        package init(shelf: UUID, book: Book, dryRun: Bool) {
            self.shelf = shelf
            self.book = book
            self.dryRun = dryRun
        }

        package var definition: some EndpointDefinition {
            Method.post
            Path("shelves", shelf, "books")
            Query("dry_run", dryRun)
            Body.json(book)
        }
    }

    /// `DELETE /shelves/{shelf}/books/{id}`, with documented errors.
    package struct RemoveBook: CatalogEndpoint {
        package typealias Success = Empty
        package typealias Failure = ShelfError

        package var shelf: String
        package var id: Int

        package init(shelf: String, id: Int) {
            self.shelf = shelf
            self.id = id
        }

        package var definition: some EndpointDefinition {
            Method.delete
            Path("shelves", shelf, "books", id)
        }
    }

    /// `GET /shelves/{shelf}/books`, an array of books, with a plain error model.
    package struct ListBooks: CatalogEndpoint {
        package typealias Success = [Book]
        package typealias Failure = APIError

        package var shelf: String
        package var limit: Int?
        package var sort: Sort

        package init(shelf: String, limit: Int?, sort: Sort) {
            self.shelf = shelf
            self.limit = limit
            self.sort = sort
        }

        package var definition: some EndpointDefinition {
            Method.get
            Path("shelves", shelf, "books")
            Query("limit", limit)
            Query("sort", sort)
        }
    }

    /// A multipart form (a text field, a fixed field, and a file whose bytes, name and type are
    /// parameters), sent with a bearer token.
    package struct AddCover: CatalogEndpoint {
        package typealias Success = Empty
        package typealias Failure = ShelfError

        package var id: Int
        package var token: String
        package var caption: String?
        package var image: Data
        package var filename: String
        package var type: MediaType

        package init(id: Int, token: String, caption: String?, image: Data, filename: String, type: MediaType)
        {
            self.id = id
            self.token = token
            self.caption = caption
            self.image = image
            self.filename = filename
            self.type = type
        }

        package var definition: some EndpointDefinition {
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

    /// The four book endpoints.
    package static func catalog() throws -> Catalog {
        try Catalog([AddBook.self, GetBook.self, RemoveBook.self, ListBooks.self])
    }
}
