import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the delegate does with each answer, decided without `URLSession`.
@Suite struct ChallengeOutcomeTests {
    static let credential = URLCredential(user: "courier", password: "secret", persistence: .none)

    static func facts(
        hasBody: Bool = false, isIdempotent: Bool = true, proposed: URLCredential? = nil
    ) -> ChallengeOutcome.Facts {
        ChallengeOutcome.Facts(
            authenticationMethod: NSURLAuthenticationMethodHTTPBasic, host: "127.0.0.1:8080",
            hasBody: hasBody, isIdempotent: isIdempotent,
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

    /// Once Courier evaluated a trust, the handler can veto it but not replace it.
    @Test func aTrustCourierEvaluatedIsAnsweredWithCourierCredentialUnlessCancelled() {
        let courier = URLSessionChallengeAnswer.useCredential(Self.credential)
        let other = URLSessionChallengeAnswer.useCredential(
            URLCredential(user: "other", password: "x", persistence: .none))
        #expect(Self.decide(.courierDecides, courier: courier) == "reply 0 courier")
        #expect(Self.decide(other, courier: courier) == "reply 0 courier")
        #expect(Self.decide(.rejectProtectionSpace, courier: courier) == "reply 0 courier")
        #expect(Self.decide(.cancel, courier: courier).hasPrefix("fail authenticationFailed"))
    }

    #if canImport(FoundationNetworking)
        @Test func onLinuxLeavingItToCourierReturnsThe401() {
            #expect(Self.decide(.courierDecides) == "return the received response")
            #expect(Self.decide(.rejectProtectionSpace) == "return the received response")
        }

        @Test func onLinuxACredentialStartsAFreshReceiver() {
            #expect(Self.decide(.useCredential(Self.credential)) == "retry as courier")
            #expect(Self.decide(.courierDecides, Self.facts(proposed: Self.credential)) == "retry as courier")
        }

        /// A stored credential nobody chose for this request never sends it again behind the
        /// caller's back: only an idempotent request without a body is retried with it.
        @Test func onLinuxAStoredCredentialIsUsedOnlyForAnIdempotentRequestWithoutABody() {
            #expect(
                Self.decide(.courierDecides, Self.facts(isIdempotent: false, proposed: Self.credential))
                    == "return the received response")
            #expect(
                Self.decide(.courierDecides, Self.facts(hasBody: true, proposed: Self.credential))
                    == "return the received response")
            #expect(
                Self.decide(.useCredential(Self.credential), Self.facts(isIdempotent: false))
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
