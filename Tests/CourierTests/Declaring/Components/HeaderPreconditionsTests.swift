import CourierTestSupport
import Foundation
import Testing

@testable import Courier

struct HeaderPreconditionsTests {
    private let tag = EntityTag(#""v2""#)!

    private func headers(_ header: Header) throws -> HeaderFields {
        try Endpoint<Empty, Never> {
            Method(.put)
            Path("documents", "7")
            header
        }.request().headers
    }

    @Test func conditionsAreSentAsTheRFCSpellsThem() throws {
        let other = try #require(EntityTag(#""v3""#))
        #expect(try headers(Header.ifMatch(tag, other))[.ifMatch] == #""v2", "v3""#)
        #expect(try headers(Header.ifMatchAny)[.ifMatch] == "*")
        #expect(try headers(Header.ifNoneMatch(EntityTag(#"W/"v1""#)!))[.ifNoneMatch] == #"W/"v1""#)
        #expect(try headers(Header.ifNoneMatchAny)[.ifNoneMatch] == "*")
        let date = Date(timeIntervalSince1970: 784_111_777.9)
        #expect(
            try headers(Header.ifUnmodifiedSince(date))[.ifUnmodifiedSince] == "Sun, 06 Nov 1994 08:49:37 GMT"
        )
        #expect(
            try headers(Header.ifModifiedSince(date))[.ifModifiedSince] == "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    @Test func anIfMatchThatCouldNeverHoldIsRejectedWhenTheRequestIsBuilt() throws {
        let weak = try #require(EntityTag(#"W/"v2""#))
        let error = expectCourierError(.invalidHeaderValue, stage: .building) {
            try headers(Header.ifMatch(tag, weak))
        }
        #expect(error?.message.contains(#"W/"v2""#) == true)
        expectCourierError(.invalidHeaderValue, stage: .building) { try headers(Header.ifMatch()) }
        expectCourierError(.invalidHeaderValue, stage: .building) { try headers(Header.ifNoneMatch()) }
    }

    @Test func aResponseReportsItsValidators() {
        let raw = RawResponse(
            status: .ok,
            headers: [
                HeaderField(name: .etag, value: #"W/"a""#),
                HeaderField(name: .lastModified, value: "Sun, 06 Nov 1994 08:49:37 GMT"),
            ])
        #expect(raw.entityTag == EntityTag(opaqueTag: "a", isWeak: true))
        #expect(raw.lastModified == Date(timeIntervalSince1970: 784_111_777))
        let response = EndpointResponse<Empty, Never>(
            status: .ok, headers: raw.headers, body: Data(), url: nil, result: .success(Empty()))
        #expect(response.entityTag == raw.entityTag && response.lastModified == raw.lastModified)
        #expect(
            RawResponse(status: .ok, headers: [HeaderField(name: .etag, value: "unquoted")]).entityTag == nil)
    }
}
