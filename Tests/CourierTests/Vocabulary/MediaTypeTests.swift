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

/// The byte-level reading (``MediaTypeEssence``) must agree with the `Character` reading on every
/// text it accepts, and leave alone the texts where they could differ.
@Suite struct MediaTypeEssenceTests {
    static let texts = [
        "application/json", "Application/JSON", " Text/Plain ; charset=UTF-8", "\ttext/html\t;q=1",
        "application/problem+json", "application/vnd.api+json; charset=utf-8", "*/*", "image/*",
        "a/b/c", "application//json", "/json", "application/", "application", "", ";", " / ",
        "image/png\r\nX: 1", "image /png", "application/json\u{7F}", "application/json; a=\u{1}",
        "text/plain;\u{301}x", "text/plain\u{301}", "é/json", "text/plain; title=\"é\"",
        "application/json;charset=\"a;b\"", "multipart/form-data; boundary=x+y", "text/x+",
    ]

    @Test(arguments: texts)
    func validationAgreesWithTheCharacterReading(text: String) {
        let reference = MediaType.isValidReadingCharacters(text)
        #expect((MediaType(headerValue: text) != nil) == reference)
    }

    @Test(arguments: texts)
    func essenceAgreesWithTheCharacterReading(text: String) {
        guard let essence = MediaTypeEssence(text) else { return }
        #expect(essence.lowercased == MediaType.essenceReadingCharacters(text).lowercased())
    }

    @Test func nonASCIITextIsLeftToTheCharacterReading() {
        #expect(MediaTypeEssence("text/plain;\u{301}x") == nil)
        #expect(MediaTypeEssence("text/plain; title=\"é\"") == nil)
        #expect(MediaType(validating: "text/plain;\u{301}x") == nil)
        #expect(MediaType(validating: "text/plain; title=\"é\"")?.essence == "text/plain")
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
