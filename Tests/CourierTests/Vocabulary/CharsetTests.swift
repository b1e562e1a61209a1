import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

/// Sends a `GET /text` whose stubbed response has `bytes` and `contentType`, decoded as `String`.
private func receiveText(_ bytes: [UInt8], contentType: String?) async throws(CourierError) -> String {
    let headers: HeaderFields = contentType.map { [HeaderField(name: .contentType, value: $0)] } ?? []
    let transport = StubTransport { request in
        RawResponse(status: .ok, headers: headers, body: Data(bytes), url: request.url)
    }
    let client = Client(baseURL: exampleBase, transport: transport)
    return try await client.value(
        Endpoint<String, Never> {
            Method.get
            Path("text")
        })
}

@Suite struct CharsetTests {
    // MARK: MediaType parameters

    @Test func parameterIsMatchedCaseInsensitivelyAndUnquoted() throws {
        let type = MediaType("text/plain; charset=UTF-8")
        #expect(type.parameter("charset") == "UTF-8")
        #expect(type.parameter("CharSet") == "UTF-8")
        #expect(type.parameter("char") == nil)
        #expect(type.parameter("boundary") == nil)
        #expect(MediaType("text/plain; charset=\"utf-8\"").parameter("charset") == "utf-8")
        #expect(MediaType("text/plain").parameter("charset") == nil)
        let multipart = try #require(
            MediaType(headerValue: "multipart/form-data; boundary=abc=d; charset=utf-8"))
        #expect(multipart.parameter("boundary") == "abc=d")
        #expect(multipart.parameter("charset") == "utf-8")
    }

    /// A peer's loosely written parameters are still read: spaces around `=`, a name without a
    /// value, an empty value.
    @Test func receivedParametersAreReadLeniently() throws {
        #expect(
            try #require(MediaType(headerValue: "text/plain ;charset = utf-8 ")).parameter("charset")
                == "utf-8")
        #expect(try #require(MediaType(headerValue: "text/plain; charset= \"utf-8\"")).charset == "utf-8")
        #expect(try #require(MediaType(headerValue: "text/plain; charset")).parameter("charset") == nil)
        #expect(try #require(MediaType(headerValue: "text/plain; charset=")).charset == nil)
        #expect(try #require(MediaType(headerValue: "text/plain; charset=\"\"")).charset == nil)
    }

    /// Regression: parameters used to be split on every `;` with quotes trimmed, not parsed, so a
    /// quoted-string holding `;` or a `\"` quoted-pair was misread.
    @Test func quotedParameterValuesAreParsedAsQuotedStrings() {
        let type = MediaType("text/plain; title=\"a;b\"; note=\"say \\\"hi\\\"\"; charset=utf-8")
        #expect(type.parameter("title") == "a;b")
        #expect(type.parameter("note") == "say \"hi\"")
        #expect(type.parameter("charset") == "utf-8")
    }

    @Test func charsetIsLowercased() {
        #expect(MediaType("text/html; charset=ISO-8859-1").charset == "iso-8859-1")
        #expect(MediaType("application/json").charset == nil)
        #expect(MediaType.plainText.charset == "utf-8")
    }

    @Test(arguments: [
        ("application/json", true),
        ("Application/JSON; charset=utf-8", true),
        ("application/problem+json", true),
        ("application/vnd.api+json", true),
        ("application/json-seq", false),
        ("application/jsonx", false),
        ("text/json+xml", false),
        ("text/plain; format=json", false),
        ("application/x-www-form-urlencoded", false),
    ])
    func isJSON(rawValue: String, expected: Bool) throws {
        #expect(try #require(MediaType(validating: rawValue)).isJSON == expected)
    }

    // MARK: Charset names

    @Test(arguments: [
        ("utf-8", Charset.utf8), ("UTF-8", .utf8), ("utf8", .utf8),
        ("us-ascii", .usASCII), ("ASCII", .usASCII),
        ("iso-8859-1", .isoLatin1), ("ISO8859-1", .isoLatin1), ("latin1", .isoLatin1),
        ("iso-latin-1", .isoLatin1),
        ("utf-16", .utf16), ("UTF16", .utf16), ("utf-16le", .utf16LittleEndian),
        ("UTF-16BE", .utf16BigEndian),
    ])
    func charsetAliases(name: String, expected: Charset) {
        #expect(Charset(name: name) == expected)
    }

    @Test(arguments: ["", "utf-32", "windows-1252", "shift_jis", "utf 8", "utf-16-le", "latin-1x"])
    func unknownCharsetNames(name: String) {
        #expect(Charset(name: name) == nil)
    }

    // MARK: Decoding String responses

    @Test(
        arguments: [
            ([0x68, 0xC3, 0xA9, 0xE2, 0x82, 0xAC], nil, "hé€"),
            ([0x68, 0xC3, 0xA9], "text/plain; charset=utf-8", "hé"),
            ([0x68, 0xC3, 0xA9], "text/plain", "hé"),
            ([0x68, 0xC3, 0xA9], "application/json", "hé"),
            ([0x68, 0xE9, 0xFF], "text/plain; charset=ISO-8859-1", "héÿ"),
            ([0x68, 0xE9], "text/plain; charset=\"latin1\"", "hé"),
            ([0x68, 0x69], "text/plain; charset=us-ascii", "hi"),
            ([0xFF, 0xFE, 0x68, 0x00, 0xE9, 0x00], "text/plain; charset=utf-16", "hé"),
            ([0xFE, 0xFF, 0x00, 0x68, 0x00, 0xE9], "text/plain; charset=utf-16", "hé"),
            ([0x00, 0x68, 0x00, 0xE9], "text/plain; charset=utf-16", "hé"),
            ([0xD8, 0x3D, 0xDE, 0x00], "text/plain; charset=UTF-16", "😀"),
            ([0x68, 0x00, 0xE9, 0x00], "text/plain; charset=utf-16le", "hé"),
            ([0x00, 0x68, 0x00, 0xE9], "text/plain; charset=utf-16be", "hé"),
            ([], "text/plain; charset=utf-16", ""),
        ] as [([UInt8], String?, String)])
    func stringResponsesDecodeInTheirCharset(bytes: [UInt8], contentType: String?, expected: String)
        async throws
    {
        #expect(try await receiveText(bytes, contentType: contentType) == expected)
    }

    @Test func latin1DecodesEveryByte() async throws {
        let bytes = (0...255).map(UInt8.init)
        let text = try await receiveText(bytes, contentType: "text/plain; charset=iso-8859-1")
        #expect(text.unicodeScalars.map(\.value) == (0...255).map(UInt32.init))
    }

    @Test(
        arguments: [
            ([0x68, 0xFF], nil),
            ([0x68, 0xC3], "text/plain; charset=utf-8"),
            ([0xED, 0xA0, 0x80], "text/plain; charset=utf-8"),
            ([0x68, 0xE9], "text/plain; charset=us-ascii"),
            ([0xD8, 0x00], "text/plain; charset=utf-16"),
            ([0x00, 0xDC], "text/plain; charset=utf-16le"),
        ] as [([UInt8], String?)])
    func invalidBytesAreADecodingErrorNotReplacementCharacters(bytes: [UInt8], contentType: String?) async {
        let error = await expectCourierError(.decodingFailed, stage: .decoding) {
            try await receiveText(bytes, contentType: contentType)
        }
        #expect(error?.message.hasPrefix("The response body did not decode as String") == true)
        #expect(error?.message.contains("The body is not valid text in charset") == true)
        #expect(error?.underlying is DecodingError)
    }

    /// Regression: Foundation decodes an odd number of UTF-16 bytes by dropping the last one.
    @Test(arguments: ["utf-16", "utf-16be", "utf-16le"])
    func oddLengthUTF16IsADecodingError(charset: String) async {
        await expectCourierError(.decodingFailed) {
            try await receiveText([0x00, 0x68, 0x00], contentType: "text/plain; charset=\(charset)")
        }
    }

    @Test func unknownCharsetIsADecodingError() async {
        let error = await expectCourierError(.decodingFailed, stage: .decoding) {
            try await receiveText([0x68], contentType: "text/plain; charset=KOI8-R")
        }
        #expect(error?.message.contains("Courier does not decode charset koi8-r.") == true)
    }

    @Test func decodingDirectlyUsesTheSameRules() throws {
        let response = RawResponse(
            status: .ok, headers: [HeaderField(name: .contentType, value: "text/csv; charset=latin1")],
            body: Data([0x61, 0x2C, 0xE9]))
        let request = EndpointRequest(method: .get, pathSegments: [], query: [], headers: [], body: nil)
        #expect(
            try ResponseDecoding.decode(String.self, from: response, to: request, decoder: JSONDecoder())
                == "a,é")
        #expect(ResponseDecoding.charset(in: "text/plain; Charset=\"UTF-16LE\"") == "utf-16le")
        #expect(ResponseDecoding.charset(in: "text/plain") == nil)
    }
}

@Suite struct UTF16SurrogateTests {
    @Test(arguments: [
        (Data([0xD8, 0x00, 0x00, 0x41]), "utf-16be"), (Data([0x00, 0xD8, 0x41, 0x00]), "utf-16le"),
        (Data([0xFE, 0xFF, 0xDC, 0x00]), "utf-16"),
    ])
    func unpairedSurrogatesAreRefusedNotReplaced(bytes: Data, charset: String) throws {
        let decoded = try #require(Charset(name: charset)).decode(bytes)
        #expect(decoded == nil)
    }

    @Test func pairedSurrogatesDecode() throws {
        #expect(Charset.utf16BigEndian.decode(Data([0xD8, 0x3D, 0xDC, 0x4D])) == "👍")
        #expect(Charset.utf16.decode(Data([0xFF, 0xFE, 0x3D, 0xD8, 0x4D, 0xDC])) == "👍")
    }
}
