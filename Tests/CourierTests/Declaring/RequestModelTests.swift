import Courier
import CourierTesting
import Foundation
import Testing

struct GetUser: RequestModel {
    typealias Success = User
    typealias Failure = APIError

    let id: Int
    let fields: [String]

    var definition: some EndpointDefinition {
        Method.get
        Path("users", id)
        for field in fields { Query("field", field) }
    }
}

struct RenameUser: RequestModel {
    typealias Success = User
    typealias Failure = UserError

    let id: Int
    let name: String

    var definition: some EndpointDefinition {
        Method.patch
        Path("users", id)
        Body.json(["name": name])
    }
}

@Suite struct RequestModelTests {
    @Test func storedPropertiesFeedTheRequest() throws {
        let request = try GetUser(id: 7, fields: ["name", "id"]).endpoint.built()
        #expect(request.percentEncodedTarget == "/users/7?field=name&field=id")
    }

    @Test func modelsAndInlineEndpointsBuildTheSameValue() throws {
        let inline = Endpoint<User, APIError> {
            Method.get
            Path("users", 7)
            Query("field", "name")
        }
        #expect(try GetUser(id: 7, fields: ["name"]).endpoint.built() == inline.built())
    }

    @Test func bodiesInModels() throws {
        let request = try RenameUser(id: 1, name: "Ada").endpoint.built()
        #expect(request.method == .patch)
        #expect(request.body?.data == Data(#"{"name":"Ada"}"#.utf8))
    }
}

struct SnakeProfile: RequestModel {
    typealias Success = Profile
    typealias Failure = Never

    struct Profile: Decodable, Sendable, Equatable { let firstName: String }

    var definition: some EndpointDefinition { Method.get }

    var decoder: JSONDecoder? {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }
}

@Suite struct RequestModelDecoderTests {
    @Test func modelsCanNameTheirDecoder() async throws {
        let client = Client(
            baseURL: exampleBase,
            transport: StubTransport {
                RawResponse(status: .ok, body: Data(#"{"first_name":"Ada"}"#.utf8), url: $0.url)
            }
        )
        #expect(try await client.value(SnakeProfile()) == SnakeProfile.Profile(firstName: "Ada"))
    }
}
