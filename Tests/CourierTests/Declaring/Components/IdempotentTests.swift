import Courier
import Foundation
import Testing

struct IdempotentTests {
    @Test func methodsDecideByDefault() throws {
        for method in [HTTPMethod.get, .head, .options, .put, .delete] {
            #expect(try Endpoint<Empty, Never> { Method(method) }.request().isIdempotent)
        }
        for method in [HTTPMethod.post, .patch] {
            #expect(try !Endpoint<Empty, Never> { Method(method) }.request().isIdempotent)
        }
    }

    @Test func aDeclarationOrAnIdempotencyKeyMakesAPostIdempotent() throws {
        let declared = try Endpoint<Empty, Never> {
            Method.post
            Idempotent()
        }.request()
        #expect(declared.declaresIdempotent)
        #expect(declared.isIdempotent)
        let keyed = try Endpoint<Empty, Never> {
            Method.post
            Header("Idempotency-Key", "8e03978e")
        }.request()
        #expect(!keyed.declaresIdempotent)
        #expect(keyed.isIdempotent)
    }

    @Test func theTransportRequestCarriesIt() throws {
        let base = try BaseURL(validating: "http://api.example.com")
        let declared = try Endpoint<Empty, Never> {
            Method.post
            Idempotent()
        }.request()
        #expect(try declared.transportRequest(baseURL: base).isIdempotent)
        let post = try Endpoint<Empty, Never> { Method.post }.request()
        #expect(try !post.transportRequest(baseURL: base).isIdempotent)
        #expect(
            TransportRequest(
                method: .post, url: try #require(URL(string: "http://a.example")), headers: [], body: nil
            )
            .isIdempotent == false)
    }
}
