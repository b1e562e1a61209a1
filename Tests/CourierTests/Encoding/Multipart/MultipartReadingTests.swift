import Foundation
import Testing

@testable import Courier

struct MultipartReadingTests {
    private let type = MediaType("multipart/form-data; boundary=XyZ")

    private func read(_ text: String) throws(MultipartReading.Failure) -> [MultipartReading.Part] {
        try MultipartReading.parts(of: Data(text.utf8), contentType: type)
    }

    private func failure(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func partsAreReadWithTheirNamesFilenamesTypesAndBytes() throws {
        let parts = try read(
            "a preamble to ignore\r\n--XyZ\r\n"
                + "content-disposition: form-data; name=\"a;b\"\r\n\r\nline one\r\n--not the boundary\r\n"
                + "--XyZ  \r\n"
                + "Content-Disposition: form-data; name=\"file\"; filename=\"plain.txt\"; "
                + "filename*=UTF-8''r%C3%A9sum%C3%A9.txt\r\nCONTENT-TYPE: text/plain\r\n\r\n\r\n"
                + "--XyZ--\r\nan epilogue to ignore")
        #expect(
            parts == [
                MultipartReading.Part(
                    name: "a;b", filename: nil, contentType: nil,
                    content: Data("line one\r\n--not the boundary".utf8)),
                MultipartReading.Part(
                    name: "file", filename: "résumé.txt", contentType: "text/plain", content: Data()),
            ])
    }

    @Test func escapedNamesAreUnescaped() throws {
        let parts = try read(
            "--XyZ\r\nContent-Disposition: form-data; name=\"say %22hi%22\"; filename=\"a%0D%0Ab\"\r\n\r\nx\r\n--XyZ--"
        )
        #expect(parts.first?.name == "say \"hi\"")
        #expect(parts.first?.filename == "a\r\nb")
        // Browsers do not escape a backslash, so inside the quotes it is an ordinary character.
        let windows = try read(
            "--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"C:\\x\\\"\r\n\r\nx\r\n--XyZ--")
        #expect(windows.first?.filename == #"C:\x\"#)
    }

    @Test func whatTheEncoderWritesReadsBack() throws {
        let parts: [MultipartPart] = [
            .text("title", "Holiday\r\n--courier-"),
            .data("raw", Data([0, 13, 10, 45, 45, 255]), filename: #"C:\dir\"q".bin"#),
        ]
        let body = Body.multipart(parts: parts, boundary: "fixed-boundary")
        let request = try Endpoint<Empty, Never> {
            Method.post
            Path("upload")
            body
        }
        .request()
        let read = try MultipartReading.parts(
            of: try #require(request.body?.data), contentType: try #require(request.body?.contentType))
        #expect(read.map(\.name) == ["title", "raw"])
        #expect(read.map(\.content) == [Data("Holiday\r\n--courier-".utf8), Data([0, 13, 10, 45, 45, 255])])
        #expect(read[1].filename == #"C:\dir\"q".bin"#)
        #expect(read[1].contentType == "application/octet-stream")
    }

    @Test func aQuoteEscapedWithABackslashIsAQuote() throws {
        // Go's mime/multipart and older curl write a quote as \"; a backslash at the end stays.
        let parts = try read(
            "--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a\\\"b.txt\"\r\n\r\nx\r\n--XyZ--"
        )
        #expect(parts.first?.filename == #"a"b.txt"#)
        #expect(
            failure("--XyZ\r\nContent-Disposition: form-data; name=\"f\"x\r\n\r\nx\r\n--XyZ--")
                == "has a part without a name")
        // Werkzeug leaves quotes unescaped: the value ends at the quote before `;` or the end.
        let unescaped = try read(
            "--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a \"b\" c.txt\"\r\n\r\nx\r\n--XyZ--"
        )
        #expect(unescaped.first?.filename == #"a "b" c.txt"#)
    }

    @Test func aCombiningMarkAfterAQuoteStaysInsideTheValue() throws {
        // "\u{301} joins the quote into one Character; the quote is still a quote.
        let parts = try read(
            "--XyZ\r\nContent-Disposition: form-data; name=\"\u{301}x\"; filename=\"\u{301}.txt\"\r\n\r\nx\r\n--XyZ--"
        )
        #expect(parts.first?.name == "\u{301}x")
        #expect(parts.first?.filename == "\u{301}.txt")
    }

    @Test func aFoldedPartHeaderIsOneLine() throws {
        let parts = try read(
            "--XyZ\r\nContent-Disposition: form-data; name=\"f\";\r\n filename=\"a:b.txt\"\r\n"
                + "Content-Type:\r\n\ttext/plain\r\n\r\nx\r\n--XyZ--")
        #expect(parts.first?.filename == "a:b.txt")
        #expect(parts.first?.contentType == "text/plain")
    }

    /// A browser sends a form without fields as the close delimiter alone.
    @Test func theCloseDelimiterAloneIsNoParts() throws {
        #expect(try read("--XyZ--").isEmpty)
        #expect(try read("--XyZ--\r\n").isEmpty)
    }

    /// RFC 2046 §5.1.1: a part's blank line and content are optional.
    @Test func aPartOfHeaderLinesAloneIsEmpty() throws {
        let parts = try read(
            "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n--XyZ\r\n"
                + "Content-Disposition: form-data; name=\"b\"\r\n\r\nx\r\n--XyZ--")
        #expect(parts.map(\.name) == ["a", "b"])
        #expect(parts.map(\.content) == [Data(), Data("x".utf8)])
    }

    /// RFC 7578 §4.7: a part in base64 or quoted-printable is refused, not matched on its encoded
    /// text; the identity encodings are read.
    @Test func aPartInATransferEncodingIsRefused() throws {
        func body(_ encoding: String) -> String {
            "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\nContent-Transfer-Encoding: \(encoding)"
                + "\r\n\r\naGk=\r\n--XyZ--"
        }
        #expect(
            failure(body("base64"))
                == "has a part in Content-Transfer-Encoding base64, which Courier does not decode")
        #expect(failure(body("Quoted-Printable")) != nil)
        for identity in ["7bit", "8BIT", "binary"] {
            #expect(try read(body(identity)).first?.content == Data("aGk=".utf8))
        }
    }

    @Test func aBodyCutAfterADelimiterLineIsIncomplete() {
        let part = "Content-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n"
        #expect(failure("--XyZ\r\n") == "ends before its closing boundary")
        #expect(failure("--XyZ\r\n" + part + "--XyZ\r\n") == "ends before its closing boundary")
        #expect(failure("--XyZ\r\n" + part + "--XyZ\r\n" + part) == "ends before its closing boundary")
    }

    @Test func anIncompleteOrMalformedBodyIsRefused() {
        #expect(
            failure("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nhalf")
                == "ends before its closing boundary")
        #expect(
            failure("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--XyZ")
                == "ends before its closing boundary")
        #expect(failure("no delimiter at all") == "does not contain its boundary")
        #expect(failure("--XyZ junk\r\n\r\nx\r\n--XyZ--") == "has text after a boundary on its line")
        #expect(
            failure("--XyZ\r\nContent-Type: text/plain\r\n\r\nx\r\n--XyZ--")
                == "has a part without Content-Disposition: form-data")
        #expect(
            failure("--XyZ\r\nContent-Disposition: form-data\r\n\r\nx\r\n--XyZ--")
                == "has a part without a name")
        #expect(
            failure("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\nx\r\n--XyZ--")
                == "has a part without a blank line after its headers")
        #expect(
            throws: MultipartReading.Failure(reason: "is application/json, not multipart/form-data")
        ) {
            try MultipartReading.parts(of: Data(), contentType: .json)
        }
    }
}
