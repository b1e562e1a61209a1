import Testing

@testable import Courier

/// An endpoint's credentials are found where it declares them, and only there.
struct EndpointCredentialsTests {
    struct Search: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never
        var key: String
        var term: String

        var definition: some EndpointDefinition {
            Method.get
            Path("search")
            Query("api_key", key, isSecret: true)
            Query("q", term)
        }
    }

    @Test func aKeyIsCarriedByItsOwnFieldAtItsOwnLocationOnly() throws {
        let shape = try Search.shape()
        let credentials = try #require(EndpointCredentials(shape))
        #expect(credentials.location == .query)
        #expect(credentials.challenge == #"APIKey query="api_key""#)
        let key = try #require(shape.query.first { $0.name == "api_key" })
        let term = try #require(shape.query.first { $0.name == "q" })
        #expect(credentials.carries(key, at: .query))
        #expect(!credentials.carries(key, at: .header))
        #expect(!credentials.carries(term, at: .query))
    }
}
