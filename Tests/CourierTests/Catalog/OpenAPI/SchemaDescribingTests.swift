import Courier
import Foundation
import Testing

/// Models that state their schema: a union, any JSON, and a box around another type.
struct SchemaDescribingTests {
    struct Card: Codable, Hashable {
        var object: String
        var last4: String
    }

    struct BankAccount: Codable, Hashable {
        var object: String
        var iban: String
    }

    /// A card or a bank account, told apart by `object`.
    enum PaymentSource: Codable, Hashable, SchemaDescribing {
        case card(Card)
        case bankAccount(BankAccount)

        static var schemaDescription: SchemaDescription {
            .oneOf(
                [Card.self, BankAccount.self],
                discriminator: .init(
                    property: "object", mapping: ["card": Card.self, "bank_account": BankAccount.self]))
        }

        init(from decoder: any Decoder) throws {
            if let card = try? Card(from: decoder) {
                self = .card(card)
            } else {
                self = .bankAccount(try BankAccount(from: decoder))
            }
        }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .card(let card): try card.encode(to: encoder)
            case .bankAccount(let account): try account.encode(to: encoder)
            }
        }
    }

    /// An ID or the whole card.
    enum Expandable: Codable, Hashable, SchemaDescribing {
        case id(String)
        case card(Card)

        static var schemaDescription: SchemaDescription { .anyOf([String.self, Card.self]) }

        init(from decoder: any Decoder) throws {
            if let id = try? String(from: decoder) {
                self = .id(id)
            } else {
                self = .card(try Card(from: decoder))
            }
        }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .id(let id): try id.encode(to: encoder)
            case .card(let card): try card.encode(to: encoder)
            }
        }
    }

    /// Whatever JSON came.
    struct Metadata: Codable, Hashable, SchemaDescribing {
        var text: String

        static var schemaDescription: SchemaDescription { .anyValue }
    }

    /// A box, as a recursive model needs.
    final class Box: Codable, Hashable, SchemaDescribing, @unchecked Sendable {
        let card: Card

        static var schemaDescription: SchemaDescription { .schema(of: Card.self) }
        static func == (left: Box, right: Box) -> Bool { left.card == right.card }
        func hash(into hasher: inout Hasher) { hasher.combine(card) }
        required init(from decoder: any Decoder) throws { card = try Card(from: decoder) }
        func encode(to encoder: any Encoder) throws { try card.encode(to: encoder) }
    }

    struct Charge: Codable, Hashable {
        var source: PaymentSource
        var backup: PaymentSource?
        var card: Expandable
        var metadata: Metadata
        var boxed: Box
    }

    struct CreateCharge: CatalogEndpoint, Equatable {
        typealias Success = Charge
        typealias Failure = Never
        var source: PaymentSource

        var definition: some EndpointDefinition {
            Method.post
            Path("charges")
            Body.json(source)
        }
    }

    struct Refund: Codable, Hashable {
        var amount: Int
        var card: Expandable
        var boxed: Box
    }

    struct CreateRefund: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var refund: Refund

        var definition: some EndpointDefinition {
            Method.post
            Path("refunds")
            Body.form(refund)
        }
    }

    @Test func aUnionInAFormIsItsComponentWithCourierSFormStyle() throws {
        let document = try Catalog([CreateRefund.self]).openAPIDocument(title: "Refunds", version: "1")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        let paths = try #require(json["paths"] as? [String: Any])
        let post = try #require((paths["/refunds"] as? [String: Any])?["post"] as? [String: Any])
        let content = try #require((post["requestBody"] as? [String: Any])?["content"] as? [String: Any])
        let form = try #require(content["application/x-www-form-urlencoded"] as? [String: Any])
        let properties = try #require((form["schema"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(try compactJSON(properties["card"]) == ##"{"$ref":"#/components/schemas/Expandable"}"##)
        let encoding = try #require(form["encoding"] as? [String: Any])
        #expect(
            try compactJSON(encoding["card"])
                == #"{"x-courier-form-style":{"arrays":"repeatedKey","nesting":"brackets"}}"#)
        // A box is the form of what it holds: an object of scalars under brackets.
        #expect(
            try compactJSON(properties["boxed"])
                == #"{"properties":{"last4":{"type":"string"},"object":{"type":"string"}},"#
                + #""required":["object","last4"],"type":"object"}"#)
        #expect(try compactJSON(encoding["boxed"]) == #"{"explode":true,"style":"deepObject"}"#)
    }

    /// A box that claims to hold itself, and an ID or a card told apart by `object`.
    struct Loop: Codable, Hashable, SchemaDescribing {
        var id: String
        static let schemaDescription = SchemaDescription.schema(of: Loop.self)
    }

    enum Tagged: Codable, Hashable, SchemaDescribing {
        case card(Card)

        static let schemaDescription = SchemaDescription.anyOf(
            [Card.self], discriminator: .init(property: "object", mapping: ["card": Card.self]))

        init(from decoder: any Decoder) throws { self = .card(try Card(from: decoder)) }
        func encode(to encoder: any Encoder) throws {
            if case .card(let card) = self { try card.encode(to: encoder) }
        }
    }

    struct Odd: Codable, Hashable {
        var loop: Loop
        var tagged: Tagged
    }

    struct GetOdd: CatalogEndpoint, Equatable {
        typealias Success = Odd
        typealias Failure = Never
        var id: Int

        var definition: some EndpointDefinition {
            Method.get
            Path("odd/\(id)")
        }
    }

    @Test func aBoxOfItselfIsAnyValueAndAnAnyOfKeepsItsDiscriminator() throws {
        let document = try Catalog([GetOdd.self]).openAPIDocument(title: "Odd", version: "1")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        let schemas = try #require((json["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let odd = try #require((schemas["Odd"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(try compactJSON(odd["loop"]) == "{}")
        #expect(
            try compactJSON(schemas["Tagged"])
                == ##"{"anyOf":[{"$ref":"#/components/schemas/Card"}],"discriminator":{"mapping":"##
                + ##"{"card":"#/components/schemas/Card"},"propertyName":"object"},"title":"Tagged"}"##)
    }

    /// A card or a bank account by `object` alone, as an imported union with a discriminator
    /// decodes: any other `object` is an error.
    enum StrictSource: Codable, Hashable, SchemaDescribing {
        case card(Card)
        case bankAccount(BankAccount)

        private enum Key: String, CodingKey { case object }

        static var schemaDescription: SchemaDescription {
            .oneOf(
                [Card.self, BankAccount.self],
                discriminator: .init(property: "object", mapping: ["card": Card.self]))
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            // `decodeIfPresent`, as the importer writes it, which asks `decodeNil` first.
            switch try container.decodeIfPresent(String.self, forKey: .object) {
            case "card": self = .card(try Card(from: decoder))
            case "BankAccount": self = .bankAccount(try BankAccount(from: decoder))
            case let value:
                throw DecodingError.dataCorruptedError(
                    forKey: .object, in: container,
                    debugDescription: "The object \(value.map { "\"\($0)\"" } ?? "absent") names no type.")
            }
        }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .card(let card): try card.encode(to: encoder)
            case .bankAccount(let account): try account.encode(to: encoder)
            }
        }
    }

    /// A union deep in a model that holds itself, where the probe leaves optionals out.
    struct Chain: Codable, Hashable {
        var source: StrictSource
        var next: [Chain]?
    }

    struct CreatePayout: CatalogEndpoint, Equatable {
        typealias Success = Chain
        typealias Failure = Never
        var source: StrictSource

        var definition: some EndpointDefinition {
            Method.post
            Path("payouts")
            Body.json(source)
        }
    }

    /// A tag of one listed value and any other, as `courier-import` writes a member's
    /// `type: {enum: [auto]}`.
    enum AutoTag: RawRepresentable, Codable, CaseIterable, Hashable {
        case auto
        case unknown(String)

        static let allCases: [AutoTag] = [.auto]

        init(rawValue: String) { self = rawValue == "auto" ? .auto : .unknown(rawValue) }

        var rawValue: String {
            switch self {
            case .auto: "auto"
            case .unknown(let value): value
            }
        }
    }

    struct AutoChunking: Codable, Hashable {
        var type: AutoTag
    }

    struct FixedChunking: Codable, Hashable {
        var type: String
        var size: Int
    }

    /// Told apart by `type`, which a member reads as a tag of its own type.
    enum Chunking: Codable, Hashable, SchemaDescribing {
        case auto(AutoChunking)
        case fixed(FixedChunking)

        private enum Key: String, CodingKey { case type }

        static var schemaDescription: SchemaDescription {
            .oneOf(
                [AutoChunking.self, FixedChunking.self],
                discriminator: .init(
                    property: "type", mapping: ["auto": AutoChunking.self, "fixed": FixedChunking.self]))
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            switch try container.decode(String.self, forKey: .type) {
            case "auto": self = .auto(try AutoChunking(from: decoder))
            case "fixed": self = .fixed(try FixedChunking(from: decoder))
            case let value:
                throw DecodingError.dataCorruptedError(
                    forKey: .type, in: container, debugDescription: "The type \"\(value)\" names no member.")
            }
        }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .auto(let auto): try auto.encode(to: encoder)
            case .fixed(let fixed): try fixed.encode(to: encoder)
            }
        }
    }

    struct CreateStore: CatalogEndpoint, Equatable {
        struct Payload: Codable, Hashable {
            var name: String
            var chunking: Chunking
        }
        typealias Success = Empty
        typealias Failure = Never
        var payload: Payload

        var definition: some EndpointDefinition {
            Method.post
            Path("stores")
            Body.json(payload)
        }
    }

    @Test func aMemberReadingTheDiscriminatorAsATagOfItsOwnTypeIsProbedWithTheMembersTag() throws {
        // The member's one-case tag takes the discriminator's value, not a varied text the union
        // would refuse when the request is read back.
        let catalog = try Catalog([CreateStore.self])
        let sent = CreateStore(payload: .init(name: "docs", chunking: .auto(AutoChunking(type: .auto))))
        #expect(try catalog.match(IncomingRequest(sent.request())) as? CreateStore == sent)
    }

    @Test func aUnionThatDecodesByItsDiscriminatorAloneIsProbedWithAValueNamingAMember() throws {
        let catalog = try Catalog([CreatePayout.self])
        let document = catalog.openAPIDocument(title: "Payouts", version: "1")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        let schemas = schemas(
            try #require((json["components"] as? [String: Any])?["schemas"] as? [String: Any]))
        let chain = try #require(schemas["Chain"]?["properties"] as? [String: Any])
        #expect(Set(chain.keys) == ["source", "next"])
        #expect(try compactJSON(chain["source"]) == ##"{"$ref":"#/components/schemas/StrictSource"}"##)
        #expect(schemas["StrictSource"]?["oneOf"] != nil)
    }

    private func components() throws -> [String: Any] {
        let document = try Catalog([CreateCharge.self]).openAPIDocument(title: "Charges", version: "1")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        return try #require((json["components"] as? [String: Any])?["schemas"] as? [String: Any])
    }

    @Test func aUnionIsEachOfItsTypesWithItsDiscriminator() throws {
        let schemas = try components()
        let prefix = "#/components/schemas/"
        #expect(
            try compactJSON(schemas["PaymentSource"])
                == #"{"discriminator":{"mapping":{"bank_account":"\#(prefix)BankAccount","card":"\#(prefix)Card"},"#
                + #""propertyName":"object"},"oneOf":[{"$ref":"\#(prefix)Card"},{"$ref":"\#(prefix)BankAccount"}],"#
                + #""title":"PaymentSource"}"#)
        #expect(
            try compactJSON(schemas["Expandable"])
                == #"{"anyOf":[{"type":"string"},{"$ref":"\#(prefix)Card"}],"title":"Expandable"}"#)
        #expect(schemas["BankAccount"] != nil)
    }

    @Test func propertiesReferToTheUnionAndAnyValueAndTheBoxedType() throws {
        let charge = try #require(schemas(try components())["Charge"])
        let properties = try #require(charge["properties"] as? [String: Any])
        let prefix = "#/components/schemas/"
        #expect(try compactJSON(properties["source"]) == #"{"$ref":"\#(prefix)PaymentSource"}"#)
        #expect(
            try compactJSON(properties["backup"])
                == #"{"anyOf":[{"$ref":"\#(prefix)PaymentSource"},{"type":"null"}]}"#)
        #expect(try compactJSON(properties["metadata"]) == "{}")
        #expect(try compactJSON(properties["boxed"]) == #"{"$ref":"\#(prefix)Card"}"#)
    }

    private func schemas(_ components: [String: Any]) -> [String: [String: Any]] {
        components.compactMapValues { $0 as? [String: Any] }
    }
}
