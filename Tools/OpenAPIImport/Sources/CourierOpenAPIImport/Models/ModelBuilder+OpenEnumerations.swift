extension ModelBuilder {
    /// The index of the enum among the two members of an `anyOf` of any string and an enum of
    /// two strings or more (a model's name: any, or one of those known), if `members` are those.
    /// A generated enum of strings holds any other string in its `unknown` case, so it says the
    /// same alone. An enum of one string (Stripe's `''` that clears a value) stays a union, whose
    /// `String` case a caller writes any other string with.
    func openEnumerationMember(of members: [DocumentValue]) -> Int? {
        guard members.count == 2 else { return nil }
        let isAnyString = members.map { member in
            member["type"] == .string("string")
                && (member.members?.allSatisfy { key, _ in
                    key == "type" || Self.descriptive.contains(key) || key.hasPrefix("x-")
                } ?? false)
        }
        guard let index = isAnyString.firstIndex(of: false), isAnyString[1 - index],
            let target = try? document.resolved(members[index], at: .root).value,
            let values = target["enum"]?.array, values.count > 1, values.allSatisfy({ $0.string != nil }),
            jsonTypes(of: target).allSatisfy({ $0 == "string" })
        else { return nil }
        return index
    }

    /// Reports an `anyOf` of any string and an enum of strings (``openEnumerationMember(of:)``),
    /// which is that enum in Swift and in the export.
    mutating func reportOpenEnumeration(_ schema: DocumentValue, at pointer: JSONPointer) {
        guard let members = schema["anyOf"]?.array?.filter({ !Self.isNull($0) }),
            openEnumerationMember(of: members) != nil
        else { return }
        report.add(
            pointer, .approximated,
            "The anyOf of any string and an enum of strings is that enum, whose unknown case holds any other "
                + "string; the export describes the enum alone.")
    }
}
