import Courier

struct User: Decodable, Sendable { let name: String }
struct APIError: Error, Decodable { let message: String }

enum API {
    static func user(_ id: Int) -> Endpoint<User, APIError> {
        Endpoint {
            Method.get
            Path("users", id)
            Header.accept(.json)
        }
    }
}

let client = Client(baseURL: BaseURL("https://api.example.com"))
let response = try await client.send(API.user(42))
switch response.result {
case .success(let user): print("Hello, \(user.name)")
case .failure(let error): print("\(response.status): \(error.message)")
}
