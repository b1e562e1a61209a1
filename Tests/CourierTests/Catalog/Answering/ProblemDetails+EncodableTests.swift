import Courier
import Foundation
import Testing

struct ProblemDetailsEncodableTests {
    @Test func encodingWritesTheMembersAndTheExtensionsAsJSON() throws {
        let problem = ProblemDetails(
            title: "Out of stock", status: 409,
            extensions: ["left": "0", "where": #"{"shelf":"B2"}"#, "tags": #"["a",null,true,1.5]"#])
        let data = try JSONEncoder.courierDefault().encode(problem)
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"left":0,"status":409,"tags":["a",null,true,1.5],"title":"Out of stock","type":"about:blank","where":{"shelf":"B2"}}"#
        )
        #expect(try JSONDecoder().decode(ProblemDetails.self, from: data) == problem)
    }

    @Test func anExtensionThatIsNotJSONIsAString() throws {
        let problem = ProblemDetails(extensions: ["note": "not json"])
        let data = try JSONEncoder.courierDefault().encode(problem)
        #expect(String(decoding: data, as: UTF8.self) == #"{"note":"not json","type":"about:blank"}"#)
    }
}
