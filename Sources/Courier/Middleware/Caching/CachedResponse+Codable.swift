import Foundation

/// A stored response as a keyed container: header fields as `[name, value]` pairs in order, the
/// dates as seconds since 1970; a header name that is not a token fails to decode.
extension CachedResponse: Codable {
    private enum CodingKeys: String, CodingKey {
        case status, headers, body, url, requestDate, responseDate, varyDigests, credentialDigest
    }

    /// Decodes a stored response written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let pairs = try container.decode([[String]].self, forKey: .headers)
        var headers = HeaderFields()
        for pair in pairs {
            guard pair.count == 2, let name = HeaderName(validating: pair[0]) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .headers, in: container,
                    debugDescription: "A header field is not a name and a value.")
            }
            headers.append(HeaderField(name: name, value: pair[1]))
        }
        self.init(
            status: HTTPStatus(try container.decode(Int.self, forKey: .status)), headers: headers,
            body: try container.decode(Data.self, forKey: .body),
            url: try container.decodeIfPresent(URL.self, forKey: .url),
            requestDate: Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .requestDate)),
            responseDate: Date(
                timeIntervalSince1970: try container.decode(Double.self, forKey: .responseDate)),
            varyDigests: try container.decode([String: String].self, forKey: .varyDigests),
            credentialDigest: try container.decodeIfPresent(String.self, forKey: .credentialDigest))
    }

    /// Encodes the stored response.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status.code, forKey: .status)
        try container.encode(headers.map { [$0.name.rawValue, $0.value] }, forKey: .headers)
        try container.encode(body, forKey: .body)
        try container.encodeIfPresent(url, forKey: .url)
        try container.encode(requestDate.timeIntervalSince1970, forKey: .requestDate)
        try container.encode(responseDate.timeIntervalSince1970, forKey: .responseDate)
        try container.encode(varyDigests, forKey: .varyDigests)
        try container.encodeIfPresent(credentialDigest, forKey: .credentialDigest)
    }
}
