import Courier
import CourierTesting
import Foundation
import Testing

@Suite struct RequestDifferenceTests {
    static func users(page: Int, trace: String? = nil) throws -> EndpointRequest {
        try Endpoint<Empty, Never> {
            Method.get
            Path("users")
            Query("page", page)
            Header.accept(.json)
            if let trace {
                Header("X-Trace", trace)
            }
        }.built()
    }

    @Test func aChangedQueryValueShowsTheRequestLineBeforeAndAfter() throws {
        let difference = try RequestDifference(
            expected: Self.users(page: 2), actual: Self.users(page: 3), baseURL: exampleBase)
        #expect(
            difference.description == """
                @@ -1,3 +1,3 @@
                - GET /users?page=2 HTTP/1.1
                + GET /users?page=3 HTTP/1.1
                  Host: api.example.com
                  Accept: application/json
                """)
    }

    @Test func anAddedHeaderShowsWithTwoLinesOfContext() throws {
        let difference = try RequestDifference(
            expected: Self.users(page: 2), actual: Self.users(page: 2, trace: "abc"), baseURL: exampleBase)
        #expect(
            difference.description == """
                @@ -2,3 +2,4 @@
                  Host: api.example.com
                  Accept: application/json
                + X-Trace: abc

                """)
    }

    @Test func distantChangesGetAHunkEachWithLineNumbers() {
        let expected = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let actual = expected.replacingOccurrences(of: "line 2\n", with: "line two\n")
            .replacingOccurrences(of: "line 9\n", with: "")
        #expect(
            RequestDifference(expected: expected, actual: actual).description == """
                @@ -1,4 +1,4 @@
                  line 1
                - line 2
                + line two
                  line 3
                  line 4
                @@ -7,4 +7,3 @@
                  line 7
                  line 8
                - line 9
                  line 10
                """)
    }

    @Test func aMissingFinalLineBreakShows() {
        let difference = RequestDifference(expected: "a\nb\n", actual: "a\nb")
        #expect(!difference.isEmpty)
        #expect(
            difference.description == """
                @@ -1,2 +1,3 @@
                  a
                  b
                + \\ No newline at end of file
                """)
    }

    @Test func crlfAndLFTextsAreEqual() {
        let difference = RequestDifference(
            expected: "GET / HTTP/1.1\r\nHost: a\r\n\r\n", actual: "GET / HTTP/1.1\nHost: a\n\n")
        #expect(difference.isEmpty)
        #expect(difference.description == "")
    }

    @Test func equalRequestsPassTheAssertion() throws {
        try RequestAssertion.expect(Self.users(page: 2), equals: Self.users(page: 2), baseURL: exampleBase)
    }

    @Test func differentRequestsThrowTheDiff() throws {
        let error = #expect(throws: RequestMismatch.self) {
            try RequestAssertion.expect(
                Self.users(page: 3), equals: Self.users(page: 2), baseURL: exampleBase)
        }
        #expect(
            error?.description == """
                The request differs from the expected one (- expected, + actual):
                @@ -1,3 +1,3 @@
                - GET /users?page=2 HTTP/1.1
                + GET /users?page=3 HTTP/1.1
                  Host: api.example.com
                  Accept: application/json
                """)
    }

    @Test func aDifferentSecretFailsWithoutShowingIt() throws {
        func request(_ token: String) throws -> EndpointRequest {
            try Endpoint<Empty, Never> {
                Method.get
                Path("me")
                Header.bearer(token)
            }.built()
        }
        let error = #expect(throws: RequestMismatch.self) {
            try RequestAssertion.expect(request("new"), equals: request("old"), baseURL: exampleBase)
        }
        #expect(error?.description == "The requests differ only in the redacted value of Authorization.")
        #expect(error?.description.contains("old") == false)
    }

    @Test func multipartRequestsWithDifferentRandomBoundariesAreEqual() throws {
        func upload() throws -> EndpointRequest {
            try Endpoint<Empty, Never> {
                Method.post
                Path("photos")
                Body.multipart(.text("title", "Holiday"))
            }.built()
        }
        let first = try upload()
        let second = try upload()
        #expect(first != second)
        try RequestAssertion.expect(first, equals: second, baseURL: exampleBase)
    }
}
