import Courier
import CourierTestSupport
import Foundation
import Testing

@Suite struct EndpointExtendingTests {
    static let user = Endpoint<Data, Never> {
        Method.get
        Path("users", 42)
        Query("fields", "name")
    }

    @Test func componentsAreAddedAfterTheDeclaredOnes() throws {
        let extended = Self.user.with {
            Header("X-Request-ID", "r-1")
            Query("expand", "teams")
            Header("X-Tenant", "acme-tenant", isSecret: true)
        }
        let request = try extended.request()
        #expect(request.percentEncodedTarget == "/users/42?fields=name&expand=teams")
        #expect(request.headers["X-Request-ID"] == "r-1")
        #expect(request.redacted().headers["X-Tenant"] == "<redacted>")
        #expect(try Self.user.request().headers.isEmpty)
    }

    @Test func theRulesOfABlockHoldWhenBuilt() {
        expectCourierError(.bodyNotAllowed, stage: .building) {
            try Self.user.with { Body.text("x") }.request()
        }
        expectCourierError(.invalidHeaderValue, stage: .building) {
            try Self.user.with { Header("X-Request-ID", " r-1") }.request()
        }
    }
}
