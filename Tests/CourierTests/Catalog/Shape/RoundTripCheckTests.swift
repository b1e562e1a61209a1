import Courier
import Foundation
import Testing

/// Endpoints that send a property as its Base64, so that a server reads back another value, one
/// place each; `id`, which reads back, comes first, so the check varies it before the property
/// it names.
enum Misread {
    /// `text` as the Base64 of its UTF-8.
    static func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }

    struct Note: Codable, Sendable, Equatable {
        var text: String
    }

    struct InPath: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var id: Int
        var name: String

        var definition: some EndpointDefinition {
            Method.get
            Path("items", id, base64(name))
        }
    }

    struct InQuery: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var id: Int
        var name: String

        var definition: some EndpointDefinition {
            Method.get
            Path("items", id)
            Query("name", base64(name))
        }
    }

    struct InCookie: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var id: Int
        var session: String

        var definition: some EndpointDefinition {
            Method.get
            Path("items", id)
            Cookie("session", base64(session))
        }
    }

    struct InFormBody: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var id: Int
        var note: Note

        var definition: some EndpointDefinition {
            Method.post
            Path("items", id)
            Body.form(Note(text: base64(note.text)))
        }
    }

    struct InJSONBody: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var id: Int
        var note: Note

        var definition: some EndpointDefinition {
            Method.post
            Path("items", id)
            Body.json(Note(text: base64(note.text)))
        }
    }

    struct InFileName: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var id: Int
        var filename: String

        var definition: some EndpointDefinition {
            Method.post
            Path("items", id)
            Body.multipart(.data("photo", Data([1, 2]), filename: base64(filename)))
        }
    }

    struct InContentType: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var id: Int
        var subtype: String

        var definition: some EndpointDefinition {
            Method.post
            Path("items", id)
            Body.multipart(
                .data(
                    "photo", Data([1, 2]),
                    contentType: MediaType(validating: "image/x-" + String(subtype.reversed()))
                        ?? .octetStream))
        }
    }
}

/// Endpoints that send a property as text (`Body.text`) in a charset other than UTF-8; `id`
/// comes first, so the check meets it before the body.
enum ForeignText {
    struct InLatin1: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never
        var id: Int
        var text: String

        var definition: some EndpointDefinition {
            Method.post
            Path("notes", id)
            Body.text(text, contentType: MediaType("text/plain; charset=ISO-8859-1"))
        }
    }

    struct InUTF16: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never
        var id: Int
        var text: String?

        var definition: some EndpointDefinition {
            Method.post
            Path("notes", id)
            if let text { Body.text(text, contentType: MediaType("text/plain; charset=utf-16")) }
        }
    }

    struct InASCII: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never
        var id: Int
        var text: String

        var definition: some EndpointDefinition {
            Method.post
            Path("notes", id)
            Body.text(text, contentType: MediaType("text/csv; charset=us-ascii"))
        }
    }

    /// Digits, which read the same in Latin-1 and UTF-8.
    struct CountInLatin1: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never
        var count: Int

        var definition: some EndpointDefinition {
            Method.post
            Path("counts")
            Body.text("\(count)", contentType: MediaType("text/plain; charset=latin1"))
        }
    }

    /// Text that no property fills.
    struct FixedLatin1: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never
        var id: Int

        var definition: some EndpointDefinition {
            Method.post
            Path("notes", id)
            Body.text("café", contentType: MediaType("text/plain; charset=iso-8859-1"))
        }
    }

    /// Fixed text its charset cannot carry: no request can be built.
    struct FixedUnencodable: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never
        var id: Int

        var definition: some EndpointDefinition {
            Method.post
            Path("notes", id)
            Body.text("café", contentType: MediaType("text/plain; charset=us-ascii"))
        }
    }
}

/// A catalog that refuses an endpoint because a server reads a value back as another names the
/// property whose place is misread and that place, whichever property the check varies.
struct RoundTripCheckTests {
    /// The message a catalog refuses `type` with, or `nil` when it takes it.
    private func refusal(_ type: any CatalogEndpoint.Type) -> String? {
        do {
            _ = try type.shape()
            return nil
        } catch {
            return error.message
        }
    }

    /// The refusal of `type` for `owner`'s text sent changed at `place`.
    private func changed(_ type: String, _ owner: String, in place: String) -> String {
        "\(type) cannot be parsed from a request: \(owner) is read back by a server as another value "
            + "(in \(place)): its text is not in what is sent (encoded, or changed some other way), so a "
            + "server reads all of \(place) as \(owner)."
    }

    @Test func aMisreadPathSegmentIsNamedByItsPlace() {
        #expect(
            refusal(Misread.InPath.self)
                == "InPath cannot be parsed from a request: name is read back by a server as another value "
                + "(in its path segment 3): its text is not in what is sent (encoded, or changed some other "
                + "way), so a server reads all of its path segment 3 as name.")
    }

    @Test func aMisreadQueryItemIsNamed() {
        #expect(refusal(Misread.InQuery.self) == changed("InQuery", "name", in: "the query item name"))
    }

    @Test func aMisreadCookieIsNamed() {
        #expect(refusal(Misread.InCookie.self) == changed("InCookie", "session", in: "the cookie session"))
    }

    @Test func aMisreadFileNameOrContentTypeIsNamed() {
        #expect(
            refusal(Misread.InFileName.self)
                == changed("InFileName", "filename", in: #"the file name of the multipart part "photo""#))
        #expect(
            refusal(Misread.InContentType.self)
                == changed("InContentType", "subtype", in: #"the content type of the multipart part "photo""#)
        )
    }

    /// A body read whole is one place, whichever member of it is misread.
    @Test func aMisreadFormOrJSONBodyIsNamed() {
        #expect(
            refusal(Misread.InFormBody.self)
                == "InFormBody cannot be parsed from a request: note is read back by a server as another value "
                + "(in the body).")
        #expect(
            refusal(Misread.InJSONBody.self)
                == "InJSONBody cannot be parsed from a request: note is read back by a server as another value "
                + "(in the body).")
    }

    /// The charset is named as declared, with what a server reads instead.
    @Test func textInAnotherCharsetThanUTF8IsRefusedNamingTheCharset() {
        for (type, name, charset) in [
            (ForeignText.InLatin1.self as any CatalogEndpoint.Type, "InLatin1", "iso-8859-1"),
            (ForeignText.InUTF16.self, "InUTF16", "utf-16"),
            (ForeignText.InASCII.self, "InASCII", "us-ascii"),
        ] {
            #expect(
                refusal(type)
                    == "\(name) cannot be parsed from a request: its text body (Body.text), from text, declares "
                    + "the charset \(charset), and a server reads the text a property fills as UTF-8 only; "
                    + "declare charset=utf-8 or no charset, or send the bytes of a Data property with Body.data."
            )
        }
    }

    /// A refusal that quotes the builder's own sentence ends with that sentence's full stop only.
    @Test func aQuotedSentenceEndsTheRefusalOnce() throws {
        let message = try #require(refusal(ForeignText.FixedUnencodable.self))
        #expect(message.hasSuffix("cannot represent; nothing was replaced."))
        #expect(!message.contains(".."))
    }

    @Test func textInAnotherCharsetThatReadsBackIsTaken() {
        #expect(refusal(ForeignText.CountInLatin1.self) == nil)
        #expect(refusal(ForeignText.FixedLatin1.self) == nil)
    }
}
