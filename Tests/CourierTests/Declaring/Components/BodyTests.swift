import Courier
import CourierTestSupport
import Foundation
import Testing

@Suite struct BodyTests {
    @Test func jsonBodyUsesTheGivenEncoderAndSetsContentType() throws {
        let request = try Endpoint<User, Never> {
            Method.post
            Body.json(User(id: 1, name: "Ada"))
        }.request(encoder: sortedEncoder)
        #expect(request.body?.data == Data(#"{"id":1,"name":"Ada"}"#.utf8))
        #expect(request.headers[.contentType] == "application/json")
    }

    @Test func endpointEncoderWinsOverTheDefault() throws {
        let snake = JSONEncoder()
        snake.keyEncodingStrategy = .convertToSnakeCase
        struct Payload: Encodable, Sendable { let firstName: String }
        let request = try Endpoint<User, Never> {
            Method.put
            Body.json(Payload(firstName: "Ada"), encoder: snake)
        }.request(encoder: sortedEncoder)
        #expect(request.body?.data == Data(#"{"first_name":"Ada"}"#.utf8))
    }

    @Test func dataAndTextBodies() throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47])
        let data = try Endpoint<User, Never> {
            Method.post
            Body.data(png, contentType: MediaType("image/png"))
        }.built()
        #expect(data.body == RequestBody(data: png, contentType: MediaType("image/png")))
        #expect(data.headers[.contentType] == "image/png")
        let text = try Endpoint<User, Never> {
            Method.post
            Body.text("héllo")
        }.built()
        #expect(text.body?.data == Data("héllo".utf8))
        #expect(text.headers[.contentType] == "text/plain; charset=utf-8")
    }

    @Test func explicitContentTypeWinsOverTheBodys() throws {
        let request = try Endpoint<User, Never> {
            Method.post
            Header.contentType(MediaType("application/vnd.api+json"))
            Body.json(["a": 1])
        }.built()
        #expect(request.headers.values(for: .contentType) == ["application/vnd.api+json"])
    }

    @Test func encodingFailureIsATypedBuildingError() {
        struct Failing: Encodable, Sendable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(1, .init(codingPath: [], debugDescription: "nope"))
            }
        }
        let error = expectCourierError(.bodyEncodingFailed) {
            try Endpoint<User, Never> {
                Method.post
                Body.json(Failing())
            }.built()
        }
        #expect(error?.underlying is EncodingError)
    }

    @Test func runtimeGETWithBodyIsRejectedWhenBuilt() {
        let method = HTTPMethod.get
        let error = expectCourierError(.bodyNotAllowed) {
            try Endpoint<User, Never> {
                Method(method)
                Body.text("x")
            }.built()
        }
        #expect(error?.message == "A GET request cannot have a body.")
    }

    /// RFC 9110 §9.3.8: a client must not send content in a TRACE request.
    @Test func aTraceWithABodyIsRejectedWhenBuilt() throws {
        let error = expectCourierError(.bodyNotAllowed) {
            try Endpoint<User, Never> {
                Method("TRACE")
                Body.text("x")
            }.built()
        }
        #expect(error?.message == "A TRACE request cannot have a body.")
        #expect(try Endpoint<User, Never> { Method("TRACE") }.built().body == nil)
    }
}
