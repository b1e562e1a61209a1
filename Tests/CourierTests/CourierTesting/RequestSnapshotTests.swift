import Courier
import Foundation
import Testing

@testable import CourierTesting

@Suite struct RequestSnapshotTests {
    struct NewTodo: Encodable, Sendable {
        let title: String
        let done: Bool
    }

    static func createTodo() throws -> EndpointRequest {
        try Endpoint<Empty, APIError> {
            Method.post
            Path("todos")
            Header.bearer("s3cr3t-token")
            Header.accept(.json)
            Body.json(NewTodo(title: "Write docs", done: false))
        }.built()
    }

    static func uploadPhoto(boundary: String? = nil) throws -> EndpointRequest {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF, 0xFE])
        return try Endpoint<Empty, APIError> {
            Method.post
            Path("photos")
            Body.multipart(
                .text("title", "Holiday"),
                .data("photo", png, filename: "beach.png", contentType: MediaType("image/png")),
                boundary: boundary)
        }.built()
    }

    static func search(_ term: String) throws -> EndpointRequest {
        try Endpoint<[User], APIError> {
            Method.get
            Path("users", "search")
            Query("q", term)
            Query("sort", Sort.newest)
            Query("page", 2)
        }.built()
    }

    /// A fresh directory under the temporary directory, for snapshots a test records itself.
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appending(path: "courier-snapshots-\(UUID().uuidString)")
    }

    // MARK: - Committed snapshots in __Snapshots__/RequestSnapshotTests/

    @Test func jsonPostMatchesItsSnapshotWithTheTokenRedacted() throws {
        let snapshot = try RequestSnapshot(Self.createTodo(), baseURL: exampleBase)
        try snapshot.verify(named: "create-todo")
        #expect(snapshot.text.contains("Authorization: <redacted>"))
        #expect(!snapshot.text.contains("s3cr3t"))
    }

    @Test func multipartWithARandomBoundaryMatchesItsSnapshot() throws {
        let request = try Self.uploadPhoto()
        let boundary = try #require(RequestSnapshot.multipartBoundary(of: request))
        #expect(boundary.hasPrefix("courier-") && boundary.count == 56)
        let snapshot = try RequestSnapshot(request, baseURL: exampleBase)
        try snapshot.verify(named: "upload-photo")
        #expect(!snapshot.text.contains(boundary))
    }

    @Test func getWithQueryMatchesItsSnapshot() throws {
        try RequestSnapshot(Self.search("ada lovelace"), baseURL: exampleBase).verify(named: "search-users")
    }

    // MARK: - Canonical text

    @Test func theTextUsesLineFeedsAndAPlaceholderBoundaryAndSizesBinaryParts() throws {
        let snapshot = try RequestSnapshot(Self.uploadPhoto(), baseURL: exampleBase)
        #expect(
            snapshot.text == """
                POST /photos HTTP/1.1
                Host: api.example.com
                Content-Type: multipart/form-data; boundary=courier-snapshot-boundary
                Content-Length: 346

                --courier-snapshot-boundary
                Content-Disposition: form-data; name="title"

                Holiday
                --courier-snapshot-boundary
                Content-Disposition: form-data; name="photo"; filename="beach.png"
                Content-Type: image/png

                <10 bytes of binary data>
                --courier-snapshot-boundary--

                """)
        #expect(!snapshot.text.contains("\r"))
    }

    @Test func aShortFixedBoundaryIsReplacedOnlyWhereItDelimits() throws {
        let request = try Endpoint<Empty, Never> {
            Method.post
            Path("notes")
            Body.multipart(.text("b", "bob"), boundary: "b")
        }.built()
        let text = try RequestSnapshot(request, baseURL: exampleBase).text
        #expect(
            text == """
                POST /notes HTTP/1.1
                Host: api.example.com
                Content-Type: multipart/form-data; boundary=courier-snapshot-boundary
                Content-Length: 61

                --courier-snapshot-boundary
                Content-Disposition: form-data; name="b"

                bob
                --courier-snapshot-boundary--

                """)
    }

    // MARK: - Recording and verifying

    @Test func aMissingSnapshotIsRecordedThenVerifiedThenReportsAChange() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "search.http")
        let snapshot = try RequestSnapshot(Self.search("ada"), baseURL: exampleBase)

        let recorded = #expect(throws: RequestSnapshotFailure.self) {
            try snapshot.verify(named: "search", directory: directory)
        }
        #expect(recorded?.reason == .recorded)
        #expect(
            recorded?.description
                == "Recorded a new snapshot at \(file.path(percentEncoded: false)); check it, then run the test again."
        )
        #expect(try String(contentsOf: file, encoding: .utf8) == snapshot.text)

        try snapshot.verify(named: "search", directory: directory)

        let changed = try RequestSnapshot(Self.search("grace"), baseURL: exampleBase)
        let mismatch = #expect(throws: RequestSnapshotFailure.self) {
            try changed.verify(named: "search", directory: directory)
        }
        #expect(mismatch?.reason == .mismatch)
        #expect(
            mismatch?.description == """
                The request differs from the snapshot at \(file.path(percentEncoded: false)) (- snapshot, + request); \
                if the change is intended, re-record with COURIER_RECORD_SNAPSHOTS=1.
                @@ -1,3 +1,3 @@
                - GET /users/search?q=ada&sort=newest&page=2 HTTP/1.1
                + GET /users/search?q=grace&sort=newest&page=2 HTTP/1.1
                  Host: api.example.com

                """)
        #expect(try String(contentsOf: file, encoding: .utf8) == snapshot.text)
    }

    @Test func recordingOverwritesTheFileAndStillFails() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "search.http")
        _ = try? RequestSnapshot(Self.search("ada"), baseURL: exampleBase).verify(
            named: "search", directory: directory)

        let changed = try RequestSnapshot(Self.search("grace"), baseURL: exampleBase)
        let rerecorded = #expect(throws: RequestSnapshotFailure.self) {
            try changed.verify(named: "search", record: true, directory: directory)
        }
        #expect(rerecorded?.reason == .rerecorded)
        #expect(
            rerecorded?.description == "Re-recorded the snapshot at \(file.path(percentEncoded: false)); "
                + "check it, then run the test again without COURIER_RECORD_SNAPSHOTS or record: true.")
        #expect(try String(contentsOf: file, encoding: .utf8) == changed.text)
        try changed.verify(named: "search", directory: directory)
    }

    @Test func filesHoldLineFeedsAndACRLFCheckoutStillMatches() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "create.http")
        let request = try Self.createTodo()
        let snapshot = try RequestSnapshot(request, baseURL: exampleBase)
        #expect(try request.http1Text(baseURL: exampleBase).contains("\r\n"))

        _ = try? snapshot.verify(named: "create", directory: directory)
        let written = try Data(contentsOf: file)
        #expect(!written.contains(UInt8(ascii: "\r")))
        #expect(written.filter { $0 == UInt8(ascii: "\n") }.count == 7)

        let crlf = String(decoding: written, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n")
        try Data(crlf.utf8).write(to: file)
        try snapshot.verify(named: "create", directory: directory)
    }

    @Test func theDefaultDirectoryIsBesideTheTestFile() {
        #expect(
            RequestSnapshot.defaultDirectory(forTestFile: "/repo/Tests/AppTests/APITests.swift").path(
                percentEncoded: false) == "/repo/Tests/AppTests/__Snapshots__/APITests")
    }

    @Test func theEnvironmentVariableTurnsRecordingOn() {
        #expect(RequestSnapshot.recordEnvironmentVariable == "COURIER_RECORD_SNAPSHOTS")
        #expect(RequestSnapshot.isRecording(environment: ["COURIER_RECORD_SNAPSHOTS": "1"]))
        #expect(RequestSnapshot.isRecording(environment: ["COURIER_RECORD_SNAPSHOTS": "TRUE"]))
        #expect(!RequestSnapshot.isRecording(environment: ["COURIER_RECORD_SNAPSHOTS": "0"]))
        #expect(!RequestSnapshot.isRecording(environment: ["COURIER_RECORD_SNAPSHOTS": ""]))
        #expect(!RequestSnapshot.isRecording(environment: ["PATH": "/usr/bin"]))
    }
}
