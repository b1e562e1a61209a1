import Courier
import CourierTestSupport
import CourierTransportConformance
import Foundation
import Testing

/// The encoding rules without a network: the exact bytes of every rule, the declarations shown
/// in the documentation against the code that runs, and the documentation table itself.
@Suite struct EncodingRulesTests {
    @Test(arguments: EncodingRule.all)
    func bytesOnTheWire(rule: EncodingRule) throws {
        let request = try rule.endpoint(route: "parsed", as: Data.self)
            .request(formEncoding: rule.clientEncoding ?? FormEncoding())
        #expect(request.percentEncodedTarget == rule.target(route: "parsed"))
        switch rule.location {
        case .query:
            #expect(request.method == .get)
            #expect(request.body == nil)
        case .form:
            #expect(request.method == .post)
            #expect(request.query.isEmpty)
            let body = try #require(request.body?.data)
            #expect(String(decoding: body, as: UTF8.self) == rule.wire)
            #expect(body == Data(rule.wire.utf8))
            #expect(request.headers[.contentType] == "application/x-www-form-urlencoded")
        }
    }

    @Test func identifiersAreUnique() {
        let ids = EncodingRule.all.map(\.id)
        #expect(Set(ids).count == ids.count, "duplicate rule ids: \(ids)")
    }

    /// Each rule's `declared` text, and each line of the type declarations, must also occur as
    /// code in `EncodingRules.swift` (whitespace, `;` and trailing commas aside), so the table
    /// never shows a declaration other than the one the tests send.
    @Test func declarationsShownAreTheCodeThatRuns() throws {
        let source = try String(contentsOf: RepositoryFiles.catalogSource, encoding: .utf8)
        let code = RepositoryFiles.normalized(source)
        let declarations =
            EncodingRule.all.map(\.declared)
            + EncodingRule.typeDeclarations.split(separator: "\n").map(String.init)
        for declaration in declarations {
            let needle = RepositoryFiles.normalized(declaration)
            // One occurrence is the string literal itself; the code must be a second one.
            let occurrences = code.components(separatedBy: needle).count - 1
            #expect(
                occurrences >= 2,
                "\(declaration) is shown in the documentation but is not the code next to it in EncodingRules.swift"
            )
        }
    }

    @Test func documentationTableMatchesTheCatalog() throws {
        let url = RepositoryFiles.article
        let article = try String(contentsOf: url, encoding: .utf8)
        let begin = "<!-- encoding-rules:begin -->"
        let end = "<!-- encoding-rules:end -->"
        let start = try #require(article.range(of: begin), "\(url.path) has no \(begin) marker")
        let stop = try #require(
            article.range(of: end, range: start.upperBound..<article.endIndex),
            "\(url.path) has no \(end) marker after \(begin)")
        let recorded = String(article[start.upperBound..<stop.lowerBound])
        let rendered = "\n" + EncodingRule.markdown() + "\n"

        if ProcessInfo.processInfo.environment["COURIER_RECORD_RULES"] == "1" {
            let updated = article.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: rendered)
            try updated.write(to: url, atomically: true, encoding: .utf8)
            Issue.record(
                """
                Re-recorded the encoding-rules table in Documentation/Courier.docc/EncodingRules.md \
                from EncodingRule.all (COURIER_RECORD_RULES=1 is set). Review the diff, then run the \
                tests again without COURIER_RECORD_RULES; a re-recording run always fails.
                """)
            return
        }
        guard recorded != rendered else { return }
        let recordedLines = recorded.split(separator: "\n", omittingEmptySubsequences: false)
        let renderedLines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        let line =
            zip(recordedLines, renderedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(recordedLines.count, renderedLines.count)
        let found = line < recordedLines.count ? String(recordedLines[line]) : "(end of section)"
        let wanted = line < renderedLines.count ? String(renderedLines[line]) : "(end of section)"
        Issue.record(
            """
            The encoding-rules table in Documentation/Courier.docc/EncodingRules.md is not the one \
            EncodingRule.all renders. Re-record it with `COURIER_RECORD_RULES=1 swift test --filter \
            EncodingRulesTests`, review the diff, and run the tests again without the variable.
            First difference, line \(line + 1) after the begin marker:
              article: \(found)
              catalog: \(wanted)
            """)
    }

    @Test func tableCellsEscapePipesAndBackticks() {
        #expect(EncodingRule.code("a|b") == "`a\\|b`")
        #expect(EncodingRule.code("a`b") == "`` a`b ``")
        #expect(EncodingRule.cell("x | y") == "x \\| y")
    }
}

/// Files of the repository, found from this source file's path.
enum RepositoryFiles {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// Tests/CourierIntegrationTests/Encoding/ is three folders below the root.
    static let root = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let article = root.appending(path: "Documentation/Courier.docc/EncodingRules.md")
    static let catalogSource = testsDirectory.appending(path: "EncodingRules.swift")

    /// Source text without whitespace, semicolons or trailing commas, for comparing declarations.
    static func normalized(_ text: String) -> String {
        let compact = String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter { scalar in
                    !scalar.properties.isWhitespace && scalar != ";"
                }))
        return compact.replacingOccurrences(of: ",]", with: "]").replacingOccurrences(of: ",)", with: ")")
    }
}

// MARK: - The table

extension EncodingRule {
    /// The generated part of the article: one table per group, then the types they use.
    static func markdown() -> String {
        var lines: [String] = []
        for group in groups {
            lines += [
                "### \(group.title)", "",
                "| Rule | Declared | On the wire | Server parsed |",
                "| --- | --- | --- | --- |",
            ]
            for rule in group.rules {
                lines.append(
                    "| \(cell(rule.summary)) | \(code(rule.declared)) | \(rule.wireCell) | \(rule.parsedCell) |"
                )
            }
            lines.append("")
        }
        lines += ["The declarations use these types:", "", "```swift", typeDeclarations, "```"]
        return lines.joined(separator: "\n")
    }

    /// Markdown text for a table cell: `|` escaped, line breaks as spaces.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    /// A code span for a table cell.
    static func code(_ text: String) -> String {
        let body = cell(text)
        return body.contains("`") ? "`` \(body) ``" : "`\(body)`"
    }

    var wireCell: String {
        switch location {
        case .query: wire.isEmpty ? "nothing" : Self.code("?" + wire)
        case .form: Self.code(wire) + " (body)"
        }
    }

    var parsedCell: String {
        parsed.isEmpty ? "nothing" : parsed.map { Self.code($0.description) }.joined(separator: ", ")
    }
}

// MARK: - Against real servers

/// What the loopback server's `/parsed` route read with Werkzeug.
struct WerkzeugParsed: Decodable, Sendable {
    let target: String
    let args: [[String]]
    let form: [[String]]
    let contentType: String?
    let contentLength: String?
    let body: String?

    enum CodingKeys: String, CodingKey {
        case target, args, form, body
        case contentType = "content_type"
        case contentLength = "content_length"
    }

    var argPairs: [EncodingRule.Pair] { Self.pairs(args) }
    var formPairs: [EncodingRule.Pair] { Self.pairs(form) }

    private static func pairs(_ lists: [[String]]) -> [EncodingRule.Pair] {
        lists.map { EncodingRule.Pair(name: $0.first ?? "", value: $0.count > 1 ? $0[1] : "") }
    }
}

/// A JSON member that httpbin writes as a string for one value and an array for several.
enum StringOrArray: Decodable, Sendable, Equatable {
    case string(String)
    case array([String])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .string(text)
        } else {
            self = .array(try container.decode([String].self))
        }
    }

    var values: [String] {
        switch self {
        case .string(let text): [text]
        case .array(let texts): texts
        }
    }
}

/// What httpbin's `/anything` parsed, as a multimap.
struct HTTPBinParsed: Decodable, Sendable {
    let args: [String: StringOrArray]
    let form: [String: StringOrArray]
    let files: [String: StringOrArray]?
    let data: String

    var argValues: [String: [String]] { args.mapValues(\.values) }
    var formValues: [String: [String]] { form.mapValues(\.values) }
}

extension [EncodingRule.Pair] {
    /// The values of each name, in order.
    var multimap: [String: [String]] {
        reduce(into: [:]) { $0[$1.name, default: []].append($1.value) }
    }
}

/// Every rule sent to Werkzeug, httpbin and the raw `/echo` route.
@Suite(.enabled(if: LoopbackServers.isAvailable, LoopbackServers.skipReason), .timeLimit(.minutes(1)))
struct EncodingRulesServerTests {
    let servers: LoopbackServers

    init() throws {
        servers = try LoopbackServers.current()
    }

    @Test(arguments: EncodingRule.all)
    func werkzeugParsesTheDeclaredPairsInOrder(rule: EncodingRule) async throws {
        let client = rule.client(baseURL: servers.loopback)
        let seen = try await client.value(rule.endpoint(route: "parsed", as: WerkzeugParsed.self))
        #expect(seen.target == rule.target(route: "parsed"))
        switch rule.location {
        case .query:
            #expect(seen.argPairs == rule.parsed)
            #expect(seen.formPairs.isEmpty)
        case .form:
            #expect(seen.argPairs.isEmpty)
            #expect(seen.formPairs == rule.parsed)
            #expect(seen.body == rule.wire)
            #expect(seen.contentType == "application/x-www-form-urlencoded")
            #expect(seen.contentLength == String(rule.wire.utf8.count))
        }
    }

    @Test(arguments: EncodingRule.all)
    func httpbinParsesTheDeclaredPairs(rule: EncodingRule) async throws {
        let client = rule.client(baseURL: servers.httpbin)
        let seen = try await client.value(rule.endpoint(route: "anything", as: HTTPBinParsed.self))
        switch rule.location {
        case .query:
            #expect(seen.argValues == rule.parsed.multimap)
            #expect(seen.form.isEmpty)
        case .form:
            #expect(seen.args.isEmpty)
            #expect(seen.formValues == rule.parsed.multimap)
        }
    }

    @Test(arguments: EncodingRule.all)
    func rawBytesArriveUnchanged(rule: EncodingRule) async throws {
        let client = rule.client(baseURL: servers.loopback)
        let echo = try await client.value(rule.endpoint(route: "echo", as: LoopbackServers.Echo.self))
        #expect(echo.target == rule.target(route: "echo"))
        switch rule.location {
        case .query:
            #expect(echo.bodyLength == 0)
        case .form:
            #expect(echo.body == rule.wire)
            #expect(echo.header("Content-Type") == "application/x-www-form-urlencoded")
        }
    }

    @Test func everyPathArgumentIsOneSegment() async throws {
        let endpoint = Endpoint<LoopbackServers.Echo, Never> {
            Method.get
            Path("echo", "a/b", "c d", "100%", "x?y#z", "a+b", "日本", "👍🏽")
        }
        let echo = try await Client(baseURL: servers.loopback).value(endpoint)
        #expect(
            echo.target
                == "/echo/a%2Fb/c%20d/100%25/x%3Fy%23z/a%2Bb/%E6%97%A5%E6%9C%AC/%F0%9F%91%8D%F0%9F%8F%BD")
    }
}

// MARK: - Bodies

/// What the loopback server's `/multipart` route read with Werkzeug.
struct MultipartSeen: Decodable, Sendable {
    struct File: Decodable, Sendable, Equatable {
        let name: String
        let filename: String?
        let contentType: String?
        let size: Int
        let sha256: String

        enum CodingKeys: String, CodingKey {
            case name, filename, size, sha256
            case contentType = "content_type"
        }
    }

    let fields: [[String]]
    let files: [File]
    let contentLength: String?
    let transferEncoding: String?
    let boundary: String?

    enum CodingKeys: String, CodingKey {
        case fields, files, boundary
        case contentLength = "content_length"
        case transferEncoding = "transfer_encoding"
    }
}

/// What the loopback server's `/sink` route counted.
struct SinkSeen: Decodable, Sendable {
    let size: Int
    let sha256: String
    let contentLength: String?
    let transferEncoding: String?
    let contentType: String?

    enum CodingKeys: String, CodingKey {
        case size, sha256
        case contentLength = "content_length"
        case transferEncoding = "transfer_encoding"
        case contentType = "content_type"
    }
}

/// The `/echo` route's body as bytes.
struct BytesEcho: Decodable, Sendable {
    let headers: [[String]]
    let bodyBase64: String

    enum CodingKeys: String, CodingKey {
        case headers
        case bodyBase64 = "body_base64"
    }

    var body: Data? { Data(base64Encoded: bodyBase64) }

    func header(_ name: String) -> String? {
        headers.first { $0.first?.lowercased() == name.lowercased() }?.last
    }
}

/// A fresh temporary directory for random files; call ``remove()`` when done.
struct TemporaryFiles {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appending(path: "courier-encoding-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Writes `count` random bytes to `name` and returns its URL.
    func randomFile(_ name: String, count: Int) throws -> URL {
        let url = directory.appending(path: name)
        try Self.randomData(count: count).write(to: url)
        return url
    }

    /// `count` random bytes, read from the kernel: generating megabytes in a debug build would
    /// keep a thread of the cooperative pool busy for a noticeable time.
    static func randomData(count: Int) -> Data {
        if let urandom = FileHandle(forReadingAtPath: "/dev/urandom") {
            defer { try? urandom.close() }
            if let data = try? urandom.read(upToCount: count), data.count == count { return data }
        }
        var generator = SystemRandomNumberGenerator()
        let words = (0..<(count + 7) / 8).map { _ in generator.next() as UInt64 }
        return words.withUnsafeBytes { Data($0.prefix(count)) }
    }
}

/// Multipart, file, text and JSON bodies against Werkzeug and httpbin.
@Suite(.enabled(if: LoopbackServers.isAvailable, LoopbackServers.skipReason), .timeLimit(.minutes(1)))
struct EncodingRulesBodyTests {
    let servers: LoopbackServers
    let loopback: Client
    let httpbin: Client

    init() throws {
        servers = try LoopbackServers.current()
        loopback = Client(baseURL: servers.loopback)
        httpbin = Client(baseURL: servers.httpbin)
    }

    static let caption = "Grüße aus Zürich, 日本 👍🏽"
    static let fileSize = 5 * 1024 * 1024

    static func upload<Value: Decodable & Sendable>(
        to route: String, thumbnail: Data, video: URL, as type: Value.Type
    ) -> Endpoint<Value, Never> {
        Endpoint {
            Method.post
            Path(route)
            Body.multipart(
                .text("caption", caption),
                .data("thumbnail", thumbnail, filename: "thumb.png", contentType: MediaType("image/png")),
                .file("video", video)
            )
        }
    }

    @Test func multipartArrivesPartByPartAtWerkzeug() async throws {
        let files = try TemporaryFiles()
        defer { files.remove() }
        let video = try files.randomFile("clip.bin", count: Self.fileSize)
        let videoDigest = try await offPool { try SHA256.hex(ofFileAt: video) }
        let thumbnail = TemporaryFiles.randomData(count: 64 * 1024)
        let endpoint = Self.upload(
            to: "multipart", thumbnail: thumbnail, video: video, as: MultipartSeen.self)

        let body = try #require(try endpoint.request().body)
        #expect(body.isStreamed)
        #expect(body.length > Int64(Self.fileSize + thumbnail.count))

        let seen = try await loopback.value(endpoint)
        #expect(seen.fields == [["caption", Self.caption]])
        #expect(
            seen.files == [
                MultipartSeen.File(
                    name: "thumbnail", filename: "thumb.png", contentType: "image/png", size: thumbnail.count,
                    sha256: SHA256.hex(of: thumbnail)),
                MultipartSeen.File(
                    name: "video", filename: "clip.bin", contentType: "application/octet-stream",
                    size: Self.fileSize, sha256: videoDigest),
            ])
        #expect(seen.contentLength == String(body.length))
        #expect(seen.transferEncoding == nil)
        let boundary = try #require(seen.boundary)
        #expect(boundary.hasPrefix("courier-"))
        #expect(boundary.dropFirst("courier-".count).count == 48)
        #expect(boundary.dropFirst("courier-".count).allSatisfy { $0.isHexDigit && !$0.isUppercase })
    }

    @Test func multipartArrivesAtHTTPBin() async throws {
        let files = try TemporaryFiles()
        defer { files.remove() }
        // 1 MiB: httpbin answers with every file as base64 inside its JSON, and decoding that in a
        // debug build would hold a thread of the cooperative pool for seconds.
        let video = try files.randomFile("clip.bin", count: 1024 * 1024)
        let videoDigest = try await offPool { try SHA256.hex(ofFileAt: video) }
        let thumbnail = TemporaryFiles.randomData(count: 64 * 1024)
        let seen = try await httpbin.value(
            Self.upload(to: "anything", thumbnail: thumbnail, video: video, as: HTTPBinParsed.self))
        #expect(seen.formValues == ["caption": [Self.caption]])
        let uploaded = try #require(seen.files)
        #expect(Set(uploaded.keys) == ["thumbnail", "video"])
        // httpbin returns bytes that are not UTF-8 as a data: URL with their base64.
        let thumbnailURL = try #require(uploaded["thumbnail"]?.values.first)
        let thumbnailPrefix = "data:image/png;base64,"
        #expect(thumbnailURL.hasPrefix(thumbnailPrefix))
        let thumbnailBytes = try #require(
            Data(base64Encoded: String(thumbnailURL.dropFirst(thumbnailPrefix.count))))
        #expect(try await offPool { SHA256.hex(of: thumbnailBytes) == SHA256.hex(of: thumbnail) })
        let videoURL = try #require(uploaded["video"]?.values.first)
        let videoPrefix = "data:application/octet-stream;base64,"
        #expect(videoURL.hasPrefix(videoPrefix))
        let videoBytes = try #require(Data(base64Encoded: String(videoURL.dropFirst(videoPrefix.count))))
        #expect(videoBytes.count == 1024 * 1024)
        #expect(try await offPool { SHA256.hex(of: videoBytes) } == videoDigest)
    }

    static func awkwardNames<Value: Decodable & Sendable>(route: String, as type: Value.Type)
        -> Endpoint<Value, Never>
    {
        Endpoint {
            Method.post
            Path(route)
            Body.multipart(
                .text("quote\"name", "v"),
                .data("crlf", Data("a".utf8), filename: "a\"b\r\nc.txt", contentType: .plainText),
                .data("unicode", Data("b".utf8), filename: "résumé 日本.txt", contentType: .plainText),
                boundary: "courier-test-boundary"
            )
        }
    }

    @Test func awkwardNamesAreEscapedOnTheWire() async throws {
        let echo = try await loopback.value(Self.awkwardNames(route: "echo", as: BytesEcho.self))
        let text = String(decoding: try #require(echo.body), as: UTF8.self)
        #expect(
            text == """
                --courier-test-boundary\r
                Content-Disposition: form-data; name="quote%22name"\r
                \r
                v\r
                --courier-test-boundary\r
                Content-Disposition: form-data; name="crlf"; filename="a%22b%0D%0Ac.txt"\r
                Content-Type: text/plain; charset=utf-8\r
                \r
                a\r
                --courier-test-boundary\r
                Content-Disposition: form-data; name="unicode"; filename="résumé 日本.txt"\r
                Content-Type: text/plain; charset=utf-8\r
                \r
                b\r
                --courier-test-boundary--\r

                """)
        #expect(echo.header("Content-Type") == "multipart/form-data; boundary=courier-test-boundary")
    }

    @Test func awkwardNamesAsWerkzeugReadsThem() async throws {
        let seen = try await loopback.value(Self.awkwardNames(route: "multipart", as: MultipartSeen.self))
        // Werkzeug turns %22 back into a quote, as browsers' escaping intends, but leaves %0D and
        // %0A as they are. It reads the part headers, and so the filename, as UTF-8.
        #expect(seen.fields == [["quote\"name", "v"]])
        #expect(seen.files.map(\.name) == ["crlf", "unicode"])
        #expect(seen.files.map(\.filename) == ["a\"b%0D%0Ac.txt", "résumé 日本.txt"])
        #expect(seen.files.map(\.size) == [1, 1])
    }

    @Test func fileBodyIsStreamedWithAContentLength() async throws {
        let files = try TemporaryFiles()
        defer { files.remove() }
        let video = try files.randomFile("clip.bin", count: Self.fileSize)
        let videoDigest = try await offPool { try SHA256.hex(ofFileAt: video) }
        let seen = try await loopback.value(
            Endpoint<SinkSeen, Never> {
                Method.put
                Path("sink")
                Body.file(video)
            })
        #expect(seen.size == Self.fileSize)
        #expect(seen.sha256 == videoDigest)
        #expect(seen.contentLength == String(Self.fileSize))
        #expect(seen.transferEncoding == nil)
        #expect(seen.contentType == "application/octet-stream")
    }

    @Test func latin1TextArrivesAsLatin1Bytes() async throws {
        let echo = try await loopback.value(
            Endpoint<BytesEcho, Never> {
                Method.post
                Path("echo")
                Body.text("café Grüße ½", contentType: MediaType("text/plain; charset=iso-8859-1"))
            })
        #expect(
            echo.body
                == Data([0x63, 0x61, 0x66, 0xE9, 0x20, 0x47, 0x72, 0xFC, 0xDF, 0x65, 0x20, 0xBD]))
        #expect(echo.header("Content-Type") == "text/plain; charset=iso-8859-1")
    }

    struct Event: Codable, Sendable, Equatable {
        let userName: String
        let createdAt: Date
    }

    struct HTTPBinJSON: Decodable, Sendable {
        struct SnakeEvent: Decodable, Sendable, Equatable {
            let userName: String
            let createdAt: Double

            enum CodingKeys: String, CodingKey {
                case userName = "user_name"
                case createdAt = "created_at"
            }
        }
        let data: String
        let json: SnakeEvent
    }

    @Test func jsonWithItsOwnEncoderArrivesAsThatEncoderWroteIt() async throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        let event = Event(userName: "ada", createdAt: Date(timeIntervalSince1970: 1_714_564_800.25))
        let seen = try await httpbin.value(
            Endpoint<HTTPBinJSON, Never> {
                Method.post
                Path("anything")
                Body.json(event, encoder: encoder)
            })
        #expect(seen.data == #"{"created_at":1714564800.25,"user_name":"ada"}"#)
        #expect(seen.json == HTTPBinJSON.SnakeEvent(userName: "ada", createdAt: 1_714_564_800.25))
    }
}

// MARK: - Decoding

/// Response decoding against httpbin.
@Suite(.enabled(if: LoopbackServers.isAvailable, LoopbackServers.skipReason), .timeLimit(.minutes(1)))
struct EncodingRulesDecodingTests {
    let httpbin: Client

    init() throws {
        httpbin = Client(baseURL: try LoopbackServers.current().httpbin)
    }

    @Test func badGatewayIsAStatusErrorNotADecodingError() async throws {
        let error = await expectCourierError(.undocumentedStatus, stage: .status) {
            try await httpbin.send(
                Endpoint<HTTPBinParsed, LoopbackServers.ServerError> {
                    Method.get
                    Path("status", 502)
                })
        }
        #expect(error?.response?.status == 502)
    }

    @Test func utf8TextDecodesAsAString() async throws {
        let text = try await httpbin.value(
            Endpoint<String, Never> {
                Method.get
                Path("encoding", "utf8")
            })
        #expect(text.contains("∮ E⋅da = Q,  n → ∞, ∑ f(i) = ∏ g(i)"))
    }

    struct Stamped: Decodable, Sendable {
        struct Args: Decodable, Sendable { let at: Date }
        let args: Args
    }

    static func stamped(decoder: JSONDecoder?) -> Endpoint<Stamped, Never> {
        Endpoint(decoder: decoder) {
            Method.get
            Path("anything")
            FormEncoding(
                dates: .custom { $0.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)) })
            Query("at", Date(timeIntervalSince1970: 1_714_564_800.25))
        }
    }

    @Test func anEndpointsDecoderReadsItsDates() async throws {
        // The client's default decoder reads ISO 8601 with a fraction.
        let stamped = try await httpbin.value(Self.stamped(decoder: nil))
        #expect(stamped.args.at == Date(timeIntervalSince1970: 1_714_564_800.25))

        // An endpoint's own decoder replaces the client's: one expecting numbers fails.
        let numeric = JSONDecoder()
        numeric.dateDecodingStrategy = .secondsSince1970
        await expectCourierError(.decodingFailed, stage: .decoding) {
            try await httpbin.send(Self.stamped(decoder: numeric))
        }
    }
}
