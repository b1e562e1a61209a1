import Foundation

/// Finds an ``EndpointShape`` by building a model's request from probe values: once with every
/// property at its first value, then once per property with only that property changed. The
/// parts that change are where the property is printed.
enum ShapeInference {
    static func shape<Model: CatalogEndpoint>(of type: Model.Type) throws(CourierError) -> EndpointShape {
        let log = ProbeLog()
        let base = try request(of: type, varying: nil, log: log)
        // A multipart body is compared part by part: each build draws its own boundary.
        let baseParts = try formParts(of: base, type)
        // Differences are only meaningful if the same values always build the same request.
        let again = try request(of: type, varying: nil, log: ProbeLog())
        guard try Printed(again, parts: formParts(of: again, type)) == Printed(base, parts: baseParts) else {
            throw failure(
                type,
                "two builds from the same values differ; its definition must be a function of its "
                    + "properties (a JSONEncoder without .sortedKeys writes keys in a random order)")
        }
        if let names = baseParts?.map(\.name),
            let twice = names.first(where: { name in
                names.filter { $0 == name }.count > 1
            })
        {
            throw failure(
                type,
                "two parts of its multipart body are named \(twice.debugDescription); a server could not tell them apart"
            )
        }
        var pathOwners: [Int: (key: String, prefix: String, suffix: String)] = [:]
        var queryOwners: [Int: String] = [:]
        var headerOwners: [Int: String] = [:]
        var cookieOwners: [Int: String] = [:]
        let baseCookies = DeclaredCookies(base)
        var bodyOwner: String?
        var partOwners = PartOwners()
        for key in log.keys {
            let variant = try request(of: type, varying: key, log: ProbeLog())
            guard variant.method == base.method, variant.pathSegments.count == base.pathSegments.count,
                variant.query.count == base.query.count, variant.headers.count == base.headers.count,
                DeclaredCookies(variant).names == baseCookies.names
            else {
                throw failure(type, "the shape of its request depends on \(key); only values may")
            }
            var found = 0
            for index in base.pathSegments.indices
            where base.pathSegments[index] != variant.pathSegments[index] {
                if let other = pathOwners[index] {
                    throw failure(
                        type,
                        "\(other.key) and \(key) share a path segment, where a server could not tell "
                            + "where one ends; give each a segment of its own")
                }
                let (prefix, suffix) = try affixes(
                    of: base.pathSegments[index], variant.pathSegments[index], key: key, text: log.texts[key],
                    type)
                pathOwners[index] = (key, prefix, suffix)
                found += 1
            }
            for index in base.query.indices where base.query[index] != variant.query[index] {
                guard base.query[index].name == variant.query[index].name else {
                    throw failure(type, "\(key) changes a query name; only values may")
                }
                try claim(&queryOwners, index, for: key, type)
                found += 1
            }
            let variantCookies = DeclaredCookies(variant)
            for index in baseCookies.values.indices
            where baseCookies.values[index] != variantCookies.values[index] {
                try claim(&cookieOwners, index, for: key, type)
                found += 1
            }
            for index in base.headers.indices where base.headers[index] != variant.headers[index] {
                if baseParts != nil, base.headers[index].name == .contentType { continue }  // the boundary
                if base.headers[index].name == .cookie { continue }  // its cookies, compared above
                try claim(&headerOwners, index, for: key, type)
                found += 1
            }
            if let baseParts {
                found += try partOwners.claim(
                    baseParts, try formParts(of: variant, type) ?? [], for: key, type)
            } else if base.body?.data != variant.body?.data {
                guard bodyOwner == nil else {
                    throw failure(type, "the body depends on \(bodyOwner ?? "") and \(key)")
                }
                bodyOwner = key
                found += 1
            }
            guard found == 1 else {
                throw failure(
                    type,
                    found == 0
                        ? "\(key) does not appear in its request, so a server could not recover it"
                        : "\(key) appears \(found) times in its request; a parameter must appear once")
            }
        }
        let optional = log.optionalKeys
        let formEncoding = formEncoding(of: type)
        var query: [EndpointShape.Field] = []
        for index in base.query.indices {
            var field = field(
                name: base.query[index].name, value: base.query[index].value, owner: queryOwners[index], log)
            if let key = queryOwners[index], log.listKeys.contains(key) {
                field = try QueryArrays.field(field, key: key, encoding: formEncoding, log: log, type)
            }
            field.isSecret = base.query[index].isSensitive
            field.isDeclaredSecret = base.query[index].isSecret
            query.append(field)
        }
        // A secret path value that is the same in every request would be fixed text of the
        // template, which metrics, spans and the OpenAPI document publish.
        if let marked = base.redactedPathSegments,
            let index = marked.indices.first(where: { index in
                guard marked[index].contains(PathLiteral.secretMark) else { return false }
                // A secret the segment's property fills, with only its fixed text around it, is
                // the parameter's; any other is fixed.
                guard let owner = pathOwners[index] else { return true }
                return marked[index] != owner.prefix + String(PathLiteral.secretMark) + owner.suffix
            })
        {
            throw failure(
                type,
                "its path segment \(index + 1) holds a secret value that no property changes, which the "
                    + "endpoint's template, metrics, spans and OpenAPI document would publish; fill the secret "
                    + "from a property, or declare it in a header")
        }
        var shape = EndpointShape(
            method: base.method,
            path: base.pathSegments.indices.map { index in
                pathOwners[index].map { .parameter($0.key, prefix: $0.prefix, suffix: $0.suffix) }
                    ?? .literal(base.pathSegments[index])
            },
            query: query,
            headers: base.headers.indices.filter {
                !(base.body != nil && base.headers[$0].name == .contentType)
                    && base.headers[$0].name != .cookie
            }
            .map { index in
                var header = field(
                    name: base.headers[index].name.rawValue, value: base.headers[index].value,
                    owner: headerOwners[index], log)
                header.isSecret = base.headers[index].isSensitive
                header.isDeclaredSecret = base.headers[index].isSecret
                return header
            },
            body: base.body.map { body in
                // A declared `Content-Type` wins over the body's own (`application/merge-patch+json`
                // for a JSON body), and is what a server sees.
                let declared = base.headers.first { $0.name == .contentType }.flatMap {
                    MediaType(headerValue: $0.value)
                }
                var shape = EndpointShape.BodyShape(
                    parameter: bodyOwner,
                    contentType: baseParts == nil
                        ? declared ?? body.contentType : MediaType(known: "multipart/form-data"),
                    isRequired: bodyOwner.map { !optional.contains($0) } ?? true,
                    parts: (baseParts ?? []).enumerated().map { index, part in
                        partOwners.shape(of: part, at: index, log)
                    })
                shape.isVerbatim = baseParts == nil && isVerbatim(type, contentType: shape.contentType)
                return shape
            },
            successStatus: base.successStatus ?? (Model.Success.self == Empty.self ? .noContent : .ok)
        )
        if let marked = base.redactedPathSegments {
            shape.secretPathParameters = Set(
                marked.indices.filter { marked[$0].contains(PathLiteral.secretMark) }.compactMap {
                    pathOwners[$0]?.key
                })
        }
        shape.cookies = baseCookies.names.indices.map { index in
            var cookie = field(
                name: baseCookies.names[index], value: baseCookies.values[index], owner: cookieOwners[index],
                log)
            // A cookie's value is a secret, as the `Cookie` header is.
            cookie.isSecret = true
            return cookie
        }
        if shape.successStatus.forbidsContent, Model.Success.self != Empty.self {
            throw CourierError(
                stage: .building, kind: .invalidSuccessStatus,
                message:
                    "\(Model.self) declares SuccessStatus(\(shape.successStatus.code)), which has no body, but its "
                    + "Success is \(Model.Success.self); declare Success as Empty or choose another status.")
        }
        try RoundTripCheck.check(type, shape: shape, formEncoding: formEncoding, keys: log.keys)
        return shape
    }

    /// What a build printed, without the boundary a multipart body draws anew every time.
    struct Printed: Equatable {
        let method: HTTPMethod
        let pathSegments: [String]
        let query: [QueryItem]
        let headers: [HeaderField]
        let body: RequestBody?
        let parts: [MultipartReading.Part]?

        init(_ request: EndpointRequest, parts: [MultipartReading.Part]?) {
            method = request.method
            pathSegments = request.pathSegments
            query = request.query
            headers = request.headers.filter { parts == nil || $0.name != .contentType }
            body = parts == nil ? request.body : nil
            self.parts = parts
        }
    }

    /// The parts of a request's `multipart/form-data` body, or `nil` for any other body.
    static func formParts<Model>(of request: EndpointRequest, _ type: Model.Type) throws(CourierError)
        -> [MultipartReading.Part]?
    {
        guard let body = request.body, body.contentType.isMultipart else { return nil }
        guard let data = body.data else {
            throw failure(
                type,
                "a file part (MultipartPart.file) is read from disk while sending, so a server cannot "
                    + "hand it back as the same value; send its bytes with MultipartPart.data")
        }
        do {
            return try MultipartReading.parts(of: data, contentType: body.contentType)
        } catch {
            throw failure(type, "its multipart body \(error.reason)")
        }
    }

    /// Which property fills each part's content, file name and content type.
    private struct PartOwners {
        var content: [Int: String] = [:]
        var filename: [Int: String] = [:]
        var contentType: [Int: String] = [:]

        /// Claims what `key` changed between the base parts and a variant's; returns how many
        /// places that was.
        mutating func claim<Model>(
            _ base: [MultipartReading.Part], _ variant: [MultipartReading.Part], for key: String,
            _ type: Model.Type
        ) throws(CourierError) -> Int {
            guard base.map(\.name) == variant.map(\.name),
                zip(base, variant).allSatisfy({
                    ($0.filename == nil) == ($1.filename == nil)
                        && ($0.contentType == nil) == ($1.contentType == nil)
                })
            else {
                throw failure(type, "the parts of its multipart body depend on \(key); only their values may")
            }
            var found = 0
            for index in base.indices {
                if base[index].content != variant[index].content {
                    try ShapeInference.claim(&content, index, for: key, type)
                    found += 1
                }
                if base[index].filename != variant[index].filename {
                    try ShapeInference.claim(&filename, index, for: key, type)
                    found += 1
                }
                if base[index].contentType != variant[index].contentType {
                    try ShapeInference.claim(&contentType, index, for: key, type)
                    found += 1
                }
            }
            return found
        }

        func shape(of part: MultipartReading.Part, at index: Int, _ log: ProbeLog) -> EndpointShape.Part {
            let owner = content[index]
            let isText = part.filename == nil && part.contentType == nil
            // A text field's fixed text around its value, found like a header's (`Re: {title}`).
            let around = ShapeInference.field(
                name: part.name, value: isText ? String(decoding: part.content, as: UTF8.self) : "",
                owner: isText ? owner : nil, log)
            return EndpointShape.Part(
                name: part.name,
                parameter: owner,
                value: owner == nil ? part.content : nil,
                filename: part.filename.map {
                    ShapeInference.field(name: "filename", value: $0, owner: filename[index], log)
                },
                contentType: part.contentType.map {
                    ShapeInference.field(name: "Content-Type", value: $0, owner: contentType[index], log)
                },
                isRequired: owner.map { !log.optionalKeys.contains($0) } ?? true,
                valuePrefix: around.valuePrefix, valueSuffix: around.valueSuffix)
        }
    }

    /// A query item or header field; a parameter's fixed text around its value (`Bearer `) is
    /// kept apart, found where the probe's text of the value sits inside the printed one.
    static func field(name: String, value: String, owner: String?, _ log: ProbeLog)
        -> EndpointShape.Field
    {
        var prefix = ""
        var suffix = ""
        if let owner, let text = log.texts[owner], let range = value.range(of: text),
            value.ranges(of: text).count == 1
        {
            prefix = String(value[..<range.lowerBound])
            suffix = String(value[range.upperBound...])
        }
        return EndpointShape.Field(
            name: name, parameter: owner, value: owner == nil ? value : nil,
            isRequired: owner.map { !log.optionalKeys.contains($0) } ?? true, valuePrefix: prefix,
            valueSuffix: suffix)
    }

    static func claim<Model>(
        _ owners: inout [Int: String], _ index: Int, for key: String, _ type: Model.Type
    )
        throws(CourierError)
    {
        if let other = owners[index] {
            throw failure(type, "\(other) and \(key) are printed into the same part of its request")
        }
        owners[index] = key
    }

    /// The ``FormEncoding`` the model's block declares, or the default one its request is built
    /// with when it declares none; it writes (and reads back) queries and form bodies.
    static func formEncoding<Model: CatalogEndpoint>(of type: Model.Type) -> FormEncoding {
        guard let model = try? Model(from: ProbeDecoder(varying: nil, log: ProbeLog())) else {
            return FormEncoding()
        }
        for case .formEncoding(let encoding) in model.endpoint.parts { return encoding }
        return FormEncoding()
    }

    /// Whether a server reads the model's body as it was sent (``EndpointShape/BodyShape/isVerbatim``):
    /// a body its block declares as bytes or text (``Body/data(_:contentType:)``,
    /// ``Body/text(_:contentType:)``) whatever its media type, found from a probe value with every
    /// optional present, and any other body whose `contentType` is neither JSON nor a form.
    static func isVerbatim<Model: CatalogEndpoint>(_ type: Model.Type, contentType: MediaType) -> Bool {
        if !contentType.isJSON, contentType.essence != MediaType.formURLEncoded.essence { return true }
        guard let model = try? Model(from: ProbeDecoder(varying: nil, log: ProbeLog())) else { return false }
        for case .body(let source) in model.endpoint.parts {
            switch source {
            case .bytes, .text: return true
            default: return false
            }
        }
        return false
    }

    /// The model's request built from probe values.
    static func request<Model: CatalogEndpoint>(of type: Model.Type, varying key: String?, log: ProbeLog)
        throws(CourierError) -> EndpointRequest
    {
        let model: Model
        do {
            model = try Model(from: ProbeDecoder(varying: key, log: log))
        } catch {
            throw failure(type, "Courier cannot make a probe value of it (\(error))")
        }
        for case .body(.file) in model.endpoint.parts {
            throw failure(
                type,
                "its body is a file (Body.file), read from disk while sending, so a server cannot hand it "
                    + "back as the same value; send its bytes with Body.data")
        }
        return try model.endpoint.request()
    }

    /// The fixed text around a parameter's value in a path segment (`v` and `.json` in
    /// `v2.json`): around the probe's text of the value, found once in the segment and around
    /// the varied value too. A value whose text is not known fills the whole segment.
    ///
    /// - Throws: When the text is found but not once, or the varied segment lacks the text
    ///   around it: a server could not tell the value from the text.
    static func affixes<Model>(
        of base: String, _ variant: String, key: String, text: String?, _ type: Model.Type
    ) throws(CourierError) -> (prefix: String, suffix: String) {
        guard let text, !text.isEmpty, base != text, base.contains(text) else { return ("", "") }
        if let range = base.range(of: text), base.ranges(of: text).count == 1 {
            let prefix = String(base[..<range.lowerBound])
            let suffix = String(base[range.upperBound...])
            if RequestMatching.value(in: variant, prefix: prefix, suffix: suffix) != nil {
                return (prefix, suffix)
            }
        }
        throw failure(
            type,
            "its path segment \(base.debugDescription) mixes literal text with \(key) in a way a server could "
                + "not take apart; give \(key) a segment of its own, or make the literal text part of its value"
        )
    }

    static func failure<Model>(_ type: Model.Type, _ reason: String) -> CourierError {
        // A reason that quotes another error's message may already end its sentence.
        let stop = reason.hasSuffix(".") ? "" : "."
        return CourierError(
            stage: .building, kind: .unparseableEndpoint,
            message: "\(type) cannot be parsed from a request: \(reason)\(stop)"
        )
    }
}
