import Courier
import Foundation
import Testing

/// Limits that only the newer constraints say: maximum lengths and item counts, patterns, and the
/// bytes, file name and JSON of multipart parts.
private enum Parts {
    struct Meta: Codable, Sendable, Equatable, SchemaConstrained {
        static let schemaConstraints: [String: SchemaConstraint] = ["title": .maxLength(3)]
        var title: String
    }

    struct Upload: CatalogEndpoint, SchemaConstrained, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        static let schemaConstraints: [String: SchemaConstraint] = [
            "photo": .length(1...4), "filename": .pattern(#"^[a-z]+\.jpg$"#), "labels": .itemCount(1...2),
        ]

        var labels: [String]
        var photo: Data
        var filename: String
        var meta: Meta

        /// Sorted keys: the same value must always make the same bytes.
        private static let encoder: JSONEncoder = {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return encoder
        }()

        var definition: some EndpointDefinition {
            Method.post
            Path("uploads")
            Query("label", labels)
            Body.multipart(
                .data("photo", photo, filename: filename, contentType: .octetStream),
                .data("meta", (try? Self.encoder.encode(meta)) ?? Data(), contentType: .json)
            )
        }
    }

    struct Profile: Codable, Sendable, Equatable, SchemaConstrained {
        static let schemaConstraints: [String: SchemaConstraint] = ["displayName": .maxLength(5)]
        var displayName: String
    }

    struct SaveProfile: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var profile: Profile

        var definition: some EndpointDefinition {
            Method.post
            Path("profiles")
            FormEncoding(keys: .convertToSnakeCase)
            Body.form(profile)
        }
    }

    static let upload = Upload(
        labels: ["a"], photo: Data([1, 2, 3, 4]), filename: "dusk.jpg", meta: Meta(title: "abc"))
}

/// An endpoint with a limit on a value in each kind of secret place, and on one value that is not
/// secret.
private enum Secrets {
    struct Unlock: CatalogEndpoint, SchemaConstrained {
        typealias Success = Empty
        typealias Failure = Never
        static let schemaConstraints: [String: SchemaConstraint] = [
            "pin": .maximum(9999), "code": .maximum(99), "token": .maximum(99), "nonce": .maximum(99),
            "key": .maxLength(4), "visits": .maximum(99), "page": .maximum(10),
        ]

        var pin: Int
        var code: Int
        var token: Int
        var nonce: Int
        var key: String
        var visits: Int
        var page: Int

        var definition: some EndpointDefinition {
            Method.get
            Path("pins/\(secret: pin)")
            Query("code", code, isSecret: true)
            Query("access_token", token)
            Query("page", page)
            Header("X-Nonce", "\(nonce)", isSecret: true)
            Header("X-Api-Key", key)
            Cookie("visits", "\(visits)")
        }
    }

    struct Credentials: Codable, Sendable, SchemaConstrained {
        static let schemaConstraints: [String: SchemaConstraint] = ["pin": .maximum(9999)]
        var pin: Int
    }

    struct SignInForm: Codable, Sendable, SchemaConstrained {
        static let schemaConstraints: [String: SchemaConstraint] = ["attempts": .maximum(3)]
        var attempts: Int
        var credentials: Credentials
    }

    /// A body member under a name that holds a secret (`credentials`) is one, as in logs.
    struct SignIn: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never
        var form: SignInForm

        var definition: some EndpointDefinition {
            Method.post
            Path("sign-in")
            Body.json(form, encoder: .sortedKeys())
        }
    }

    /// A multipart text field under a name that holds a secret is one, as a form field is.
    struct Enroll: CatalogEndpoint, SchemaConstrained {
        typealias Success = Empty
        typealias Failure = Never
        static let schemaConstraints: [String: SchemaConstraint] = ["pin": .maximum(9999)]
        var pin: Int

        var definition: some EndpointDefinition {
            Method.post
            Path("enroll")
            Body.multipart(.text("session_pin", "\(pin)"))
        }
    }

    struct Sort: Codable, Sendable, SchemaConstrained {
        static let schemaConstraints: [String: SchemaConstraint] = ["key": .maximum(9)]
        var key: Int
    }

    /// Members whose names hold a `.`: a name is a secret by the whole of it, as in logs, and a
    /// member under a secret name is one.
    struct Dotted: Codable, Sendable, SchemaConstrained {
        static let schemaConstraints: [String: SchemaConstraint] = [
            "a.b": .maximum(9), "country.code": .maximum(9), "plain": .maximum(9), "api.token": .maximum(9),
        ]
        var ab: Int
        var countryCode: Int
        var plain: Int
        var apiToken: Int
        var sort: Sort

        enum CodingKeys: String, CodingKey {
            case ab = "a.b"
            case countryCode = "country.code"
            case plain
            case apiToken = "api.token"
            case sort
        }
    }

    struct SaveDotted: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never
        var dotted: Dotted

        var definition: some EndpointDefinition {
            Method.post
            Path("dotted")
            Body.json(dotted, encoder: .sortedKeys())
        }
    }

    struct Labelled: Codable, Sendable, SchemaConstrained {
        static let schemaConstraints: [String: SchemaConstraint] = ["label": .maxLength(5)]
        var label: String
    }

    /// Dictionaries, whose keys are data: hidden under a name that holds a secret (`apiKeys`),
    /// shown under one that does not (`regions`).
    struct Keys: Codable, Sendable {
        var apiKeys: [String: Labelled]
        var regions: [String: Labelled]
    }

    struct SaveKeys: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never
        var keys: Keys

        var definition: some EndpointDefinition {
            Method.post
            Path("keys")
            Body.json(keys, encoder: .sortedKeys())
        }
    }

    /// Every value within its limit.
    static let within = Unlock(pin: 1234, code: 42, token: 7, nonce: 8, key: "abcd", visits: 9, page: 1)
    /// Every value beyond its limit; no secret's text is in a limit or a name.
    static let beyond = Unlock(
        pin: 123456, code: 4242, token: 7777, nonce: 5151, key: "sk-live-abcdef", visits: 8181, page: 500)
    /// The texts of ``beyond``'s secret values.
    static let secretTexts = ["123456", "4242", "7777", "5151", "sk-live-abcdef", "8181"]
}

struct ConstraintViolationTests {
    private func violations(_ value: some CatalogEndpoint) throws -> [ConstraintViolation] {
        let catalog = try Catalog([Parts.Upload.self, Parts.SaveProfile.self])
        let incoming = try IncomingRequest(value.request())
        do {
            _ = try catalog.match(incoming)
            return []
        } catch {
            #expect(error.closeness == .sameRoute)
            #expect(error.reasons == error.violations.map(\.description))
            return error.violations
        }
    }

    @Test func valuesJustInsideMatch() throws {
        #expect(try violations(Parts.upload).isEmpty)
        var other = Parts.upload
        other.labels = ["a", "b"]
        other.photo = Data([1])
        #expect(try violations(other).isEmpty)
    }

    @Test func aPartsBytesAreCountedForItsLengths() throws {
        var value = Parts.upload
        value.photo = Data([1, 2, 3, 4, 5])
        let violation = try #require(try violations(value).first)
        #expect(violation.name == "photo")
        #expect(violation.keyword == "maxLength")
        #expect(violation.reason == "must be at most 4 bytes long")
        #expect(violation.description == #"the part "photo" must be at most 4 bytes long (it has 5)"#)
    }

    @Test func aPartsFileNameTakesAPatternAndTheTextIsNeverQuoted() throws {
        var value = Parts.upload
        value.filename = "secret.png"
        let violation = try #require(try violations(value).first)
        #expect(violation.name == "photo")
        #expect(violation.keyword == "pattern")
        #expect(
            violation.description
                == #"the file name of the part "photo" must match the pattern ^[a-z]+\.jpg$"#)
    }

    @Test func aQueryArrayTakesAMaximumItemCount() throws {
        var value = Parts.upload
        value.labels = ["a", "b", "c"]
        #expect(
            try violations(value).map(\.description) == [
                "the query item label must have at most 2 items (it has 3)"
            ])
    }

    @Test func aJSONPartsModelIsCheckedMemberByMember() throws {
        var value = Parts.upload
        value.meta.title = "abcd"
        let violation = try #require(try violations(value).first)
        #expect(violation.name == "title")
        #expect(
            violation.description
                == #"the member title of the part "meta" must be at most 3 characters long (it has 4)"#)
    }

    @Test func aFormMemberIsNamedAsTheFormWritesIt() throws {
        let value = Parts.SaveProfile(profile: Parts.Profile(displayName: "Ada Lovelace"))
        let violation = try #require(try violations(value).first)
        #expect(violation.name == "display_name")
        #expect(violation.keyword == "maxLength")
        #expect(
            violation.description
                == "the member display_name of the body must be at most 5 characters long (it has 12)")
        #expect(try violations(Parts.SaveProfile(profile: Parts.Profile(displayName: "Ada"))).isEmpty)
    }

    @Test func eachBrokenRuleIsOneViolation() throws {
        var value = Parts.upload
        value.labels = []
        value.photo = Data()
        value.filename = "x"
        #expect(
            try violations(value).map { "\($0.name) \($0.keyword)" } == [
                "label minItems", "photo minLength", "photo pattern",
            ])
    }

    @Test func aValueInASecretPlaceIsNamedWithItsLimitButNeverShown() throws {
        let catalog = try Catalog([Secrets.Unlock.self])
        let incoming = try IncomingRequest(Secrets.within.request())
        #expect(throws: Never.self) { try catalog.match(incoming) }
        let beyond = try IncomingRequest(Secrets.beyond.request())
        let mismatch = try #require(#expect(throws: EndpointMismatch.self) { try catalog.match(beyond) })
        #expect(
            mismatch.violations.map(\.description) == [
                "the path parameter pin must be at most 9999",
                "the query item code must be at most 99",
                "the query item access_token must be at most 99",
                "the header X-Nonce must be at most 99",
                "the header X-Api-Key must be at most 4 characters long",
                "the cookie visits must be at most 99",
                "the query item page must be at most 10 (it is 500)",
            ])
        let answer = mismatch.answer(to: beyond)
        let problem = try JSONDecoder().decode(ProblemDetails.self, from: answer.body)
        #expect(problem.detail == mismatch.description)
        #expect(problem.extensions["invalid-params"]?.contains(#""name":"visits""#) == true)
        var dumped = ""
        dump(mismatch, to: &dumped)
        let renderings = [
            mismatch.description, String(reflecting: mismatch), dumped,
            String(decoding: answer.body, as: UTF8.self),
        ]
        for rendering in renderings {
            for secret in Secrets.secretTexts {
                #expect(!rendering.contains(secret), "\(secret) in \(rendering)")
            }
        }
    }

    @Test func aCookieIsCheckedAgainstItsLimit() throws {
        var value = Secrets.within
        value.visits = 100
        let catalog = try Catalog([Secrets.Unlock.self])
        let mismatch = #expect(throws: EndpointMismatch.self) {
            try catalog.match(IncomingRequest(value.request()))
        }
        #expect(mismatch?.violations.map { "\($0.name) \($0.keyword)" } == ["visits maximum"])
        #expect(mismatch?.reasons.first?.hasPrefix("the cookie visits must be at most 99") == true)
    }

    @Test func aBodyMemberUnderASecretNameIsNamedWithItsLimitButNeverShown() throws {
        let catalog = try Catalog([Secrets.SignIn.self])
        let value = Secrets.SignIn(
            form: Secrets.SignInForm(attempts: 5, credentials: Secrets.Credentials(pin: 123456)))
        let mismatch = #expect(throws: EndpointMismatch.self) {
            try catalog.match(IncomingRequest(value.request()))
        }
        #expect(
            mismatch?.reasons == [
                "the member attempts of the body must be at most 3 (it is 5)",
                "the member credentials.pin of the body must be at most 9999",
            ])
    }

    @Test func aDictionaryKeyUnderASecretNameIsHiddenInTheMembersName() throws {
        let catalog = try Catalog([Secrets.SaveKeys.self])
        let value = Secrets.SaveKeys(
            keys: Secrets.Keys(
                apiKeys: ["sk-live-8c1f": Secrets.Labelled(label: "production")],
                regions: ["eu": Secrets.Labelled(label: "Frankfurt")]))
        let incoming = try IncomingRequest(value.request())
        let mismatch = try #require(#expect(throws: EndpointMismatch.self) { try catalog.match(incoming) })
        #expect(mismatch.violations.map(\.name) == ["apiKeys.<redacted>.label", "regions.eu.label"])
        #expect(
            mismatch.reasons == [
                "the member apiKeys.<redacted>.label of the body must be at most 5 characters long",
                "the member regions.eu.label of the body must be at most 5 characters long (it has 9)",
            ])
        let answer = String(decoding: mismatch.answer(to: incoming).body, as: UTF8.self)
        var dumped = ""
        dump(mismatch, to: &dumped)
        for rendering in [answer, String(reflecting: mismatch), dumped] {
            #expect(!rendering.contains("sk-live-8c1f") && !rendering.contains("(it has 10)"))
        }
    }

    @Test func aMultipartFieldUnderASecretNameIsNamedWithItsLimitButNeverShown() throws {
        let catalog = try Catalog([Secrets.Enroll.self])
        let mismatch = #expect(throws: EndpointMismatch.self) {
            try catalog.match(IncomingRequest(Secrets.Enroll(pin: 123456).request()))
        }
        #expect(mismatch?.reasons == [#"the part "session_pin" must be at most 9999"#])
    }

    @Test func aMemberWithADotInItsNameIsShownUnlessItsNameHoldsASecret() throws {
        let catalog = try Catalog([Secrets.SaveDotted.self])
        let value = Secrets.SaveDotted(
            dotted: Secrets.Dotted(
                ab: 51, countryCode: 52, plain: 53, apiToken: 5454, sort: Secrets.Sort(key: 5555)))
        let incoming = try IncomingRequest(value.request())
        let mismatch = try #require(#expect(throws: EndpointMismatch.self) { try catalog.match(incoming) })
        #expect(
            mismatch.reasons == [
                "the member a.b of the body must be at most 9 (it is 51)",
                "the member country.code of the body must be at most 9 (it is 52)",
                "the member plain of the body must be at most 9 (it is 53)",
                "the member api.token of the body must be at most 9",
                "the member sort.key of the body must be at most 9",
            ])
        let answer = String(decoding: mismatch.answer(to: incoming).body, as: UTF8.self)
        #expect(answer.contains("(it is 52)"))
        for secret in ["5454", "5555"] {
            #expect(!answer.contains(secret) && !String(reflecting: mismatch).contains(secret))
        }
    }
}
