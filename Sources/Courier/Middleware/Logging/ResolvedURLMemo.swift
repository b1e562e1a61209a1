/// The text of the last URL a ``LoggingMiddleware`` resolved, so that a client sending the same
/// request value again (an endpoint declared once, as a `static let`) does not write it again.
///
/// It finds a request by the storage of its path segments and query items and by the base, as
/// the client's memo of built URLs does: the memo holds both arrays, so their buffers cannot be
/// freed, reused or changed in place while it remembers them, and the same buffer holds the same
/// values. A request with an absolute URL, or with a secret query value, is never remembered.
struct ResolvedURLMemo: Sendable {
    private struct Entry: Sendable {
        let base: BaseURL
        let pathSegments: [String]
        let query: [QueryItem]
        let text: String
    }

    private let entry = LockedValue<Entry?>(nil)

    /// ``LogRedaction/resolvedText(of:baseURL:)``, remembered for the last request.
    func resolvedText(of request: EndpointRequest, baseURL: BaseURL) -> String {
        guard request.absoluteTarget == nil else {
            return LogRedaction.resolvedText(of: request, baseURL: baseURL)
        }
        let remembered = entry.withLock { entry -> String? in
            guard let entry, BuiltRequestMemo.isSameStorage(entry.pathSegments, request.pathSegments),
                BuiltRequestMemo.isSameStorage(entry.query, request.query), entry.base == baseURL
            else { return nil }
            return entry.text
        }
        if let remembered { return remembered }
        let text = LogRedaction.resolvedText(of: request, baseURL: baseURL)
        guard !request.hasSecretQuery else { return text }
        let replaced = entry.withLock { entry in
            defer {
                entry = Entry(
                    base: baseURL, pathSegments: request.pathSegments, query: request.query, text: text)
            }
            return entry
        }
        // The replaced entry is released here, after the lock is given back.
        withExtendedLifetime(replaced) {}
        return text
    }
}
