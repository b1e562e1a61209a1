import Courier
import Foundation
import Testing

/// A ``FormEncoding`` chosen by type, so one endpoint declaration serves every strategy.
protocol FormChoice: Sendable {
    static var encoding: FormEncoding { get }
}

enum Forms {
    enum Defaults: FormChoice {
        static var encoding: FormEncoding { FormEncoding() }
    }

    enum DotsIndexed: FormChoice {
        static var encoding: FormEncoding {
            FormEncoding(
                arrays: .indexed, booleans: .numeric, nesting: .dots, dates: .secondsSince1970,
                keys: .convertToSnakeCase, spaces: .plus)
        }
    }

    enum BracketArrays: FormChoice {
        static var encoding: FormEncoding {
            FormEncoding(arrays: .brackets, dates: .iso8601WithFractionalSeconds, spaces: .plus)
        }
    }

    enum Commas: FormChoice {
        static var encoding: FormEncoding {
            FormEncoding(arrays: .commaSeparated, dates: .millisecondsSince1970)
        }
    }

    struct Place: Codable, Sendable, Equatable {
        var city: String
        var postCode: String?
    }

    struct Profile: Codable, Sendable, Equatable {
        var displayName: String
        var age: Int
        var ratio: Double
        var isActive: Bool
        var nickname: String?
        var joined: Date
        var tags: [Int]
        var labels: [String]
        var home: Place
    }

    struct SaveProfile<Choice: FormChoice>: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never

        var id: Int
        var profile: Profile

        var definition: some EndpointDefinition {
            Method.post
            Path("profiles", id)
            Choice.encoding
            Body.form(profile)
        }
    }

    struct Labels: Codable, Sendable, Equatable {
        var labels: [String]
        var note: String?
    }

    /// A form that can be empty.
    struct SaveLabels: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never

        var labels: Labels

        var definition: some EndpointDefinition {
            Method.post
            Path("labels")
            Body.form(labels)
        }
    }

    struct Route: Codable, Sendable, Equatable {
        var name: String
        var stops: [Place]
    }

    /// Arrays of objects: only indexed arrays keep each element's pairs together.
    struct SaveRoute: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never

        var route: Route

        var definition: some EndpointDefinition {
            Method.put
            Path("routes")
            FormEncoding(arrays: .indexed)
            Body.form(route)
        }
    }
}

struct CatalogFormTests {
    static let reserved = "Ada & Bob = 1+1 [x] 50% ü/?#,."

    static func profiles() -> [Forms.Profile] {
        let labels: [[String]] = [
            [], [""], ["jazz", "swift"], ["a b+c,d", "[x]=y&z"],
        ]
        return labels.enumerated().map { index, labels in
            Forms.Profile(
                displayName: index.isMultiple(of: 2) ? reserved : "",
                age: [0, -7, 42, Int.max][index],
                ratio: [0.5, -1.25, 3, 1e-3][index],
                isActive: index.isMultiple(of: 2),
                nickname: [nil, "", "a.b c", reserved][index],
                joined: Date(timeIntervalSince1970: [0, 1_700_000_000, -86_400, 1_234_567_890][index]),
                tags: [[], [0], [1, -2, 3], [Int.min]][index],
                labels: labels,
                home: Forms.Place(city: reserved, postCode: index == 1 ? nil : "SW1A 1AA"))
        }
    }

    private func roundTrip<Model: CatalogEndpoint & Equatable>(_ value: Model) throws {
        let catalog = try Catalog([Model.self])
        let incoming = try IncomingRequest(try value.request())
        let matched = try catalog.match(incoming)
        #expect(matched as? Model == value, "\(String(decoding: incoming.body, as: UTF8.self))")
    }

    @Test func formBodiesParseBackUnderEveryStrategy() throws {
        for profile in Self.profiles() {
            try roundTrip(Forms.SaveProfile<Forms.Defaults>(id: 1, profile: profile))
            try roundTrip(Forms.SaveProfile<Forms.DotsIndexed>(id: 2, profile: profile))
            try roundTrip(Forms.SaveProfile<Forms.BracketArrays>(id: 3, profile: profile))
        }
    }

    @Test func commaSeparatedTextIsRefusedWhenTheCatalogIsMade() {
        #expect {
            _ = try Catalog([Forms.SaveProfile<Forms.Commas>.self])
        } throws: { error in
            (error as? CourierError)?.message
                == "SaveProfile<Commas> cannot be parsed from a request: profile cannot always be sent (with "
                + #"reserved characters ("a b+c&d=e,f;g[h]i.j%2Fk?l#m/n:o@p$q\'r\"s ü🎷")): The form body could "#
                + "not be encoded: A comma-separated array element contains a comma, which would split it in two. "
                + "(at labels.0)."
        }
    }

    @Test func fractionalSecondsAndArraysOfObjectsParseBack() throws {
        var profile = Self.profiles()[2]
        profile.joined = Date(timeIntervalSince1970: 1_700_000_000.25)
        try roundTrip(Forms.SaveProfile<Forms.BracketArrays>(id: 3, profile: profile))
        for stops in [[], [Forms.Place(city: Self.reserved, postCode: nil)], [.init(city: "", postCode: "")]]
        {
            try roundTrip(Forms.SaveRoute(route: Forms.Route(name: "r", stops: stops)))
        }
    }

    @Test func anEmptyFormIsAFormWithoutPairs() throws {
        try roundTrip(Forms.SaveLabels(labels: Forms.Labels(labels: [], note: nil)))
        try roundTrip(Forms.SaveLabels(labels: Forms.Labels(labels: [""], note: "")))
        #expect(try IncomingRequest(try Forms.SaveLabels(labels: .init(labels: [])).request()).body.isEmpty)
    }

    @Test func theFormIsReadWithTheEndpointsEncoding() throws {
        let profile = Self.profiles()[2]
        let request = try Forms.SaveProfile<Forms.DotsIndexed>(id: 2, profile: profile).request()
        let body = String(decoding: try IncomingRequest(request).body, as: UTF8.self)
        #expect(body.contains("display_name=Ada+%26+Bob+%3D+1%2B1"))
        #expect(body.contains("is_active=1"))
        #expect(body.contains("home.post_code=SW1A+1AA"))
        #expect(body.contains("labels%5B1%5D=swift"))
        // The same pairs under the default encoding are another form: they do not match.
        #expect(throws: EndpointMismatch.self) {
            try Forms.SaveProfile<Forms.Defaults>.parse(
                IncomingRequest(
                    method: .post, target: "/profiles/2", headers: request.headers, body: Data(body.utf8)))
        }
    }

    @Test func theDocumentAdvertisesTheFormBody() throws {
        let document = try Catalog([Forms.SaveProfile<Forms.Defaults>.self])
            .openAPIDocument(title: "Forms", version: "1")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        let paths = try #require(json["paths"] as? [String: [String: [String: Any]]])
        let body = try #require(paths["/profiles/{id}"]?["post"]?["requestBody"] as? [String: Any])
        let content = try #require(body["content"] as? [String: [String: Any]])
        #expect(content.keys.sorted() == ["application/x-www-form-urlencoded"])
        // Inline, with an `encoding` entry per array and object (OpenAPIFormTests pins them).
        let schema = try #require(content["application/x-www-form-urlencoded"]?["schema"] as? [String: Any])
        #expect(schema["type"] as? String == "object")
        #expect(content["application/x-www-form-urlencoded"]?["encoding"] != nil)
    }
}
