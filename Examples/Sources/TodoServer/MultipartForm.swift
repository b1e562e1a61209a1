import Courier
import Foundation

/// Just enough `multipart/form-data` reading (RFC 7578) for the upload endpoint, which the
/// catalog cannot parse yet.
enum MultipartForm {
    /// One part: its disposition's file name, its content type and its bytes.
    struct Part {
        let filename: String?
        let contentType: String?
        let body: Data
    }

    /// The part whose `Content-Disposition` names `name`, or `nil` when the body has none or
    /// is not multipart.
    static func part(named name: String, in body: Data, contentType: String) -> Part? {
        guard let type = MediaType(validating: contentType), type.essence == "multipart/form-data",
            let boundary = type.parameter("boundary")
        else { return nil }
        let delimiter = Data("--\(boundary)".utf8)
        let headerEnd = Data("\r\n\r\n".utf8)
        var cursor = body.startIndex
        var parts: [Range<Data.Index>] = []
        while let found = body.range(of: delimiter, in: cursor..<body.endIndex) {
            if cursor != body.startIndex { parts.append(cursor..<found.lowerBound) }
            cursor = found.upperBound
        }
        for range in parts {
            var part = body[range]
            guard part.starts(with: Data("\r\n".utf8)) else { continue }  // "--" ends the body
            part = part.dropFirst(2)
            guard let split = part.range(of: headerEnd) else { continue }
            let head = String(decoding: part[part.startIndex..<split.lowerBound], as: UTF8.self)
            var content = part[split.upperBound...]
            if content.suffix(2) == Data("\r\n".utf8) { content = content.dropLast(2) }
            var disposition = ""
            var partType: String?
            for line in head.components(separatedBy: "\r\n") {
                let pieces = line.split(separator: ":", maxSplits: 1).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                guard pieces.count == 2 else { continue }
                switch pieces[0].lowercased() {
                case "content-disposition": disposition = pieces[1]
                case "content-type": partType = pieces[1]
                default: break
                }
            }
            guard quoted("name", in: disposition) == name else { continue }
            return Part(
                filename: quoted("filename", in: disposition), contentType: partType, body: Data(content))
        }
        return nil
    }

    /// The value of `name="…"` in a `Content-Disposition` value.
    private static func quoted(_ name: String, in disposition: String) -> String? {
        for parameter in disposition.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard pair.count == 2, pair[0].lowercased() == name else { continue }
            return pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"") && pair[1].count >= 2
                ? String(pair[1].dropFirst().dropLast()) : pair[1]
        }
        return nil
    }
}
