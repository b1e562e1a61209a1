import Courier
import Foundation
import Testing

/// Bodies that are not JSON, a form or a multipart form: bytes and text, read back as they were
/// sent and documented as what is sent, whatever their media type.
struct CatalogRawBodyTests {
    struct PutAvatar: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var user: String
        var image: Data

        var definition: some EndpointDefinition {
            Method.put
            Path("users", user, "avatar")
            Body.data(image, contentType: MediaType("image/png"))
        }
    }

    struct PostNote: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var text: String?

        var definition: some EndpointDefinition {
            Method.post
            Path("notes")
            if let text { Body.text(text) }
        }
    }

    @Test func bytesComeBackAsSent() throws {
        let catalog = try Catalog([PutAvatar.self, PostNote.self])
        let sent = PutAvatar(user: "ada", image: Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0x22]))
        let matched = try catalog.match(try IncomingRequest(try sent.request()))
        #expect(matched as? PutAvatar == sent)
    }

    @Test func textComesBackAsSentAndAnOptionalOneMayBeMissing() throws {
        let catalog = try Catalog([PutAvatar.self, PostNote.self])
        for sent in [PostNote(text: "\"quoted\" and [1, 2] are not JSON here"), PostNote(text: nil)] {
            let matched = try catalog.match(try IncomingRequest(try sent.request()))
            #expect(matched as? PostNote == sent)
        }
    }

    @Test func bytesOfAnotherTypeDoNotMatch() throws {
        let catalog = try Catalog([PutAvatar.self])
        let request = IncomingRequest(
            method: .put, target: "/users/ada/avatar",
            headers: [HeaderField(name: .contentType, value: "text/plain")], body: Data([1]))
        #expect(throws: EndpointMismatch.self) { try catalog.match(request) }
    }

    struct Pet: Codable, Equatable, Sendable {
        var name: String
        var age: Int
    }

    /// A model the block encodes itself and sends as bytes of a JSON media type.
    struct PutPet: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var pet: Pet

        var definition: some EndpointDefinition {
            Method.put
            Path("pet")
            Body.data(Self.json(of: pet), contentType: .json)
        }

        /// The pet's JSON, keys sorted: the same pet is always the same bytes.
        static func json(of pet: Pet) -> Data {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return (try? encoder.encode(pet)) ?? Data()
        }
    }

    @Test func aModelSentAsItsOwnJSONBytesComesBackAsThatModel() throws {
        let catalog = try Catalog([PutPet.self])
        let sent = PutPet(pet: Pet(name: "Rex", age: 3))
        #expect(try catalog.match(try IncomingRequest(try sent.request())) as? PutPet == sent)
    }

    struct PatchNote: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var id: Int
        var changes: [String: String]?

        var definition: some EndpointDefinition {
            Method.patch
            Path("notes", id)
            if let changes {
                Header.contentType(MediaType("application/merge-patch+json"))
                Body.json(changes)
            }
        }
    }

    @Test func aJSONBodyOfAnotherJSONTypeIsReadBackAndExportedAsThatType() throws {
        let catalog = try Catalog([PatchNote.self])
        let sent = PatchNote(id: 7, changes: ["title": "new"])
        let request = try sent.request()
        #expect(request.headers[.contentType] == "application/merge-patch+json")
        #expect(try catalog.match(try IncomingRequest(request)) as? PatchNote == sent)
        let json = catalog.openAPIDocument(title: "Notes", version: "1").json
        #expect(json.contains("application/merge-patch+json"))
    }

    struct PostDocument: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var document: Data

        var definition: some EndpointDefinition {
            Method.post
            Path("documents")
            Body.data(document, contentType: .json)
        }
    }

    struct PostOptionalDocument: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var document: Data?

        var definition: some EndpointDefinition {
            Method.post
            Path("documents")
            if let document { Body.data(document, contentType: .json) }
        }
    }

    struct PostDocumentText: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var document: String

        var definition: some EndpointDefinition {
            Method.post
            Path("documents")
            Body.text(document, contentType: .json)
        }
    }

    struct PostEncodedBytes: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var bytes: Data

        var definition: some EndpointDefinition {
            Method.post
            Path("documents")
            Body.json(bytes)
        }
    }

    struct PutOptionalBytes: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var bytes: Data?

        var definition: some EndpointDefinition {
            Method.put
            Path("blobs")
            if let bytes { Body.data(bytes) }
        }
    }

    /// The `requestBody` of the only operation of `endpoint`'s document, as compact JSON.
    private func requestBody(_ endpoint: any CatalogEndpoint.Type) throws -> String {
        let document = try Catalog([endpoint]).openAPIDocument(title: "Bodies", version: "1")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        let paths = try #require(json["paths"] as? [String: [String: [String: Any]]])
        let operation = try #require(paths.values.first?.values.first)
        return try compactJSON(operation["requestBody"])
    }

    @Test func jsonBytesComeBackAsSentAndAreDocumentedAsAnyJSONDocument() throws {
        let catalog = try Catalog([PostDocument.self])
        let sent = PostDocument(document: Data(#"{"title":"Notes","tags":["a"]}"#.utf8))
        let request = try sent.request()
        #expect(request.body?.data == sent.document)
        #expect(try catalog.match(try IncomingRequest(request)) as? PostDocument == sent)
        // Any JSON document: the bytes are sent as they are, not as a Base64 string.
        #expect(
            try requestBody(PostDocument.self)
                == #"{"content":{"application/json":{"schema":{}}},"required":true}"#)
    }

    @Test func jsonTextComesBackAsSentAndIsDocumentedAsAnyJSONDocument() throws {
        let catalog = try Catalog([PostDocumentText.self])
        let sent = PostDocumentText(document: #"["a", 1]"#)
        #expect(try catalog.match(try IncomingRequest(try sent.request())) as? PostDocumentText == sent)
        #expect(
            try requestBody(PostDocumentText.self)
                == #"{"content":{"application/json":{"schema":{}}},"required":true}"#)
    }

    @Test func anOptionalBodyOfBytesTellsEmptyFromNone() throws {
        let catalog = try Catalog([PostOptionalDocument.self, PutOptionalBytes.self])
        for document in [Data("null".utf8), Data(), nil] {
            let sent = PostOptionalDocument(document: document)
            #expect(
                try catalog.match(try IncomingRequest(try sent.request())) as? PostOptionalDocument == sent)
        }
        for bytes in [Data([0, 0xFF]), Data(), nil] {
            let sent = PutOptionalBytes(bytes: bytes)
            #expect(try catalog.match(try IncomingRequest(try sent.request())) as? PutOptionalBytes == sent)
        }
        #expect(
            try requestBody(PutOptionalBytes.self)
                == #"{"content":{"application/octet-stream":{"schema":{"contentMediaType":"application/octet-stream","type":"string"}}},"required":false}"#
        )
    }

    @Test func anOptionalTextTellsEmptyFromNone() throws {
        let catalog = try Catalog([PostNote.self])
        let sent = PostNote(text: "")
        #expect(try catalog.match(try IncomingRequest(try sent.request())) as? PostNote == sent)
        #expect(
            try requestBody(PostNote.self)
                == #"{"content":{"text/plain":{"schema":{"type":"string"}}},"required":false}"#)
    }

    @Test func bytesOfAnotherTypeAreDocumentedAsAStringOfThatType() throws {
        #expect(
            try requestBody(PutAvatar.self)
                == #"{"content":{"image/png":{"schema":{"contentMediaType":"image/png","type":"string"}}},"required":true}"#
        )
    }

    @Test func bytesEncodedAsJSONAreBase64OnTheWireAndInTheDocument() throws {
        let catalog = try Catalog([PostEncodedBytes.self])
        let sent = PostEncodedBytes(bytes: Data([0, 1, 2]))
        let request = try sent.request()
        #expect(request.body?.data == Data(#""AAEC""#.utf8))
        #expect(try catalog.match(try IncomingRequest(request)) as? PostEncodedBytes == sent)
        #expect(
            try requestBody(PostEncodedBytes.self)
                == #"{"content":{"application/json":{"schema":{"contentEncoding":"base64","type":"string"}}},"required":true}"#
        )
    }

    struct UploadFile: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never
        var file: URL

        var definition: some EndpointDefinition {
            Method.post
            Path("files")
            Body.file(file)
        }
    }

    @Test func aFileBodyIsRefusedWithASentenceOfTheCatalogs() throws {
        let error = try #require(throws: CourierError.self) { try Catalog([UploadFile.self]) }
        #expect(error.kind == .unparseableEndpoint)
        #expect(
            error.message
                == "UploadFile cannot be parsed from a request: its body is a file (Body.file), read from disk "
                + "while sending, so a server cannot hand it back as the same value; send its bytes with "
                + "Body.data.")
    }
}
