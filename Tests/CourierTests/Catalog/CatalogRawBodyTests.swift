import Courier
import Foundation
import Testing

/// Bodies that are not JSON, a form or a multipart form: bytes and text, read back as they were
/// sent.
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
}
