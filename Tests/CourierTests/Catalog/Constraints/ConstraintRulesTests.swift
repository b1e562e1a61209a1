import Courier
import Foundation
import Testing

/// Constraints that could not be checked, each refused when the catalog is made.
private enum Refused {
    struct Typo: CatalogEndpoint, SchemaConstrained {
        typealias Success = Empty
        typealias Failure = Never
        static let schemaConstraints: [String: SchemaConstraint] = ["pag": .minimum(1)]
        var page: Int

        var definition: some EndpointDefinition {
            Method.get
            Path("typo")
            Query("page", page)
        }
    }

    struct PatternOnANumber: CatalogEndpoint, SchemaConstrained {
        typealias Success = Empty
        typealias Failure = Never
        static let schemaConstraints: [String: SchemaConstraint] = ["page": .pattern("^[0-9]+$")]
        var page: Int

        var definition: some EndpointDefinition {
            Method.get
            Path("numbers")
            Query("page", page)
        }
    }

    struct Contradiction: CatalogEndpoint, SchemaConstrained {
        typealias Success = Empty
        typealias Failure = Never
        static let schemaConstraints: [String: SchemaConstraint] = ["tags": [.minItems(3), .maxItems(2)]]
        var tags: [String]

        var definition: some EndpointDefinition {
            Method.get
            Path("tags")
            Query("tag", tags)
        }
    }

    struct Note: Codable, Sendable, SchemaConstrained {
        static let schemaConstraints: [String: SchemaConstraint] = ["text": .minItems(1)]
        var text: String
    }

    struct Folder: Codable, Sendable {
        var notes: [Note]
    }

    /// The constraint that cannot be checked is on a model two levels inside the body.
    struct SaveFolder: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never
        var folder: Folder

        var definition: some EndpointDefinition {
            Method.post
            Path("folders")
            Body.json(folder)
        }
    }

    struct Attachment: Codable, Sendable, SchemaConstrained {
        static let schemaConstraints: [String: SchemaConstraint] = ["bytes": .maxLength(10)]
        var bytes: Data
    }

    /// `Data` in JSON is base64 text: a length in bytes would not be the document's length.
    struct SaveAttachment: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never
        var attachment: Attachment

        var definition: some EndpointDefinition {
            Method.post
            Path("attachments")
            Body.json(attachment)
        }
    }
}

struct ConstraintRulesTests {
    private func refusal(_ endpoint: any CatalogEndpoint.Type) -> CourierError? {
        #expect(throws: CourierError.self) { try Catalog([endpoint]) }
    }

    @Test func aConstraintThatNamesNoPropertyIsRefused() throws {
        let error = try #require(refusal(Refused.Typo.self))
        #expect(error.kind == .invalidConstraint)
        #expect(
            error.message
                == #"Typo's schemaConstraints name "pag", which is not one of its properties (page)."#)
    }

    @Test func aConstraintThatDoesNotFitItsPropertysTypeIsRefused() throws {
        let error = try #require(refusal(Refused.PatternOnANumber.self))
        #expect(error.kind == .invalidConstraint)
        #expect(
            error.message
                == "PatternOnANumber's constraint on page cannot be checked: a pattern applies to text, and page is Int."
        )
    }

    @Test func limitsThatContradictEachOtherAreRefused() throws {
        let error = try #require(refusal(Refused.Contradiction.self))
        #expect(
            error.message
                == "Contradiction's constraint on tags cannot be checked: its minimum item count is above its "
                + "maximum, and tags is Array<String>.")
    }

    @Test func aModelInsideTheBodyIsCheckedAtAnyDepth() throws {
        let error = try #require(refusal(Refused.SaveFolder.self))
        #expect(
            error.message
                == "Note's constraint on text cannot be checked: an item count applies to an array, and text is String."
        )
    }

    @Test func aLengthInBytesAppliesOnlyToAMultipartPart() throws {
        let error = try #require(refusal(Refused.SaveAttachment.self))
        #expect(
            error.message
                == "Attachment's constraint on bytes cannot be checked: a length applies to Data only as a multipart "
                + "part's bytes (elsewhere it is sent as base64 text), and bytes is Data.")
    }

    @Test func parsingAnEndpointWithoutACatalogRefusesItToo() throws {
        let incoming = IncomingRequest(method: .get, target: "/typo?page=1")
        let mismatch = #expect(throws: EndpointMismatch.self) { try Refused.Typo.parse(incoming) }
        #expect(
            mismatch?.reasons == [
                #"Typo's schemaConstraints name "pag", which is not one of its properties (page)."#
            ])
    }
}
