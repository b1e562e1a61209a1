import Foundation

extension EndpointBuilder {
    /// The success type, the `SuccessStatus` argument if it is not the default, and the media
    /// type to ask for with `Accept` when the success is bytes of a type of their own.
    mutating func successResponse(
        _ operation: DocumentValue, at pointer: JSONPointer, endpoint: String
    ) -> (String, String?, String?) {
        let responses = operation["responses"]?.members ?? .init()
        let successes = Self.successKeys(responses)
        if successes.isEmpty, let response = responses["default"] {
            // The default response stands for every status the document does not list, the
            // successes among them.
            let responsePointer = pointer.appending("responses", "default")
            models.report.add(
                responsePointer, .approximated,
                "No 2xx response is documented; the default response is the success, answered with 200.")
            let definition =
                (try? document.resolved(response, at: responsePointer))?.pointer ?? responsePointer
            let (success, accept) = bodyType(
                of: response, at: responsePointer, hint: Self.hint(at: definition, or: endpoint + "Response"))
            return (success, success == "Empty" ? "200" : nil, accept)
        }
        guard let key = successes.first, let response = responses[key] else {
            models.report.add(
                pointer.appending("responses"), .approximated,
                (operation["responses"] == nil
                    ? "The operation documents no responses" : "No 2xx response is documented")
                    + "; the endpoint's success is Empty, answered with 204.")
            return ("Empty", nil, nil)
        }
        let responsePointer = pointer.appending("responses", key)
        let definition = (try? document.resolved(response, at: responsePointer))?.pointer ?? responsePointer
        let status = Int(key)
        let (success, accept) =
            status.map(Self.forbidsContent) == true
            ? (withoutContent(response, at: responsePointer, status: key), nil)
            : bodyType(
                of: response, at: responsePointer, hint: Self.hint(at: definition, or: endpoint + "Response"))
        for other in successes.dropFirst() {
            let otherPointer = pointer.appending("responses", other)
            models.report.add(
                otherPointer, .notExpressed,
                "Only the first success status (\(key)) is declared; "
                    + otherSuccess(
                        other, responses[other], at: otherPointer, first: key, response, at: responsePointer,
                        success: success))
        }
        if key.uppercased() == "2XX" {
            models.report.add(responsePointer, .approximated, "2XX is declared as 200.")
        }
        let isDefault =
            (status == 200 && success != "Empty") || (status == 204 && success == "Empty") || status == nil
        return (success, isDefault ? nil : String(status!), accept)
    }

    /// Whether a response of `status` has no content: RFC 9110 ends a 1xx, 204 or 304 response
    /// at its header section (§15.2, §15.3.5, §15.4.5) and forbids content in a 205 (§15.3.6),
    /// as Courier's `HTTPStatus` has it.
    static func forbidsContent(_ status: Int) -> Bool {
        (100...199).contains(status) || [204, 205, 304].contains(status)
    }

    /// `Empty`, the success type of a status that has no content (``forbidsContent(_:)``),
    /// reporting the content the response documents all the same, which the Swift and the
    /// export leave out; its headers and links are reported as any success response's are.
    private mutating func withoutContent(
        _ response: DocumentValue, at pointer: JSONPointer, status: String
    ) -> String {
        guard let (value, place) = try? document.resolved(response, at: pointer), var members = value.members
        else {
            models.report.add(pointer, .notExpressed, "The response's reference cannot be followed.")
            return "Empty"
        }
        if members["content"]?.members?.isEmpty == false {
            models.report.add(
                place.appending("content"), .notExpressed,
                "RFC 9110 gives a \(status) response no content, so the content documented for it is left out: "
                    + "the success is Empty.")
        }
        members["content"] = nil
        return bodyType(of: .object(members), at: place, hint: "").0
    }

    /// What becomes of a success response after the first, which decodes as the first's
    /// `success` type: said plainly when their JSON schemas are the same, else with the
    /// properties of its schema that the success type lacks, whose values are lost.
    private func otherSuccess(
        _ other: String, _ response: DocumentValue?, at pointer: JSONPointer, first: String,
        _ firstResponse: DocumentValue, at firstPointer: JSONPointer, success: String
    ) -> String {
        let plain = "a \(other) still decodes as its success type."
        func schema(_ response: DocumentValue?, at pointer: JSONPointer) -> (DocumentValue, JSONPointer)? {
            guard let response, let (value, place) = try? document.resolved(response, at: pointer),
                let (schema, mediaType) = jsonSchema(of: value)
            else { return nil }
            let schemaPointer = place.appending("content", mediaType, "schema")
            return (try? document.resolved(schema, at: schemaPointer)) ?? (schema, schemaPointer)
        }
        guard let (otherSchema, otherPlace) = schema(response, at: pointer) else {
            // A body of another media type than JSON is not what a JSON success type reads.
            let resolved = response.flatMap { try? document.resolved($0, at: pointer) }?.0
            guard success != "Empty", schema(firstResponse, at: firstPointer) != nil,
                let mediaTypes = resolved?["content"]?.members?.keys, !mediaTypes.isEmpty
            else { return plain }
            return
                "a \(other)'s body is \(mediaTypes.joined(separator: " or ")), not the JSON its success type, "
                + "\(success), is decoded from."
        }
        let firstSchema = schema(firstResponse, at: firstPointer)?.0
        if firstSchema == otherSchema { return plain }
        if success == "Empty" {
            return "a \(other) has a body of its own schema, which is not read: the success type is Empty."
        }
        let differs =
            "a \(other), whose schema differs from the \(first)'s, still decodes as its success type, \(success)"
        guard case .structure(let structure)? = models.declaration(named: success),
            let names = propertyNames(of: otherSchema, at: otherPlace)
        else { return differs + ", or fails to." }
        let known = Set(structure.properties.map(\.jsonName))
        let lacking = names.filter { !known.contains($0) }
        guard !lacking.isEmpty else { return differs + "." }
        let listed =
            lacking.count == 1
            ? lacking[0] : lacking.dropLast().joined(separator: ", ") + " and " + lacking.last!
        return differs + ", which lacks the \(other)'s \(listed): those values are lost."
    }

    /// The names of the properties an object schema declares, its `allOf` members' included, in
    /// document order; `nil` for a schema that declares none.
    private func propertyNames(of schema: DocumentValue, at pointer: JSONPointer) -> [String]? {
        var names: [String] = []
        var seen: Set<String> = []
        func visit(_ schema: DocumentValue, at pointer: JSONPointer) {
            guard seen.insert(pointer.text).inserted,
                let (value, place) = try? document.resolved(schema, at: pointer)
            else { return }
            for (name, _) in value["properties"]?.members ?? .init() where !names.contains(name) {
                names.append(name)
            }
            for (offset, member) in (value["allOf"]?.array ?? []).enumerated() {
                visit(member, at: place.appending("allOf", String(offset)))
            }
        }
        visit(schema, at: pointer)
        return names.isEmpty ? nil : names
    }

    /// Why a 1xx or 3xx response is not an endpoint's result, and what the client does with it.
    static func unreadResponse(_ key: String, _ range: ClosedRange<Int>) -> String {
        let redirects: Set = [301, 302, 303, 307, 308]
        if range == 101...101 {
            return
                "A 101 response switches the connection to another protocol, which no endpoint asks for; it is not declared."
        }
        if range.upperBound < 200 {
            return "A \(key) response is interim: the transport reads it and waits for the final one."
        }
        if range.count == 1, redirects.contains(range.lowerBound) {
            return "A \(key) response is not an endpoint's result: Courier follows redirects itself."
        }
        if range == 304...304 {
            return
                "A 304 response is not an endpoint's result: Courier answers it from a cache or throws notModified."
        }
        let others =
            range.count == 1
            ? "the client throws undocumentedStatus with its status and body"
            : "Courier follows redirects (301, 302, 303, 307, 308) itself, a 304 is its cache's or throws "
                + "notModified, and any other throws undocumentedStatus"
        return "A \(key) response is not declared: \(others)."
    }

    /// The failure type of the operation's 4xx, 5xx and `default` responses with a JSON body.
    mutating func failures(
        _ operation: DocumentValue, at pointer: JSONPointer, endpoint: String
    ) -> EndpointDeclaration.Failure {
        var entries: [(key: String, range: ClosedRange<Int>, model: String, documentation: [String])] = []
        let responses = operation["responses"]?.members ?? .init()
        // Without a 2xx response, the default one is the success (``successResponse``).
        let defaultIsSuccess = Self.successKeys(responses).isEmpty
        for (key, response) in responses where !(key == "default" && defaultIsSuccess) {
            let responsePointer = pointer.appending("responses", key)
            guard let range = key == "default" ? 400...599 : Self.statusRange(key) else {
                models.report.add(responsePointer, .notExpressed, "\(key) is not a status code.")
                continue
            }
            if key != "default", range.count > 1, key != key.uppercased() {
                models.report.add(
                    responsePointer, .approximated,
                    "\(key) is read as \(key.uppercased()), the range as OpenAPI writes it, which the export uses."
                )
            }
            if range.lowerBound < 200 || (range.lowerBound >= 300 && range.upperBound < 400) {
                models.report.add(responsePointer, .notExpressed, Self.unreadResponse(key, range))
                continue
            }
            guard range.lowerBound >= 400 else { continue }
            let definition =
                (try? document.resolved(response, at: responsePointer))?.pointer ?? responsePointer
            guard let resolved = try? document.resolved(response, at: responsePointer).value,
                let (schema, mediaType) = jsonSchema(of: resolved)
            else {
                models.report.add(
                    responsePointer, .notExpressed,
                    "The \(key) response has no JSON body, so it is not a typed failure: the client throws undocumentedStatus with the status."
                )
                continue
            }
            for other in resolved["content"]?.members?.keys ?? [] where other != mediaType {
                models.report.add(
                    definition.appending("content", other), .notExpressed,
                    "Only \(mediaType) is declared for the failure; \(other) is left out.")
            }
            let schemaPointer = definition.appending("content", mediaType, "schema")
            if mediaType.lowercased().hasPrefix("application/problem+json") {
                // RFC 9457's problem details: Courier's own model, which its catalog answers with too.
                let place = (try? document.resolved(schema, at: schemaPointer))?.pointer ?? schemaPointer
                models.report.add(
                    place, .approximated,
                    "A problem+json failure decodes as Courier's ProblemDetails (RFC 9457), which the export names so."
                )
                entries.append(
                    (
                        key, range, "ProblemDetails",
                        resolved["description"]?.string.map(ModelBuilder.lines) ?? []
                    ))
                continue
            }
            reportMediaType(mediaType, at: definition.appending("content", mediaType))
            reportMissingSchema(
                resolved["content"]?[mediaType], at: definition.appending("content", mediaType))
            let model = models.type(
                of: schema, at: schemaPointer,
                hint: Self.hint(
                    at: definition,
                    or: endpoint + Self.statusCaseName(key, range).prefix(1).uppercased()
                        + Self.statusCaseName(key, range).dropFirst()))
            models.reportUnchecked(
                model.constraints, at: definition.appending("content", mediaType, "schema"))
            let description = resolved["description"]?.string.map(ModelBuilder.lines) ?? []
            entries.append((key, range, self.models.jsonBodyType(model.type.text), description))
        }
        guard !entries.isEmpty else { return .none }
        let models = Set(entries.map(\.model))
        if models.count == 1, let model = models.first,
            self.models.isStructure(model) || model == "ProblemDetails",
            !entries.contains(where: { $0.range.count > 1 && $0.key != "default" })
        {
            self.models.markAsErrors(model)
            if entries.contains(where: { $0.key == "default" }) {
                for entry in entries where entry.key != "default" {
                    self.models.report.add(
                        pointer.appending("responses", entry.key), .approximated,
                        "\(entry.key) has the default response's model, so it is declared by the default one."
                    )
                }
                return .model(model, statuses: nil)
            }
            return .model(model, statuses: entries.compactMap { Int($0.key) })
        }
        var names = NameScope()
        let ordered = entries.sorted {
            ($0.range.count, $0.range.lowerBound) < ($1.range.count, $1.range.lowerBound)
        }
        let cases = ordered.map { entry in
            EndpointDeclaration.DocumentedFailure.Case(
                name: names.claim(Self.statusCaseName(entry.key, entry.range)), model: entry.model,
                statuses: entry.range, documentation: entry.documentation)
        }
        if entries.contains(where: { $0.key == "default" }) {
            self.models.report.add(
                pointer.appending("responses", "default"), .approximated,
                "The default failure is declared for 400...599, which the export writes as 4XX and 5XX.")
        }
        let name = self.models.typeNames.claim(endpoint + "Failure")
        return .documented(.init(name: name, cases: cases))
    }

    /// The type a response's body decodes as: its JSON schema's type, `String` for text, `Data`
    /// for other media types, `Empty` without content.
    private mutating func bodyType(
        of response: DocumentValue, at pointer: JSONPointer, hint: String
    ) -> (String, accept: String?) {
        guard let resolved = try? document.resolved(response, at: pointer) else {
            models.report.add(pointer, .notExpressed, "The response's reference cannot be followed.")
            return ("Empty", nil)
        }
        let value = resolved.value
        let pointer = resolved.pointer
        for key in ["headers", "links"] where value[key] != nil {
            models.report.add(
                pointer.appending(key), .notExpressed,
                key == "headers"
                    ? "Response headers are not part of the success type; read them from the response (Client.response)."
                    : "Links are not expressed.",
                changesExport: false)
        }
        guard let content = value["content"]?.members, !content.isEmpty else { return ("Empty", nil) }
        let chosen: String
        let type: String
        var accept: String?
        if let (schema, mediaType) = jsonSchema(of: value) {
            chosen = mediaType
            reportMediaType(mediaType, at: pointer.appending("content", mediaType))
            reportMissingSchema(content[mediaType], at: pointer.appending("content", mediaType))
            let resolved = models.type(
                of: schema, at: pointer.appending("content", mediaType, "schema"), hint: hint)
            models.reportUnchecked(
                resolved.constraints, at: pointer.appending("content", mediaType, "schema"))
            if resolved.nullable {
                models.report.add(
                    pointer.appending("content", mediaType, "schema"), .notExpressed,
                    "The body may be null, which the success type does not say: a body of null fails to decode."
                )
            }
            type = models.jsonBodyType(resolved.type.text)
        } else if let text = content.keys.first(where: { $0.hasPrefix("text/") && $0 != "text/event-stream" })
        {
            chosen = text
            type = "String"
            if MediaTypeText.essence(text) != "text/plain" {
                models.report.add(
                    pointer.appending("content", text), .approximated,
                    "\(text) is read as a String, which the export calls text/plain.")
            }
            reportUncheckedSchema(
                media(content[text])?["schema"], at: pointer.appending("content", text, "schema"),
                ofBody: type,
                isSent: false)
        } else {
            chosen = content.keys[0]
            type = "Data"
            if chosen == "text/event-stream" {
                models.report.add(
                    pointer.appending("content", chosen), .approximated,
                    "An event stream is read as its bytes; declare EventStream<Model> by hand for typed events."
                )
            } else if MediaTypeText.essence(chosen).hasPrefix("multipart/") {
                accept = chosen
                models.report.add(
                    pointer.appending("content", chosen), .approximated,
                    "A multipart answer is read as its bytes (Data), not split into its parts; the export "
                        + "calls them a string of bytes.")
            } else if !MediaTypeText.isConcrete(chosen) {
                models.report.add(
                    pointer.appending("content", chosen), .approximated,
                    "Bytes of any media type (\(chosen)) are read as Data, which the export calls application/octet-stream."
                )
            } else if chosen != "application/octet-stream" {
                // The endpoint asks for the type, which is also what its export names.
                accept = chosen
            }
            if chosen != "text/event-stream", !MediaTypeText.essence(chosen).hasPrefix("multipart/") {
                reportUncheckedSchema(
                    media(content[chosen])?["schema"], at: pointer.appending("content", chosen, "schema"),
                    ofBody: type, isSent: false)
            }
        }
        if media(content[chosen])?["itemSchema"] != nil {
            models.report.add(
                pointer.appending("content", chosen, "itemSchema"), .notExpressed,
                "itemSchema (OpenAPI 3.2) describes each item of a streamed body, which is read whole as \(type); "
                    + "declare EventStream<Model> or read the body's lines by hand for typed items.")
        }
        for other in content.keys where other != chosen {
            models.report.add(
                pointer.appending("content", other), .notExpressed,
                "Only \(chosen) is declared; \(other) is left out.")
        }
        // A server that offers several types picks one by Accept (RFC 9110 §12.5.1): ask for the
        // one the endpoint reads.
        if content.keys.count > 1, accept == nil, MediaTypeText.isConcrete(chosen) { accept = chosen }
        return (type, accept)
    }

}

extension EndpointBuilder {
    /// Reports a JSON media type other than `application/json`, which Courier sends and the
    /// export lists as `application/json`.
    mutating func reportMediaType(_ mediaType: String, at pointer: JSONPointer) {
        guard MediaTypeText.essence(mediaType) != "application/json" else { return }
        models.report.add(
            pointer, .approximated,
            "\(mediaType) is read and written as JSON, and the export says application/json.")
    }

    /// A media type object, through a `$ref` (OpenAPI 3.2's `components/mediaTypes`).
    func media(_ value: DocumentValue?) -> DocumentValue? {
        guard let value, value["$ref"] != nil else { return value }
        return (try? document.resolved(value, at: .root).value) ?? value
    }

    /// Reports a JSON media type without a schema: its body is any JSON value.
    mutating func reportMissingSchema(_ media: DocumentValue?, at pointer: JSONPointer) {
        guard self.media(media)?["schema"] == nil else { return }
        models.report.add(
            pointer, .approximated,
            "The media type has no schema, so the body is any JSON value (JSONValue).",
            changesExport: false)
    }

    /// The schema and media type of a JSON body (`application/json` or `…+json`).
    func jsonSchema(of value: DocumentValue) -> (DocumentValue, String)? {
        guard let content = value["content"]?.members else { return nil }
        for (mediaType, media) in content where MediaTypeText.isJSON(mediaType) {
            return (self.media(media)?["schema"] ?? .object(.init()), mediaType)
        }
        // A wildcard with a schema that is not bytes is the JSON a server sends for it.
        for (mediaType, media) in content where ["*/*", "application/*"].contains(mediaType) {
            if let schema = self.media(media)?["schema"], schema["format"]?.string != "binary",
                schema["type"]?.string != "string"
            {
                return (schema, mediaType)
            }
        }
        return nil
    }

    /// The keys of the 2xx responses, the lowest status first.
    static func successKeys(_ responses: DocumentValue.Members) -> [String] {
        responses.keys.filter {
            statusRange($0).map { $0.lowerBound >= 200 && $0.upperBound < 300 } ?? false
        }
        .sorted { statusRange($0)!.lowerBound < statusRange($1)!.lowerBound }
    }

    /// The statuses a response key covers: `404`, `4XX`.
    static func statusRange(_ key: String) -> ClosedRange<Int>? {
        if let code = Int(key), (100...599).contains(code) { return code...code }
        let upper = key.uppercased()
        if upper.count == 3, upper.hasSuffix("XX"), let hundred = Int(upper.prefix(1)),
            (1...5).contains(hundred)
        {
            return hundred * 100...hundred * 100 + 99
        }
        return nil
    }

    /// A case name for a failure status: `notFound`, `clientError`, `other`.
    static func statusCaseName(_ key: String, _ range: ClosedRange<Int>) -> String {
        if key == "default" { return "other" }
        if range.count > 1 { return range.lowerBound == 400 ? "clientError" : "serverError" }
        let names = [
            400: "badRequest", 401: "unauthorized", 402: "paymentRequired", 403: "forbidden", 404: "notFound",
            405: "methodNotAllowed", 406: "notAcceptable", 408: "requestTimeout", 409: "conflict",
            410: "gone",
            411: "lengthRequired", 412: "preconditionFailed", 413: "contentTooLarge", 414: "uriTooLong",
            415: "unsupportedMediaType", 416: "rangeNotSatisfiable", 422: "unprocessableContent",
            423: "locked",
            428: "preconditionRequired", 429: "tooManyRequests", 451: "unavailableForLegalReasons",
            500: "internalServerError", 501: "notImplemented", 502: "badGateway", 503: "serviceUnavailable",
            504: "gatewayTimeout",
        ]
        return names[range.lowerBound] ?? "status\(range.lowerBound)"
    }
}
