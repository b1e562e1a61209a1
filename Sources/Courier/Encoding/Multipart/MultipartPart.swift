import Foundation

/// One part of a `multipart/form-data` body: a text field, bytes in memory, a value as JSON, or a
/// file streamed from disk while the request is sent.
///
/// ```swift
/// Body.multipart(
///     .text("title", "Holiday"),
///     .json("metadata", metadata),                // application/json
///     .data("thumbnail", thumbnail, filename: "thumb.png", contentType: MediaType("image/png")),
///     .file("video", videoURL)                    // streamed; type from the extension
/// )
/// ```
///
/// Field names and filenames are escaped as browsers escape them (`"` → `%22`, CR → `%0D`, LF →
/// `%0A`), with characters outside ASCII sent as UTF-8. RFC 7578 forbids RFC 8187 `filename*`,
/// so none is sent: a name that holds a literal `%22`, `%0D` or `%0A` reads back with the
/// character it looks like, as it would from a browser. A backslash goes as it is, as browsers
/// send it: a reader that takes it as an escape (Werkzeug's, Go's, Python's `email`) drops it
/// (`C:\dir\a.txt` reads as `C:dira.txt`), and Werkzeug loses a name or filename that ends
/// with one.
public struct MultipartPart: Sendable, Hashable {
    /// The field name.
    public let name: String
    /// The filename, for data and file parts.
    public let filename: String?
    /// The part's content type; `nil` for text fields, which send none (meaning `text/plain`).
    public let contentType: MediaType?
    let content: Content

    enum Content: Sendable, Hashable {
        case text(String)
        case data(Data)
        case file(URL)
        /// A value that did not encode as JSON: why, without the value, for the error that the
        /// request's building throws.
        case unencodable(String)
    }

    /// A text field, sent as UTF-8 with no content type of its own.
    public static func text(_ name: String, _ value: String) -> MultipartPart {
        MultipartPart(name: name, filename: nil, contentType: nil, content: .text(value))
    }

    /// Bytes in memory, optionally with a filename.
    public static func data(
        _ name: String, _ data: Data, filename: String? = nil, contentType: MediaType = .octetStream
    ) -> MultipartPart {
        MultipartPart(name: name, filename: filename, contentType: contentType, content: .data(data))
    }

    /// A value encoded as JSON by `encoder` when the part is made, sent with `contentType`.
    ///
    /// A value that does not encode (a `Double` that is not finite, say) sends no part: building
    /// the request then fails with ``CourierError/Kind/bodyEncodingFailed`` naming the part and the
    /// value's type, so a part is never sent empty.
    ///
    /// - Parameters:
    ///   - name: The field name.
    ///   - value: The value, encoded at once.
    ///   - filename: A filename, for servers that read the part as a file.
    ///   - contentType: The type; `application/json` by default, or a JSON type of the API's own.
    ///   - encoder: The encoder; `JSONEncoder.courierDefault()` by default. (The client's JSON
    ///     encoder applies to ``Body/json(_:encoder:)`` bodies, not to parts.)
    public static func json<Value: Encodable>(
        _ name: String, _ value: Value, filename: String? = nil, contentType: MediaType = .json,
        encoder: JSONEncoder = .courierDefault()
    ) -> MultipartPart {
        let content: Content
        do {
            content = .data(try encoder.encode(value))
        } catch {
            // The error's own text may quote a dictionary key of the value: only the type is said.
            content = .unencodable("\(Value.self) could not be encoded as JSON")
        }
        return MultipartPart(name: name, filename: filename, contentType: contentType, content: content)
    }

    /// A file read from disk in chunks while the request is sent, never loaded whole.
    ///
    /// - Parameters:
    ///   - name: The field name.
    ///   - url: The file, read when the request is sent.
    ///   - filename: The name the server sees; the file's own name by default.
    ///   - contentType: The type; by default from the file extension (``MediaType/init(fileURL:)``),
    ///     `application/octet-stream` when unknown.
    public static func file(
        _ name: String, _ url: URL, filename: String? = nil, contentType: MediaType? = nil
    ) -> MultipartPart {
        MultipartPart(
            name: name, filename: filename ?? url.lastPathComponent,
            contentType: contentType ?? MediaType(fileURL: url), content: .file(url))
    }
}
