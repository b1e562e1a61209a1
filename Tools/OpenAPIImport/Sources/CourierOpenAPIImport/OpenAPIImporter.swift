import Foundation

/// Turns an OpenAPI 3.0, 3.1 or 3.2 document into Courier declarations: a model per schema, a
/// `CatalogEndpoint` per operation, and an enum that lists the servers and the endpoints.
///
/// ```swift
/// let result = try OpenAPIImporter(namespace: "PetStore").importDocument(text)
/// for file in result.files {
///     try file.contents.write(toFile: "Sources/PetStore/" + file.path, atomically: true, encoding: .utf8)
/// }
/// print(result.report.items.map(\.description).joined(separator: "\n"))
/// ```
///
/// The same document gives the same files, byte for byte. Whatever the Swift does not say as
/// the document does is an item of the ``ImportResult/report``.
public struct OpenAPIImporter: Sendable {
    /// The name of the enum that lists the endpoints and servers, used as it is written; `nil`
    /// takes one from the document's `info.title` (``ImportResult/namespace`` says which).
    public var namespace: String?
    /// Whether the declarations are `public` (the default) or internal.
    public var isPublic: Bool

    /// Creates an importer.
    ///
    /// - Parameters:
    ///   - namespace: The name of the enum that lists the endpoints and servers: a type name
    ///     (``check(namespace:)``) that is not a Swift keyword nor a type the generated code uses
    ///     (`Endpoint`, `Client`, `URL` …). `nil` (the default) makes one from the document's
    ///     `info.title` in `UpperCamelCase`, or `API`.
    ///   - isPublic: Whether the declarations are `public` (the default) or internal.
    public init(namespace: String? = nil, isPublic: Bool = true) {
        self.namespace = namespace
        self.isPublic = isPublic
    }

    /// Imports a document's JSON or YAML text.
    ///
    /// - Throws: ``ImportError`` when the text is not an OpenAPI 3.0, 3.1 or 3.2 document, or when
    ///   ``namespace`` cannot name a Swift enum.
    public func importDocument(_ text: String) throws(ImportError) -> ImportResult {
        let document = try SourceDocument(DocumentValue.parse(text))
        let access = isPublic ? "public " : ""
        var names = NameScope(reserved: SwiftNames.reservedTypes)
        let namespaceName = names.claim(try namespace.map(Self.checked) ?? Self.namespace(for: document))
        var models = ModelBuilder(document: document, report: ImportReport(), namespace: namespaceName)
        models.typeNames = names
        models.declareComponents()
        var endpoints = EndpointBuilder(models: models)
        endpoints.declareOperations()
        models = endpoints.models
        models.reportExtensions()
        models.breakCycles()
        models.reportUnused(
            byTypes: endpoints.endpoints.filter(\.isExported).flatMap(\.usedTypes),
            leftOutOfTheExport: endpoints.endpoints.filter { !$0.isExported }.flatMap(\.usedTypes))

        var files: [GeneratedFile] = []
        let modelWriter = ModelWriter(access: access, namespace: namespaceName)
        for declaration in models.declarations {
            files.append(
                GeneratedFile(
                    path: "Models/\(declaration.name).swift", contents: modelWriter.file(declaration)))
        }
        if models.usesIndirect {
            files.append(
                GeneratedFile(
                    path: "Models/\(namespaceName)+Indirect.swift", contents: modelWriter.indirectFile()))
        }
        if models.usesJSONBody {
            files.append(
                GeneratedFile(
                    path: "Models/\(namespaceName)+JSONBody.swift", contents: modelWriter.jsonBodyFile()))
        }
        if models.usesJSONValue {
            files.append(
                GeneratedFile(
                    path: "Models/\(namespaceName)+JSONValue.swift", contents: modelWriter.jsonValueFile()))
        }
        let endpointWriter = EndpointWriter(access: access)
        for endpoint in endpoints.endpoints {
            files.append(
                GeneratedFile(
                    path: "Endpoints/\(endpoint.name).swift", contents: endpointWriter.file(endpoint)))
            if case .documented(let failure) = endpoint.failure {
                files.append(
                    GeneratedFile(
                        path: "Endpoints/\(failure.name).swift",
                        contents: endpointWriter.file(failure, of: endpoint.name)))
            }
        }
        var report = models.report
        files.append(
            GeneratedFile(
                path: "\(namespaceName).swift",
                contents: namespaceFile(
                    namespaceName, document: document, endpoints: endpoints.endpoints.map(\.name),
                    access: access,
                    report: &report)))
        return ImportResult(
            namespace: namespaceName, files: files, report: report, operationCount: endpoints.endpoints.count)
    }

    /// Checks that `name` can name the generated enum as it is written: a type name in
    /// `UpperCamelCase` (ASCII letters and digits, a capital first, so that no generated member,
    /// which starts in lower case, hides it) that Swift and the generated code do not use
    /// already. ``importDocument(_:)`` checks it too.
    ///
    /// - Throws: ``ImportError`` saying what to change.
    public static func check(namespace name: String) throws(ImportError) {
        guard let first = name.first, first.isASCII, first.isUppercase,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else {
            throw ImportError(
                "The namespace \(name) is not a type name: use ASCII letters and digits, starting with a capital letter."
            )
        }
        guard !SwiftNames.keywords.contains(name), !SwiftNames.reservedTypes.contains(name) else {
            throw ImportError(
                "The namespace \(name) is a name Swift or the generated code already uses; choose another, such as \(name)API."
            )
        }
    }

    private static func checked(_ name: String) throws(ImportError) -> String {
        try check(namespace: name)
        return name
    }

    /// A namespace from the document's `info.title` (`Swagger Petstore` → `SwaggerPetstore`),
    /// with an `API` suffix where the title alone names a Swift keyword or a type the generated
    /// code uses; `API` without a title.
    private static func namespace(for document: SourceDocument) -> String {
        let title = document.root["info"]?["title"]?.string ?? ""
        let name = SwiftNames.words(title).isEmpty ? "API" : SwiftNames.typeName(title)
        return SwiftNames.keywords.contains(name) || SwiftNames.reservedTypes.contains(name)
            ? name + "API" : name
    }

    private func namespaceFile(
        _ name: String, document: SourceDocument, endpoints: [String], access: String,
        report: inout ImportReport
    ) -> String {
        var source = SourceText()
        source.line("import Courier")
        source.line()
        let info = document.root["info"]
        var documentation: [String] = []
        if let title = info?["title"]?.string {
            documentation.append(title + (info?["version"]?.string.map { " \($0)" } ?? ""))
        }
        if let description = info?["description"]?.string ?? info?["summary"]?.string {
            if !documentation.isEmpty { documentation.append("") }
            documentation += ModelBuilder.lines(description)
        }
        if !documentation.isEmpty { documentation.append("") }
        documentation.append("The endpoints of the API, and the servers it is served from.")
        source.doc(documentation)
        source.block("\(access)enum \(name)") { source in
            let servers = listedServers(document, report: &report)
            var serversDocumentation = ["The servers the document lists, in its order."]
            let described = servers.filter { $0.description != nil }
            if !described.isEmpty {
                serversDocumentation += [""] + described.map { "- `\($0.url)`: \($0.description!)" }
            }
            source.doc(serversDocumentation)
            source.line(
                "\(access)static let servers: [BaseURL] = ["
                    + servers.map { "BaseURL(\(ModelBuilder.stringLiteral($0.url)))" }.joined(separator: ", ")
                    + "]")
            source.line()
            source.doc([
                "Every endpoint, in the order of the document's paths and their methods: what a server routes by "
                    + "and what exports the document."
            ])
            source.line("\(access)static let endpoints: [any CatalogEndpoint.Type] = [")
            for endpoint in endpoints {
                source.line("    \(endpoint).self,")
            }
            source.line("]")
        }
        return source.text
    }

    /// Each server with an absolute http(s) URL that ``BaseURL`` accepts, its variables at their
    /// defaults, and its description on one line.
    private func listedServers(_ document: SourceDocument, report: inout ImportReport) -> [(
        url: String, description: String?
    )] {
        var servers: [(url: String, description: String?)] = []
        serverLoop: for (offset, server) in (document.root["servers"]?.array ?? []).enumerated() {
            let pointer = JSONPointer(tokens: ["servers", String(offset)])
            guard var url = server["url"]?.string else { continue }
            for (variable, definition) in server["variables"]?.members ?? .init() {
                // The default is a string by the specification; a document that writes a number
                // (a port) means its text.
                let value: String
                switch definition["default"] {
                case .string(let text): value = text
                case .integer(let number): value = String(number)
                case .number(let number): value = String(number)
                case .bool(let flag): value = String(flag)
                default:
                    report.add(
                        pointer.appending("variables", variable), .notExpressed,
                        "The server variable \(variable) has no default, which OpenAPI requires, so the server "
                            + "\(url) is not listed; give the client its base URL yourself.",
                        changesExport: false)
                    continue serverLoop
                }
                url = url.replacingOccurrences(of: "{\(variable)}", with: value)
                let others = (definition["enum"]?.array ?? []).compactMap { value -> String? in
                    switch value {
                    case .string(let text): text
                    case .integer(let number): String(number)
                    default: nil
                    }
                }.filter { $0 != value }
                report.add(
                    pointer.appending("variables", variable), .approximated,
                    "The server variable \(variable) takes its default, \(value)"
                        + (others.isEmpty
                            ? "."
                            : "; for its other values (\(others.joined(separator: ", "))), give the client "
                                + "BaseURL(validating:) of the URL with one of them."),
                    changesExport: false)
            }
            guard let reason = Self.refusal(ofServer: url) else {
                let description = server["description"]?.string.map {
                    ModelBuilder.lines($0).joined(separator: " ")
                }
                servers.append((url, description?.isEmpty == false ? description : nil))
                continue
            }
            report.add(pointer, .notExpressed, reason, changesExport: false)
        }
        return servers
    }

    /// Why a server URL (its variables replaced) is not listed as a `BaseURL`, or `nil`: it is
    /// relative, or it is a URL that a `BaseURL` literal would trap on (``BaseURLRule``).
    static func refusal(ofServer url: String) -> String? {
        if url.hasPrefix("/") || !url.contains("://") {
            return
                "The server \(url) is relative to where the document is served, which the document does not "
                + "say; the endpoints' paths follow it, so give the client a base URL that ends in its path yourself."
        }
        // A variable the server does not declare is left in braces, which no URL has.
        if url.contains("{") || url.contains("}") {
            return
                "The server \(url) names a variable it does not declare; give the client its base URL yourself."
        }
        guard let reason = BaseURLRule.refusal(of: url) else { return nil }
        return
            "The server \(url) is not a URL that a BaseURL accepts: \(reason); give the client its base URL yourself."
    }
}
