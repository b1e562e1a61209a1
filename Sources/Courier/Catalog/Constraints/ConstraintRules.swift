import Foundation

/// The ``SchemaConstraint``s one catalog endpoint's requests are checked against: its own, by
/// parameter, and those of the models its body holds, member by member.
///
/// Made once per endpoint (``EndpointReadings``), which refuses a constraint that names no
/// property or does not fit its property's type, so that every constraint declared is one that
/// is checked.
struct ConstraintRules: Sendable {
    /// Where a parameter is in a request.
    struct Place: Sendable {
        /// Its name as the request carries it (``ConstraintViolation/name``).
        let name: String
        /// Where it is, in words: `the query item per_page`.
        let words: String
        /// Whether its value is a secret, which a violation names by place and limit but never
        /// shows: a path value interpolated as `secret:`, a secret query item or header field
        /// (``QueryItem/isSensitive``, ``HeaderField/isSensitive``), a cookie, or a multipart part
        /// whose name is sensitive (``QueryItem/isSensitiveByDefault(name:)``).
        var isSecret = false
        /// For a body or a JSON part: its members' names are written by this key strategy (a
        /// form's), or as they are (JSON) when `nil`.
        var memberKeys: FormEncoding.KeyStrategy? = nil
    }

    /// The endpoint's own constraints, by the coding key of the parameter they limit.
    let own: [String: SchemaConstraint]
    /// Where each parameter is, by coding key.
    let places: [String: Place]
    /// The parameters whose values hold a ``SchemaConstrained`` model, walked member by member.
    let walked: Set<String>

    /// No constraints at all.
    static let none = ConstraintRules(own: [:], places: [:], walked: [])

    private init(own: [String: SchemaConstraint], places: [String: Place], walked: Set<String>) {
        self.own = own
        self.places = places
        self.walked = walked
    }

    /// The rules of `Model`, whose requests have `shape` and whose forms `formEncoding`.
    ///
    /// - Throws: ``CourierError`` of kind ``CourierError/Kind/invalidConstraint`` for a
    ///   constraint of `Model` or of a model its body holds that names no property of its type,
    ///   does not fit the property's type, or whose limits contradict each other.
    init<Model: CatalogEndpoint>(for type: Model.Type, shape: EndpointShape, formEncoding: FormEncoding)
        throws(CourierError)
    {
        let log = ProbeLog()
        _ = try? Model(from: ProbeDecoder(varying: nil, log: log))
        let own = (Model.self as? any SchemaConstrained.Type)?.schemaConstraints ?? [:]
        let partBytes = Set((shape.body?.parts ?? []).filter { !$0.isText }.compactMap(\.parameter))
        try Self.check(own, of: Model.self, log: log, allowsBytes: partBytes)
        var walked: Set<String> = []
        var known: [ObjectIdentifier: Bool] = [:]
        for key in [shape.body?.parameter].compactMap({ $0 }) + partBytes.sorted() {
            guard let valueType = log.types[key] else { continue }
            if try Self.holdsConstraints(valueType, known: &known) { walked.insert(key) }
        }
        self.init(own: own, places: Self.places(in: shape, formEncoding: formEncoding), walked: walked)
    }

    /// Whether no request value is checked.
    var isEmpty: Bool { own.isEmpty && walked.isEmpty }

    /// The constraints the value of the parameter `key` breaks.
    func violations(of value: Any, for key: String) -> [ConstraintViolation] {
        guard let place = places[key] else { return [] }
        var found: [ConstraintViolation] = []
        if let constraint = own[key] {
            found += ConstraintCheck.violations(
                of: constraint, by: value, name: place.name, place: place.words, isSecret: place.isSecret)
        }
        if walked.contains(key), let body = value as? any Encodable {
            let keys = place.memberKeys
            let inspector = ConstraintInspector(place: place.words, isSecret: place.isSecret) {
                keys?.name(for: $0) ?? $0
            }
            found += inspector.violations(in: body)
        }
        return found
    }

    /// Refuses a constraint of `owner` that names none of the keys the probe `log` saw, or that
    /// does not fit its key's type (bytes only for the keys in `allowsBytes`).
    private static func check(
        _ constraints: [String: SchemaConstraint], of owner: Any.Type, log: ProbeLog, allowsBytes: Set<String>
    ) throws(CourierError) {
        for (key, constraint) in constraints.sorted(by: { $0.key < $1.key }) {
            guard log.keys.contains(key) else {
                throw refusal(
                    "\(owner)'s schemaConstraints name \(key.debugDescription), which is not one of its "
                        + "properties (\(log.keys.joined(separator: ", ")))")
            }
            let valueType = log.types[key]
            let kind = valueType.map(ConstraintCheck.kind(of:)) ?? .other
            if let fault = ConstraintCheck.fault(
                of: constraint, on: kind, allowsBytes: allowsBytes.contains(key))
            {
                throw refusal(
                    "\(owner)'s constraint on \(key) cannot be checked: \(fault), and \(key) is "
                        + "\(valueType.map { "\($0)" } ?? "of a type Courier cannot see")")
            }
        }
    }

    private static func refusal(_ sentence: String) -> CourierError {
        CourierError(stage: .building, kind: .invalidConstraint, message: sentence + ".")
    }

    /// Whether a value of `type` holds a ``SchemaConstrained`` model at any depth, checking each
    /// one's constraints; a type the probe cannot see into counts as holding one, so it is walked.
    /// `known` remembers the types seen (a recursive model meets itself as holding none).
    private static func holdsConstraints(_ type: Any.Type, known: inout [ObjectIdentifier: Bool])
        throws(CourierError) -> Bool
    {
        let type = (type as? any OptionalMarker.Type)?.wrappedType ?? type
        if OpenAPISchemas.scalar(type) != nil || OpenAPISchemas.enumeration(type) != nil { return false }
        let id = ObjectIdentifier(type)
        if let answer = known[id] { return answer }
        known[id] = false
        var holds = false
        if let dictionary = type as? any DictionaryMarker.Type {
            holds = try holdsConstraints(dictionary.valueType, known: &known)
        } else if let decodable = type as? any Decodable.Type {
            let log = ProbeLog()
            let probed = (try? probe(decodable, log: log)) != nil
            if let constrained = type as? any SchemaConstrained.Type {
                holds = true
                // A model the probe cannot make shows no keys to check the constraints against.
                if probed { try check(constrained.schemaConstraints, of: type, log: log, allowsBytes: []) }
            }
            if !probed { holds = true }
            for inner in Array(log.types.values) + Array(log.elementTypes.values) {
                if try holdsConstraints(inner, known: &known) { holds = true }
            }
        }
        known[id] = holds
        return holds
    }

    private static func probe<Value: Decodable>(_ type: Value.Type, log: ProbeLog) throws -> Value {
        try Value(from: ProbeDecoder(varying: nil, log: log))
    }

    /// Where each parameter of `shape` is, in words.
    private static func places(in shape: EndpointShape, formEncoding: FormEncoding) -> [String: Place] {
        var places: [String: Place] = [:]
        for key in shape.path.compactMap(\.parameter) {
            places[key] = Place(
                name: key, words: "the path parameter \(key)",
                isSecret: shape.secretPathParameters.contains(key))
        }
        for field in shape.query {
            guard let key = field.parameter else { continue }
            places[key] = Place(
                name: field.name, words: "the query item \(field.name)", isSecret: field.isSecret)
        }
        for field in shape.headers {
            guard let key = field.parameter else { continue }
            places[key] = Place(name: field.name, words: "the header \(field.name)", isSecret: field.isSecret)
        }
        for field in shape.cookies {
            guard let key = field.parameter else { continue }
            places[key] = Place(name: field.name, words: "the cookie \(field.name)", isSecret: field.isSecret)
        }
        if let body = shape.body, let key = body.parameter {
            let isForm = body.contentType.essence == MediaType.formURLEncoded.essence
            places[key] = Place(name: "", words: "the body", memberKeys: isForm ? formEncoding.keys : nil)
        }
        for part in shape.body?.parts ?? [] {
            let quoted = part.name.debugDescription
            let isSecret = QueryItem.isSensitiveByDefault(name: part.name)
            if let key = part.parameter {
                places[key] = Place(name: part.name, words: "the part \(quoted)", isSecret: isSecret)
            }
            if let key = part.filename?.parameter {
                places[key] = Place(name: part.name, words: "the file name of the part \(quoted)")
            }
            if let key = part.contentType?.parameter {
                places[key] = Place(name: part.name, words: "the Content-Type of the part \(quoted)")
            }
        }
        return places
    }
}
