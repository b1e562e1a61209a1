import Courier
import Foundation
import Testing

struct CatalogTests {
    @Test func aRequestIsRecognisedAsItsEndpoint() throws {
        let catalog = try Catalog([Shelf.AddBook.self, Shelf.GetBook.self])
        #expect(catalog.entries.map(\.name) == ["AddBook", "GetBook"])
        #expect(
            catalog.entries.map(\.shape.description) == [
                "POST /shelves/{shelf}/books?dry_run", "GET /v2/shelves/{shelf}/books/{id}?sort&format=full",
            ])
        let get = Shelf.GetBook(shelf: "fantasy", id: 9, sort: nil, tenant: "acme")
        let matched = try catalog.match(try IncomingRequest(try get.request()))
        #expect(matched as? Shelf.GetBook == get)
    }

    @Test func anUnknownRequestIsExplainedByTheClosestEndpoint() throws {
        let catalog = try Catalog([Shelf.AddBook.self, Shelf.GetBook.self])
        let almost = IncomingRequest(
            method: .get, target: "/v2/shelves/fantasy/books/9",
            headers: [HeaderField(name: HeaderName("X-Tenant"), value: "acme")])
        #expect {
            _ = try catalog.match(almost)
        } throws: { error in
            (error as? EndpointMismatch)?.description
                == "The request does not match GET /v2/shelves/{shelf}/books/{id}?sort&format=full: the query lacks format=full."
        }
    }

    @Test func anUnparseableEndpointFailsWhenTheCatalogIsMade() {
        #expect {
            _ = try Catalog([Shelf.GetBook.self, Shelf.Unused.self])
        } throws: { error in
            (error as? CourierError)?.kind == .unparseableEndpoint
        }
    }
}
