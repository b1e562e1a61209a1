import Foundation

/// Reads a `multipart/form-data` body (RFC 7578) back into its parts, as a server receives it:
/// the reverse of ``MultipartEncoding``.
///
/// A body that stops before its closing boundary is refused, so a truncated upload is never
/// read as a shorter one.
enum MultipartReading {
    /// One part as received.
    struct Part: Hashable {
        /// The field name of its `Content-Disposition`.
        let name: String
        /// Its file name: `filename*` when present, else `filename`.
        let filename: String?
        /// Its `Content-Type` value as written, if any.
        let contentType: String?
        /// Its bytes.
        let content: Data
    }

    /// Why a body is not a complete `multipart/form-data` body.
    struct Failure: Error, Hashable {
        /// The reason, as a sentence fragment (`"has no closing boundary"`).
        let reason: String
    }

    /// The parts of `body`, in order.
    static func parts(of body: Data, contentType: MediaType) throws(Failure) -> [Part] {
        guard contentType.essence == "multipart/form-data" else {
            throw Failure(reason: "is \(contentType.essence), not multipart/form-data")
        }
        guard let boundary = contentType.parameter("boundary"), (1...70).contains(boundary.count) else {
            throw Failure(reason: "declares no boundary of 1 to 70 characters")
        }
        let crlf = Data("\r\n".utf8)
        let delimiter = Data("--\(boundary)".utf8)
        let end = body.endIndex
        var cursor: Data.Index
        if body.starts(with: delimiter) {
            cursor = body.startIndex + delimiter.count
        } else if let first = body.range(of: crlf + delimiter) {
            cursor = first.upperBound  // after a preamble
        } else {
            throw Failure(reason: "does not contain its boundary")
        }
        var parts: [Part] = []
        while true {
            if body[cursor...].starts(with: Data("--".utf8)) {
                // The close delimiter; an epilogue after it is ignored. Browsers send a form
                // without fields as the close delimiter alone, which RFC 2046's grammar does not
                // allow: it reads as no parts.
                return parts
            }
            while cursor < end, body[cursor] == UInt8(ascii: " ") || body[cursor] == UInt8(ascii: "\t") {
                cursor += 1
            }
            guard body[cursor...].starts(with: crlf) else {
                throw Failure(
                    reason: cursor == end
                        ? "ends before its closing boundary" : "has text after a boundary on its line")
            }
            cursor += crlf.count
            guard let next = body.range(of: crlf + delimiter, in: cursor..<end) else {
                throw Failure(reason: "ends before its closing boundary")
            }
            parts.append(try part(body[cursor..<next.lowerBound]))
            cursor = next.upperBound
        }
    }

    /// One part: header lines, a blank line, the content.
    private static func part(_ bytes: Data) throws(Failure) -> Part {
        let crlf = Data("\r\n".utf8)
        let head: Data
        let content: Data
        if bytes.starts(with: crlf) {
            head = Data()
            content = bytes.dropFirst(crlf.count)
        } else if let blank = bytes.range(of: crlf + crlf) {
            head = bytes[bytes.startIndex..<blank.lowerBound]
            content = bytes[blank.upperBound...]
        } else if bytes.suffix(crlf.count) == crlf {
            // Header lines and no content: RFC 2046 §5.1.1 makes the blank line and the content
            // optional (`body-part := MIME-part-headers [CRLF *OCTET]`).
            head = bytes
            content = Data()
        } else {
            throw Failure(reason: "has a part without a blank line after its headers")
        }
        guard let lines = String(data: head, encoding: .utf8) else {
            throw Failure(reason: "has part headers that are not UTF-8")
        }
        // A line that starts with a space or a tab continues the header above it (RFC 5322
        // §2.2.3 folding, which RFC 2046 part headers allow).
        var unfolded: [String] = []
        for line in lines.components(separatedBy: "\r\n") where !line.isEmpty {
            if line.unicodeScalars.first == " " || line.unicodeScalars.first == "\t",
                let previous = unfolded.popLast()
            {
                unfolded.append(previous + line)
            } else {
                unfolded.append(line)
            }
        }
        var disposition: String?
        var contentType: String?
        for line in unfolded {
            guard let colon = line.firstIndex(of: ":") else {
                throw Failure(reason: "has a part header line without a colon")
            }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch line[..<colon].lowercased() {
            case "content-disposition": disposition = value
            case "content-type": contentType = value
            case "content-transfer-encoding":
                // RFC 7578 §4.7: senders should not use one. Read as it is written, the content of
                // a base64 or quoted-printable part would be its encoded text.
                guard ["7bit", "8bit", "binary"].contains(value.lowercased()) else {
                    throw Failure(
                        reason:
                            "has a part in Content-Transfer-Encoding \(value), which Courier does not decode")
                }
            default: break
            }
        }
        guard let disposition,
            disposition.prefix(while: { $0 != ";" }).trimmingCharacters(in: .whitespaces).lowercased()
                == "form-data"
        else {
            throw Failure(reason: "has a part without Content-Disposition: form-data")
        }
        let parameters = MediaTypeParameters.parse(disposition, backslashEscapes: false)
        func parameter(_ name: String) -> String? {
            parameters.first { $0.name.lowercased() == name }?.value
        }
        guard let name = parameter("name") else {
            throw Failure(reason: "has a part without a name")
        }
        let filename = parameter("filename*").flatMap(extendedValue) ?? parameter("filename").map(unescape)
        return Part(
            name: unescape(name), filename: filename, contentType: contentType, content: Data(content))
    }

    /// Undoes the browsers' escaping that ``MultipartEncoding/escape(_:)`` writes.
    private static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "%22", with: "\"").replacingOccurrences(of: "%0D", with: "\r")
            .replacingOccurrences(of: "%0A", with: "\n")
    }

    /// An RFC 8187 `UTF-8''…` value, decoded; `nil` for another charset or a bad escape.
    private static func extendedValue(_ text: String) -> String? {
        let pieces = text.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard pieces.count == 3, pieces[0].lowercased() == "utf-8" else { return nil }
        return PercentEncoding.decode(pieces[2])
    }
}
