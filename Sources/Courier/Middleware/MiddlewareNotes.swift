/// What middleware did on the way to a response or an error that it does not show itself (the
/// attempts a ``RetryMiddleware`` made, a token refresh an ``AuthenticationMiddleware`` held
/// back): sentences the message of an error goes on with, whether the error was thrown on the way
/// or made from the response.
///
/// Notes are Courier's own sentences, with counts and durations: they never quote the request or
/// the response, since an error shows them without redacting them.
///
/// Not part of a response's value: any two are equal, so two responses that arrived alike are
/// equal however the calls came to them.
struct MiddlewareNotes: Sendable, Hashable {
    /// What the notes say; kept out of line, so that a response without notes, nearly every one,
    /// grows by a pointer only.
    private struct Content: Sendable {
        var sentences: [String] = []
        var retrySends: Int?
        var retryHeldBack: String?
    }

    private enum Storage: Sendable {
        case empty
        indirect case noted(Content)
    }

    private var storage = Storage.empty

    private var content: Content {
        get {
            if case .noted(let content) = storage { return content }
            return Content()
        }
        set { storage = .noted(newValue) }
    }

    /// Sentences of middleware other than the retry's, innermost middleware first.
    var sentences: [String] { content.sentences }
    /// How many times retry middleware tried the request in all, when it tried it more than once.
    var retrySends: Int? {
        get { content.retrySends }
        set { content.retrySends = newValue }
    }
    /// Why the outermost retry middleware that held back a due retry did not make it.
    var retryHeldBack: String? {
        get { content.retryHeldBack }
        set { content.retryHeldBack = newValue }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { true }

    func hash(into hasher: inout Hasher) {}

    /// Adds `sentence`, a whole sentence with its full stop.
    mutating func add(_ sentence: String) {
        content.sentences.append(sentence)
    }

    /// `message` (a whole sentence) followed by the notes, a space before each: the other
    /// middleware's sentences, then the retry middleware's (how many times it tried the request,
    /// and why it did not send it again when a retry was due).
    func appended(to message: String) -> String {
        var notes = sentences
        if let retrySends {
            notes.append(
                "RetryMiddleware tried the request \(retrySends) times; this is what the last attempt got.")
        }
        if let retryHeldBack {
            notes.append("RetryMiddleware did not send the request again: \(retryHeldBack).")
        }
        return notes.reduce(message) { $0 + " " + $1 }
    }
}

extension RawResponse {
    /// The response with `note` added to what an error made from it says.
    func noting(_ note: String) -> RawResponse {
        var response = self
        response.notes.add(note)
        return response
    }
}
