import Foundation

extension RoundTripComparison {
    /// One operation of a document, with the path item it sits in.
    struct Operation {
        var path: String
        var method: String
        var pathItem: Located
        var operation: Located

        /// The path template with its parameters' names left out (`/pets/{}`) and its literal
        /// text percent-decoded but for `%2F`, a slash inside a segment: operations match by it
        /// and their method.
        var template: String {
            Self.pieces(of: path).map { piece in
                guard !piece.hasPrefix("{") else { return "{}" }
                return piece.split(separator: "/", omittingEmptySubsequences: false).map { text in
                    (text.removingPercentEncoding ?? String(text)).replacingOccurrences(of: "/", with: "%2F")
                }
                .joined(separator: "/")
            }
            .joined()
        }

        /// The names of the path parameters, in order.
        var pathParameterNames: [String] {
            Self.pieces(of: path).filter { $0.hasPrefix("{") }.map { String($0.dropFirst().dropLast()) }
        }

        /// `GET /pets/{petId}`.
        var title: String { method.uppercased() + " " + path }

        /// The path split into literal text and `{name}` parameters.
        private static func pieces(of path: String) -> [String] {
            var pieces: [String] = []
            var current = ""
            for character in path {
                if character == "{", !current.isEmpty {
                    pieces.append(current)
                    current = ""
                }
                current.append(character)
                if character == "}" {
                    pieces.append(current)
                    current = ""
                }
            }
            if !current.isEmpty { pieces.append(current) }
            return pieces
        }
    }

    /// The methods OpenAPI 3.2 has a path item field for (3.1's and `query`); 3.2's
    /// `additionalOperations` holds the others.
    private static let methods = Set(EndpointBuilder.methods32)

    /// Matches the operations of both documents by method and path template and compares each
    /// pair; an operation on one side only is a difference at its `/paths/<path>/<method>`.
    mutating func compareOperations() {
        let originals = operations(on: .original)
        let exports = operations(on: .exported)
        var matched: Set<String> = []
        for operation in originals {
            let key = operation.method + " " + operation.template
            if let counterpart = exports.first(where: { $0.method + " " + $0.template == key }) {
                matched.insert(key)
                compare(operation, counterpart)
            } else {
                report(
                    operation.operation.pointer,
                    "operation \(operation.title) is in the document and not in the export")
            }
        }
        for operation in exports where !matched.contains(operation.method + " " + operation.template) {
            report(
                JSONPointer(tokens: ["paths", operation.path, operation.method]),
                "operation \(operation.title) is in the export and not in the document")
        }
    }

    private mutating func operations(on side: Side) -> [Operation] {
        let paths = located(JSONPointer(tokens: ["paths"]), on: side)
        var operations: [Operation] = []
        // A key that starts with `x-` is an extension of the paths object, not a path.
        for (path, item) in paths?.members ?? [] where !path.hasPrefix("x-") {
            guard let pathItem = resolving(item, on: side, reportingAt: item.pointer) else { continue }
            for (method, operation) in pathItem.members where Self.methods.contains(method) {
                operations.append(
                    Operation(path: path, method: method, pathItem: pathItem, operation: operation))
            }
            for (method, operation) in pathItem["additionalOperations"]?.members ?? [] {
                operations.append(
                    Operation(path: path, method: method, pathItem: pathItem, operation: operation))
            }
        }
        return operations
    }

    private mutating func compare(_ original: Operation, _ exported: Operation) {
        compareOperationIDs(original, exported)
        compareDocumentation(original, exported)
        compareParameters(original, exported)
        compareSecurity(original, exported)
        compareRequestBodies(original, exported)
        compareResponses(original, exported)
    }

    /// Compares what the operation says of itself, which the endpoint's `EndpointDocumentation`
    /// carries: a non-empty `summary` and `description` as written, the `tags` each once in order
    /// (empty ones left out), and `deprecated`.
    private mutating func compareDocumentation(_ original: Operation, _ exported: Operation) {
        for key in ["summary", "description"] {
            guard let text = original.operation[key], text.value.string?.isEmpty == false else { continue }
            let counterpart = exported.operation.value[key]
            if counterpart?.string != text.value.string {
                report(text.pointer, key, is: text.value.phrase, counterpart.phrase)
            }
        }
        func tags(_ operation: Operation) -> [String] {
            var listed: [String] = []
            for tag in operation.operation.value["tags"]?.array?.compactMap(\.string) ?? []
            where !tag.isEmpty && !listed.contains(tag) {
                listed.append(tag)
            }
            return listed
        }
        if tags(original) != tags(exported) {
            report(
                original.operation.pointer.appending("tags"), "tags",
                is: tags(original).description, tags(exported).description)
        }
        let deprecated = original.operation.value["deprecated"]?.bool == true
        if deprecated != (exported.operation.value["deprecated"]?.bool == true) {
            report(
                original.operation.pointer.appending("deprecated"), "deprecated",
                is: String(deprecated), String(!deprecated))
        }
    }

    /// Compares `operationId`s lower-cased, letters and digits only, when the original has one.
    private mutating func compareOperationIDs(_ original: Operation, _ exported: Operation) {
        guard let identifier = original.operation["operationId"] else { return }
        func normalised(_ value: DocumentValue?) -> String {
            String((value?.string ?? "").lowercased().filter { $0.isLetter || $0.isNumber })
        }
        let counterpart = exported.operation.value["operationId"]
        if normalised(identifier.value) != normalised(counterpart) {
            report(identifier.pointer, "operationId", is: identifier.value.phrase, counterpart.phrase)
        }
    }
}
