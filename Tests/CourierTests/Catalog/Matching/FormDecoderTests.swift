import Courier
import Foundation
import Testing

struct FormDecoderTests {
    @Test(arguments: ["tag%5B007%5D=a", "tag%5B0%5D=a&tag%5B01%5D=b", "tag%5B%2B1%5D=a", "tag%5B-0%5D=a"])
    func anIndexNotWrittenAsOneIsAMismatch(query: String) {
        let mismatch = #expect(throws: EndpointMismatch.self) {
            try QueryArrays.ListTags<Forms.DotsIndexed>.parse(
                IncomingRequest(method: .get, target: "/tags?" + query))
        }
        #expect(
            mismatch?.description
                == "The request does not match GET /tags?tag&id&genre&page: its parameters do not decode as "
                + "ListTags<DotsIndexed> "
                + "(tags: tag[…] holds something other than an index as an array writes one: tag[0], tag[1], …)."
        )
    }

    @Test func indicesWrittenAsTheEncoderWritesThemParse() throws {
        let parsed = try QueryArrays.ListTags<Forms.DotsIndexed>.parse(
            IncomingRequest(method: .get, target: "/tags?tag%5B1%5D=b&tag%5B0%5D=a&tag%5B10%5D=c"))
        #expect(parsed.tags == ["a", "b", "c"])
    }

    /// A profile's form body with `old` replaced by `new`.
    private func profileBody<Choice: FormChoice>(
        _ choice: Choice.Type, replacing old: String, with new: String
    )
        throws -> IncomingRequest
    {
        let request = try Forms.SaveProfile<Choice>(id: 1, profile: CatalogFormTests.profiles()[0]).request()
        let incoming = try IncomingRequest(request)
        let text = String(decoding: incoming.body, as: UTF8.self)
        try #require(text.contains(old), "\(text)")
        return IncomingRequest(
            method: incoming.method, target: incoming.target, headers: incoming.headers,
            body: Data(text.replacingOccurrences(of: old, with: new).utf8))
    }

    @Test(arguments: ["nan", "NaN", "inf", "-infinity", "0x1p3", "1e999"])
    func aNumberTheEncoderCannotWriteIsAMismatch(text: String) throws {
        let incoming = try profileBody(Forms.Defaults.self, replacing: "ratio=0.5", with: "ratio=\(text)")
        #expect(throws: EndpointMismatch.self) { try Forms.SaveProfile<Forms.Defaults>.parse(incoming) }
        let seconds = try profileBody(Forms.DotsIndexed.self, replacing: "joined=0", with: "joined=\(text)")
        #expect(throws: EndpointMismatch.self) { try Forms.SaveProfile<Forms.DotsIndexed>.parse(seconds) }
    }

    @Test func aRepeatedScalarInAFormIsAMismatch() throws {
        let incoming = try profileBody(Forms.Defaults.self, replacing: "age=0", with: "age=0&age=5")
        let mismatch = #expect(throws: EndpointMismatch.self) {
            try Forms.SaveProfile<Forms.Defaults>.parse(incoming)
        }
        #expect(mismatch?.description.contains("age is repeated, and it holds one value") == true)
    }
}
