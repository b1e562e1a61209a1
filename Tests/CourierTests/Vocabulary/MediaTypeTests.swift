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

    @Test func essenceDropsParametersAndCase() {
        #expect(MediaType("Text/Plain; charset=utf-8").essence == "text/plain")
    }
}
