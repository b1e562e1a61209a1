import Courier
import Foundation
import Testing

@Suite struct RedactionTests {
    static let request: EndpointRequest = {
        do {
            return try Endpoint<Empty, Never> {
                Method.post
                Header.bearer("bearer-secret")
                Header("Cookie", "cookie-secret")
                Header("X-Api-Key", "key-secret", isSecret: true)
                Header("X-Plain", "plain-value")
                Body.text("body")
            }.request()
        } catch {
            preconditionFailure("\(error)")
        }
    }()

    static let secrets = ["bearer-secret", "cookie-secret", "key-secret"]

    @Test func printingARequestNeverShowsSecrets() throws {
        let transport = try Self.request.transportRequest(baseURL: exampleBase)
        var dumped = ""
        dump(Self.request, to: &dumped)
        let renderings = [
            "\(Self.request)", String(reflecting: Self.request), "\(transport)",
            String(reflecting: transport), dumped,
            "\(Self.request.headers)",
        ]
        for rendering in renderings {
            for secret in Self.secrets {
                #expect(!rendering.contains(secret), "\(rendering)")
            }
            #expect(rendering.contains("plain-value"))
        }
    }

    @Test func fieldsDescribeThemselvesRedacted() {
        #expect(
            HeaderField(name: .authorization, value: "Bearer x").description == "Authorization: <redacted>")
        #expect(HeaderField(name: .accept, value: "text/plain").description == "Accept: text/plain")
    }

    @Test func theRealValueStaysReadable() {
        #expect(Self.request.headers[.authorization] == "Bearer bearer-secret")
    }

    @Test func http1AndCurlRedactByDefault() throws {
        let renderings = [
            try Self.request.curlCommand(baseURL: exampleBase),
            try Self.request.http1Text(baseURL: exampleBase),
        ]
        for rendering in renderings {
            for secret in Self.secrets { #expect(!rendering.contains(secret)) }
        }
    }
}
