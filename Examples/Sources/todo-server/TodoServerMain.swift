import Courier
import Foundation
import TodoCatalog
import TodoServer

/// `todo-server [USERNAME PASSWORD]`: runs the todo API on a free loopback port until stopped.
/// `todo-server --openapi`: prints the API's OpenAPI 3.1 document instead.
/// `todo-server --with-upstream [USERNAME PASSWORD]`: also starts a second, in-process todo
/// server that `POST /v1/imports` copies from (`Scripts/check-catalog` fuzzes it this way).
///
/// The second program that imports `TodoCatalog`: the server side of the same declarations
/// that `todo-session` sends. It prints its base URL, for example to try it with cURL:
///
/// ```sh
/// swift run --package-path Examples todo-server
/// curl -X POST "$URL/v1/session" -H 'Content-Type: application/json' \
///     --data '{"username":"ada","password":"analytical-engine"}'
/// ```
@main
enum TodoServerMain {
    static func main() async throws {
        var arguments = CommandLine.arguments
        let withUpstream = arguments.dropFirst().first == "--with-upstream"
        if withUpstream { arguments.remove(at: 1) }
        if arguments.dropFirst().first == "--openapi" {
            let document = try Catalog(TodoAPI.endpoints).openAPIDocument(title: "Todos", version: "1.0.0")
            print(document.json)
            return
        }
        let user = LoginCredentials(
            username: arguments.count > 2 ? arguments[1] : "ada",
            password: arguments.count > 2 ? arguments[2] : "analytical-engine")
        var upstreamServer: TodoServer?
        var upstream: Upstream?
        if withUpstream {
            let upstreamUser = LoginCredentials(username: "grace", password: "compiler-a0")
            let started = try await TodoServer.start(credentials: upstreamUser)
            upstreamServer = started
            let session = try await Client(baseURL: started.baseURL).value(SignIn(credentials: upstreamUser))
            upstream = Upstream(baseURL: started.baseURL, token: BearerToken(session.token))
        }
        let server = try await TodoServer.start(credentials: user, upstream: upstream)
        // Written at once, not buffered: a script that starts the server reads its URL from here.
        FileHandle.standardOutput.write(Data("todo-server: \(server.baseURL) (stop with Ctrl-C)\n".utf8))
        while !Task.isCancelled {
            try await Task.sleep(for: .seconds(3600))
        }
        try await server.stop()
        try await upstreamServer?.stop()
    }
}
