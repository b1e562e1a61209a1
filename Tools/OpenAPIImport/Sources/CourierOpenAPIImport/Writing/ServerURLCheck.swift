internal import Courier

/// Whether a server URL may be written as a `BaseURL("…")` literal, which traps on any text
/// `BaseURL(validating:)` refuses: decided by Courier's own `BaseURL`, so that the generated
/// `servers` list never traps.
enum ServerURLCheck {
    /// Courier's sentence saying why `BaseURL(validating: text)` refuses `text`, or `nil` when it
    /// accepts it.
    static func refusal(of text: String) -> String? {
        do {
            _ = try BaseURL(validating: text)
            return nil
        } catch {
            return error.message
        }
    }
}
