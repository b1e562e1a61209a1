/// The last text a middleware wrote from a request's path, query and base (its URL, its path, or
/// a value of such texts), so that a client sending the same request value again (an endpoint
/// declared once, as a `static let`) does not write it again.
///
/// It finds a request by the storage of its path segments and query items and by the base, as
/// the client's memo of built URLs does: the memo holds both arrays, so their buffers cannot be
/// freed, reused or changed in place while it remembers them, and the same buffer holds the same
/// values. A request with an absolute URL is never remembered, nor, as by the client's memo, one
/// with a secret or sensitive-by-default header or query item (``EndpointRequest/carriesSecret``),
/// nor one its caller says not to: a middleware does not keep a credential alive after the call
/// that sent it. Copies of a memo share what it remembers.
struct RequestTextMemo<Text: Sendable>: Sendable {
    private struct Entry: Sendable {
        let base: BaseURL
        let pathSegments: [String]
        let query: [QueryItem]
        let text: Text
    }

    private let entry = LockedValue<Entry?>(nil)

    /// `write(request, baseURL)`, remembered for the last request unless `remember` is `false`;
    /// `write` must read nothing of the request but its path segments, query and absolute URL.
    func text(
        for request: EndpointRequest, baseURL: BaseURL, remember: Bool = true,
        write: (EndpointRequest, BaseURL) -> Text
    ) -> Text {
        guard request.absoluteTarget == nil else { return write(request, baseURL) }
        let remembered = entry.withLock { entry -> Text? in
            guard let entry, BuiltRequestMemo.isSameStorage(entry.pathSegments, request.pathSegments),
                BuiltRequestMemo.isSameStorage(entry.query, request.query), entry.base == baseURL
            else { return nil }
            return entry.text
        }
        if let remembered { return remembered }
        let text = write(request, baseURL)
        guard remember, !request.carriesSecret else { return text }
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
