import Testing

@testable import Courier

@Suite struct TextWriterTests {
    @Test(arguments: ["", "plain-text_1.2~", "a b/c?d=e&f+g", "café ☕️", "%2e%2E", "\u{0}\u{7F}\u{FF}"])
    func encodedPiecesMatchPercentEncoding(text: String) {
        let written = TextWriter.text(capacity: 3 * text.utf8.count) { $0.writeEncoded(text) }
        #expect(written == PercentEncoding.encode(text))
    }

    @Test func piecesAreWrittenInOrderIntoOneString() {
        let text = TextWriter.text(capacity: 64) { writer in
            writer.write("https://")
            writer.write("api.example.com")
            writer.write("/")
            writer.writeEncoded("a b")
            writer.write("?q=")
            writer.writeEncoded("x+y")
        }
        #expect(text == "https://api.example.com/a%20b?q=x%2By")
    }

    @Test(arguments: [0, 7, 10, 99, 1_078, -1, -10, Int64.max, Int64.min])
    func decimalsAreWrittenAsDescriptionWritesThem(value: Int64) {
        let written = TextWriter.text(capacity: 20) { $0.write(decimal: value) }
        #expect(written == String(value))
    }

    @Test func textsAndDecimalsMixInOrder() {
        let text = TextWriter.text(capacity: 64) { writer in
            writer.write("GET ")
            writer.write("https://api.example.com")
            writer.write(" → ")
            writer.write(decimal: 200)
        }
        #expect(text == "GET https://api.example.com → 200")
    }
}
