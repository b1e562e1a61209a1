import Courier
import CourierTestSupport
import Foundation
import Testing

@Suite struct PathTests {
    @Test func everyArgumentIsOneSegment() throws {
        let id = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        let request = try Endpoint<User, Never> {
            Method.get
            Path("users", 42, Sort.newest, id)
        }.built()
        #expect(request.pathSegments == ["users", "42", "newest", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"])
        #expect(request.percentEncodedPath == "/users/42/newest/E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    }

    @Test func aWholeNumberIsWrittenWithoutAFractionAsInAQuery() throws {
        let request = try Endpoint<User, Never> {
            Method.get
            Path("comics", 614.0, Float(2), 0.25, 1e20, -0.0, 1e15, Float(1e14))
            Query("n", 37.0)
            Query("f", Float(1.5))
        }.built()
        // Swift's shortest digits: a Float never shows digits it does not hold.
        #expect(
            request.pathSegments == ["comics", "614", "2", "0.25", "1e+20", "0", "1000000000000000", "1e+14"])
        #expect(request.query.map(\.value) == ["37", "1.5"])
    }

    @Test func reservedCharactersInAValueStayInsideTheSegment() throws {
        let request = try Endpoint<User, Never> {
            Method.get
            Path("files", "a/b c+d?e#f%g@h")
        }.built()
        #expect(request.percentEncodedPath == "/files/a%2Fb%20c%2Bd%3Fe%23f%25g%40h")
    }

    @Test(arguments: [
        ("https://evil/x", "/files/https%3A%2F%2Fevil%2Fx"),
        ("//evil/x", "/files/%2F%2Fevil%2Fx"),
        ("../admin", "/files/..%2Fadmin"),
        ("?q=1", "/files/%3Fq%3D1"),
    ])
    func urlLikeValuesCannotEscapeTheSegment(value: String, path: String) throws {
        let request = try Endpoint<User, Never> {
            Method.get
            Path("files", value)
        }.built()
        let url = try exampleBase.url(for: request)
        #expect(url.absoluteString == "https://api.example.com" + path)
        #expect(url.host == "api.example.com")
        #expect(url.query == nil)
    }

    @Test(arguments: [".", "..", "%2e%2e", "%2E%2e", "%2e", ".%2E", "%2e."])
    func dotSegmentsAreRejected(segment: String) {
        expectCourierError(.invalidPathSegment, stage: .building) {
            try Endpoint<User, Never> {
                Method.get
                Path("files", segment)
            }.built()
        }
    }

    @Test(arguments: [
        ("...", "/files/..."), (".a", "/files/.a"), ("%2e%2e%2e", "/files/%252e%252e%252e"),
        (".\u{301}", "/files/.%CC%81"), ("%", "/files/%25"), ("%2", "/files/%252"),
        // A byte-order mark is a character of the segment, sent encoded: it cannot climb.
        ("\u{FEFF}..", "/files/%EF%BB%BF.."), ("\u{FEFF}%2e", "/files/%EF%BB%BF%252e"),
    ])
    func segmentsThatOnlyLookLikeDotsAreSent(segment: String, path: String) throws {
        let request = try Endpoint<User, Never> {
            Method.get
            Path("files", segment)
        }.built()
        #expect(request.percentEncodedPath == path)
    }

    @Test func emptySegmentsAreRejected() {
        let error = expectCourierError(.invalidPathSegment) {
            try Endpoint<User, Never> {
                Method.get
                Path("users", "")
            }.built()
        }
        #expect(
            error?.message == "A path segment is empty; an empty value would address a different resource.")
    }

    @Test func nonASCIIIsEncodedAsUTF8() throws {
        let request = try Endpoint<User, Never> {
            Method.get
            Path("tags", "café ☕️")
        }.built()
        #expect(request.percentEncodedPath == "/tags/caf%C3%A9%20%E2%98%95%EF%B8%8F")
    }

    /// What the README and "Declaring endpoints" say of a string value and its split segments.
    @Test func aStringVariableIsOneSegmentAndItsSplitSegmentsAreSeveral() throws {
        let route = "a/b"
        let whole = try Endpoint<User, Never> {
            Method.get
            Path(route)
        }.built()
        let split = try Endpoint<User, Never> {
            Method.get
            Path(segments: route.split(separator: "/"))
        }.built()
        #expect(whole.percentEncodedPath == "/a%2Fb")
        #expect(split.percentEncodedPath == "/a/b")
    }

    @Test func segmentsFromAnArray() throws {
        let request = try Endpoint<User, Never> {
            Method.get
            Path(segments: ["a", 1, true])
        }.built()
        #expect(request.percentEncodedPath == "/a/1/true")
    }
}
