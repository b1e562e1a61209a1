import Courier
import CourierTesting
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

struct CatalogTemplateTests {
    final class Reports: MetricsObserver, @unchecked Sendable {
        // @unchecked Sendable is safe: `stored` is only touched while `lock` is held.
        private let lock = NSLock()
        private var stored: [RequestMetrics] = []

        func record(_ metrics: RequestMetrics) {
            lock.lock()
            stored.append(metrics)
            lock.unlock()
        }

        var all: [RequestMetrics] {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
    }

    @Test func aCatalogEndpointsRequestAndMetricsCarryItsTemplate() async throws {
        let reports = Reports()
        let client = Client(
            baseURL: BaseURL("api.example.com"),
            transport: StubTransport {
                RawResponse(status: .ok, body: Data(#"{"title":"Dune","pages":412}"#.utf8), url: $0.url)
            },
            middleware: [MetricsMiddleware(observer: reports)])
        let get = Shelf.GetBook(shelf: "sci fi", id: 42, sort: nil, tenant: "acme")
        #expect(
            try await client.request(for: get).template
                == "GET /v2/shelves/{shelf}/books/{id}?sort&format=full")
        _ = try await client.send(get)
        #expect(reports.all.map(\.template) == ["GET /v2/shelves/{shelf}/books/{id}?sort&format=full"])
        #expect(reports.all.map(\.path) == ["/v2/shelves/sci%20fi/books/42"])
        let plain = Endpoint<Empty, Never> {
            Method.get
            Path("health")
        }
        #expect(try await client.request(for: plain).template == nil)
    }
}
