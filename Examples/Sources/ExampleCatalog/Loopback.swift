import Courier
import Foundation

/// Endpoints of Courier's loopback test server, `Tests/Servers/loopback_server.py`.
///
/// ```swift
/// let client = Client(baseURL: try BaseURL(validating: "http://127.0.0.1:8080"))
/// let profile = try await client.value(Loopback.profile())
/// ```
public enum Loopback {
    /// What every endpoint of the catalog sends: it wants JSON back, and says who is asking.
    public static let json = Components {
        Header.accept(.json)
        Header.userAgent("courier-example/0.1")
    }

    /// The echo route as a base path: the server describes whatever request reaches `/echo…`.
    public static let echo = Components {
        Path("echo")
        json
    }

    /// `GET /json`: the one profile the server knows.
    public static func profile() -> Endpoint<Profile, APIError> {
        Endpoint {
            Method.get
            json
            Path("json")
        }
    }

    /// `GET /text`: a UTF-8 greeting, decoded as a `String` in the charset the server names.
    public static func greeting() -> Endpoint<String, Never> {
        Endpoint {
            Method.get
            Path("text")
            Header.accept(.plainText)
        }
    }

    /// `GET /echo/todos?q=…&tag=…&page=…`: optional and repeated query parameters.
    public static func searchTodos(matching text: String?, tags: [String] = [], page: Int? = nil)
        -> Endpoint<Echo, Never>
    {
        Endpoint {
            Method.get
            echo
            Path("todos")
            if let text {
                Query("q", text)
            }
            for tag in tags {
                Query("tag", tag)
            }
            Query("page", page)
        }
    }

    /// `GET /echo/todos?state=open&tags[]=…&page_number=…`: a whole `Encodable` value as the
    /// query, with this endpoint's own encoding rules instead of the client's.
    public static func filterTodos(_ filter: TodoFilter) -> Endpoint<Echo, Never> {
        Endpoint {
            Method.get
            echo
            Path("todos")
            FormEncoding(arrays: .brackets, keys: .convertToSnakeCase)
            Query(fieldsOf: filter)
        }
    }

    /// `POST /sink`: a title and a file as `multipart/form-data`; the file is streamed from
    /// disk while the request is sent, and its type comes from its extension.
    public static func uploadAttachment(title: String, file: URL) -> Endpoint<SinkReport, APIError> {
        Endpoint {
            Method.post
            json
            Path("sink")
            Body.multipart(.text("title", title), .file("attachment", file))
        }
    }

    /// `POST /echo/todos` with the todo as a JSON body.
    public static func createTodo(_ todo: NewTodo) -> Endpoint<Echo, APIError> {
        Endpoint {
            Method.post
            echo
            Path("todos")
            Body.json(todo)
        }
    }

    /// `POST /empty/204`: a success without content.
    public static func markAllDone() -> Endpoint<Empty, APIError> {
        Endpoint {
            Method.post
            json
            Path("empty", 204)
        }
    }

    /// `GET /error/404`: stands in for a profile that does not exist. The server answers
    /// `404 {"message": "error 404", "code": 404}`, which arrives as a documented ``APIError``.
    public static func missingProfile() -> Endpoint<Profile, APIError> {
        Endpoint {
            Method.get
            json
            Path("error", 404)
        }
    }

    /// `GET /error/503` on an endpoint that documents no error (`Never`): the status is
    /// undocumented, so the client throws a `CourierError` with the response attached.
    public static func unavailableProfile() -> Endpoint<Profile, Never> {
        Endpoint {
            Method.get
            json
            Path("error", 503)
        }
    }
}
