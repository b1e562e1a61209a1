// The names the documentation's Swift blocks use without declaring them: the models and endpoints
// of a small to-do API, a client, and the values the prose leaves to the reader. Generated/ holds
// the blocks themselves (Scripts/extract-doc-snippets); an article that declares a type of the same
// name, as GettingStarted does, uses its own. Compiled, never run.

import Courier
import Foundation
import Hummingbird

struct User: Codable, Sendable {
    let id: Int
    let name: String
}

struct Todo: Codable, Sendable {
    let id: Int
    let title: String
}

struct NewTodo: Encodable, Sendable {
    let title: String
}

/// The body of `API.createTodo(title:)`, whose snapshot the testing article shows.
struct TodoDraft: Encodable, Sendable {
    let title: String
    let done: Bool
}

struct APIError: Codable, Error {
    let message: String
}

struct Product: Codable, Sendable {
    let id: Int
    let name: String
}

struct Report: Decodable, Sendable {
    let id: Int
}

struct Order: Codable, Sendable {
    let items: [String]
}

struct AccessToken: Decodable, Sendable {
    let accessToken: String
}

enum Visibility {
    case `public`
    case `private`
}

enum API {
    static func user(_ id: Int) -> Endpoint<User, APIError> {
        Endpoint {
            Method.get
            Path("users", id)
            Header.accept(.json)
        }
    }

    static func search(_ term: String) -> Endpoint<[User], APIError> {
        Endpoint {
            Method.get
            Path("users")
            Query("q", term)
        }
    }

    static func deleteUser(_ id: Int) -> Endpoint<Empty, APIError> {
        Endpoint {
            Method.delete
            Path("users", id)
        }
    }

    static func createTodo(_ todo: NewTodo) -> Endpoint<Todo, APIError> {
        Endpoint {
            Method.post
            Path("todos")
            Body.json(todo)
        }
    }

    static func createTodo(title: String) -> Endpoint<Todo, APIError> {
        Endpoint {
            Method.post
            Path("todos")
            Header.bearer(token)
            Header.accept(.json)
            Body.json(TodoDraft(title: title, done: false))
        }
    }

    static func deleteTodo(_ id: Int) -> Endpoint<Empty, APIError> {
        Endpoint {
            Method.delete
            Path("todos", id)
        }
    }

    static func export(_ id: Int) -> Endpoint<Data, APIError> {
        Endpoint {
            Method.get
            Path("reports", id, "export")
        }
    }

    /// A change feed of todos, as Server-Sent Events.
    static var changes: Endpoint<EventStream<Todo>, APIError> {
        Endpoint {
            Method.get
            Path("todos", "changes")
        }
    }

    static func upload(_ file: URL) -> Endpoint<Empty, APIError> {
        Endpoint {
            Method.put
            Path("videos", file.lastPathComponent)
            Body.file(file, contentType: MediaType("video/mp4"))
        }
    }
}

enum AuthAPI {
    static func token(grant: String) -> Endpoint<AccessToken, APIError> {
        Endpoint {
            Method.post
            Path("oauth", "token")
            Body.form(["grant_type": "refresh_token", "refresh_token": grant])
        }
    }
}

/// A token provider for the snippets that need one; the articles show how to write a real one.
struct FixedTokens: TokenProvider {
    func token() async throws -> String { "token" }
    func refreshToken(rejected: String) async throws -> String { "token" }
}

let base = BaseURL("api.example.com")
let api = base
let client = Client(baseURL: base)
let authClient = Client(baseURL: BaseURL("auth.example.com"))
let configuredURL = "https://staging.example.com"
let snakeCaseDecoder: JSONDecoder = {
    let decoder = JSONDecoder.courierDefault()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
}()

let id = 42
let page: Int? = 2
let tags = ["swift", "http"]
let visibility = Visibility.public
let token = "token"
let jwt = "header.payload.signature"
let apiKey = "api-key"
let password = "open sesame"
let grant = "refresh-grant"
let tokens = FixedTokens()
let orderID = "order-1"
let order = Order(items: ["book"])
let exportFile = URL(fileURLWithPath: "/tmp/export.csv")
let video = URL(fileURLWithPath: "/tmp/video.mp4")

let testClock = ContinuousClock()
let metrics = ClosureMetricsObserver { print($0) }
let retry = RetryMiddleware()
let auth = AuthenticationMiddleware(tokenProvider: tokens, for: base)

func showOfflineBanner() {}

/// The Hummingbird router and the catalog the README's serving sample uses, and its handler.
var router: Router<BasicRequestContext> { Router() }
// An empty catalog has no endpoint to refuse.
let catalog = try! Catalog([])
func answer(to endpoint: any CatalogEndpoint) throws -> CatalogAnswer {
    CatalogAnswer(status: 501)
}

/// A transport of the reader's own, for the conformance suite's sample in ChoosingATransport.
final class MyTransport: Transport {
    let responseLimit: Int
    let downloadLimit: Int64?

    init(responseLimit: Int, downloadLimit: Int64?) {
        self.responseLimit = responseLimit
        self.downloadLimit = downloadLimit
    }

    func send(_ request: TransportRequest) async throws -> RawResponse {
        try await URLSessionTransport(responseLimit: responseLimit, downloadLimit: downloadLimit).send(
            request)
    }
}
