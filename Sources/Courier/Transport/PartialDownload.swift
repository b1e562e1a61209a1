import Foundation

/// The bytes of an interrupted resumable download, kept beside its destination with the validator
/// they came with, and what a response head means for them.
///
/// A resumable download (``Client/download(_:to:resumable:)``) that fails after bytes arrived
/// keeps them in `.<name>.courier-partial` and the response's validator in
/// `.<name>.courier-partial.resume`. The next one asks for the rest with `Range` and `If-Range`
/// (RFC 9110 §14.2, §13.1.5): a `206` whose `Content-Range` starts where the bytes end, and whose
/// strong validator is the one recorded (§15.3.7.3), is appended to them; a `200` (the server
/// ignored the range, or the validator changed) replaces them. The bytes are kept only for a
/// response with a strong validator and no content coding, so a file is never stitched from two
/// versions of a resource, nor from encoded and decoded bytes. The record names the URL by its
/// SHA-256 digest, so no query value of it is written to disk.
struct PartialDownload: Sendable, Hashable {
    /// The bytes received so far.
    let file: URL
    /// The URL and validator the bytes came with.
    let recordFile: URL
    /// The SHA-256 digest, in hexadecimal, of the URL the download's request goes to (before
    /// any redirect).
    let resource: String
    /// The number of bytes held when the request asks for the rest (its `Range` starts there);
    /// `nil` when it asks for the whole body.
    let offset: Int64?
    /// The validator the bytes held came with, sent as `If-Range`, when the request asks for the
    /// rest: the rest must come with the same one.
    let validator: String?

    /// The partial download for `destination`, fetched from `url`, holding `offset` bytes that
    /// came with `validator` when the request asks for the rest.
    init(destination: URL, url: String, offset: Int64? = nil, validator: String? = nil) {
        (file, recordFile) = Self.files(for: destination)
        resource = SHA256.digest(Array(url.utf8)).map { String(format: "%02x", $0) }.joined()
        self.offset = offset
        self.validator = validator
    }

    /// Where the bytes and their record are kept for `destination`.
    static func files(for destination: URL) -> (file: URL, record: URL) {
        let file = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).courier-partial")
        return (file, file.appendingPathExtension("resume"))
    }

    /// What a response head means for the bytes held.
    enum Plan: Equatable {
        /// The body is the whole representation. `validator` is what a later `If-Range` sends
        /// when the body is interrupted; `nil` when it cannot be resumed.
        case whole(validator: String?)
        /// The body continues the bytes held up to byte `last` (the end of its `Content-Range`);
        /// `completeLength` is the whole representation's length, when the server gave it.
        case rest(last: Int64, completeLength: Int64?)
        /// The response cannot be used with the bytes held.
        case refuse(String)
    }

    /// What a successful response with `status` and `headers` means for the bytes held.
    func plan(status: HTTPStatus, headers: HeaderFields) -> Plan {
        guard status.code == 206 else {
            return .whole(validator: Self.validator(in: headers))
        }
        guard let offset, let validator else {
            return .refuse("The server answered 206 Partial Content to a request for the whole body.")
        }
        guard let range = headers[HeaderName.contentRange].flatMap(Self.byteRange) else {
            return .refuse(
                "The server answered 206 Partial Content without a single byte range in Content-Range.")
        }
        guard range.first == offset else {
            return .refuse(
                "The server sent bytes from \(range.first) on, not from \(offset) as the download asked.")
        }
        guard Self.isIdentityCoded(headers) else {
            return .refuse("The server sent the rest of the download in a content coding.")
        }
        guard Self.validator(in: headers) == validator else {
            return .refuse(
                "The server sent the rest of the download without the strong validator the bytes kept "
                    + "came with, so they may be of another version.")
        }
        return .rest(last: range.last, completeLength: range.completeLength)
    }

    /// The validator a later `If-Range` may send for a whole body with `headers`: its strong
    /// entity tag, else a `Last-Modified` date that is strong by RFC 9110 §8.8.2.2 (a `Date` at
    /// least 60 seconds later), as the server wrote it, since `If-Range` compares the text exactly;
    /// `nil` when there is neither, or the body is content-coded (a range counts the coded bytes,
    /// which are not the ones kept).
    static func validator(in headers: HeaderFields) -> String? {
        guard isIdentityCoded(headers) else { return nil }
        if let tag = headers[HeaderName.etag].flatMap({ EntityTag($0) }) {
            return tag.isWeak ? nil : tag.description
        }
        guard let text = headers[HeaderName.lastModified], let modified = HTTPDate.parse(text),
            let date = headers[HeaderName.date].flatMap(HTTPDate.parse),
            date.timeIntervalSince(modified) >= 60
        else { return nil }
        return text.trimmingCharacters(in: .whitespaces)
    }

    private static func isIdentityCoded(_ headers: HeaderFields) -> Bool {
        ContentDecoding.listedCodings(in: headers).isEmpty
    }

    /// `bytes first-last/complete` (RFC 9110 §14.4), with `*` for an unknown complete length.
    static func byteRange(_ text: String) -> (first: Int64, last: Int64, completeLength: Int64?)? {
        let parts = text.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bytes" else { return nil }
        let rangeAndLength = parts[1].split(separator: "/", omittingEmptySubsequences: false)
        guard rangeAndLength.count == 2 else { return nil }
        let bounds = rangeAndLength[0].split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = digits(bounds[0]), let last = digits(bounds[1]), first <= last
        else { return nil }
        if rangeAndLength[1] == "*" { return (first, last, nil) }
        guard let complete = digits(rangeAndLength[1]), last < complete else { return nil }
        return (first, last, complete)
    }

    private static func digits(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int64(text)
    }

    // MARK: The record

    /// The validator recorded for the bytes held, when they came from ``resource``; `nil` when
    /// there is no record, or one for another URL.
    func recordedValidator() -> String? {
        guard let text = try? String(contentsOf: recordFile, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 3, lines[0] == "courier-partial 2", lines[1] == resource, !lines[2].isEmpty
        else { return nil }
        return String(lines[2])
    }

    /// The bytes held from ``resource`` for a later attempt, when there are any: the validator
    /// recorded with them and how many there are (a record, and a file that is not empty).
    func held() -> (validator: String, size: Int64)? {
        guard let validator = recordedValidator(),
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?
                .int64Value, size > 0
        else { return nil }
        return (validator, size)
    }

    /// Records that the bytes held came from ``resource`` with `validator`, replacing the record
    /// in one step.
    func record(validator: String) throws {
        try Data("courier-partial 2\n\(resource)\n\(validator)".utf8).write(to: recordFile, options: .atomic)
    }

    /// Removes the bytes held and their record.
    func remove() {
        try? FileManager.default.removeItem(at: recordFile)
        try? FileManager.default.removeItem(at: file)
    }

    /// Removes the bytes held for `destination` and their record.
    static func remove(for destination: URL) {
        PartialDownload(destination: destination, url: "", offset: nil).remove()
    }
}
