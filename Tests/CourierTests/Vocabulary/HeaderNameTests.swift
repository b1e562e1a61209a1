import Testing

@testable import Courier

@Suite struct HeaderNameTests {
    @Test func theFastFramingCheckAgreesWithThePublicFramingSet() {
        for name in HeaderName.framing {
            #expect(name.isFraming, "\(name.rawValue) is in HeaderName.framing but isFraming says no")
            #expect(HeaderName(validating: name.rawValue.uppercased())?.isFraming == true)
        }
        let others: [HeaderName] = [
            .contentType, .accept, .authorization, .userAgent, .idempotencyKey, HeaderName("Content-Lengths"),
            HeaderName("X-Host"), HeaderName("Keep-Alives"), HeaderName("Upgrade-Insecure-Requests"),
        ]
        for name in others {
            #expect(!name.isFraming, "\(name.rawValue) is not a framing header")
            #expect(!HeaderName.framing.contains(name))
        }
    }

    @Test func everyNameSensitiveByDefaultIsFoundByTheQueryRuleAloneInAnySpelling() {
        for name in HeaderName.sensitiveByDefault {
            #expect(QueryItem.isSensitiveByDefault(name: name.canonicalName), "\(name.rawValue)")
            #expect(HeaderName(validating: name.rawValue.uppercased())?.isSensitiveByDefault == true)
        }
        for name in [HeaderName.accept, .contentType, .userAgent, .cacheControl, .location] {
            #expect(!name.isSensitiveByDefault, "\(name.rawValue)")
        }
        #expect(HeaderName("X-Api-Key").isSensitiveByDefault)
    }
}
