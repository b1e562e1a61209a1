import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The B1 case: a POST to `/v1/users/{id}/posts` with three query items, Content-Type,
/// Accept, Authorization and a 114-byte JSON body, built to a ready `URLRequest` by Courier and
/// by hand. `request-build` (instruction counts under callgrind) and the `RequestBuild` benchmark
/// (time, CPU and mallocs) both build it from here.
///
/// The builders are `@inlinable` so that each program compiles them into its own module, as an
/// application compiles the endpoints it declares; a call across this module would add its own
/// cost to both variants.
public enum RequestBuildWorkload {
    /// The JSON body.
    public struct Post: Encodable, Sendable {
        let title: String
        let body: String
        let tags: [String]
        let draft: Bool
    }

    /// The body every build encodes.
    public static let post = Post(
        title: "Request builders", body: "How Courier turns a block into a request.",
        tags: ["swift", "http"], draft: false)

    /// The base URL Courier's request is resolved against.
    public static let baseURL = BaseURL("api.example.com")

    /// The encoder the hand-built request uses, as Courier's default one does: sorted keys.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    /// Courier: the endpoint, declared as an application declares it.
    @inlinable
    public static func endpoint(id: Int) -> Endpoint<Empty, Never> {
        Endpoint {
            Method.post
            Path("v1", "users", id, "posts")
            Query("page", 2)
            Query("per_page", 50)
            Query("q", "swift http")
            Header.accept(.json)
            Header.bearer("token-123")
            Body.json(post)
        }
    }

    /// By hand: `URLComponents`, three `URLQueryItem`s, three `setValue` calls and `JSONEncoder`.
    @inlinable
    public static func hand(id: Int, encoder: JSONEncoder) throws -> URLRequest {
        var components = URLComponents(string: "https://api.example.com")!
        components.path = "/v1/users/\(id)/posts"
        components.queryItems = [
            URLQueryItem(name: "page", value: "2"), URLQueryItem(name: "per_page", value: "50"),
            URLQueryItem(name: "q", value: "swift http"),
        ]
        var request = URLRequest(url: components.url!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("Bearer token-123", forHTTPHeaderField: "Authorization")
        request.httpBody = try encoder.encode(post)
        return request
    }
}
