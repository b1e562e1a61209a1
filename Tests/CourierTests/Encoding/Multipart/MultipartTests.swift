import CourierTestSupport
import Foundation
import Testing

@testable import Courier

/// A file in a fresh temporary directory; ``remove()`` deletes the directory.
struct TemporaryFile {
    let url: URL

    init(name: String, contents: Data) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        url = directory.appendingPathComponent(name)
        try contents.write(to: url)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }
}

/// Every byte of `stream`, read `bufferSize` bytes at a time; `nil` when a read fails.
func readAll(_ stream: InputStream, bufferSize: Int) -> Data? {
    stream.open()
    defer { stream.close() }
    var bytes = Data()
    var buffer = [UInt8](repeating: 0, count: bufferSize)
    while true {
        let count = stream.read(&buffer, maxLength: bufferSize)
        if count < 0 { return nil }
        if count == 0 { return bytes }
        bytes.append(buffer, count: count)
    }
}

/// `count` bytes of a repeating, non-text pattern.
func patternBytes(_ count: Int) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
}

private func upload(_ parts: MultipartPart..., boundary: String? = nil) throws -> EndpointRequest {
    try Endpoint<User, Never> {
        Method.post
        Path("upload")
        Body.multipart(parts: parts, boundary: boundary)
    }.built()
}

private func text(_ data: Data?) -> String? {
    data.flatMap { String(data: $0, encoding: .utf8) }
}

@Suite struct MultipartTests {
    @Test func exactByteLayoutWithAFixedBoundary() throws {
        let request = try upload(
            .text("title", "Holiday"),
            .data("thumb", Data([0x00, 0xFF]), filename: "t.png", contentType: MediaType("image/png")),
            .data("raw", Data("abc".utf8)),
            boundary: "XyZ-123"
        )
        var expected = Data(
            ("--XyZ-123\r\n"
                + "Content-Disposition: form-data; name=\"title\"\r\n"
                + "\r\n"
                + "Holiday\r\n"
                + "--XyZ-123\r\n"
                + "Content-Disposition: form-data; name=\"thumb\"; filename=\"t.png\"\r\n"
                + "Content-Type: image/png\r\n"
                + "\r\n").utf8)
        expected.append(contentsOf: [0x00, 0xFF])
        expected.append(
            contentsOf: Data(
                ("\r\n--XyZ-123\r\n"
                    + "Content-Disposition: form-data; name=\"raw\"\r\n"
                    + "Content-Type: application/octet-stream\r\n"
                    + "\r\n"
                    + "abc\r\n"
                    + "--XyZ-123--\r\n").utf8))
        let body = try #require(request.body)
        #expect(body.data == expected)
        #expect(body.segments == [.data(expected)])
        #expect(body.contentType.rawValue == "multipart/form-data; boundary=XyZ-123")
        #expect(request.headers.values(for: .contentType) == ["multipart/form-data; boundary=XyZ-123"])
        #expect(body.length == Int64(expected.count))
    }

    @Test func aJSONPartIsItsValueEncodedWithItsType() throws {
        struct Meta: Encodable {
            let title: String
            let tags: [String]
        }
        let request = try upload(
            .json("meta", Meta(title: "Holiday", tags: ["sea"])),
            .json(
                "extra", ["b": 2], filename: "x.json", contentType: MediaType("application/vnd.example+json")),
            boundary: "b")
        #expect(
            text(request.body?.data)
                == "--b\r\nContent-Disposition: form-data; name=\"meta\"\r\n"
                + "Content-Type: application/json\r\n\r\n{\"tags\":[\"sea\"],\"title\":\"Holiday\"}\r\n"
                + "--b\r\nContent-Disposition: form-data; name=\"extra\"; filename=\"x.json\"\r\n"
                + "Content-Type: application/vnd.example+json\r\n\r\n{\"b\":2}\r\n--b--\r\n")
    }

    @Test func aJSONPartWhoseValueDoesNotEncodeFailsTheRequestNamingThePartAndTypeOnly() {
        struct Price: Encodable {
            let amount: Double
        }
        let error = expectCourierError(.bodyEncodingFailed) {
            try upload(.text("a", "b"), .json("price", Price(amount: .infinity)))
        }
        let expected = #"The multipart part "price" was not sent: Price could not be encoded as JSON."#
        #expect(error?.message == expected)
    }

    @Test func noPartsIsRejectedAsRFC2046Requires() {
        expectCourierError(.bodyEncodingFailed) {
            try upload(boundary: "b")
        }
    }

    @Test func aContentTypeHeaderWithoutTheBoundaryIsRejected() throws {
        expectCourierError(.bodyEncodingFailed) {
            try Endpoint<Empty, Never> {
                Method.post
                Header.contentType(MediaType("multipart/form-data"))
                Body.multipart(.text("a", "b"))
            }.request()
        }
        let matching = try Endpoint<Empty, Never> {
            Method.post
            Header.contentType(MediaType("multipart/form-data; boundary=b"))
            Body.multipart(.text("a", "b"), boundary: "b")
        }.request()
        #expect(matching.headers.values(for: .contentType) == ["multipart/form-data; boundary=b"])
    }

    @Test func smallReadsCrossInMemorySegmentsWithoutLosingBytes() throws {
        let big = Data((0..<1_000_000).map { UInt8(truncatingIfNeeded: $0) })
        let body = RequestBody(segments: [.data(big), .data(Data([1]))], contentType: .octetStream)
        let stream = body.makeInputStream()
        stream.open()
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: 1024)
        var read = Data()
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 { break }
            read.append(contentsOf: buffer[..<count])
        }
        #expect(read == big + Data([1]))
    }

    @Test func quotesCRAndLFInNamesAndFilenamesAreEscaped() throws {
        let request = try upload(
            .data("a\"b\r\nc", Data("x".utf8), filename: "x\".txt\r", contentType: MediaType("text/plain")),
            boundary: "b")
        #expect(
            text(request.body?.data)
                == "--b\r\n"
                + "Content-Disposition: form-data; name=\"a%22b%0D%0Ac\"; filename=\"x%22.txt%0D\"\r\n"
                + "Content-Type: text/plain\r\n\r\nx\r\n--b--\r\n")
    }

    @Test func nonASCIIFilenamesGoAsUTF8WithoutAnRFC8187Form() throws {
        let request = try upload(
            .data("fichier", Data(), filename: "résumé 1.pdf", contentType: MediaType("application/pdf")),
            .data("plain", Data(), filename: "plain name.txt"),
            .text("prénom", "Zoë"),
            boundary: "b")
        let lines = try #require(text(request.body?.data)).components(separatedBy: "\r\n")
        #expect(
            lines.filter { $0.hasPrefix("Content-Disposition") } == [
                "Content-Disposition: form-data; name=\"fichier\"; filename=\"résumé 1.pdf\"",
                "Content-Disposition: form-data; name=\"plain\"; filename=\"plain name.txt\"",
                "Content-Disposition: form-data; name=\"prénom\"",
            ])
        #expect(lines.contains("Zoë"))
    }

    @Test func defaultBoundaryIsFreshAndRandom() throws {
        let endpoint = Endpoint<User, Never> {
            Method.post
            Body.multipart(.text("a", "1"))
        }
        let first = try #require(endpoint.request().body)
        let second = try #require(endpoint.request().body)
        let boundary = try #require(first.contentType.parameter("boundary"))
        #expect(boundary.wholeMatch(of: /courier-[0-9a-f]{48}/) != nil)
        #expect(first.contentType.rawValue == "multipart/form-data; boundary=\(boundary)")
        #expect(second.contentType.parameter("boundary") != boundary)
        #expect(
            text(first.data)
                == "--\(boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--\(boundary)--\r\n"
        )
    }

    @Test(arguments: [
        MultipartPart.text("a", "before --XyZ after"),
        .data("a", Data("\r\n--XyZ--\r\n".utf8)),
        .data("a", Data(), filename: "--XyZ.txt"),
        .text("--XyZ", "value"),
    ])
    func fixedBoundaryInsideAnInMemoryPartIsRejected(part: MultipartPart) {
        let error = expectCourierError(.bodyEncodingFailed, stage: .building) {
            try upload(.text("ok", "fine"), part, boundary: "XyZ")
        }
        #expect(error?.message == "The multipart boundary occurs inside one of the parts; choose another.")
    }

    @Test func boundaryTextWithoutTheDashesIsAllowed() throws {
        let request = try upload(.text("XyZ", "XyZ-XyZ"), boundary: "XyZ")
        #expect(text(request.body?.data)?.hasSuffix("XyZ-XyZ\r\n--XyZ--\r\n") == true)
    }

    @Test(arguments: [
        "", String(repeating: "a", count: 71), "a b", "é", "a;b", "a\"b", "tab\there", "a\r\nb",
    ])
    func invalidBoundariesAreRejected(boundary: String) {
        let error = expectCourierError(.bodyEncodingFailed, stage: .building) {
            try upload(.text("a", "1"), boundary: boundary)
        }
        #expect(
            error?.message
                == "A multipart boundary has 1 to 70 letters, digits or '()+_,-./:=? (RFC 2046), without spaces."
        )
    }

    @Test func seventyCharacterBoundaryIsAccepted() throws {
        let boundary = String(repeating: "b", count: 70)
        let request = try upload(.text("a", "1"), boundary: boundary)
        #expect(request.body?.contentType.parameter("boundary") == boundary)
    }

    @Test func boundaryWithNonTokenCharactersIsQuotedInContentType() throws {
        let boundary = "'()+_,-./:=?"
        let request = try upload(.text("a", "1"), boundary: boundary)
        let header = try #require(request.headers[.contentType])
        #expect(header == "multipart/form-data; boundary=\"'()+_,-./:=?\"")
        #expect(MediaType(validating: header)?.parameter("boundary") == boundary)
        #expect(text(request.body?.data)?.hasPrefix("--'()+_,-./:=?\r\n") == true)
    }

    @Test func filePartsAreStreamedSegments() throws {
        let photo = try TemporaryFile(name: "photo.png", contents: patternBytes(200_000))
        defer { photo.remove() }
        let blob = try TemporaryFile(name: "blob.qqq", contents: Data("blob".utf8))
        defer { blob.remove() }
        let request = try upload(
            .text("title", "Holiday"),
            .file("photo", photo.url),
            .file("blob", blob.url),
            .file("renamed", blob.url, filename: "other.txt", contentType: MediaType("text/plain")),
            boundary: "B")
        let body = try #require(request.body)
        #expect(body.data == nil)
        #expect(body.isStreamed)
        #expect(
            body.segments == [
                .data(
                    Data(
                        ("--B\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHoliday\r\n"
                            + "--B\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"photo.png\"\r\n"
                            + "Content-Type: image/png\r\n\r\n").utf8)),
                .file(photo.url, length: 200_000),
                .data(
                    Data(
                        ("\r\n--B\r\nContent-Disposition: form-data; name=\"blob\"; filename=\"blob.qqq\"\r\n"
                            + "Content-Type: application/octet-stream\r\n\r\n").utf8)),
                .file(blob.url, length: 4),
                .data(
                    Data(
                        ("\r\n--B\r\nContent-Disposition: form-data; name=\"renamed\"; filename=\"other.txt\"\r\n"
                            + "Content-Type: text/plain\r\n\r\n").utf8)),
                .file(blob.url, length: 4),
                .data(Data("\r\n--B--\r\n".utf8)),
            ])
    }

    @Test func lengthCollectedBytesAndStreamAgree() throws {
        let photo = try TemporaryFile(name: "photo.png", contents: patternBytes(200_000))
        defer { photo.remove() }
        let empty = try TemporaryFile(name: "empty.txt", contents: Data())
        defer { empty.remove() }
        let request = try upload(
            .text("title", "Holiday"), .file("photo", photo.url), .file("empty", empty.url),
            .data("tail", patternBytes(100)), boundary: "B")
        let body = try #require(request.body)
        let collected = try body.collectData()
        #expect(body.length == Int64(collected.count))
        #expect(request.headers[.contentType] == "multipart/form-data; boundary=B")
        let photoHeader = Data(
            "--B\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"photo.png\"\r\nContent-Type: image/png\r\n\r\n"
                .utf8)
        let start = try #require(collected.range(of: photoHeader)).upperBound
        #expect(collected[start..<start + 200_000] == patternBytes(200_000))
        for size in [7, 4096, 65_536, 1 << 20] {
            #expect(readAll(body.makeInputStream(), bufferSize: size) == collected, "buffer of \(size) bytes")
        }
    }

    @Test func streamReadsByteByByte() throws {
        let file = try TemporaryFile(name: "small.bin", contents: patternBytes(300))
        defer { file.remove() }
        let body = try #require(try upload(.file("f", file.url), .text("t", "x"), boundary: "B").body)
        let stream = body.makeInputStream()
        #expect(readAll(stream, bufferSize: 1) == (try body.collectData()))
    }

    @Test func streamEndsAtEnd() throws {
        let body = try #require(try upload(.text("t", "x"), boundary: "B").body)
        let stream = body.makeInputStream()
        stream.open()
        var buffer = [UInt8](repeating: 0, count: 1024)
        #expect(stream.read(&buffer, maxLength: 1024) == Int(body.length))
        #expect(stream.read(&buffer, maxLength: 1024) == 0)
        #expect(stream.streamStatus == .atEnd)
        #expect(!stream.hasBytesAvailable)
    }

    @Test func missingFileIsReportedWhenTheRequestIsBuilt() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-missing-\(UUID()).bin")
        let error = expectCourierError(.bodyFileUnreadable, stage: .building) {
            try upload(.text("a", "1"), .file("f", missing))
        }
        #expect(error?.message == "The body file \(missing.lastPathComponent) cannot be read.")
        expectCourierError(.bodyFileUnreadable) {
            try upload(.file("f", FileManager.default.temporaryDirectory))
        }
        let remote = expectCourierError(.bodyFileUnreadable) {
            try upload(.file("f", try #require(URL(string: "https://example.com/a.png"))))
        }
        #expect(remote?.message == "A body file must be a file URL, not https.")
    }

    @Test func fileThatChangedLengthAfterBuildingFailsTheCheck() throws {
        let file = try TemporaryFile(name: "grow.bin", contents: patternBytes(10))
        defer { file.remove() }
        let body = try #require(try upload(.file("f", file.url), boundary: "B").body)
        try body.checkFiles()
        try patternBytes(12).write(to: file.url)
        let message =
            "The file grow.bin changed length from 10 to 12 bytes after the request was built; nothing was sent."
        let checked = expectCourierError(.bodyFileUnreadable, stage: .transport) { try body.checkFiles() }
        #expect(checked?.message == message)
        let collected = expectCourierError(.bodyFileUnreadable, stage: .transport) { try body.collectData() }
        #expect(collected?.message == message)
    }

    @Test func streamFailsWhenAFileShrinks() throws {
        let file = try TemporaryFile(name: "shrink.bin", contents: patternBytes(1000))
        defer { file.remove() }
        let body = try #require(try upload(.file("f", file.url), boundary: "B").body)
        try patternBytes(10).write(to: file.url)
        let stream = body.makeInputStream()
        stream.open()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var result = 0
        repeat {
            result = stream.read(&buffer, maxLength: buffer.count)
        } while result > 0
        #expect(result == -1)
        #expect(stream.streamStatus == .error)
        #expect((stream.streamError as? CourierError)?.kind == .bodyFileUnreadable)
    }
}
