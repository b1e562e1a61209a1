import Testing

@testable import Courier

@Suite struct MediaTypeTests {
    @Test(arguments: [
        ("multipart/form-data; boundary=x", true), ("Multipart/Mixed", true), ("MULTIPART/related", true),
        ("multipartx/form", false), ("application/json", false), ("text/multipart", false),
    ])
    func multipartIsReadFromThePrefixWithoutCase(type: String, expected: Bool) throws {
        let mediaType = try #require(MediaType(validating: type))
        #expect(mediaType.isMultipart == expected)
        #expect(mediaType.isMultipart == mediaType.essence.hasPrefix("multipart/"))
    }

    @Test func essenceDropsParametersSpaceAndCase() {
        #expect(MediaType(" Text/Plain ; charset=UTF-8").essence == "text/plain")
    }

    @Test(arguments: [
        "image/png", "application/vnd.api+json", "text/plain; charset=utf-8",
        "multipart/form-data; boundary=x",
    ])
    func validTypes(text: String) {
        #expect(MediaType(validating: text)?.rawValue == text)
    }

    @Test(arguments: ["png", "image/", "/png", "image/png\r\nX: 1", "image /png", "a/b/c", ""])
    func invalidTypes(text: String) {
        #expect(MediaType(validating: text) == nil)
    }

    @Test(arguments: [
        "text/plain;", "text/plain ; charset=utf-8 ", "text/plain;;charset=utf-8", "text/plain; a=b; ;c=d",
        "text/plain; title=\"a;b\"", "text/plain; note=\"say \\\"hi\\\"\"", "text/plain; a=\"\"",
        "text/plain; title=\"é\"", "text/plain;a=b\t;\tc=d",
    ])
    func parametersAsRFC9110WritesThem(text: String) {
        #expect(MediaType(validating: text)?.rawValue == text)
    }

    @Test(arguments: [
        "text/plain; charset", "text/plain; charset=", "text/html;charset=gbk(", "text/plain; a=b c",
        "text/plain; a=\"x", "text/html;charset =gbk", "text/html;charset= gbk", "text/plain; a=\"x\"y",
        "text/plain; (=x", "application/json; charset=utf-8, application/json", "text/plain; =x",
        "text/plain; a=\"x\\", "text/plain a=b",
    ])
    func parametersRFC9110DoesNotAllowAreRefused(text: String) {
        #expect(MediaType(validating: text) == nil)
        // A peer's header with the same essence is still read.
        if text.hasPrefix("text/") && !text.hasPrefix("text/plain a") {
            #expect(MediaType(headerValue: text) != nil)
        }
    }

    @Test func essenceDropsParametersAndCase() {
        #expect(MediaType("Text/Plain; charset=utf-8").essence == "text/plain")
    }
}

/// A media type's text is read as bytes, as a field value is: its essence is what comes before
/// the first `;`, between spaces and tabs, and must be two tokens around one `/`.
@Suite struct MediaTypeReadingTests {
    /// Each text with the essence read from it as a header value, or `nil` when it is none.
    static let readings: [(text: String, essence: String?)] = [
        ("application/json", "application/json"), ("Application/JSON", "application/json"),
        (" Text/Plain ; charset=UTF-8", "text/plain"), ("\ttext/html\t;q=1", "text/html"),
        ("application/problem+json", "application/problem+json"),
        ("application/vnd.api+json; charset=utf-8", "application/vnd.api+json"), ("*/*", "*/*"),
        ("image/*", "image/*"), ("a/b/c", nil), ("application//json", nil), ("/json", nil),
        ("application/", nil), ("application", nil), ("", nil), (";", nil), (" / ", nil),
        ("image/png\r\nX: 1", nil), ("image /png", nil), ("application/json\u{7F}", nil),
        ("application/json; a=\u{1}", nil), ("text/plain\u{301}", nil), ("é/json", nil),
        // A `;` followed by a combining mark is a `;`: the essence ends there.
        ("text/plain;\u{301}x", "text/plain"), ("text/plain; title=\"é\"", "text/plain"),
        ("application/json;charset=\"a;b\"", "application/json"),
        ("multipart/form-data; boundary=x+y", "multipart/form-data"), ("text/x+", "text/x+"),
    ]
    static let texts = readings.map(\.text)

    @Test(arguments: readings)
    func readsTheEssenceAsBytes(text: String, essence: String?) {
        #expect(MediaType(headerValue: text)?.essence == essence)
    }

    @Test func parametersMustBeWellFormedOnlyWhenValidating() {
        #expect(MediaType(validating: "text/plain;\u{301}x") == nil)
        #expect(MediaType(validating: "text/plain; title=\"é\"")?.essence == "text/plain")
        #expect(MediaType(validating: "Multipart/Mixed; boundary=b")?.isMultipart == true)
        #expect(MediaType(validating: "text/multipart")?.isMultipart == false)
    }

    @Test func everyPairMatchesAsTheStringsDo() {
        let types =
            Self.texts.compactMap(MediaType.init(validating:)) + [
                .json, .problemJSON, .any, MediaType("image/*"), MediaType("APPLICATION/*"),
                MediaType("application/XML"), MediaType("application/atom+xml"),
            ]
        for accepted in types {
            for candidate in types {
                let (type, subtype) = Self.split(accepted.essence)
                let (candidateType, candidateSubtype) = Self.split(candidate.essence)
                let suffix = candidateSubtype.split(separator: "+", omittingEmptySubsequences: false).last
                let expected =
                    (type == "*" || type == candidateType)
                    && (subtype == "*" || subtype == candidateSubtype
                        || (candidateSubtype.contains("+") && subtype == suffix))
                #expect(
                    ResponseValidation(contentTypes: [accepted]).accepts(contentType: candidate) == expected,
                    "\(accepted) accepting \(candidate)")
            }
        }
    }

    private static func split(_ essence: String) -> (Substring, Substring) {
        let pieces = essence.split(separator: "/", maxSplits: 1)
        return (pieces[0], pieces[1])
    }
}
