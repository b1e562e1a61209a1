/// Where a ``CookieJar`` keeps its persistent cookies between runs.
///
/// The jar loads once when it is created and saves every persistent cookie (those with an expiry
/// date) after each change; session cookies are never saved. A save that throws leaves the jar's
/// cookies as they are in memory, and the error reaches whoever made the change.
///
/// ```swift
/// let jar = try CookieJar(storage: FileCookieStorage(file: cookiesURL))
/// ```
///
/// Cookies are secrets: a storage keeps them where only the user can read them.
public protocol CookieStorage: Sendable {
    /// The cookies saved last; none when nothing was saved yet.
    func load() throws -> [StoredCookie]
    /// Replaces what is saved with `cookies`.
    func save(_ cookies: [StoredCookie]) throws
}
