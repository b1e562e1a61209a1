import Foundation

/// Builds the OpenAPI operation of one catalog endpoint.
enum OpenAPIOperation {
    /// The methods an OpenAPI 3.1 path item has a field for.
    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Header parameters OpenAPI ignores: the media types and security schemes say them.
    private static let ignoredHeaders: Set<String> = ["accept", "content-type", "authorization"]

    /// The operation object of `Model`, registering the schemas it refers to.
    static func describe<Model: CatalogEndpoint>(
        _ type: Model.Type, name: String, shape: EndpointShape, schemas: inout OpenAPISchemas
    ) -> JSONValue {
        // The probe succeeded when the catalog was made; it records each key's Swift type.
        let log = ProbeLog()
        _ = try? Model(from: ProbeDecoder(varying: nil, log: log))
        let constraints = (Model.self as? any SchemaConstrained.Type)?.schemaConstraints ?? [:]
        let encoding = ShapeInference.formEncoding(of: Model.self)
        // The form encoding writes query values; a path segment, header, cookie or multipart text
        // field (no location) prints a boolean as `true` or `false` whatever its boolean strategy.
        var printed = encoding
        printed.booleans = .trueFalse
        func schema(of key: String, in location: ParameterLocation? = nil) -> JSONValue {
            let written = location == .query ? encoding : printed
            let schema =
                log.types[key].map { OpenAPIForm.textSchema(for: $0, encoding: written, schemas: &schemas) }
                ?? [:]
            return constraints[key]?.applied(to: schema) ?? schema
        }

        var parameters: [JSONValue] = []
        var seen: Set<String> = []
        func add(
            _ name: String, in location: ParameterLocation, required: Bool, schema: JSONValue,
            style: [String: JSONValue] = [:]
        ) {
            guard seen.insert(location.rawValue + " " + name.lowercased()).inserted else { return }
            parameters.append(
                .object(
                    [
                        "name": .string(name), "in": .string(location.rawValue), "required": .bool(required),
                        "schema": schema,
                    ].merging(style) { first, _ in first }))
        }
        for key in shape.path.compactMap(\.parameter) {
            add(key, in: .path, required: true, schema: schema(of: key, in: .path))
        }
        // An API key in a header or the query is described by its security scheme instead.
        let credentials = EndpointCredentials(shape)
        for (location, fields) in [
            (ParameterLocation.query, shape.query), (.header, shape.headers), (.cookie, shape.cookies),
        ] {
            for field in fields
            where (location != .header || !ignoredHeaders.contains(field.name.lowercased()))
                && credentials?.carries(field, at: location) != true
            {
                if let strategy = field.arrayStrategy, let key = field.parameter {
                    let items =
                        log.elementTypes[key].map {
                            OpenAPIForm.textSchema(for: $0, encoding: encoding, schemas: &schemas)
                        } ?? [:]
                    let (name, array, style) = arrayStyle(field.name, strategy, items: items)
                    let schema = constraints[key]?.applied(to: array) ?? array
                    add(name, in: location, required: false, schema: schema, style: style)
                    continue
                }
                let fieldSchema: JSONValue =
                    if let key = field.parameter {
                        valueSchema(
                            schema(of: key, in: location), between: field.valuePrefix, and: field.valueSuffix)
                    } else if location == .cookie || field.isSecret {
                        // A cookie's value, or a fixed value the endpoint keeps secret (an API
                        // key written into the declaration), is not published: the document
                        // names the field only.
                        ["type": "string"]
                    } else {
                        ["type": "string", "enum": [.string(field.value ?? "")]]
                    }
                add(field.name, in: location, required: field.isRequired, schema: fieldSchema)
            }
        }

        let documentation = Model.documentation
        let summary = documentation.summary.flatMap { $0.isEmpty ? nil : $0 }
        var operation: [String: JSONValue] = [
            "operationId": .string(name), "summary": .string(summary ?? shape.description),
        ]
        if let details = documentation.details, !details.isEmpty {
            operation["description"] = .string(details)
        }
        let tags = documentation.listedTags
        if !tags.isEmpty { operation["tags"] = .array(tags.map { .string($0) }) }
        if documentation.isDeprecated { operation["deprecated"] = true }
        if !parameters.isEmpty { operation["parameters"] = .array(parameters) }
        if let security = securityScheme(shape) {
            // An optional token: the empty requirement lets a request go without it.
            operation["security"] = .array(
                [.object([security.name: []])] + (security.isRequired ? [] : [[:]]))
        }
        if let body = shape.body {
            var media: [String: JSONValue] = [:]
            if !body.parts.isEmpty {
                // A part that is a model (a JSON part) says its model as the schema of its content.
                var contentSchemas: [String: JSONValue] = [:]
                for part in body.parts where !part.isText {
                    guard let key = part.parameter, let type = log.types[key], type != Data.self else {
                        continue
                    }
                    contentSchemas[key] = schemas.schema(for: type)
                }
                media = formMedia(
                    body.parts, schema: { schema(of: $0) }, contentSchemas: contentSchemas,
                    constraints: constraints)
            } else if let key = body.parameter, let type = log.types[key] {
                let form =
                    body.contentType.essence == MediaType.formURLEncoded.essence
                    ? (type as? any Decodable.Type).flatMap {
                        OpenAPIForm.media(for: $0, encoding: encoding, schemas: &schemas)
                    } : nil
                let whole =
                    body.isVerbatim
                    ? bodySchema(type, as: body.contentType, schemas: &schemas) : schemas.schema(for: type)
                media = form ?? ["schema": constraints[key]?.applied(to: whole) ?? whole]
            }
            operation["requestBody"] = [
                "required": .bool(body.isRequired),
                "content": .object([body.contentType.essence: .object(media)]),
            ]
        }
        operation["responses"] = .object(responses(Model.self, shape: shape, schemas: &schemas))
        return .object(operation)
    }

    /// A query array's name, schema and `style`/`explode` as OpenAPI says them: repeated keys
    /// are the exploded `form` style, `tag[]` its name with brackets, commas the unexploded
    /// `form` style, and indices (`tag[0]`) the `deepObject` style of an object keyed by index.
    private static func arrayStyle(_ name: String, _ strategy: FormEncoding.ArrayStrategy, items: JSONValue)
        -> (String, JSONValue, [String: JSONValue])
    {
        let array: JSONValue = ["type": "array", "items": items]
        switch strategy {
        case .repeatedKey: return (name, array, ["style": "form", "explode": true])
        case .brackets: return (name + "[]", array, ["style": "form", "explode": true])
        case .commaSeparated: return (name, array, ["style": "form", "explode": false])
        case .indexed:
            return (
                name, OpenAPIForm.indexedArray(items: items),
                [
                    "style": "deepObject", "explode": true,
                    "description": .string(
                        "An array sent as \(name)[0]=…&\(name)[1]=…: its elements in index order."),
                ]
            )
        }
    }

    /// The media type object of a `multipart/form-data` body: an object schema with a property
    /// per part (a text field typed like a query value, any other part a binary string with
    /// its `contentMediaType`, its model's schema as `contentSchema` by parameter in
    /// `contentSchemas`, and its length limits counting bytes), and an `encoding` entry for each
    /// part's content type.
    private static func formMedia(
        _ parts: [EndpointShape.Part], schema: (String) -> JSONValue, contentSchemas: [String: JSONValue],
        constraints: [String: SchemaConstraint]
    ) -> [String: JSONValue] {
        var properties: [String: JSONValue] = [:]
        var required: [JSONValue] = []
        var encoding: [String: JSONValue] = [:]
        for part in parts where properties[part.name] == nil {
            if part.isText {
                properties[part.name] =
                    part.parameter.map {
                        valueSchema(schema($0), between: part.valuePrefix, and: part.valueSuffix)
                    }
                    ?? [
                        "type": "string",
                        "enum": [.string(String(decoding: part.value ?? Data(), as: UTF8.self))],
                    ]
            } else {
                let fixedType = part.contentType?.parameter == nil ? part.contentType?.value : nil
                // Bytes: `format: binary` says so to tools that predate `contentMediaType`.
                var property: [String: JSONValue] = [
                    "type": "string", "format": "binary",
                    "contentMediaType": .string(fixedType ?? "application/octet-stream"),
                ]
                if let key = part.parameter, let content = contentSchemas[key] {
                    property["contentSchema"] = content
                }
                properties[part.name] =
                    part.parameter.flatMap { constraints[$0] }?.applied(to: .object(property))
                    ?? .object(property)
                encoding[part.name] = ["contentType": .string(fixedType ?? "*/*")]
            }
            if part.isRequired { required.append(.string(part.name)) }
        }
        var formSchema: [String: JSONValue] = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { formSchema["required"] = .array(required) }
        var media: [String: JSONValue] = ["schema": .object(formSchema)]
        if !encoding.isEmpty { media["encoding"] = .object(encoding) }
        return media
    }

    /// The schema of a parameter's value written between `prefix` and `suffix`: its own `schema`
    /// when both are empty; else (`Query("filter", "id:\(id)")`) a string that starts with `prefix`
    /// and ends with `suffix`, which a server requires, since the parameter's own schema would let
    /// a client send the bare value.
    static func valueSchema(
        _ schema: @autoclosure () -> JSONValue, between prefix: String, and suffix: String
    )
        -> JSONValue
    {
        guard !prefix.isEmpty || !suffix.isEmpty else { return schema() }
        return [
            "type": "string", "pattern": .string("^" + escaped(prefix) + "[\\s\\S]*" + escaped(suffix) + "$"),
        ]
    }

    /// `text` as an ECMA-262 pattern (with its `u` flag) that matches it literally: only the
    /// syntax characters and `/` may be escaped there.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "^$\\.*+?()[]{}|/".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// The security scheme of an endpoint whose `Authorization` header is a parameter (see
    /// ``EndpointCredentials``): `Bearer ` is HTTP bearer, `Basic ` HTTP basic, anything else
    /// an API key in the `Authorization` header.
    static func securityScheme(_ shape: EndpointShape) -> (name: String, scheme: JSONValue, isRequired: Bool)?
    {
        guard let credentials = EndpointCredentials(shape) else { return nil }
        let security = credentials.securityScheme
        return (security.name, security.scheme, credentials.isRequired)
    }

    private static func responses<Model: CatalogEndpoint>(
        _ type: Model.Type, shape: EndpointShape, schemas: inout OpenAPISchemas
    ) -> [String: JSONValue] {
        var responses: [String: JSONValue] = [:]
        let success = OpenAPISchemas.componentName(Model.Success.self)
        let successStatus = String(shape.successStatus.code)
        if Model.Success.self == Empty.self {
            responses[successStatus] = ["description": "No content."]
        } else if let events = Model.Success.self as? any EventStreamPayload.Type {
            responses[successStatus] = eventStreamResponse(events.payloadType, schemas: &schemas)
        } else {
            let mediaType =
                MediaType(validating: SuccessBody.contentType(of: Model.Success.self, shape: shape)) ?? .json
            responses[successStatus] = [
                "description": .string("The \(success)."),
                "content": [
                    mediaType.essence: [
                        "schema": bodySchema(Model.Success.self, as: mediaType, schemas: &schemas)
                    ]
                ],
            ]
        }
        let documented = FailureStatuses.documented(by: Model.self)
        if Model.failureStatuses == nil, Model.Failure.self as? any DocumentedErrors.Type == nil,
            let entry = documented.first
        {
            responses["default"] = errorResponse(entry.model, schemas: &schemas)
        } else {
            for (status, model) in statusKeys(documented) where responses[status] == nil {
                if let code = Int(status), HTTPStatus(code).forbidsContent {
                    responses[status] = ["description": "An answer without content."]
                    continue
                }
                responses[status] = errorResponse(model, schemas: &schemas)
            }
        }
        // What a request that is not this endpoint gets (EndpointMismatch.answer(to:)), as
        // problem+json next to the endpoint's own model for the same status. An explicit key
        // takes precedence over `4XX` and `default`, so a missing key starts from the range's
        // (or the default's) content: the endpoint may answer that status with its own model too.
        let problem = schemas.reference(to: ProblemDetails.self)
        for status in MismatchAnswers.statuses(of: shape) {
            let key = String(status.code)
            let seed = responses[key] ?? responses["\(status.code / 100)XX"] ?? responses["default"]
            guard var response = seed?.members else {
                responses[key] = errorResponse(ProblemDetails.self, schemas: &schemas)
                continue
            }
            var content = response["content"]?.members ?? [:]
            content["application/problem+json"] = content["application/problem+json"] ?? ["schema": problem]
            response["content"] = .object(content)
            responses[key] = .object(response)
        }
        // An answer to HEAD has no content (RFC 9110 §9.3.2), whatever a GET's would be.
        if shape.method == .head {
            responses = responses.mapValues { response in
                var members = response.members
                members["content"] = nil
                return .object(members)
            }
        }
        return responses
    }

    /// A `text/event-stream` response whose `schema` describes one event, as OpenAPI 3.2's
    /// `itemSchema` does (3.1 has no schema for a stream; schemathesis reads a 3.1 `schema` this
    /// way): an object with the event's `event`, `id`, `retry` and `data`, the data a JSON
    /// document of the payload's schema (`contentMediaType` and `contentSchema`), or plain text
    /// for a `String` payload.
    private static func eventStreamResponse(_ payload: any Decodable.Type, schemas: inout OpenAPISchemas)
        -> JSONValue
    {
        var data: JSONValue = ["type": "string"]
        if payload != String.self {
            data = [
                "type": "string", "contentMediaType": .string(MediaType.json.rawValue),
                "contentSchema": schemas.schema(for: payload),
            ]
        }
        let event: JSONValue = [
            "type": "object",
            "properties": [
                "event": ["type": "string"], "id": ["type": "string"],
                "retry": ["type": "integer", "minimum": .integer(0)], "data": data,
            ],
            "required": ["data"],
        ]
        return [
            "description": .string("Server-Sent Events with \(OpenAPISchemas.componentName(payload)) data."),
            "content": [MediaType.eventStream.rawValue: ["schema": event]],
        ]
    }

    /// An error response of `model`, with the media type a catalog answers it with
    /// (``ErrorAnswer``): text for `String`, bytes for `Data`, no content for ``Empty``, else JSON.
    private static func errorResponse(_ model: any Decodable.Type, schemas: inout OpenAPISchemas) -> JSONValue
    {
        let description = JSONValue.string("An error: \(OpenAPISchemas.componentName(model)).")
        guard let mediaType = ModelBody.mediaType(of: model) else { return ["description": description] }
        return [
            "description": description,
            "content": [mediaType.essence: ["schema": bodySchema(model, as: mediaType, schemas: &schemas)]],
        ]
    }

    /// The schema of a body of `type` sent as it is in `mediaType` (`Data` as its bytes, a `String`
    /// as its text, never Base64 or a JSON string): of a JSON media type any JSON document, bytes of
    /// another media type a string of that type; any other type its schema. A response sends
    /// `Data` and `String` this way (``ModelBody``), and so does a request body declared with
    /// ``Body/data(_:contentType:)`` or ``Body/text(_:contentType:)``, whatever its type.
    private static func bodySchema(_ type: Any.Type, as mediaType: MediaType, schemas: inout OpenAPISchemas)
        -> JSONValue
    {
        if mediaType.isJSON, type == Data.self || type == String.self { return [:] }
        if type == Data.self { return bytesSchema(mediaType) }
        return schemas.schema(for: type)
    }

    /// Bytes sent as they are: a string of `mediaType`, not Base64.
    private static func bytesSchema(_ mediaType: MediaType) -> JSONValue {
        ["type": "string", "contentMediaType": .string(mediaType.essence)]
    }

    /// Each documented status range as OpenAPI response keys, with its model: a whole hundred
    /// (`500...599`) as `5XX`, other codes one by one.
    static func statusKeys(_ entries: [FailureStatuses.Entry]) -> [(
        status: String, model: any Decodable.Type
    )] {
        var result: [(status: String, model: any Decodable.Type)] = []
        for entry in entries {
            var code = entry.statuses.lowerBound
            while code <= entry.statuses.upperBound {
                if code % 100 == 0, code + 99 <= entry.statuses.upperBound {
                    result.append(("\(code / 100)XX", entry.model))
                    code += 100
                } else {
                    result.append((String(code), entry.model))
                    code += 1
                }
            }
        }
        return result
    }
}
