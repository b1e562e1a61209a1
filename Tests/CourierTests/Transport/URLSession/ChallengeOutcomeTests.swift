import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the delegate does with each answer, decided without `URLSession`.
@Suite struct ChallengeOutcomeTests {
    static let credential = URLCredential(user: "courier", password: "secret", persistence: .none)

    static func facts(hasBody: Bool = false, proposed: URLCredential? = nil) -> ChallengeOutcome.Facts {
        ChallengeOutcome.Facts(
            authenticationMethod: NSURLAuthenticationMethodHTTPBasic, host: "127.0.0.1:8080",
            hasBody: hasBody,
            proposed: proposed.map(URLSessionChallengeAnswer.useCredential))
    }

    static func describe(_ outcome: ChallengeOutcome) -> String {
        switch outcome {
        case .reply(let disposition, let answer):
            "reply \(disposition.rawValue) \(answer.credential?.user ?? "-")"
        case .returnReceivedResponse: "return the received response"
        case .retry(let answer): "retry as \(answer.credential?.user ?? "-")"
        case .fail(let error): "fail \(error.kind): \(error.message)"
        }
    }

    static func decide(
        _ answer: URLSessionChallengeAnswer, courier: URLSessionChallengeAnswer = .courierDecides,
        _ facts: ChallengeOutcome.Facts = facts()
    ) -> String {
        describe(ChallengeOutcome.decide(answer, courier: courier, facts: facts))
    }

    @Test func aCancelFailsAsAuthenticationFailedNamingTheHost() {
        #expect(
            Self.decide(.cancel)
                == "fail authenticationFailed: URLSessionTransport's challenge handler cancelled the "
                + "NSURLAuthenticationMethodHTTPBasic challenge of 127.0.0.1:8080.")
    }

    @Test func aTrustCourierEvaluatedAnswersDefaultHandlingWithCourierCredential() {
        let courier = URLSessionChallengeAnswer.useCredential(Self.credential)
        #expect(Self.decide(.courierDecides, courier: courier) == "reply 0 courier")
        #expect(Self.decide(.performDefaultHandling, courier: courier) == "reply 0 courier")
    }

    #if canImport(FoundationNetworking)
        @Test func onLinuxLeavingItToCourierReturnsThe401() {
            #expect(Self.decide(.courierDecides) == "return the received response")
            #expect(Self.decide(.performDefaultHandling) == "return the received response")
            #expect(Self.decide(.rejectProtectionSpace) == "return the received response")
        }

        @Test func onLinuxACredentialStartsAFreshReceiver() {
            #expect(Self.decide(.useCredential(Self.credential)) == "retry as courier")
            #expect(
                Self.decide(.performDefaultHandling, Self.facts(proposed: Self.credential))
                    == "retry as courier")
        }

        @Test func onLinuxACredentialForARequestWithABodyFails() {
            #expect(
                Self.decide(.useCredential(Self.credential), Self.facts(hasBody: true))
                    == "fail authenticationFailed: URLSessionTransport does not answer 127.0.0.1:8080's HTTP Basic "
                    + "challenge with a credential for a request with a body on Linux, where FoundationNetworking "
                    + "would send it again; send the Authorization header with the request instead.")
        }
    #else
        @Test func onApplePlatformsTheAnswerPassesThrough() {
            #expect(Self.decide(.courierDecides) == "reply 1 -")
            #expect(
                Self.decide(.useCredential(Self.credential), Self.facts(hasBody: true)) == "reply 0 courier")
            #expect(Self.decide(.rejectProtectionSpace) == "reply 3 -")
        }
    #endif
}
