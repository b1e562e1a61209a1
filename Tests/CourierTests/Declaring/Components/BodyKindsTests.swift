import CourierTestSupport
import Foundation
import Testing

@testable import Courier

private struct SignIn: Encodable, Sendable {
    var user: String
    var password: String
    var remember: Bool
    var scopes: [String]
}

private func post(_ payload: Body) throws -> EndpointRequest {
    try Endpoint<User, Never> {
        Method.post
        Path("upload")
        payload
    }.built()
}

@Suite struct BodyKindsTests {
    // MARK: Form

    @Test func formFromAnEncodableValue() throws {
        let request = try post(
            Body.form(
                SignIn(user: "ada@example.com", password: "a b+c&d", remember: true, scopes: ["r", "w"])))
        #expect(
            request.body?.data
                == Data("user=ada%40example.com&password=a%20b%2Bc%26d&remember=true&scopes=r&scopes=w".utf8))
        #expect(request.body?.contentType == .formURLEncoded)
        #expect(request.headers[.contentType] == "application/x-www-form-urlencoded")
    }

    @Test func formFromItemsKeepsOrderAndRepeats() throws {
        let request = try post(
            Body.form(items: [
                QueryItem(name: "b", value: "2"), QueryItem(name: "a", value: "é"),
                QueryItem(name: "b", value: "3"),
            ]))
        #expect(request.body?.data == Data("b=2&a=%C3%A9&b=3".utf8))
        #expect(request.headers[.contentType] == "application/x-www-form-urlencoded")
    }

    @Test func formUsesTheEndpointsEncoding() throws {
        let request = try Endpoint<User, Never> {
            Method.post
            FormEncoding(arrays: .brackets, booleans: .numeric, keys: .convertToSnakeCase)
            Body.form(["rememberMe": true])
        }.built()
        #expect(request.body?.data == Data("rememberMe=1".utf8))
        let model = try Endpoint<User, Never> {
            Method.post
            FormEncoding(arrays: .brackets, booleans: .numeric, keys: .convertToSnakeCase)
            Body.form(SignIn(user: "u", password: "p", remember: false, scopes: ["r"]))
        }.built()
        #expect(model.body?.data == Data("user=u&password=p&remember=0&scopes%5B%5D=r".utf8))
    }

    // MARK: Text

    @Test func textDefaultsToUTF8() throws {
        let request = try post(Body.text("héllo €"))
        #expect(request.body?.data == Data("héllo €".utf8))
        #expect(request.headers[.contentType] == "text/plain; charset=utf-8")
    }

    @Test func textAddsCharsetWhenTheTypeNamesNone() throws {
        let request = try post(Body.text("a,é", contentType: MediaType("text/csv")))
        #expect(request.body?.data == Data("a,é".utf8))
        #expect(request.body?.contentType.rawValue == "text/csv; charset=utf-8")
        #expect(request.headers[.contentType] == "text/csv; charset=utf-8")
    }

    @Test(
        arguments: [
            ("text/plain; charset=utf-8", "é€😀", [0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80]),
            ("text/plain; charset=UTF8", "é", [0xC3, 0xA9]),
            ("text/plain; charset=iso-8859-1", "aé", [0x61, 0xE9]),
            ("text/plain; charset=latin1", "ÿ", [0xFF]),
            ("text/plain; charset=us-ascii", "abc", [0x61, 0x62, 0x63]),
            ("text/plain; charset=utf-16be", "é€😀", [0x00, 0xE9, 0x20, 0xAC, 0xD8, 0x3D, 0xDE, 0x00]),
            ("text/plain; charset=utf-16le", "é€😀", [0xE9, 0x00, 0xAC, 0x20, 0x3D, 0xD8, 0x00, 0xDE]),
            ("text/plain; charset=utf-16", "aé", [0x00, 0x61, 0x00, 0xE9]),
        ] as [(String, String, [UInt8])])
    func textInItsCharset(contentType: String, text: String, bytes: [UInt8]) throws {
        let type = try #require(MediaType(validating: contentType))
        let request = try post(Body.text(text, contentType: type))
        #expect(request.body?.data == Data(bytes))
        #expect(request.headers[.contentType] == contentType)
    }

    @Test(arguments: [
        ("text/plain; charset=us-ascii", "café", "us-ascii"),
        ("text/plain; charset=iso-8859-1", "5 €", "iso-8859-1"),
    ])
    func unrepresentableCharacterIsAnError(contentType: String, text: String, charset: String) throws {
        let type = try #require(MediaType(validating: contentType))
        let error = expectCourierError(.bodyEncodingFailed, stage: .building) {
            try post(Body.text(text, contentType: type))
        }
        #expect(
            error?.message
                == "The text has characters that charset \(charset) cannot represent; nothing was replaced.")
    }

    @Test func unknownCharsetIsAnError() {
        let error = expectCourierError(.bodyEncodingFailed) {
            try post(Body.text("x", contentType: MediaType("text/plain; charset=Shift_JIS")))
        }
        #expect(
            error?.message
                == "Courier cannot encode text as charset shift_jis; use utf-8, us-ascii, iso-8859-1 or utf-16."
        )
    }

    @Test func explicitContentTypeWinsOverTheBodys() throws {
        let request = try Endpoint<User, Never> {
            Method.post
            Header.contentType(MediaType("text/x-custom"))
            Body.text("x", contentType: MediaType("text/csv"))
        }.built()
        #expect(request.headers.values(for: .contentType) == ["text/x-custom"])
        #expect(request.body?.contentType.rawValue == "text/csv; charset=utf-8")
        let form = try Endpoint<User, Never> {
            Body.form(items: [QueryItem(name: "a", value: "1")])
            Header("content-type", "application/x-www-form-urlencoded; charset=utf-8")
            Method.post
        }.built()
        #expect(
            form.headers.values(for: .contentType) == ["application/x-www-form-urlencoded; charset=utf-8"])
    }

    // MARK: File

    @Test func fileBodyIsOneStreamedSegment() throws {
        let clip = try TemporaryFile(name: "clip.mp4", contents: patternBytes(70_000))
        defer { clip.remove() }
        let request = try post(Body.file(clip.url))
        let body = try #require(request.body)
        #expect(body.segments == [.file(clip.url, length: 70_000)])
        #expect(body.data == nil)
        #expect(body.isStreamed)
        #expect(body.length == 70_000)
        #expect(body.contentType.rawValue == "video/mp4")
        #expect(request.headers[.contentType] == "video/mp4")
        #expect(try body.collectData() == patternBytes(70_000))
        #expect(readAll(body.makeInputStream(), bufferSize: 32_768) == patternBytes(70_000))
    }

    @Test func fileBodyContentType() throws {
        let unknown = try TemporaryFile(name: "data.qqq", contents: Data("x".utf8))
        defer { unknown.remove() }
        #expect(try post(Body.file(unknown.url)).headers[.contentType] == "application/octet-stream")
        let explicit = try post(Body.file(unknown.url, contentType: MediaType("text/plain")))
        #expect(explicit.headers[.contentType] == "text/plain")
    }

    /// Regression: `attributesOfItem(atPath:)` does not follow a symbolic link, so a link to a
    /// regular file used to be refused as "not a readable regular file".
    @Test func symbolicLinkToAFileIsAccepted() throws {
        let target = try TemporaryFile(name: "target.txt", contents: Data("abc".utf8))
        defer { target.remove() }
        let link = target.url.deletingLastPathComponent().appendingPathComponent("link.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target.url)
        let request = try post(Body.file(link))
        #expect(request.body?.length == 3)
        #expect(try request.body?.collectData() == Data("abc".utf8))
    }

    @Test func missingFileBodyIsABuildingError() {
        let missing = URL(fileURLWithPath: "/nonexistent-courier-\(UUID())/a.bin")
        let error = expectCourierError(.bodyFileUnreadable, stage: .building) { try post(Body.file(missing)) }
        #expect(error?.message == "The body file a.bin cannot be read.")
    }

    // MARK: Rendering

    @Test func curlForAFileBodyReadsTheFile() throws {
        let file = try TemporaryFile(name: "it's.bin", contents: patternBytes(5))
        defer { file.remove() }
        let request = try post(Body.file(file.url))
        let quotedPath = "'" + file.url.path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        #expect(
            try request.curlCommand(baseURL: exampleBase)
                == "curl -X 'POST' 'https://api.example.com/upload' -H 'Content-Type: application/octet-stream' "
                + "--data-binary @\(quotedPath)")
    }

    @Test func curlForMultipartWithAFileConcatenatesThePieces() async throws {
        let file = try TemporaryFile(name: "a.txt", contents: Data("hello".utf8))
        defer { file.remove() }
        let request = try post(Body.multipart(.text("t", "it's 100%\\"), .file("f", file.url), boundary: "B"))
        let command = try request.curlCommand(baseURL: exampleBase)
        let prefix =
            "curl -X 'POST' 'https://api.example.com/upload' -H 'Content-Type: multipart/form-data; boundary=B' "
            + "--data-binary @"
        #expect(command.hasPrefix(prefix + "<(cat "))
        #expect(command.contains(" '\(file.url.path)' "))
        #expect(command.hasSuffix(")"))
        #if os(macOS) || os(Linux)
            let source = String(command.dropFirst(prefix.count))
            #expect(try await bashOutput("cat " + source) == request.body?.collectData())
        #endif
    }

    #if os(macOS) || os(Linux)
        /// What `script` writes to standard output under `bash -c`.
        private func bashOutput(_ script: String) async throws -> Data {
            try await ShellCommand.run("/bin/bash", ["-c", script]).output
        }
    #endif

    @Test func http1TextNamesFilesAndCountsTheirBytes() throws {
        let file = try TemporaryFile(name: "a.txt", contents: Data("hello".utf8))
        defer { file.remove() }
        let request = try post(Body.multipart(.text("t", "x"), .file("f", file.url), boundary: "B"))
        let head =
            "--B\r\nContent-Disposition: form-data; name=\"t\"\r\n\r\nx\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\n"
        let tail = "\r\n--B--\r\n"
        let length = head.utf8.count + 5 + tail.utf8.count
        #expect(
            try request.http1Text(baseURL: exampleBase)
                == "POST /upload HTTP/1.1\r\nHost: api.example.com\r\n"
                + "Content-Type: multipart/form-data; boundary=B\r\nContent-Length: \(length)\r\n\r\n"
                + head + "<file a.txt: 5 bytes>" + tail)
        #expect(request.body?.length == Int64(length))
        let single = try post(Body.file(file.url))
        #expect(
            try single.http1Text(baseURL: exampleBase)
                == "POST /upload HTTP/1.1\r\nHost: api.example.com\r\nContent-Type: text/plain\r\n"
                + "Content-Length: 5\r\n\r\n<file a.txt: 5 bytes>")
    }
}

@Suite struct TextCharsetFromHeaderTests {
    @Test func aContentTypeHeaderNamingACharsetDecidesTheBytes() throws {
        let request = try Endpoint<Empty, Never> {
            Method.post
            Header.contentType(MediaType("text/plain; charset=iso-8859-1"))
            Body.text("é")
        }.request()
        #expect(request.body?.data == Data([0xE9]))
        #expect(request.headers.values(for: .contentType) == ["text/plain; charset=iso-8859-1"])
    }

    @Test func aHeaderWithoutACharsetLeavesTheBodysCharset() throws {
        let request = try Endpoint<Empty, Never> {
            Method.post
            Header.contentType(MediaType("text/markdown"))
            Body.text("é", contentType: MediaType("text/plain; charset=utf-16be"))
        }.request()
        #expect(request.body?.data == Data([0x00, 0xE9]))
    }
}
