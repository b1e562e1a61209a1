import Testing

@testable import Courier

@Suite struct URLTextWriterTests {
    @Test(arguments: ["", "plain-text_1.2~", "a b/c?d=e&f+g", "café ☕️", "%2e%2E", "\u{0}\u{7F}\u{FF}"])
    func encodedPiecesMatchPercentEncoding(text: String) {
        let written = URLTextWriter.text(capacity: 3 * text.utf8.count) { $0.writeEncoded(text) }
        #expect(written == PercentEncoding.encode(text))
    }

    @Test func piecesAreWrittenInOrderIntoOneString() {
        let text = URLTextWriter.text(capacity: 64) { writer in
            writer.write("https://")
            writer.write("api.example.com")
            writer.write("/")
            writer.writeEncoded("a b")
            writer.write("?q=")
            writer.writeEncoded("x+y")
        }
        #expect(text == "https://api.example.com/a%20b?q=x%2By")
    }
}
