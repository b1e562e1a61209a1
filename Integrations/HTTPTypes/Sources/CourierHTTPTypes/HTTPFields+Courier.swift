import Courier
import HTTPTypes

extension HTTPField {
    /// The swift-http-types field for a Courier field, never indexed by HPACK or QPACK when the
    /// field is sensitive (``Courier/HeaderField/isSensitive``: secret, or a credential by name),
    /// so a credential by name comes back from ``Courier/HeaderField/init(_:)`` marked secret.
    ///
    /// ```swift
    /// try HTTPField(HeaderField(name: .authorization, value: "Bearer t"))
    /// // authorization: Bearer t, indexingStrategy .disallow
    /// ```
    ///
    /// - Throws: ``Courier/CourierError/Kind/invalidHeaderValue`` when the value is not an RFC 9110
    ///   field value (a control character, or a space or tab at either end), which
    ///   swift-http-types would silently turn into spaces; ``Courier/CourierError/Kind/invalidHeaderName``
    ///   when the name is not a token.
    public init(_ field: HeaderField) throws(CourierError) {
        guard let name = HTTPField.Name(field.name.rawValue) else {
            throw CourierError(
                stage: .building, kind: .invalidHeaderName,
                message: "The header name \(field.name.rawValue.debugDescription) is not an RFC 9110 token.")
        }
        guard HTTPField.isValidValue(field.value) else {
            throw CourierError(
                stage: .building, kind: .invalidHeaderValue,
                message:
                    "The value of header '\(field.name)' is not an RFC 9110 field value (a control character, "
                    + "or a space or tab at either end).")
        }
        self.init(name: name, value: field.value)
        indexingStrategy = field.isSensitive ? .disallow : .automatic
    }
}

extension HeaderField {
    /// The Courier field for a swift-http-types field, secret when it must never be indexed
    /// (`indexingStrategy == .disallow`), so that Courier redacts it; the other indexing strategies
    /// are not kept.
    ///
    /// ```swift
    /// try HeaderField(HTTPField(name: .accept, value: "application/json"))
    /// ```
    ///
    /// - Throws: ``Courier/CourierError/Kind/invalidHeaderValue`` when the value's bytes are not
    ///   UTF-8 (swift-http-types keeps such bytes, Courier values are strings) or hold a control
    ///   character Courier refuses (C1 controls, which RFC 9110 admits as `obs-text`).
    public init(_ field: HTTPField) throws(CourierError) {
        guard let name = HeaderName(validating: field.name.rawName) else {
            throw CourierError(
                stage: .transport, kind: .invalidHeaderName,
                message: "The header name \(field.name.rawName.debugDescription) is not an RFC 9110 token.")
        }
        let value = field.withUnsafeBytesOfValue { bytes -> String? in
            // Bytes that are not UTF-8 decode with replacement characters, so they differ.
            let decoded = String(decoding: bytes, as: UTF8.self)
            return decoded.utf8.elementsEqual(bytes) ? decoded : nil
        }
        guard let value else {
            throw CourierError(
                stage: .transport, kind: .invalidHeaderValue,
                message: "The value of header '\(name)' is not UTF-8.")
        }
        let converted = HeaderField(name: name, value: value, isSecret: field.indexingStrategy == .disallow)
        guard converted.hasValidValue else {
            throw CourierError(
                stage: .transport, kind: .invalidHeaderValue,
                message:
                    "The value of header '\(name)' contains a control character (CR, LF, NUL or similar).")
        }
        self = converted
    }
}

extension HTTPFields {
    /// The swift-http-types fields for Courier fields, in the same order, duplicates kept.
    ///
    /// ```swift
    /// let fields = try HTTPFields(request.headers)
    /// ```
    ///
    /// - Throws: What ``HTTPTypes/HTTPField/init(_:)`` throws for the first field it refuses.
    public init(_ fields: HeaderFields) throws(CourierError) {
        self.init()
        for field in fields {
            append(try HTTPField(field))
        }
    }
}

extension HeaderFields {
    /// The Courier fields for swift-http-types fields, in the same order, duplicates kept.
    ///
    /// ```swift
    /// let fields = try HeaderFields(response.headerFields)
    /// ```
    ///
    /// - Throws: What ``Courier/HeaderField/init(_:)`` throws for the first field it refuses.
    public init(_ fields: HTTPFields) throws(CourierError) {
        var converted: [HeaderField] = []
        converted.reserveCapacity(fields.count)
        for field in fields {
            converted.append(try HeaderField(field))
        }
        self.init(converted)
    }
}
