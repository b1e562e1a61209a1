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

    /// RFC 9457 §5: a 404 to a path no endpoint has does not tell who asks what the others are.
    @Test(arguments: [
        "/shop/v1/customers", "/nope", "/shop/v1/orders/1/extra", "/admin/secret/x", "/shop/v1/orders/",
        "/shop/v1/orders/..",
    ])
    func aPathNoEndpointHasNamesNoEndpoint(target: String) throws {
        let (_, problem) = try answer(.get, target)
        #expect(problem.detail == "No endpoint has this path.")
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
        // Only the method is wrong for the client: the closest endpoint's other faults (a missing
        // header, a query item) are not what it asked.
        #expect(problem.detail == "This path does not allow PUT; it allows POST.")
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

/// `GET /secure/{id}` with a secret API key header and an access token in the query.
private struct GetSecure: CatalogEndpoint, Equatable {
    typealias Success = Empty
    typealias Failure = Never
    var id: Int
    var apiKey: UUID
    var accessToken: UUID?

    var definition: some EndpointDefinition {
        Method.get
        Path("secure", id)
        Header("X-Api-Key", apiKey.uuidString, isSecret: true)
        Query("access_token", accessToken)
    }
}

/// `GET /pin/{name}` with a secret header and a cookie, both integers.
private struct GetPin: CatalogEndpoint, Equatable {
    typealias Success = Empty
    typealias Failure = Never
    var name: String
    var code: Int
    var pin: Int?

    var definition: some EndpointDefinition {
        Method.get
        Path("pin", name)
        Header("X-Secret-Code", "\(code)", isSecret: true)
        Cookie("pin", pin.map { "\($0)" })
    }
}

private struct Account: Codable, Sendable, Hashable {
    var username: String
}

/// `POST /accounts` with a JSON body.
private struct CreateAccount: CatalogEndpoint, Equatable {
    typealias Success = Empty
    typealias Failure = Never
    var account: Account

    var definition: some EndpointDefinition {
        Method.post
        Path("accounts")
        Body.json(account)
    }
}

private struct Login: Codable, Sendable, Hashable {
    var user: String
    var pin: Int
}

/// `POST /login` with a form body.
private struct SignIn: CatalogEndpoint, Equatable {
    typealias Success = Empty
    typealias Failure = Never
    var login: Login

    var definition: some EndpointDefinition {
        Method.post
        Path("login")
        Body.form(login)
    }
}

private enum Role: String, Codable, Sendable, Hashable, CaseIterable {
    case reader, writer
}

private struct Grant: Codable, Sendable, Hashable {
    var role: Role
}

/// `PUT /roles` with a role in a header, a query item and the JSON body.
private struct PutRole: CatalogEndpoint, Equatable {
    typealias Success = Empty
    typealias Failure = Never
    var kind: Role
    var scope: Role
    var grant: Grant

    var definition: some EndpointDefinition {
        Method.put
        Path("roles")
        Header("X-Kind", kind.rawValue)
        Query("scope", scope)
        Body.json(grant)
    }
}

/// `PUT /limits` with a JSON object of counts by name, and of grants.
private struct PutLimits: CatalogEndpoint, Equatable {
    typealias Success = Empty
    typealias Failure = Never
    var limits: Limits

    var definition: some EndpointDefinition {
        Method.put
        Path("limits")
        Body.json(limits)
    }
}

private struct Limits: Codable, Sendable, Hashable {
    var counts: [String: Int]
    var grants: [Grant]
}

/// `POST /grants` with a role in a form body.
private struct PostGrant: CatalogEndpoint, Equatable {
    typealias Success = Empty
    typealias Failure = Never
    var grant: Grant

    var definition: some EndpointDefinition {
        Method.post
        Path("grants")
        Body.form(grant)
    }
}

/// `GET /vault` with Basic credentials.
private struct GetVault: CatalogEndpoint, Equatable {
    typealias Success = Empty
    typealias Failure = Never
    var credentials: String

    var definition: some EndpointDefinition {
        Method.get
        Path("vault")
        Header("Authorization", "Basic \(credentials)", isSecret: true)
    }
}

/// `PUT /exports` with Latin-1 CSV bytes.
private struct PutExport: CatalogEndpoint, Equatable {
    typealias Success = Empty
    typealias Failure = Never
    var csv: Data

    var definition: some EndpointDefinition {
        Method.put
        Path("exports")
        Body.data(csv, contentType: MediaType("text/csv; charset=iso-8859-1"))
    }
}

/// Answers that depend on what a request carries: its credentials, its body's content, its
/// repeated fields and dot segments, and values that must never be quoted back.
struct EndpointMismatchContentAnswerTests {
    static let key = "6F9619FF-8B86-D011-B42D-00C04FC964FF"

    private func answer(
        _ method: HTTPMethod, _ target: String, headers: [(String, String)] = [], body: String = ""
    ) throws -> (status: HTTPStatus, headers: HeaderFields, detail: String) {
        let catalog = try Catalog([
            GetSecure.self, GetPin.self, CreateAccount.self, SignIn.self, PutRole.self, PostGrant.self,
            GetVault.self, PutLimits.self,
        ])
        let fields = HeaderFields(
            headers.map { HeaderField(name: HeaderName(validating: $0.0)!, value: $0.1) })
        let request = IncomingRequest(method: method, target: target, headers: fields, body: Data(body.utf8))
        let mismatch = #expect(throws: EndpointMismatch.self) { try catalog.match(request) }
        let answer = try #require(mismatch).answer(to: request)
        let problem = try JSONDecoder().decode(ProblemDetails.self, from: answer.body)
        return (answer.status, answer.headers, problem.detail ?? "")
    }

    @Test func aRequestWithItsAPIKeyIsA400ForTheRestAndOneWithoutItA401() throws {
        let keyed = try answer(
            .get, "/secure/1?access_token=a&access_token=b", headers: [("X-Api-Key", Self.key)])
        #expect(keyed.status == .badRequest)
        #expect(keyed.headers["WWW-Authenticate"] == nil)
        let keyless = try answer(.get, "/secure/1")
        #expect(keyless.status == .unauthorized)
        #expect(keyless.headers["WWW-Authenticate"] == #"APIKey header="X-Api-Key""#)
    }

    @Test(arguments: [
        [("Content-Type", "text/plain")], [], [("Content-Type", "application/json; charset=utf-16")],
        [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
    ])
    func aBodyTheEndpointCannotReadIsA415(headers: [(String, String)]) throws {
        let refused = try answer(.post, "/accounts", headers: headers, body: #"{"username":"ada"}"#)
        #expect(refused.status == 415)
        #expect(refused.headers["Accept-Encoding"] == "identity")
        #expect(refused.headers["Accept"] == "application/json")
    }

    @Test func aBodyInUTF8OrWithoutACodingIsRead() throws {
        let catalog = try Catalog([CreateAccount.self])
        for headers in [
            [("Content-Type", "application/json; charset=UTF-8")],
            [("Content-Type", "application/json"), ("Content-Encoding", "identity")],
        ] {
            let fields = HeaderFields(
                headers.map { HeaderField(name: HeaderName(validating: $0.0)!, value: $0.1) })
            let request = IncomingRequest(
                method: .post, target: "/accounts", headers: fields, body: Data(#"{"username":"ada"}"#.utf8))
            #expect(
                try catalog.match(request) as? CreateAccount
                    == CreateAccount(account: Account(username: "ada")))
        }
    }

    @Test func aBodyInTheCharsetItsEndpointDeclaresIsRead() throws {
        let export = PutExport(csv: Data([0x63, 0x61, 0x66, 0xE9]))
        let catalog = try Catalog([PutExport.self])
        #expect(try catalog.match(IncomingRequest(export.request())) as? PutExport == export)
        for charset in ["latin1", "ISO-8859-1"] {
            let request = IncomingRequest(
                method: .put, target: "/exports",
                headers: [HeaderField(name: .contentType, value: "text/csv; charset=\(charset)")],
                body: export.csv)
            #expect(try catalog.match(request) as? PutExport == export)
        }
        let utf8 = IncomingRequest(
            method: .put, target: "/exports",
            headers: [HeaderField(name: .contentType, value: "text/csv; charset=utf-8")], body: export.csv)
        let mismatch = #expect(throws: EndpointMismatch.self) { try catalog.match(utf8) }
        #expect(mismatch?.answer(to: utf8).status == 415)
        #expect(mismatch?.answer(to: utf8).headers["Accept"] == "text/csv; charset=iso-8859-1")
    }

    @Test func aCodingAServerAlreadyDecodedIsReadAsItArrives() throws {
        let catalog = try Catalog([CreateAccount.self])
        let coded = IncomingRequest(
            method: .post, target: "/accounts",
            headers: [
                HeaderField(name: .contentType, value: "application/json"),
                HeaderField(name: .contentEncoding, value: "GZIP"),
            ],
            body: Data(#"{"username":"ada"}"#.utf8))
        #expect(throws: EndpointMismatch.self) { try catalog.match(coded) }
        let decoded = coded.withoutContentCodings(["gzip", "deflate"])
        #expect(decoded.headers[.contentEncoding] == nil)
        #expect(
            try catalog.match(decoded) as? CreateAccount == CreateAccount(account: Account(username: "ada")))
        #expect(coded.withoutContentCodings(["deflate"]) == coded)
    }

    @Test func twoFieldLinesOfAOneValueHeaderAreA400() throws {
        let repeated = try answer(
            .get, "/secure/1", headers: [("X-Api-Key", Self.key), ("X-Api-Key", Self.key)])
        #expect(repeated.status == .badRequest)
        #expect(repeated.detail.contains("the header X-Api-Key is repeated"))
        let json = ("Content-Type", "application/json")
        let twoTypes = try answer(.post, "/accounts", headers: [json, json], body: #"{"username":"ada"}"#)
        #expect(twoTypes.status == .badRequest)
        #expect(twoTypes.detail.contains("the header Content-Type is repeated"), "\(twoTypes.detail)")
    }

    @Test(arguments: ["/pin/..", "/pin/%2e%2e", "/pin/%2E%2E", "/pin/."])
    func aDotSegmentIsNoValue(target: String) throws {
        let dotted = try answer(.get, target, headers: [("X-Secret-Code", "1")])
        #expect(dotted.status == .notFound)
    }

    @Test func aValueThatDoesNotDecodeIsNeverQuoted() throws {
        let header = try answer(.get, "/pin/a", headers: [("X-Secret-Code", "hunter2")])
        let cookie = try answer(
            .get, "/pin/a", headers: [("X-Secret-Code", "1"), ("Cookie", "pin=s3cr3t-session")])
        let query = try answer(
            .get, "/secure/1?access_token=SECRET-TOKEN-123", headers: [("X-Api-Key", Self.key)])
        let form = try answer(
            .post, "/login", headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: "user=ada&pin=hunter22")
        for (answer, secret) in [
            (header, "hunter2"), (cookie, "s3cr3t-session"), (query, "SECRET-TOKEN-123"), (form, "hunter22"),
        ] {
            #expect(answer.status == .badRequest)
            #expect(answer.detail.contains("cannot be read as"), "\(answer.detail)")
            #expect(!answer.detail.contains(secret), "\(answer.detail)")
        }
        // Types in words, as a client of the server knows them.
        #expect(query.detail.contains("cannot be read as a UUID"), "\(query.detail)")
        #expect(form.detail.contains("cannot be read as an integer"), "\(form.detail)")
    }

    /// A type's own decoding error may quote what it refused: a Swift enum's does.
    @Test func aValueItsOwnTypeRefusesIsNeverQuoted() throws {
        let json = ("Content-Type", "application/json")
        let valid = #"{"role":"reader"}"#
        let header = try answer(
            .put, "/roles?scope=reader", headers: [("X-Kind", "SECRET-KIND"), json], body: valid)
        let query = try answer(
            .put, "/roles?scope=SECRET-SCOPE", headers: [("X-Kind", "reader"), json], body: valid)
        let body = try answer(
            .put, "/roles?scope=reader", headers: [("X-Kind", "reader"), json],
            body: #"{"role":"SECRET-ROLE"}"#)
        let form = try answer(
            .post, "/grants", headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: "role=SECRET-FORM")
        for (answer, secret, reason) in [
            // An enum's own cases are the endpoint's words, not the client's: they are listed.
            (header, "SECRET-KIND", #"kind: the value is not one of "reader", "writer""#),
            (query, "SECRET-SCOPE", #"scope: the value is not one of "reader", "writer""#),
            (body, "SECRET-ROLE", "grant: the member role holds a value its type does not accept"),
            (form, "SECRET-FORM", "grant: the member role holds a value its type does not accept"),
        ] {
            #expect(answer.status == .badRequest)
            #expect(answer.detail.contains(reason), "\(answer.detail)")
            #expect(!answer.detail.contains(secret), "\(answer.detail)")
            #expect(!answer.detail.contains("Debug description"), "\(answer.detail)")
        }
        let broken = try answer(
            .put, "/roles?scope=reader", headers: [("X-Kind", "reader"), json], body: #"{"role": SECRET-JSON"#
        )
        #expect(broken.detail.contains("grant: it is not valid JSON"), "\(broken.detail)")
        #expect(!broken.detail.contains("SECRET-JSON"), "\(broken.detail)")
        // A dictionary's keys are the client's text; an array's positions are shown as indices.
        let keyed = try answer(
            .put, "/limits", headers: [json], body: #"{"counts":{"sk_live_abc":"x"},"grants":[]}"#)
        #expect(
            keyed.detail.hasSuffix("(limits: the member counts.… cannot be read as an integer)."),
            "\(keyed.detail)")
        let indexed = try answer(
            .put, "/limits", headers: [json],
            body: #"{"counts":{},"grants":[{"role":"reader"},{"role":null}]}"#)
        #expect(
            indexed.detail.hasSuffix("(limits: the member grants[1].role is null or missing)."),
            "\(indexed.detail)")
        let missing = try answer(
            .put, "/roles?scope=reader", headers: [("X-Kind", "reader"), json], body: "{}")
        #expect(missing.detail.contains("grant: the member role is missing"), "\(missing.detail)")
    }

    /// RFC 7617 §2: a Basic challenge names its realm.
    @Test func aBasicChallengeNamesARealm() throws {
        let answer = try answer(.get, "/vault")
        #expect(answer.status == .unauthorized)
        #expect(answer.headers["WWW-Authenticate"] == #"Basic realm="api""#)
    }
}
