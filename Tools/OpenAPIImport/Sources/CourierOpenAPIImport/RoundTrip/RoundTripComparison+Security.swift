extension RoundTripComparison {
    /// Compares the security an operation requires (its own `security`, else the document's)
    /// as a set of alternatives, each a set of schemes told apart by what they are, not by
    /// their keys; `{}`, or no requirement at all, is the alternative of no credentials.
    mutating func compareSecurity(_ original: Operation, _ exported: Operation) {
        let (left, place) = requirement(of: original, on: .original)
        let (right, _) = requirement(of: exported, on: .exported)
        let leftAlternatives = alternatives(left, on: .original)
        let rightAlternatives = alternatives(right, on: .exported)
        if leftAlternatives != rightAlternatives {
            report(
                place ?? original.operation.pointer, "security",
                is: leftAlternatives.sorted().joined(separator: " or "),
                rightAlternatives.sorted().joined(separator: " or "))
        }
    }

    /// The requirement list that applies to `operation`, and where it is written.
    private func requirement(of operation: Operation, on side: Side) -> (DocumentValue?, JSONPointer?) {
        if let own = operation.operation["security"] { return (own.value, own.pointer) }
        let global = located(JSONPointer(tokens: ["security"]), on: side)
        return (global?.value, global?.pointer)
    }

    /// Each alternative of a requirement list, as a sentence naming its schemes and the scopes
    /// or roles each requires.
    private func alternatives(_ requirement: DocumentValue?, on side: Side) -> Set<String> {
        let list = requirement?.array ?? []
        guard !list.isEmpty else { return ["no credentials"] }
        return Set(
            list.map { alternative in
                let schemes = (alternative.members ?? .init()).map { name, scopes in
                    let scopes = Set((scopes.array ?? []).compactMap(\.string)).sorted()
                    return scheme(named: name, on: side)
                        + (scopes.isEmpty ? "" : " requiring \(scopes.joined(separator: ", "))")
                }
                return schemes.isEmpty ? "no credentials" : Set(schemes).sorted().joined(separator: " and ")
            })
    }

    /// What the security scheme `name` of `side` is: `HTTP bearer`, `API key in header x-api-key`.
    private func scheme(named name: String, on side: Side) -> String {
        let place = JSONPointer(tokens: ["components", "securitySchemes", name])
        guard let entry = located(place, on: side), let definition = resolved(entry, on: side) else {
            return "the undefined scheme \(name)"
        }
        let scheme = definition.value
        switch scheme["type"]?.string {
        case "http": return "HTTP \((scheme["scheme"]?.string ?? "").lowercased())"
        case "apiKey":
            let location = scheme["in"]?.string ?? ""
            let key = scheme["name"]?.string ?? ""
            return "API key in \(location) \(location == "header" ? key.lowercased() : key)"
        case "oauth2": return "OAuth 2"
        case "openIdConnect": return "OpenID Connect"
        case "mutualTLS": return "mutual TLS"
        default: return "the scheme \(name)"
        }
    }
}
