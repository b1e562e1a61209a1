import Courier
import Foundation
import Workloads

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Builds the B1 request N times (``RequestBuildWorkload``), for instruction counts under
/// callgrind: a POST to `/v1/users/{id}/posts` with three query items, Content-Type, Accept,
/// Authorization and a 114-byte JSON body, to a ready `URLRequest`.
///
///     request-build courier 1000     # Courier: endpoint.request().urlRequest(baseURL:)
///     request-build value 1000       # Courier: endpoint.request() only
///     request-build hand 1000        # URLComponents + URLQueryItem + setValue + JSONEncoder
///
/// Run it under `valgrind --tool=callgrind` with two counts and difference the totals, so that
/// start-up cancels; the difference over the extra builds is the cost of one build.
@main
enum RequestBuild {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let count = Int(arguments[2]) else {
            FileHandle.standardError.write(Data("usage: request-build courier|value|hand COUNT\n".utf8))
            exit(64)
        }
        let base = RequestBuildWorkload.baseURL
        let encoder = RequestBuildWorkload.encoder()
        var checksum = 0
        for id in 0..<count {
            switch arguments[1] {
            case "courier":
                checksum &+=
                    try RequestBuildWorkload.endpoint(id: id).request().urlRequest(baseURL: base).httpBody?
                    .count ?? 0
            case "value":
                checksum &+= try RequestBuildWorkload.endpoint(id: id).request().body?.data?.count ?? 0
            case "hand":
                checksum &+= try RequestBuildWorkload.hand(id: id, encoder: encoder).httpBody?.count ?? 0
            default:
                exit(64)
            }
        }
        print(checksum)
    }
}
