import Courier
import CourierTesting
import Foundation
import Testing

struct EndpointMismatchAnswerTests {
    private func answer(_ method: HTTPMethod, _ target: String, headers: HeaderFields = []) throws
        -> (CatalogAnswer, ProblemDetails)
    {
        let catalog = try Catalog(Orders.endpoints)
        let request = IncomingRequest(method: method, target: target, headers: headers)
        let mismatch = #expect(throws: EndpointMismatch.self) { try catalog.match(request) }
        let answer = try #require(mismatch).answer(to: request)
        #expect(answer.contentType == "application/problem+json")
        return (answer, try JSONDecoder().decode(ProblemDetails.self, from: answer.body))
    }

    @Test func anotherPathIsA404() throws {
        let (answer, problem) = try answer(.get, "/shop/v1/customers")
        #expect(answer.status == .notFound)
        #expect(problem.status == 404)
        #expect(problem.title == "Not Found")
    }

    @Test func aPathParameterThatDoesNotDecodeBlamesItsOwnEndpoint() throws {
        let (answer, problem) = try answer(.get, "/shop/v1/orders/not-a-uuid")
        #expect(answer.status == .notFound)
        let detail = try #require(problem.detail)
        #expect(detail.hasPrefix("The request does not match GET /shop/v1/orders/{id}: "))
        #expect(detail.contains("its parameters do not decode as GetOrder (id: "))
    }

    @Test func anotherMethodIsA405WithAllow() throws {
        let (answer, problem) = try answer(.put, "/shop/v1/orders")
        #expect(answer.status == 405)
        #expect(answer.headers["Allow"] == "POST")
        #expect(problem.title == "Method Not Allowed")
    }

    @Test func missingCredentialsAreA401AndTheRestA400() throws {
        let (unauthorized, problem) = try answer(.post, "/shop/v1/orders")
        #expect(unauthorized.status == .unauthorized)
        #expect(unauthorized.headers["WWW-Authenticate"] == "Bearer")
        #expect(problem.status == 401)

        let (bad, badProblem) = try answer(
            .post, "/shop/v1/orders", headers: [HeaderField(name: .authorization, value: "Bearer t")])
        #expect(bad.status == .badRequest)
        #expect(bad.headers["WWW-Authenticate"] == nil)
        #expect(badProblem.title == "Bad Request")
    }

    @Test func valuesOutsideTheirConstraintsAreA400ListingEachAsAnInvalidParameter() throws {
        var search = Limited.search
        search.page = 0
        search.term = "abcdef"
        let request = try IncomingRequest(search.request())
        let mismatch = #expect(throws: EndpointMismatch.self) { try Limited.catalog.match(request) }
        let answer = try #require(mismatch).answer(to: request)
        #expect(answer.status == .badRequest)
        #expect(answer.contentType == "application/problem+json")
        let problem = try JSONDecoder().decode(ProblemDetails.self, from: answer.body)
        #expect(problem.title == "Bad Request")
        #expect(
            problem.detail
                == "The request does not match GET /shelves/{shelf}/search?page&size&q&tag&ratio: the query item page "
                + "must be at least 1 (it is 0); the query item q must be at most 4 characters long (it has 6)."
        )
        #expect(
            problem.extensions["invalid-params"]
                == #"[{"name":"page","reason":"must be at least 1"},{"name":"q","reason":"must be at most 4 characters long"}]"#
        )
    }

    @Test func aClientWhoseFailureIsNotAProblemGetsTheMismatchAsUndocumentedStatus() async throws {
        let (answer, problem) = try answer(.get, "/shop/v1/orders/not-a-uuid")
        let client = Client(
            baseURL: BaseURL("shop.example"),
            transport: StubTransport { _ in
                RawResponse(status: answer.status, headers: answer.headers, body: answer.body)
            })
        let id = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
        // GetOrder documents 404 as Missing, which a problem body does not decode as.
        let error = await #expect(throws: CourierError.self) {
            try await client.send(Orders.GetOrder(id: id))
        }
        #expect(error?.kind == .undocumentedStatus)
        let body = try #require(error?.response?.body)
        #expect(try JSONDecoder().decode(ProblemDetails.self, from: body) == problem)
    }
}
