import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Builds issue 13's request N times, for instruction counts under callgrind: a POST to
/// `/v1/users/{id}/posts` with three query items, Content-Type, Accept, Authorization and a
/// 114-byte JSON body, to a ready `URLRequest`.
///
///     request-build courier 1000     # Courier: endpoint.request().urlRequest(baseURL:)
///     request-build value 1000       # Courier: endpoint.request() only
///     request-build hand 1000        # URLComponents + URLQueryItem + setValue + JSONEncoder
///
/// Run it under `valgrind --tool=callgrind` with two counts and difference the totals, so that
/// start-up cancels; the difference over the extra builds is the cost of one build.
@main
enum RequestBuild {
    struct Post: Encodable, Sendable {
        let title: String
        let body: String
        let tags: [String]
        let draft: Bool
    }

    static let post = Post(
        title: "Request builders", body: "How Courier turns a block into a request.",
        tags: ["swift", "http"], draft: false)

    static func endpoint(id: Int) -> Endpoint<Empty, Never> {
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

    static func hand(id: Int, encoder: JSONEncoder) throws -> URLRequest {
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

    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let count = Int(arguments[2]) else {
            FileHandle.standardError.write(Data("usage: request-build courier|value|hand COUNT\n".utf8))
            exit(64)
        }
        let base = BaseURL("api.example.com")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var checksum = 0
        for id in 0..<count {
            switch arguments[1] {
            case "courier":
                checksum &+= try endpoint(id: id).request().urlRequest(baseURL: base).httpBody?.count ?? 0
            case "value":
                checksum &+= try endpoint(id: id).request().body?.data?.count ?? 0
            case "hand":
                checksum &+= try hand(id: id, encoder: encoder).httpBody?.count ?? 0
            default:
                exit(64)
            }
        }
        print(checksum)
    }
}
