import Courier
import Foundation
import Testing

struct FailureStatusesTests {
    @Test func aCatalogRefusesAStatusTheFailureDoesNotDocument() {
        let error = #expect(throws: CourierError.self) { try Catalog([Orders.ShipOrder.self]) }
        #expect(error?.kind == .undocumentedAnswer)
        #expect(
            error?.message
                == "ShipOrder lists the failure status 409, which its OrderError does not document "
                + "(it documents 404, 410, 422, 401).")
    }

    @Test func eachOperationListsOnlyItsOwnStatuses() throws {
        let document = try Catalog(Orders.endpoints).openAPIDocument(title: "Shop", version: "1")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        let paths = try #require(json["paths"] as? [String: [String: [String: Any]]])
        func responses(_ path: String, _ method: String) -> [String: [String: Any]] {
            (paths[path]?[method]?["responses"] as? [String: [String: Any]]) ?? [:]
        }
        let get = responses("/shop/v1/orders/{id}", "get")
        // 400 and the second media type of 404: what a request that is not the endpoint gets.
        #expect(get.keys.sorted() == ["200", "400", "404", "410"])
        let notFound = try #require(get["404"]?["content"] as? [String: Any])
        #expect(notFound.keys.sorted() == ["application/json", "application/problem+json"])
        #expect(responses("/shop/v1/orders", "post").keys.sorted() == ["201", "400", "401", "415", "422"])
        #expect(responses("/shop/v1/products/{id}", "get").keys.sorted() == ["200", "400", "404", "default"])
    }
}
