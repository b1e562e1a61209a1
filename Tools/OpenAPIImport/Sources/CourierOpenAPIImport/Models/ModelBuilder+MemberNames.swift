extension ModelBuilder {
    /// The Swift name of a property, parameter or part the document calls `name`, claimed in
    /// `scope`, with a `renamed` item at `pointer` when it is not the document's name as Swift
    /// writes names (`per_page` as `perPage` is): a name that is no Swift identifier (`café-id`,
    /// `2fa`, `@id`), one Swift reserves (`self`), one of symbols only (`😀`), or one whose Swift
    /// name another has taken. A keyword in backticks keeps its name and is not reported.
    ///
    /// `subject` names it in the item, such as "The query parameter page-size".
    mutating func claimMemberName(
        _ name: String, in scope: inout NameScope, at pointer: JSONPointer, subject: String
    ) -> String {
        claimName(
            name, wanted: SwiftNames.memberName(name), in: &scope, at: pointer, subject: subject, kept: "name"
        )
    }

    /// The Swift name of the case of a string enum's value `text`, claimed in `scope`, reported at
    /// `pointer` (the value in the `enum` list) by the rules of ``claimMemberName(_:in:at:subject:)``;
    /// besides, the empty value is `empty`, and `none` and `some` take a `Value` suffix.
    mutating func claimCaseName(_ text: String, in scope: inout NameScope, at pointer: JSONPointer) -> String
    {
        var wanted = text.isEmpty ? "empty" : SwiftNames.memberName(text)
        // `.none` and `.some` would read as an Optional's cases where the enum is optional.
        if ["none", "some"].contains(wanted) { wanted += "Value" }
        return claimName(
            text, wanted: wanted, in: &scope, at: pointer,
            subject: "The enum value \(text.isEmpty ? "\"\"" : text)", kept: "value")
    }

    /// Claims `wanted`, the Swift name of the document's `name`, and reports it when it is not
    /// `name` as Swift writes names; `kept` is what the wire keeps ("name", "value").
    private mutating func claimName(
        _ name: String, wanted: String, in scope: inout NameScope, at pointer: JSONPointer, subject: String,
        kept: String
    ) -> String {
        let claimed = scope.claim(wanted)
        let reason: String
        if claimed != wanted {
            reason = "since \(wanted) is taken"
        } else if name.isEmpty {
            reason = "since a Swift name cannot be empty"
        } else if SwiftNames.spells(name, as: claimed) {
            return claimed
        } else if ["selfValue", "superValue", "initValue", "deinitValue", "subscriptValue"].contains(wanted) {
            reason = "since Swift reserves its name"
        } else if ["noneValue", "someValue"].contains(wanted) {
            reason = "since .\(wanted.dropLast(5)) would read as an Optional's case"
        } else if SwiftNames.words(name).isEmpty {
            reason = "named after its symbols"
        } else {
            reason = "since its name is not a Swift identifier of letters and digits"
        }
        report.add(
            pointer, .renamed,
            "\(subject) is \(claimed) in Swift, \(reason); the document's \(kept) is kept on the wire.",
            changesExport: false)
        return claimed
    }
}
