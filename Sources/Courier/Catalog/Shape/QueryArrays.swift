import Foundation

/// The rules for a query parameter whose value is an array (`Query("tag", tags)`): which array
/// strategies a server can read back for which element types, checked once when the shape is
/// found, so an ambiguous declaration is refused before any request.
enum QueryArrays {
    /// `field` as an array parameter: named without the strategy's `[]` or `[0]`.
    ///
    /// - Throws: ``CourierError`` naming the parameter when two of its values would print the
    ///   same query: an optional array (`nil` and `[]` both send nothing), optional or nested
    ///   elements, or comma-separated elements that may contain a comma.
    static func field<Model>(
        _ field: EndpointShape.Field, key: String, encoding: FormEncoding, log: ProbeLog, _ type: Model.Type
    ) throws(CourierError) -> EndpointShape.Field {
        let name: String =
            switch encoding.arrays {
            case .brackets where field.name.hasSuffix("[]"): String(field.name.dropLast(2))
            case .indexed where field.name.hasSuffix("[0]"): String(field.name.dropLast(3))
            default: field.name
            }
        func refuse(_ reason: String) -> CourierError {
            ShapeInference.failure(type, "the query parameter \(key) (\(name)) \(reason)")
        }
        if log.optionalKeys.contains(key) {
            throw refuse(
                "is an optional array, and nil and [] both send no \(name); make it non-optional, with [] for none"
            )
        }
        if let element = log.elementTypes[key] {
            if element is any OptionalMarker.Type {
                throw refuse(
                    "has optional elements, which are left out of the query; a server could not count them")
            }
            let probe = ProbeLog()
            if let decodable = element as? any Decodable.Type {
                _ = try? probe.probe(decodable)
            }
            if probe.root == .keyed || probe.root == .unkeyed {
                throw refuse(
                    "has elements that are not single values (\(element)); send nested values in the body")
            }
            if encoding.arrays == .commaSeparated, mayContainComma(element) {
                throw refuse(
                    "joins \(element) elements with commas, and an element may contain one; "
                        + "use FormEncoding(arrays: .repeatedKey), .brackets or .indexed")
            }
        }
        return EndpointShape.Field(
            name: name, parameter: field.parameter, value: field.value, isRequired: false,
            valuePrefix: "", valueSuffix: "", arrayStrategy: encoding.arrays)
    }

    /// Whether text of `type` may contain a comma: free text does, an enum does when one of
    /// its raw values does; numbers, booleans, UUIDs and dates do not.
    private static func mayContainComma(_ type: Any.Type) -> Bool {
        if let cases = type as? any CaseIterable.Type {
            return rawTexts(cases).contains { $0.contains(",") }
        }
        return type == String.self || type == Substring.self || type == URL.self || type == Character.self
    }

    private static func rawTexts<C: CaseIterable>(_ type: C.Type) -> [String] {
        type.allCases.map { value in
            (value as? any RawRepresentable).map { "\($0.rawValue)" } ?? ","
        }
    }
}

/// Lets a type be asked whether it is an `Optional`, and a value what it wraps.
protocol OptionalMarker {
    /// The type it wraps.
    static var wrappedType: Any.Type { get }
    /// The value it wraps, if any.
    var wrapped: Any? { get }
}

extension Optional: OptionalMarker {
    static var wrappedType: Any.Type { Wrapped.self }
    var wrapped: Any? { self.map { $0 } }
}

extension ProbeLog {
    /// Probes `type` into this log.
    fileprivate func probe<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: ProbeDecoder(varying: nil, log: self))
    }
}
