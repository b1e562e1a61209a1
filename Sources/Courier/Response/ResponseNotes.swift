/// What middleware did on the way to a response that the response itself does not show (the
/// attempts a ``RetryMiddleware`` made, a token refresh an ``AuthenticationMiddleware`` held back),
/// as sentences an error made from the response ends with.
///
/// Not part of a response's value: any two are equal, so two responses that arrived alike are
/// equal however the calls came to them.
struct ResponseNotes: Sendable, Hashable {
    /// The sentences, innermost middleware first.
    private(set) var sentences: [String] = []

    static func == (lhs: Self, rhs: Self) -> Bool { true }

    func hash(into hasher: inout Hasher) {}

    /// Adds `sentence`, a whole sentence with its full stop.
    mutating func add(_ sentence: String) {
        sentences.append(sentence)
    }

    /// `message` (a whole sentence) followed by the notes, a space before each.
    func appended(to message: String) -> String {
        sentences.reduce(message) { $0 + " " + $1 }
    }
}
