import Courier
import ExampleCatalog
import Foundation

/// Sends every endpoint of the catalog to a running loopback server and checks what comes back.
///
///     swift run --package-path Examples courier-example http://127.0.0.1:8080
///     COURIER_EXAMPLE_URL=http://127.0.0.1:8080 swift run --package-path Examples courier-example
///
/// Exits 0 when every request went as expected, 1 when one did not, 64 for a usage error.
@main
struct CourierExample {
    static func main() async {
        let environment = ProcessInfo.processInfo.environment["COURIER_EXAMPLE_URL"]
        guard let text = CommandLine.arguments.dropFirst().first ?? environment else {
            fail(usage: "no base URL; pass one (http://127.0.0.1:8080) or set COURIER_EXAMPLE_URL")
        }
        let baseURL: BaseURL
        do {
            baseURL = try BaseURL(validating: text)
        } catch {
            fail(usage: error.message)
        }

        let client = Client(baseURL: baseURL, middleware: [CurlPrinter()])
        var run = ExampleRun(client: client)
        print("Sending the example catalog to \(baseURL)")

        await run.step("Fetch the profile", Loopback.profile()) { response in
            switch response.result {
            case .success(let profile):
                let expected = Profile(id: 42, name: "Ada")
                return expect(profile == expected, "Profile #\(profile.id), \(profile.name)")
            case .failure(let error):
                return .unexpected("documented error \(error.message)")
            }
        }

        await run.step("Read a text greeting", Loopback.greeting()) { response in
            switch response.result {
            case .success(let text):
                return expect(text == "héllo wörld", "String \(text.debugDescription)")
            }
        }

        let search = Loopback.searchTodos(matching: "milk+honey", tags: ["home", "urgent"])
        await run.step("Search with optional and repeated query parameters", search) { response in
            switch response.result {
            case .success(let echo):
                return expect(
                    echo.target == "/echo/todos?q=milk%2Bhoney&tag=home&tag=urgent",
                    "the server saw \(echo.method) \(echo.target)"
                )
            }
        }

        let filter = TodoFilter(state: .open, tags: ["home", "a&b"], pageNumber: 2)
        await run.step("Filter with a whole Encodable value as the query", Loopback.filterTodos(filter)) {
            response in
            switch response.result {
            case .success(let echo):
                return expect(
                    echo.target
                        == "/echo/todos?state=open&tags%5B%5D=home&tags%5B%5D=a%26b&page_number=2",
                    "the server saw \(echo.method) \(echo.target)"
                )
            }
        }

        await uploadAttachment(with: &run)

        let todo = NewTodo(title: "Write the README")
        await run.step("Create a todo with a JSON body", Loopback.createTodo(todo)) { response in
            switch response.result {
            case .success(let echo):
                let contentType = echo.headers[.contentType] ?? "no type"
                let received = echo.body.flatMap { body in
                    try? JSONDecoder().decode(NewTodo.self, from: Data(body.utf8))
                }
                return expect(
                    echo.method == "POST" && contentType == MediaType.json.rawValue && received == todo,
                    "the server saw \(echo.method) \(echo.path) with \(echo.bodyLength) bytes of \(contentType): "
                        + (received.map { "\($0)" } ?? "no todo")
                )
            case .failure(let error):
                return .unexpected("documented error \(error.message)")
            }
        }

        let deletion = DeleteTodo(id: 7, token: "example-token")
        await run.step("Delete a todo with a secret token", deletion) { response in
            switch response.result {
            case .success(let echo):
                let authorization = echo.headers[.authorization]
                return expect(
                    echo.method == "DELETE" && echo.path == "/echo/todos/7"
                        && authorization == "Bearer example-token",
                    "the server saw \(echo.method) \(echo.path) with the real token "
                        + "(\(authorization?.count ?? 0) characters); the cURL line shows <redacted>"
                )
            case .failure(let error):
                return .unexpected("documented error \(error.message)")
            }
        }

        await run.step("Succeed without content", Loopback.markAllDone()) { response in
            switch response.result {
            case .success(let empty):
                return expect(response.status == .noContent, "\(empty) for status \(response.status)")
            case .failure(let error):
                return .unexpected("documented error \(error.message)")
            }
        }

        await run.step("Receive a documented error", Loopback.missingProfile()) { response in
            switch response.result {
            case .success(let profile):
                return .unexpected("a profile, \(profile.name), where a 404 was expected")
            case .failure(let error):
                return expect(
                    response.status == .notFound && error == APIError(message: "error 404", code: 404),
                    "APIError \(error.message.debugDescription), code \(error.code ?? 0), for status \(response.status)"
                )
            }
        }

        await run.step("Receive an undocumented status", Loopback.unavailableProfile()) { response in
            switch response.result {
            case .success(let profile):
                return .unexpected("a profile, \(profile.name), where a 503 was expected")
            }
        } onError: { error in
            expect(
                error.stage == .status && error.kind == .undocumentedStatus && error.response?.status == 503,
                "thrown: \(error)"
            )
        }

        print()
        if run.unexpected == 0 {
            print("All \(run.steps) requests went as expected.")
            exit(0)
        }
        print("\(run.unexpected) of \(run.steps) requests did not go as expected.")
        exit(1)
    }

    /// Uploads a 3 MiB file written to a temporary directory as one part of a multipart body.
    private static func uploadAttachment(with run: inout ExampleRun) async {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-example-\(UUID().uuidString).txt")
        let contents = Data(repeating: UInt8(ascii: "x"), count: 3 * 1024 * 1024)
        do {
            try contents.write(to: file)
        } catch {
            print("courier-example: cannot write \(file.path): \(error)")
            exit(1)
        }
        defer { try? FileManager.default.removeItem(at: file) }
        let upload = Loopback.uploadAttachment(title: "Notes", file: file)
        await run.step("Upload a file as multipart, streamed from disk", upload) { response in
            switch response.result {
            case .success(let report):
                return expect(
                    report.size > Int64(contents.count) && report.contentLength == String(report.size),
                    "the server received \(report.size) bytes with Content-Length \(report.contentLength ?? "none")"
                )
            case .failure(let error):
                return .unexpected("documented error \(error.message)")
            }
        }
    }

    private static func fail(usage message: String) -> Never {
        let text =
            "courier-example: \(message)\nusage: courier-example BASE_URL   (or COURIER_EXAMPLE_URL=BASE_URL)\n"
        FileHandle.standardError.write(Data(text.utf8))
        exit(64)
    }
}
