import Courier
import Foundation
import Testing

struct CookieMatchingTests {
    struct Account: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var session: String
        var theme: String?

        var definition: some EndpointDefinition {
            Method.get
            Path("account")
            Cookie("session", session)
            Cookie("theme", theme)
            Cookie("consent", "yes")
        }
    }

    @Test func theShapeListsTheCookiesApartFromTheHeaders() throws {
        let shape = try Account.shape()
        #expect(shape.cookies.map(\.name) == ["session", "theme", "consent"])
        #expect(shape.cookies.map(\.parameter) == ["session", "theme", nil])
        #expect(shape.cookies.map(\.isRequired) == [true, false, true])
        #expect(shape.headers.isEmpty)
        #expect(shape.parameters == ["session", "theme"])
    }

    @Test func aRequestIsReadBackFromItsCookieHeader() throws {
        let parsed = try Account.parse(
            IncomingRequest(
                method: .get, target: "/account",
                headers: [HeaderField(name: .cookie, value: "other=1; theme=dark;consent=yes; session=abc")]))
        #expect(parsed.session == "abc")
        #expect(parsed.theme == "dark")
        let without = try Account.parse(
            IncomingRequest(
                method: .get, target: "/account",
                headers: [HeaderField(name: .cookie, value: "session=abc; consent=yes")]))
        #expect(without.theme == nil)
    }

    @Test func aMissingRequiredCookieIsAMismatch() throws {
        let mismatch = #expect(throws: EndpointMismatch.self) {
            try Account.parse(
                IncomingRequest(
                    method: .get, target: "/account",
                    headers: [HeaderField(name: .cookie, value: "theme=dark")]))
        }
        #expect(mismatch?.closeness == .sameRoute)
        #expect(mismatch?.description.contains("the cookie session is missing") == true)
        #expect(
            mismatch?.description.contains("the cookie consent is missing or not its declared value") == true)
    }

    @Test func aRepeatedCookieIsAMismatch() throws {
        let mismatch = #expect(throws: EndpointMismatch.self) {
            try Account.parse(
                IncomingRequest(
                    method: .get, target: "/account",
                    headers: [HeaderField(name: .cookie, value: "session=a; session=b; consent=yes")]))
        }
        #expect(mismatch?.description.contains("the cookie session is repeated") == true)
    }

    @Test func openAPIExportsCookieParametersWithoutFixedValues() throws {
        let document = try Catalog([Account.self]).openAPIDocument(title: "Cookies", version: "1")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        let paths = try #require(json["paths"] as? [String: [String: [String: Any]]])
        let parameters = try #require(paths["/account"]?["get"]?["parameters"] as? [[String: Any]])
        #expect(parameters.map { $0["in"] as? String } == ["cookie", "cookie", "cookie"])
        #expect(parameters.map { $0["name"] as? String } == ["session", "theme", "consent"])
        #expect(parameters.map { $0["required"] as? Bool } == [true, false, true])
        #expect(!document.json.contains("\"yes\""))
    }
}
