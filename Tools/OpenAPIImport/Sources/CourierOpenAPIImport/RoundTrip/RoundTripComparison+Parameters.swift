extension RoundTripComparison {
    /// A parameter of an operation, its `$ref` followed.
    struct Parameter {
        /// `path`, `query`, `header` or `cookie`.
        var location: String
        var name: String
        /// What parameters match by: a path parameter's position in the template, another's
        /// location and name, a header's name lower-cased.
        var key: String
        /// The parameter object, where its `$ref` led.
        var definition: Located
        /// The entry in the `parameters` list that names it.
        var site: JSONPointer

        /// `query parameter limit`.
        var title: String { "\(location) parameter \(name)" }
    }

    /// Header parameters OpenAPI says elsewhere: the media types and the security schemes.
    private static let ignoredHeaders: Set<String> = ["accept", "content-type", "authorization"]

    /// Compares the parameters of two matched operations: the path item's and the operation's
    /// together (the operation's replacing one of the same location and name), path parameters
    /// by position.
    mutating func compareParameters(_ original: Operation, _ exported: Operation) {
        let left = parameters(of: original, on: .original, reportingAt: original.operation.pointer)
        let right = parameters(of: exported, on: .exported, reportingAt: original.operation.pointer)
        for (index, names) in zip(original.pathParameterNames, exported.pathParameterNames).enumerated()
        where names.0 != names.1 {
            let place = left.first { $0.key == "path #\(index)" }.map { $0.definition.place("name") }
            report(
                place ?? original.operation.pointer, "the name of path parameter \(index + 1)", is: names.0,
                names.1)
        }
        // An array the export names `tag[]` (brackets) is the document's `tag`, whatever style it says.
        func counterpart(of parameter: Parameter) -> Parameter? {
            right.first { $0.key == parameter.key } ?? right.first { $0.key == parameter.key + "[]" }
        }
        for parameter in left {
            if let counterpart = counterpart(of: parameter) {
                if counterpart.key != parameter.key {
                    report(parameter.site, "\(parameter.title) is named with [] in the export")
                }
                compareParameter(parameter, counterpart)
            } else {
                report(parameter.site, "\(parameter.title) is in the document and not in the export")
            }
        }
        for parameter in right
        where !left.contains(where: { $0.key == parameter.key || $0.key + "[]" == parameter.key }) {
            // A property of an object the document sends in the query (`x` of an exploded `point`,
            // `filter[name]` of a deepObject `filter`) is that object's difference.
            let owner = left.first { object in
                guard object.location == "query", parameter.location == "query" else { return false }
                if parameter.name.hasPrefix(object.name + "[") { return true }
                let schema = object.definition["schema"].flatMap { resolved($0, on: .original) }
                return schema?.value["properties"]?[parameter.name] != nil
            }
            // Any other is the operation's list's, where the document would list it, whether the
            // operation has a list or not.
            report(
                owner?.site ?? original.operation.pointer.appending("parameters"),
                "\(parameter.title) is in the export and not in the document")
        }
    }

    private mutating func parameters(of operation: Operation, on side: Side, reportingAt site: JSONPointer)
        -> [Parameter]
    {
        var result: [Parameter] = []
        for list in [operation.pathItem["parameters"], operation.operation["parameters"]] {
            for entry in list?.elements ?? [] {
                guard
                    let definition = resolving(
                        entry, on: side, reportingAt: side == .original ? entry.pointer : site),
                    let location = definition.value["in"]?.string,
                    let name = definition.value["name"]?.string,
                    location != "header" || !Self.ignoredHeaders.contains(name.lowercased())
                else { continue }
                let key =
                    switch location {
                    case "path":
                        operation.pathParameterNames.firstIndex(of: name).map { "path #\($0)" }
                            ?? "path \(name)"
                    case "header": "header \(name.lowercased())"
                    default: "\(location) \(name)"
                    }
                let parameter = Parameter(
                    location: location, name: name, key: key, definition: definition, site: entry.pointer)
                if let index = result.firstIndex(where: { $0.key == key }) {
                    result[index] = parameter
                } else {
                    result.append(parameter)
                }
            }
        }
        return result
    }

    /// Compares `required` (true for a path parameter, else false when absent), how the value is
    /// written, and its schema or content.
    private mutating func compareParameter(_ original: Parameter, _ exported: Parameter) {
        let left = original.definition
        let right = exported.definition
        let isPath = original.location == "path"
        let isRequired = left.value["required"]?.bool ?? isPath
        if isRequired != (right.value["required"]?.bool ?? isPath) {
            let (document, export) = isRequired ? ("required", "optional") : ("optional", "required")
            report(
                left.place("required"),
                "\(original.title) is \(document) in the document and \(export) in the export")
        }
        compareSerialisation(original, exported)
        switch (left["schema"], right["schema"], left["content"], right["content"]) {
        case (let schema?, let counterpart?, _, _):
            // A parameter's value is text, in which null has no form of its own: a value that may
            // be null is one that may be left out, which `required` says.
            compareSchemas(schema, counterpart, comparesNull: false)
        case (nil, nil, let content?, let counterpart?):
            compareContent(content, counterpart, in: left, ignoring: [])
        case (nil, nil, nil, nil): break
        default:
            func form(_ parameter: Located) -> String {
                parameter.value["schema"] != nil
                    ? "a schema" : parameter.value["content"] != nil ? "content" : "nothing"
            }
            report(
                left.pointer, "the value of \(original.title)", is: "described by \(form(left))",
                "by \(form(right))")
        }
    }

    /// Whether a parameter of `schema` may hold an array or an object: `true` unless its type
    /// says it holds one value.
    private func writesSeveralValues(_ schema: Located?) -> Bool {
        guard let schema, let target = resolved(schema, on: .original),
            let types = SchemaNormaliser.typeNames(target.value["type"]), !types.isEmpty
        else { return true }
        return types.contains("array") || types.contains("object")
    }

    /// Compares `style` (`form` for a query or cookie parameter, else `simple`, when absent),
    /// `explode` (true for `form`, else false, when absent) and `allowReserved` (false when absent).
    private mutating func compareSerialisation(_ original: Parameter, _ exported: Parameter) {
        let left = original.definition
        let right = exported.definition
        let defaultStyle = ["query", "cookie"].contains(original.location) ? "form" : "simple"
        let style = left.value["style"]?.string ?? defaultStyle
        let exportedStyle = right.value["style"]?.string ?? defaultStyle
        if style != exportedStyle {
            report(left.place("style"), "the style of \(original.title)", is: style, exportedStyle)
        }
        let explode = left.value["explode"]?.bool ?? (style == "form")
        let exportedExplode = right.value["explode"]?.bool ?? (exportedStyle == "form")
        // `explode` changes how an array or an object is written, not a single value.
        if explode != exportedExplode, writesSeveralValues(left["schema"]) {
            report(
                left.place("explode"), "explode of \(original.title)", is: "\(explode)", "\(exportedExplode)")
        }
        let allowsReserved = left.value["allowReserved"]?.bool ?? false
        let exportedAllowsReserved = right.value["allowReserved"]?.bool ?? false
        if allowsReserved != exportedAllowsReserved {
            report(
                left.place("allowReserved"), "allowReserved of \(original.title)", is: "\(allowsReserved)",
                "\(exportedAllowsReserved)")
        }
    }
}
