import Courier
import Foundation
import Testing

/// Catalog endpoints with `multipart/form-data` bodies: each part's content, file name and
/// content type can be a parameter.
enum Gallery {
    struct Upload: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never

        var album: Int
        var caption: String
        var rating: Int
        var note: String?
        var photo: Data
        var filename: String
        var type: MediaType

        var definition: some EndpointDefinition {
            Method.post
            Path("albums", album, "photos")
            Body.multipart(parts: parts)
        }

        private var parts: [MultipartPart] {
            var parts: [MultipartPart] = [
                .text("caption", caption),
                .text("rating", "\(rating)"),
                .text("kind", "photo"),
                .data("photo", photo, filename: filename, contentType: type),
            ]
            if let note { parts.append(.text("note", note)) }
            return parts
        }
    }

    /// A file part whose content type is an image type of the caller's choice.
    struct Picture: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never

        enum Format: String, Codable, CaseIterable, Sendable {
            case png, gif
        }

        var format: Format
        var bytes: Data

        var definition: some EndpointDefinition {
            Method.post
            Path("pictures")
            Body.multipart(
                .data(
                    "picture", bytes, filename: "picture",
                    contentType: MediaType(validating: "image/" + format.rawValue) ?? .octetStream))
        }
    }

    /// A part that is there or not depending on a property: the shape depends on a value.
    struct Conditional: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var withThumbnail: Bool
        var title: String

        var definition: some EndpointDefinition {
            Method.post
            Path("conditional")
            Body.multipart(
                parts: withThumbnail
                    ? [.text("title", title), .text("thumb", "yes")] : [.text("title", title)])
        }
    }

    /// Two parts of one name: a server could not tell which is which.
    struct Twins: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var first: String
        var second: String

        var definition: some EndpointDefinition {
            Method.post
            Path("twins")
            Body.multipart(.text("files", first), .text("files", second))
        }
    }

    /// A JSON part, and a text field with fixed text around its value.
    struct Annotated: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never

        struct Meta: Codable, Equatable, Sendable {
            var x: Int
            var y: String
        }

        var title: String
        var meta: Meta

        /// Sorted keys: the same value must always make the same bytes.
        static let encoder: JSONEncoder = {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return encoder
        }()

        var definition: some EndpointDefinition {
            Method.post
            Path("annotated")
            Body.multipart(
                .text("subject", "Re: \(title) (draft)"),
                .data("meta", (try? Self.encoder.encode(meta)) ?? Data(), contentType: .json)
            )
        }
    }

    /// A fresh nonce in every build: two builds of one value differ.
    struct Nonced: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var title: String

        var definition: some EndpointDefinition {
            Method.post
            Path("nonced")
            Body.multipart(.text("title", title), .text("nonce", UUID().uuidString))
        }
    }

    /// A file part from a fixed path: read from disk while sending, so no value to parse back.
    struct FromDisk: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var title: String

        var definition: some EndpointDefinition {
            Method.post
            Path("from-disk")
            Body.multipart(.text("title", title), .file("file", URL(fileURLWithPath: "/etc/hostname")))
        }
    }

    /// A password inside Basic credentials with a fixed user name: the header's value is the
    /// Base64 of both, where a server cannot find the password's text.
    struct SignedUpload: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var id: Int
        var password: String
        var caption: String

        var definition: some EndpointDefinition {
            Method.post
            Path("uploads", id)
            Header.basic(username: "fixed", password: password)
            Body.multipart(.text("caption", caption))
        }
    }

    /// A text field sent as the Base64 of its property.
    struct EncodedCaption: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var id: Int
        var caption: String

        var definition: some EndpointDefinition {
            Method.post
            Path("captions", id)
            Body.multipart(.text("caption", Data(caption.utf8).base64EncodedString()))
        }
    }
}

/// The schema of an `Int`: its bounds are what a decoder accepts.
private let int64 =
    #"{"format":"int64","maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"}"#

struct CatalogMultipartTests {
    private let sample = Gallery.Upload(
        album: 7, caption: "Sunset", rating: 5, note: nil, photo: Data([0xFF, 0xD8, 0x00, 0x0D, 0x0A]),
        filename: "sunset.jpg", type: MediaType("image/jpeg"))

    @Test func eachPartHasItsRole() throws {
        let shape = try Gallery.Upload.shape()
        #expect(shape.description == "POST /albums/{album}/photos")
        #expect(shape.parameters == ["album", "caption", "rating", "photo", "filename", "type", "note"])
        let body = try #require(shape.body)
        #expect(body.contentType.rawValue == "multipart/form-data")
        #expect(body.parameter == nil)
        #expect(body.parts.map(\.name) == ["caption", "rating", "kind", "photo", "note"])
        #expect(body.parts.map(\.parameter) == ["caption", "rating", nil, "photo", "note"])
        #expect(body.parts.map(\.isText) == [true, true, true, false, true])
        #expect(body.parts.map(\.isRequired) == [true, true, true, true, false])
        #expect(body.parts[2].value == Data("photo".utf8))
        #expect(body.parts[3].filename?.parameter == "filename")
        #expect(body.parts[3].contentType?.parameter == "type")
        // Every build draws a new boundary; the shape does not keep one, so it is one value.
        #expect(try Gallery.Upload.shape() == shape)
    }

    @Test func anUploadParsesBackIntoItsValue() throws {
        let request = try sample.request()
        #expect(try Gallery.Upload.parse(IncomingRequest(request)) == sample)
        var withNote = sample
        withNote.note = "tripod"
        #expect(try Gallery.Upload.parse(IncomingRequest(try withNote.request())) == withNote)
    }

    @Test func printingThenParsingGivesBackAnEqualValue() throws {
        var generator = SeededGenerator(seed: 0xF00D)
        let alphabet = Array("aZ09 -._~/?#;=%\"\\\r\n\té日本👍🏽")
        func text(_ length: Int) -> String {
            String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
        }
        let types = ["image/png", "application/octet-stream", "text/plain; charset=utf-8", "video/mp4"]
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ in
                // CR, LF and dashes often, so a boundary-like line shows up inside the content.
                [0x0D, 0x0A, 0x2D, UInt8.random(in: 0...255, using: &generator)][
                    Int.random(in: 0...3, using: &generator)]
            }
            let value = Gallery.Upload(
                album: Int.random(in: -1000...1000, using: &generator),
                caption: text(Int.random(in: 0...16, using: &generator)),
                rating: Int.random(in: 0...5, using: &generator),
                note: Bool.random(using: &generator) ? text(Int.random(in: 0...8, using: &generator)) : nil,
                photo: Data(bytes), filename: text(Int.random(in: 0...12, using: &generator)),
                type: try #require(
                    MediaType(validating: types[Int.random(in: 0..<types.count, using: &generator)])))
            let incoming = try IncomingRequest(try value.request())
            #expect(
                try Gallery.Upload.parse(incoming) == value,
                "\(String(decoding: incoming.body, as: UTF8.self).debugDescription)")
        }
    }

    @Test func aFilenameReadsBackAsFromABrowser() throws {
        for (filename, read) in [
            (#"a\b.txt"#, #"a\b.txt"#), ("résumé.pdf", "résumé.pdf"), (#"say "hi".txt"#, #"say "hi".txt"#),
            ("semi;colon.txt", "semi;colon.txt"),
            // Browsers' escaping blurs a literal %22 into a quote, and RFC 7578 forbids filename*.
            ("100%22.txt", #"100".txt"#),
        ] {
            var value = sample
            value.filename = filename
            #expect(try Gallery.Upload.parse(IncomingRequest(try value.request())).filename == read)
        }
    }

    @Test func aMismatchSaysWhichPartIsWrong() throws {
        let request = try sample.request()
        let incoming = try IncomingRequest(request)
        func reasons(_ body: Data, contentType: String? = nil) -> [String] {
            let headers: HeaderFields = [
                HeaderField(name: .contentType, value: contentType ?? request.headers[.contentType] ?? "")
            ]
            do {
                _ = try Gallery.Upload.parse(
                    IncomingRequest(method: .post, target: incoming.target, headers: headers, body: body))
                return []
            } catch {
                return error.reasons
            }
        }
        let text = String(decoding: incoming.body, as: UTF8.self)
        #expect(
            reasons(Data(text.replacingOccurrences(of: "name=\"caption\"", with: "name=\"title\"").utf8))
                == [#"the body lacks the part "caption""#])
        #expect(
            reasons(Data(text.replacingOccurrences(of: "\r\n\r\nphoto\r\n", with: "\r\n\r\nvideo\r\n").utf8))
                == [#"the part "kind" does not have the endpoint's fixed content"#])
        #expect(
            reasons(Data(text.replacingOccurrences(of: "; filename=\"sunset.jpg\"", with: "").utf8))
                == [#"the part "photo" has no file name"#])
        // A second part of a name the endpoint reads once: which one the client meant is unknown.
        let repeated = text.replacingOccurrences(
            of: "Content-Disposition: form-data; name=\"caption\"",
            with: "Content-Disposition: form-data; name=\"caption\"\r\n\r\nEvil\r\n--"
                + (request.headers[.contentType].flatMap(MediaType.init(validating:))?.parameter("boundary")
                    ?? "")
                + "\r\nContent-Disposition: form-data; name=\"caption\"")
        #expect(reasons(Data(repeated.utf8)) == [#"the part "caption" is repeated, and it holds one value"#])
        #expect(
            reasons(incoming.body.dropLast(40)) == ["the multipart body ends before its closing boundary"])
        #expect(
            reasons(incoming.body, contentType: "multipart/form-data; boundary=other")
                == ["the multipart body does not contain its boundary"])
        #expect(
            reasons(Data("{}".utf8), contentType: "application/json")
                == ["the body is application/json, not multipart/form-data"])
        #expect(reasons(Data()) == ["the body is missing"])
    }

    @Test func aPartWithoutAContentTypeReadsAsPlainText() throws {
        // RFC 7578 §4.4: a part's Content-Type defaults to text/plain; Python's requests sends
        // a file part without one unless told.
        var upload = sample
        upload.photo = Data("not really a JPEG".utf8)
        let incoming = try IncomingRequest(try upload.request())
        let text = String(decoding: incoming.body, as: UTF8.self)
        let untyped = text.replacingOccurrences(of: "\r\nContent-Type: image/jpeg", with: "")
        #expect(untyped != text)
        let parsed = try Gallery.Upload.parse(
            IncomingRequest(
                method: .post, target: incoming.target, headers: incoming.headers, body: Data(untyped.utf8)))
        var expected = upload
        expected.type = MediaType("text/plain")
        #expect(parsed == expected)
    }

    @Test func aPartWithoutAContentTypeIsSaidToHaveNoneWhenPlainTextDoesNotFit() throws {
        let picture = Gallery.Picture(format: .png, bytes: Data("png bytes".utf8))
        let incoming = try IncomingRequest(try picture.request())
        #expect(try Gallery.Picture.parse(incoming) == picture)
        let text = String(decoding: incoming.body, as: UTF8.self)
        let untyped = text.replacingOccurrences(of: "\r\nContent-Type: image/png", with: "")
        #expect(untyped != text)
        #expect {
            try Gallery.Picture.parse(
                IncomingRequest(
                    method: .post, target: incoming.target, headers: incoming.headers,
                    body: Data(untyped.utf8)))
        } throws: { error in
            (error as? EndpointMismatch)?.reasons
                == [
                    #"the Content-Type (none, so text/plain) of the part "picture" is not of the form "image/…""#
                ]
        }
    }

    @Test func aJSONPartAndTextAroundAFieldValueReadBack() throws {
        let shape = try Gallery.Annotated.shape()
        #expect(shape.body?.parts.map(\.valuePrefix) == ["Re: ", ""])
        #expect(shape.body?.parts.map(\.valueSuffix) == [" (draft)", ""])
        for title in ["hello", "", "Re: (draft)", "\u{301}accent first", "two\r\nlines"] {
            let value = Gallery.Annotated(title: title, meta: .init(x: 7, y: "z\"q"))
            #expect(try Gallery.Annotated.parse(IncomingRequest(try value.request())) == value)
        }
    }

    @Test func aShapeThatDependsOnAValueOrAFileIsRefused() {
        #expect {
            _ = try Gallery.Nonced.shape()
        } throws: { error in
            (error as? CourierError)?.message.hasPrefix(
                "Nonced cannot be parsed from a request: two builds from the same values differ") == true
        }
        #expect {
            _ = try Gallery.Twins.shape()
        } throws: { error in
            (error as? CourierError)?.message
                == #"Twins cannot be parsed from a request: two parts of its multipart body are named "files"; a server could not tell them apart."#
        }
        #expect {
            _ = try Gallery.Conditional.shape()
        } throws: { error in
            (error as? CourierError)?.message
                == "Conditional cannot be parsed from a request: the parts of its multipart body depend on withThumbnail; only their values may."
        }
        #expect {
            _ = try Gallery.FromDisk.shape()
        } throws: { error in
            (error as? CourierError)?.message.contains("MultipartPart.file") == true
        }
    }

    @Test func aPasswordInsideBasicCredentialsIsNamedWhenRefused() {
        // Whichever property the check varies, the value misread is the password's.
        #expect {
            _ = try Gallery.SignedUpload.shape()
        } throws: { error in
            (error as? CourierError)?.message
                == "SignedUpload cannot be parsed from a request: password is read back by a server as another "
                + "value (in the header Authorization): its text is not in what is sent (encoded, or changed "
                + "some other way), so a server reads all of the header Authorization as password."
        }
        #expect {
            _ = try Gallery.EncodedCaption.shape()
        } throws: { error in
            (error as? CourierError)?.message
                == #"EncodedCaption cannot be parsed from a request: caption is read back by a server as another "#
                + #"value (in the multipart part "caption"): its text is not in what is sent (encoded, or changed "#
                + #"some other way), so a server reads all of the multipart part "caption" as caption."#
        }
    }

    @Test func theOpenAPIBodyIsAnObjectWithAPropertyPerPart() throws {
        let document = try Catalog([Gallery.Upload.self]).openAPIDocument(title: "Gallery", version: "1")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        let paths = try #require(json["paths"] as? [String: [String: Any]])
        let post = try #require(paths["/albums/{album}/photos"]?["post"] as? [String: Any])
        let data = try JSONSerialization.data(
            withJSONObject: try #require(post["requestBody"]),
            options: [.sortedKeys, .withoutEscapingSlashes])
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"content":{"multipart/form-data":{"encoding":{"photo":{"contentType":"*/*"}},"#
                + #""schema":{"properties":{"caption":{"type":"string"},"kind":{"enum":["photo"],"type":"string"},"#
                + #""note":{"type":"string"},"photo":{"contentMediaType":"application/octet-stream","format":"binary","type":"string"},"#
                + #""rating":\#(int64)},"required":["caption","rating","kind","photo"],"type":"object"}}},"#
                + #""required":true}"#)
    }
}
