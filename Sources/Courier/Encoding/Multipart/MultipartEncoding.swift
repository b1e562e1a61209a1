import Foundation

/// Lays out `multipart/form-data` (RFC 7578) as body segments: headers and in-memory parts as
/// bytes, files as file segments read while sending.
enum MultipartEncoding {
    /// The body for `parts`, with a random boundary unless one is given.
    static func body(_ parts: [MultipartPart], boundary: String?) throws(CourierError) -> RequestBody {
        guard !parts.isEmpty else {
            throw CourierError(
                stage: .building, kind: .bodyEncodingFailed,
                message: "A multipart body needs at least one part (RFC 2046)."
            )
        }
        var files: [URL: Int64] = [:]
        for part in parts {
            switch part.content {
            case .file(let url): files[url] = try BodyFile.length(of: url)
            case .unencodable(let reason):
                throw CourierError(
                    stage: .building, kind: .bodyEncodingFailed,
                    message: "The multipart part \"\(part.name)\" was not sent: \(reason).")
            case .text, .data: break
            }
        }
        let chosen = try boundary.map { (given) throws(CourierError) in try validated(given, parts: parts) }
        let finalBoundary = chosen ?? freshBoundary(avoiding: parts)
        var segments: [RequestBody.Segment] = []
        for part in parts {
            segments.append(.data(Data(("--" + finalBoundary + "\r\n" + headers(of: part) + "\r\n").utf8)))
            switch part.content {
            case .text(let text): segments.append(.data(Data(text.utf8)))
            case .data(let data): segments.append(.data(data))
            case .file(let url): segments.append(.file(url, length: files[url] ?? 0))
            case .unencodable: break  // Refused above.
            }
            segments.append(.data(Data("\r\n".utf8)))
        }
        segments.append(.data(Data(("--" + finalBoundary + "--\r\n").utf8)))
        // `( ) , / : = ?` are allowed in a boundary but not in an RFC 9110 token, so such a
        // boundary is a quoted-string in the header (no boundary character needs escaping).
        let parameter = HTTPToken.isValid(finalBoundary) ? finalBoundary : "\"" + finalBoundary + "\""
        let contentType = MediaType(known: "multipart/form-data; boundary=" + parameter)
        return RequestBody(segments: segments, contentType: contentType)
    }

    /// The part's header lines, each ending in CRLF.
    static func headers(of part: MultipartPart) -> String {
        var disposition = "form-data; name=\"\(escape(part.name))\""
        // No RFC 8187 `filename*`: RFC 7578 §4.2 forbids it in form data; a name outside ASCII
        // goes as UTF-8 in the quoted `filename`, as browsers send it.
        if let filename = part.filename {
            disposition += "; filename=\"\(escape(filename))\""
        }
        var lines = "Content-Disposition: \(disposition)\r\n"
        if let contentType = part.contentType {
            lines += "Content-Type: \(contentType.rawValue)\r\n"
        }
        return lines
    }

    /// A quoted-string body as browsers write it: `"`, CR and LF percent-encoded, so no name can
    /// end the quotes or the header early. Other characters, UTF-8 included, stay as they are.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "%22"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// `courier-` and 48 hex digits: 192 random bits, regenerated in the (astronomically unlikely)
    /// case that an in-memory part contains it.
    static func freshBoundary(avoiding parts: [MultipartPart]) -> String {
        var generator = SystemRandomNumberGenerator()
        while true {
            let bits = (0..<3).map { _ in String(generator.next() as UInt64, radix: 16) }
            let boundary =
                "courier-" + bits.map { String(repeating: "0", count: 16 - $0.count) + $0 }.joined()
            if !occurs(boundary, in: parts) { return boundary }
        }
    }

    /// A caller's boundary, checked against RFC 2046 and against every in-memory part.
    static func validated(_ boundary: String, parts: [MultipartPart]) throws(CourierError) -> String {
        let allowed = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=?")
        guard (1...70).contains(boundary.count), boundary.allSatisfy(allowed.contains) else {
            throw CourierError(
                stage: .building, kind: .bodyEncodingFailed,
                message:
                    "A multipart boundary has 1 to 70 letters, digits or '()+_,-./:=? (RFC 2046), "
                    + "without spaces."
            )
        }
        guard !occurs(boundary, in: parts) else {
            throw CourierError(
                stage: .building, kind: .bodyEncodingFailed,
                message: "The multipart boundary occurs inside one of the parts; choose another."
            )
        }
        return boundary
    }

    /// Whether `--boundary` occurs in a part's headers or in-memory content. File parts are not
    /// read (that would mean reading the whole file before sending); with 192 random bits a
    /// collision is not a practical concern.
    private static func occurs(_ boundary: String, in parts: [MultipartPart]) -> Bool {
        let delimiter = Data(("--" + boundary).utf8)
        return parts.contains { part in
            if Data(headers(of: part).utf8).range(of: delimiter) != nil { return true }
            switch part.content {
            case .text(let text): return Data(text.utf8).range(of: delimiter) != nil
            case .data(let data): return data.range(of: delimiter) != nil
            case .file, .unencodable: return false
            }
        }
    }
}
