/// A model that tells a catalog's OpenAPI document what JSON it is, where probing it cannot.
///
/// The document describes a model by decoding a probe value of it and noting the keys it asks
/// for. That finds a struct's properties, but a union (an enum with a case per type its JSON may
/// be, decoded by trying each) shows only the case its probe decodes as, and a value that holds
/// any JSON shows nothing. Such a model states what it is:
///
/// ```swift
/// enum PaymentSource: Decodable, SchemaDescribing {
///     case card(Card)
///     case bankAccount(BankAccount)
///
///     static let schemaDescription = SchemaDescription.oneOf(
///         [Card.self, BankAccount.self],
///         discriminator: .init(
///             property: "object", mapping: ["card": Card.self, "bank_account": BankAccount.self]))
///
///     init(from decoder: any Decoder) throws { … }
/// }
/// ```
///
/// The description is used only by ``Catalog/openAPIDocument(title:version:servers:)``: a
/// catalog still reads the model with its own `init(from:)`. A union with a discriminator may
/// decode by it alone, refusing a value it does not name: when a catalog probes a model that
/// holds one, the property holds a value of the `mapping`, or a member type's name.
public protocol SchemaDescribing: Decodable {
    /// What JSON the model is.
    static var schemaDescription: SchemaDescription { get }
}
