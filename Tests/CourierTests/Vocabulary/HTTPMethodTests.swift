import Courier
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
        #expect(HTTPMethod(validating: token)?.rawValue == method)
    }

    @Test func aLiteralIsNormalisedLikeARuntimeToken() {
        #expect(HTTPMethod("get") == .get)
        #expect(HTTPMethod("get").forbidsBody)
        #expect(HTTPMethod("delete").isIdempotent)
    }

    @Test(arguments: ["purge", "Purge", "m-search", "gets", "xget"])
    func otherTokensKeepTheirCase(token: String) {
        #expect(HTTPMethod(validating: token)?.rawValue == token)
    }
}
