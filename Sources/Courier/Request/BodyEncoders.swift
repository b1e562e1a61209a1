import Foundation

/// Turns a declared ``BodySource`` into a ``RequestBody`` with the endpoint's encoders.
struct BodyEncoders {
    let json: JSONEncoder
    let form: FormEncoding
    /// A `Content-Type` the block declares as a header, which wins over the body's own type.
    let declaredContentType: MediaType?

    func body(for source: BodySource) throws(CourierError) -> RequestBody {
        switch source {
        case .bytes(let data, let type):
            return RequestBody(data: data, contentType: type)
        case .json(let payload):
            do {
                return RequestBody(
                    data: try payload.value.json(by: payload.encoder ?? json), contentType: .json)
            } catch {
                throw CourierError(
                    stage: .building, kind: .bodyEncodingFailed,
                    message: "The JSON body of type \(payload.value.valueType) could not be encoded.",
                    underlying: error
                )
            }
        case .form(let payload):
            return RequestBody(data: form.formBody(try formItems(payload)), contentType: .formURLEncoded)
        case .text(let text, let type):
            // The bytes must be in the charset the sent header names, whichever declared it.
            let sent = declaredContentType.flatMap { $0.charset == nil ? nil : $0 } ?? type
            return try textBody(text, contentType: sent)
        case .file(let url, let type):
            let length = try BodyFile.length(of: url)
            return RequestBody(
                segments: [.file(url, length: length)], contentType: type ?? MediaType(fileURL: url))
        case .multipart(let parts, let boundary):
            return try MultipartEncoding.body(parts, boundary: boundary)
        case .stream(let stream, let type):
            if let length = stream.length, length < 0 { throw RequestBodyStream.negativeLength(length) }
            return RequestBody(stream: stream, contentType: type)
        }
    }

    private func formItems(_ payload: FormPayload) throws(CourierError) -> [QueryItem] {
        switch payload {
        case .items(let items):
            return items
        case .value(let value):
            do throws(FormEncodingError) {
                return try value.queryItems(by: form)
            } catch {
                throw CourierError(
                    stage: .building, kind: .formEncodingFailed,
                    message: "The form body could not be encoded: \(error)", underlying: error
                )
            }
        }
    }

    /// Text in the charset the type names; UTF-8 (declared as such) when it names none.
    private func textBody(_ text: String, contentType: MediaType) throws(CourierError) -> RequestBody {
        guard let name = contentType.charset else {
            let declared = MediaType(validating: contentType.rawValue + "; charset=utf-8") ?? contentType
            return RequestBody(data: Data(text.utf8), contentType: declared)
        }
        guard let charset = Charset(name: name) else {
            throw CourierError(
                stage: .building, kind: .bodyEncodingFailed,
                message:
                    "Courier cannot encode text as charset \(name); use utf-8, us-ascii, iso-8859-1 or utf-16."
            )
        }
        guard let data = charset.encode(text) else {
            throw CourierError(
                stage: .building, kind: .bodyEncodingFailed,
                message:
                    "The text has characters that charset \(name) cannot represent; nothing was replaced."
            )
        }
        return RequestBody(data: data, contentType: contentType)
    }
}
