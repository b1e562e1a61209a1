extension ModelBuilder {
    /// Breaks every cycle of models that hold each other by value, which Swift cannot lay out: a
    /// union on a cycle becomes an `indirect` enum, and on a cycle of structs alone each property
    /// to a struct of the same cycle is stored in an `Indirect` box. Arrays and dictionaries
    /// already hold their elements out of line.
    mutating func breakCycles() {
        for component in cycles() {
            for index in declarations.indices {
                guard case .union(var union) = declarations[index], component.contains(union.name) else {
                    continue
                }
                union.isIndirect = true
                declarations[index] = .union(union)
            }
        }
        for component in cycles() {
            for index in declarations.indices {
                guard case .structure(var structure) = declarations[index], component.contains(structure.name)
                else { continue }
                for property in structure.properties.indices {
                    guard let target = directTarget(structure.properties[property].type),
                        component.contains(target)
                    else { continue }
                    structure.properties[property].isBoxed = true
                    usesIndirect = true
                }
                declarations[index] = .structure(structure)
            }
        }
    }

    /// Whether the struct `name`, or a struct it holds, has an array of objects.
    func holdsArraysOfObjects(_ name: String) -> Bool {
        var seen: Set<String> = []
        func visit(_ type: SwiftType) -> Bool {
            switch type {
            case .array(let element):
                if case .named(let model) = resolvedAlias(element), isStructure(model) { return true }
                return visit(element)
            case .dictionary(let value):
                return visit(value)
            case .named(let model):
                guard seen.insert(model).inserted else { return false }
                switch declaration(named: model) {
                case .structure(let structure): return structure.properties.contains { visit($0.type) }
                case .union(let union): return union.cases.contains { visit($0.type) }
                case .alias(let alias): return visit(alias.type)
                default: return false
                }
            case .builtin:
                return false
            }
        }
        return visit(.named(name))
    }

    /// The type of the property `jsonName` of the struct `model`, if it has one.
    func propertyType(_ jsonName: String, of model: String) -> SwiftType? {
        guard case .structure(let structure) = declaration(named: model) else {
            return nil
        }
        return structure.properties.first { $0.jsonName == jsonName }.map { resolvedAlias($0.type) }
    }

    /// Whether a value of `type` is a JSON object: a dictionary or a struct, through aliases.
    func isObjectLike(_ type: SwiftType) -> Bool {
        switch resolvedAlias(type) {
        case .dictionary: true
        case .named(let name): isStructure(name)
        default: false
        }
    }

    /// `type`, through aliases.
    func resolvedAlias(_ type: SwiftType) -> SwiftType {
        if case .named(let name) = type,
            case .alias(let alias) = declaration(named: name)
        {
            return resolvedAlias(alias.type)
        }
        return type
    }

    /// The struct or union a value of `type` holds inline, through aliases.
    private func directTarget(_ type: SwiftType) -> String? {
        guard case .named(let name) = type else { return nil }
        switch declaration(named: name) {
        case .structure, .union: return name
        case .alias(let alias): return directTarget(alias.type)
        default: return nil
        }
    }

    /// The strongly connected components with a cycle in the graph of models held inline
    /// (Tarjan's algorithm), skipping what `indirect` enums hold.
    private func cycles() -> [Set<String>] {
        var edges: [String: [String]] = [:]
        for declaration in declarations {
            switch declaration {
            case .structure(let structure):
                edges[structure.name] = structure.properties.filter { !$0.isBoxed }.compactMap {
                    directTarget($0.type)
                }
            case .union(let union) where !union.isIndirect:
                edges[union.name] = union.cases.compactMap { directTarget($0.type) }
            default:
                break
            }
        }
        var index = 0
        var indices: [String: Int] = [:]
        var lowLinks: [String: Int] = [:]
        var stack: [String] = []
        var onStack: Set<String> = []
        var result: [Set<String>] = []

        func connect(_ node: String) {
            indices[node] = index
            lowLinks[node] = index
            index += 1
            stack.append(node)
            onStack.insert(node)
            for next in edges[node] ?? [] {
                if indices[next] == nil {
                    connect(next)
                    lowLinks[node] = min(lowLinks[node]!, lowLinks[next]!)
                } else if onStack.contains(next) {
                    lowLinks[node] = min(lowLinks[node]!, indices[next]!)
                }
            }
            guard lowLinks[node] == indices[node] else { return }
            var component: Set<String> = []
            while let top = stack.popLast() {
                onStack.remove(top)
                component.insert(top)
                if top == node { break }
            }
            if component.count > 1 || (edges[node] ?? []).contains(node) { result.append(component) }
        }

        for declaration in declarations
        where indices[declaration.name] == nil && edges[declaration.name] != nil {
            connect(declaration.name)
        }
        return result
    }

    /// Reports every component schema whose model no exported endpoint uses, directly or
    /// through other models: the export lists only what its endpoints use. `hidden` are the
    /// types of the endpoints the export leaves out.
    mutating func reportUnused(byTypes roots: [String], leftOutOfTheExport hidden: [String] = []) {
        let reached = reachedTypes(from: roots)
        let reachedOnlyByHidden = reachedTypes(from: hidden)
        for (component, swiftName) in componentTypes.sorted(by: { $0.key < $1.key })
        where !reached.contains(swiftName) {
            report.add(
                Self.componentPointer(component), .notExpressed,
                reachedOnlyByHidden.contains(swiftName)
                    ? "Only endpoints the export leaves out (their method has no field in OpenAPI 3.1) use "
                        + "\(swiftName), so the export leaves it out too."
                    : multipartBodies[component].map {
                        "\(swiftName) is the multipart body of \($0), which declares a property per part; no "
                            + "endpoint uses the model itself, so the export writes the body's parts inline and "
                            + "leaves \(swiftName) out."
                    }
                        ?? "No endpoint uses \(swiftName), so the export, which lists what the endpoints use, leaves it out."
            )
        }
    }

    /// The models `roots` name, and every model those use.
    private func reachedTypes(from roots: [String]) -> Set<String> {
        var reached: Set<String> = []
        var pending = roots.flatMap(Self.typeNames(in:))
        while let name = pending.popLast() {
            guard reached.insert(name).inserted else { continue }
            switch declaration(named: name) {
            case .structure(let structure):
                pending += structure.properties.flatMap { Self.typeNames(in: $0.type.text) }
            case .union(let union): pending += union.cases.flatMap { Self.typeNames(in: $0.type.text) }
            case .alias(let alias): pending += Self.typeNames(in: alias.type.text)
            default: break
            }
        }
        return reached
    }

    /// The identifiers in a type's text (`[String: Pet]` → `String`, `Pet`).
    private static func typeNames(in text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }
}
