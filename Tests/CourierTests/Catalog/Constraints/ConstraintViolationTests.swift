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
}
