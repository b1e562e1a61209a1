import Foundation

/// Resolving a request against the base it is sent to: the URL a transport gets.
extension BaseURL {
    /// Resolves `request` against this base: exactly one `/` between base path and endpoint path,
    /// and the endpoint can never change scheme, host or port.
    public func url(for request: EndpointRequest) throws(CourierError) -> URL {
        guard let url = URL(string: text(for: request)) else {
            throw CourierError(
                stage: .building, kind: .invalidBaseURL,
                message:
                    "The request could not be resolved against \(resolvingBase(for: request)) into a URL.",
                request: request
            )
        }
        return url
    }

    /// `url(for: request).absoluteString`, or `nil` when `request` does not resolve into a URL.
    ///
    /// When the host and base path are plain (see ``isPlain``), the resolved text is a URL exactly
    /// as written, so it is returned without parsing one.
    func absoluteString(for request: EndpointRequest) -> String? {
        let text = text(for: request)
        return isPlain && request.absoluteTarget == nil ? text : URL(string: text)?.absoluteString
    }

    /// The base `request` goes to: the origin and path of its ``EndpointRequest/absoluteURL``, or
    /// this one.
    ///
    /// The scheme, host and port a request reaches, as metrics and spans name the server:
    ///
    /// ```swift
    /// let server = baseURL.resolvingBase(for: request)
    /// print(server.host, server.effectivePort)  // cdn.example.net 8080, for an AbsoluteURL there
    /// ```
    public func resolvingBase(for request: EndpointRequest) -> BaseURL {
        request.absoluteTarget?.base ?? self
    }

    /// The text ``url(for:)`` parses: origin, path (``percentEncodedPath(for:)``) and query; for
    /// a request with an absolute URL, that URL's.
    func text(for request: EndpointRequest) -> String {
        if let target = request.absoluteTarget { return target.text(for: request) }
        var text: [UInt8] = []
        text.reserveCapacity(256)
        PercentEncoding.appendBytes(of: origin, to: &text)
        appendPath(for: request, to: &text)
        for (index, item) in request.query.enumerated() {
            text.append(UInt8(ascii: index == 0 ? "?" : "&"))
            PercentEncoding.append(item.name, to: &text)
            text.append(UInt8(ascii: "="))
            PercentEncoding.append(item.value, to: &text)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The path `request` resolves to: the base path segments, then the request's, percent-encoded,
    /// each after one `/`; `/` when there are none.
    func percentEncodedPath(for request: EndpointRequest) -> String {
        if let target = request.absoluteTarget { return target.percentEncodedPath(for: request) }
        return joinedPath(for: request)
    }

    /// This base's path segments, then the request's, percent-encoded, each after one `/`.
    func joinedPath(for request: EndpointRequest) -> String {
        var path: [UInt8] = []
        appendPath(for: request, to: &path)
        return String(decoding: path, as: UTF8.self)
    }

    /// Appends ``joinedPath(for:)`` to `bytes`: `/` when there are no segments.
    private func appendPath(for request: EndpointRequest, to bytes: inout [UInt8]) {
        guard !percentEncodedPathSegments.isEmpty || !request.pathSegments.isEmpty else {
            bytes.append(UInt8(ascii: "/"))
            return
        }
        for segment in percentEncodedPathSegments {
            bytes.append(UInt8(ascii: "/"))
            PercentEncoding.appendBytes(of: segment, to: &bytes)
        }
        for segment in request.pathSegments {
            bytes.append(UInt8(ascii: "/"))
            PercentEncoding.append(segment, to: &bytes)
        }
    }
}

extension AbsoluteTarget {
    /// The URL text for `request`: this URL's origin and path, then the request's path segments,
    /// then this URL's query and the request's query items.
    func text(for request: EndpointRequest) -> String {
        var text = base.origin + percentEncodedPath(for: request)
        let declared = request.percentEncodedQuery
        switch (percentEncodedQuery, declared) {
        case (nil, nil): break
        case (let own?, nil): text += "?" + own
        case (nil, let declared?): text += "?" + declared
        case (let own?, let declared?): text += "?" + own + "&" + declared
        }
        return text
    }

    /// The URL's path as given when the request declares no path segments; else its segments,
    /// then the request's.
    func percentEncodedPath(for request: EndpointRequest) -> String {
        request.pathSegments.isEmpty ? percentEncodedPath : base.joinedPath(for: request)
    }
}
