import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

private func problem(_ json: String) throws -> ProblemDetails {
    try JSONDecoder().decode(ProblemDetails.self, from: Data(json.utf8))
}

private struct Stamp: Decodable {
    let at: Date
}

private func decodeStamp(_ json: String) throws -> Date {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601WithFractionalSeconds
    return try decoder.decode(Stamp.self, from: Data(json.utf8)).at
}

@Suite struct ProblemDetailsTests {
    static let outOfCredit = """
        {
          "type": "https://example.com/probs/out-of-credit",
          "title": "You do not have enough credit.",
          "status": 403,
          "detail": "Your current balance is 30, but that costs 50.",
          "instance": "/account/12345/msgs/abc",
          "balance": 30,
          "price": 12.5,
          "negative": -7,
          "currency": "EUR",
          "quote": "say \\"hi\\"\\nnow",
          "accounts": ["a1", 2, true, null, {"k": "v"}],
          "limits": {"monthly": {"used": null, "cap": 3000}, "daily": 100},
          "flagged": false,
          "note": null,
          "empty": {},
          "none": []
        }
        """

    @Test func fullDocumentKeepsExtensionsAsCompactJSON() throws {
        let decoded = try problem(Self.outOfCredit)
        #expect(decoded.type == "https://example.com/probs/out-of-credit")
        #expect(decoded.title == "You do not have enough credit.")
        #expect(decoded.status == 403)
        #expect(decoded.detail == "Your current balance is 30, but that costs 50.")
        #expect(decoded.instance == "/account/12345/msgs/abc")
        #expect(
            decoded.extensions == [
                "balance": "30",
                "price": "12.5",
                "negative": "-7",
                "currency": #""EUR""#,
                "quote": #""say \"hi\"\nnow""#,
                "accounts": #"["a1",2,true,null,{"k":"v"}]"#,
                "limits": #"{"daily":100,"monthly":{"cap":3000,"used":null}}"#,
                "flagged": "false",
                "note": "null",
                "empty": "{}",
                "none": "[]",
            ])
    }

    @Test func extensionTextIsValidJSONForTheSameValue() throws {
        func canonical(_ value: Any) throws -> Data {
            try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        }
        let decoded = try problem(Self.outOfCredit)
        let original = try #require(
            JSONSerialization.jsonObject(with: Data(Self.outOfCredit.utf8)) as? [String: Any])
        #expect(decoded.extensions.count == original.count - 5)
        for (name, text) in decoded.extensions {
            let value = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
            #expect(try canonical(value) == canonical(try #require(original[name])), "extension \(name)")
        }
    }

    /// Regression: a default `JSONEncoder` quotes `/` as `\/`.
    @Test func slashesInExtensionStringsAreNotEscaped() throws {
        let decoded = try problem(#"{"help": "https://example.com/a", "paths": ["/x"]}"#)
        #expect(decoded.extensions["help"] == #""https://example.com/a""#)
        #expect(decoded.extensions["paths"] == #"["/x"]"#)
    }

    /// Regression: integers beyond `Int64` used to go through `Double` and lose digits.
    @Test func largeIntegersKeepTheirDigits() throws {
        let decoded = try problem(#"{"id": 12345678901234567890}"#)
        #expect(decoded.extensions["id"] == "12345678901234567890")
    }

    /// BUG (reported, Sources/Courier/Endpoint/ProblemDetails.swift, `JSONFragment`): numbers that
    /// fit neither `Int64` nor `UInt64` still go through `Double`. Expected the digits as sent;
    /// actual `-1.2345678901234567e+19` and `3.141592653589793`, different numbers.
    @Test func negativeAndHighPrecisionNumbersKeepTheirDigits() throws {
        let decoded = try problem(#"{"debt": -12345678901234567890, "pi": 3.14159265358979323846}"#)
        #expect(decoded.extensions["debt"] == "-12345678901234567890")
        #expect(decoded.extensions["pi"] == "3.14159265358979323846")
    }

    @Test func missingTypeIsAboutBlank() throws {
        let decoded = try problem(#"{"title": "Not Found", "status": 404}"#)
        #expect(decoded == ProblemDetails(title: "Not Found", status: 404))
        #expect(decoded.type == "about:blank")
        #expect(try problem("{}") == ProblemDetails())
        #expect(try problem(#"{"type": null}"#).type == "about:blank")
    }

    @Test func wrongTypedStandardMembersAreIgnored() throws {
        let decoded = try problem(
            #"{"type": 7, "title": ["x"], "status": "403", "detail": false, "instance": {"a": 1}, "extra": 1}"#
        )
        #expect(decoded == ProblemDetails(extensions: ["extra": "1"]))
        #expect(try problem(#"{"status": 403.5}"#).status == nil)
    }

    @Test func aNonObjectIsNotAProblem() {
        #expect(throws: DecodingError.self) { try problem("[1]") }
        #expect(throws: DecodingError.self) { try problem(#""oops""#) }
    }

    // MARK: As an endpoint's Failure

    static func order(_ id: Int) -> Endpoint<User, ProblemDetails> {
        Endpoint {
            Method.get
            Path("orders", id)
            Header.accept(.json, .problemJSON)
        }
    }

    @Test func documentedFailureThroughTheClient() async throws {
        let body = Data(
            #"{"type":"https://example.com/probs/forbidden","title":"Forbidden","status":403,"scope":"orders:read"}"#
                .utf8)
        let transport = StubTransport([
            try CannedResponse(
                for: Self.order(1), baseURL: exampleBase, status: .forbidden,
                headers: [HeaderField(name: .contentType, value: "application/problem+json")], body: body),
            try CannedResponse(for: Self.order(2), baseURL: exampleBase, json: User(id: 2, name: "Ada")),
        ])
        let client = Client(baseURL: exampleBase, transport: transport)
        let forbidden = try await client.send(Self.order(1))
        #expect(forbidden.status == .forbidden)
        guard case .failure(let problem) = forbidden.result else {
            Issue.record("expected the problem document as the documented failure")
            return
        }
        #expect(
            problem
                == ProblemDetails(
                    type: "https://example.com/probs/forbidden", title: "Forbidden", status: 403,
                    extensions: ["scope": #""orders:read""#]))
        #expect(try await client.send(Self.order(2)).result.get() == User(id: 2, name: "Ada"))
        do {
            _ = try await client.value(Self.order(1))
            Issue.record("expected the documented error to be thrown")
        } catch {
            guard case .documented(let thrown) = error else {
                Issue.record("expected .documented, got \(error)")
                return
            }
            #expect(thrown.title == "Forbidden")
        }
    }

    @Test func aBodyThatIsNotAProblemIsAnUndocumentedStatus() async throws {
        let transport = StubTransport { request in
            RawResponse(
                status: HTTPStatus(502), headers: [HeaderField(name: .contentType, value: "text/html")],
                body: Data("<h1>Bad gateway</h1>".utf8), url: request.url)
        }
        let error = await expectCourierError(.undocumentedStatus, stage: .status) {
            try await Client(baseURL: exampleBase, transport: transport).send(Self.order(1))
        }
        #expect(error?.response?.status == HTTPStatus(502))
    }

    // MARK: Dates with fractional seconds

    @Test(arguments: [
        ("2024-05-01T12:00:00Z", 1_714_564_800.0),
        ("2024-05-01T12:00:00.123Z", 1_714_564_800.123),
        ("2024-05-01T12:00:00.5Z", 1_714_564_800.5),
        ("2024-05-01T14:00:00+02:00", 1_714_564_800.0),
        ("2024-05-01T14:00:00.250+02:00", 1_714_564_800.25),
        ("2024-05-01T06:30:00-05:30", 1_714_564_800.0),
        ("1969-12-31T23:59:59Z", -1.0),
    ])
    func iso8601WithFractionalSecondsAccepts(text: String, seconds: Double) throws {
        let date = try decodeStamp(#"{"at": "\#(text)"}"#)
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.0005)
    }

    @Test(arguments: [
        #"{"at": "yesterday"}"#,
        #"{"at": ""}"#,
        #"{"at": "2024-05-01"}"#,
        #"{"at": "2024-13-01T00:00:00Z"}"#,
        #"{"at": "2024-05-01 12:00:00Z"}"#,
        #"{"at": "2024-05-01T12:00:00"}"#,
        #"{"at": 1714564800}"#,
    ])
    func iso8601WithFractionalSecondsRejects(json: String) {
        #expect(throws: DecodingError.self) { try decodeStamp(json) }
    }

    /// Regression: `Date.ISO8601FormatStyle.parse` stops at the end of the date and ignores what
    /// follows.
    @Test(arguments: ["2024-05-01T12:00:00Zjunk", "2024-05-01T12:00:00.5Z and more"])
    func iso8601WithFractionalSecondsRejectsTrailingText(text: String) {
        #expect(throws: DecodingError.self) { try decodeStamp(#"{"at": "\#(text)"}"#) }
    }

    @Test func invalidDateErrorNamesTheText() {
        do {
            _ = try decodeStamp(#"{"at": "soon"}"#)
            Issue.record("expected an error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription == #""soon" is not an ISO 8601 date."#)
            #expect(context.codingPath.map(\.stringValue) == ["at"])
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
