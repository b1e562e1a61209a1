import Courier
import Foundation
import Testing

@Suite struct HTTPMethodTests {
    @Test func commonMethodsHaveTheirTokens() {
        #expect(
            [HTTPMethod.get, .head, .post, .put, .patch, .delete, .options].map(\.rawValue)
                == ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
        )
    }

    @Test(arguments: ["PURGE", "M-SEARCH", "x!#$%&'*+-.^_`|~1"])
    func anyRFC9110TokenIsAMethod(token: String) {
        #expect(HTTPMethod(validating: token)?.rawValue == token)
    }

    @Test(arguments: ["", "GET ", "GE T", "GET\r\n", "(GET)", "GÉT", "a/b", "x\"y"])
    func nonTokensAreRejected(token: String) {
        #expect(HTTPMethod(validating: token) == nil)
    }

    @Test func onlyGetAndHeadForbidBodies() {
        #expect(
            [HTTPMethod.get, .head, .post, .put, .patch, .delete, .options].filter(\.forbidsBody) == [
                .get, .head,
            ])
    }

    @Test func idempotentMethodsFollowRFC9110() {
        #expect(
            [HTTPMethod.get, .head, .post, .put, .patch, .delete, .options].filter(\.isIdempotent)
                == [.get, .head, .put, .delete, .options]
        )
    }
}

@Suite struct HTTPMethodCaseTests {
    @Test(arguments: [
        ("get", "GET"), ("Get", "GET"), ("head", "HEAD"), ("post", "POST"), ("put", "PUT"),
        ("patch", "PATCH"), ("delete", "DELETE"), ("options", "OPTIONS"), ("connect", "CONNECT"),
        ("trace", "TRACE"),
    ])
    func standardMethodsAreUpperCaseWhateverTheirCase(token: String, method: String) {
        #expect(HTTPMethod(normalizing: token)?.rawValue == method)
    }

    @Test(arguments: ["get", "Get", "delete", "purge"])
    func aReceivedMethodIsTakenExactly(token: String) {
        #expect(HTTPMethod(validating: token)?.rawValue == token)
        #expect(HTTPMethod(normalizing: " \(token)") == nil)
    }

    struct DeleteItem: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never

        var id: Int

        var definition: some EndpointDefinition {
            Method.delete
            Path("items/\(id)")
        }
    }

    /// A lower-case `delete` that slipped past a case-sensitive filter is not routed as `DELETE`.
    @Test func aCatalogDoesNotMatchALowerCaseMethodToTheUpperCaseOne() throws {
        let catalog = try Catalog([DeleteItem.self])
        let method = try #require(HTTPMethod(validating: "delete"))
        #expect(throws: EndpointMismatch.self) {
            _ = try catalog.match(IncomingRequest(method: method, target: "/items/3"))
        }
        #expect(
            try catalog.match(IncomingRequest(method: .delete, target: "/items/3")) as? DeleteItem
                == DeleteItem(id: 3))
    }

    @Test func aLiteralIsNormalisedLikeARuntimeToken() {
        #expect(HTTPMethod("get") == .get)
        #expect(HTTPMethod("get").forbidsBody)
        #expect(HTTPMethod("delete").isIdempotent)
    }

    @Test(arguments: ["purge", "Purge", "m-search", "gets", "xget"])
    func otherTokensKeepTheirCase(token: String) {
        #expect(HTTPMethod(normalizing: token)?.rawValue == token)
    }
}
