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
        let wanted = SwiftNames.memberName(name)
        let claimed = scope.claim(wanted)
        let reason: String
        if claimed != wanted {
            reason = "since \(wanted) is taken"
        } else if SwiftNames.spells(name, as: claimed) {
            return claimed
        } else if ["selfValue", "superValue", "initValue", "deinitValue", "subscriptValue"].contains(wanted) {
            reason = "since Swift reserves its name"
        } else if SwiftNames.words(name).isEmpty {
            reason = "named after its symbols"
        } else {
            reason = "since its name is not a Swift identifier of letters and digits"
        }
        report.add(
            pointer, .renamed,
            "\(subject) is \(claimed) in Swift, \(reason); the document's name is kept on the wire.",
            changesExport: false)
        return claimed
    }
}
