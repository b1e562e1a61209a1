import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What ``SessionDelegate`` does with an authentication challenge once its answer is known.
///
/// FoundationNetworking (Linux) delivers one kind of challenge: a `401` whose `WWW-Authenticate`
/// names `Basic`, after the response's head and body reached the delegate. Its default handling
/// without a stored credential never completes the task, `.rejectProtectionSpace` cancels it, and
/// a credential sends the request again on the same task. So on Linux Courier returns the `401`
/// it received where Apple platforms would, and starts a fresh receiver before a credential is
/// used. A credential from the credential storage is used only for an idempotent request without
/// a body; one the handler answers with, for any request without a body.
enum ChallengeOutcome: Sendable {
    /// Hand `URLSession` this disposition and the answer's credential.
    case reply(URLSession.AuthChallengeDisposition, URLSessionChallengeAnswer)
    /// Return the response received so far (Linux), then cancel the challenge.
    case returnReceivedResponse
    /// Receive the next response afresh, then answer with the credential (Linux).
    case retry(URLSessionChallengeAnswer)
    /// Fail the task with the error, then cancel the challenge.
    case fail(CourierError)

    /// What the delegate needs to know about the challenge and its task.
    struct Facts: Sendable {
        var authenticationMethod: String
        /// The host (and port) as errors name it.
        var host: String
        /// Whether the request `URLSession` sends has a body.
        var hasBody: Bool
        /// Whether the request `URLSession` sends may be sent twice.
        var isIdempotent: Bool
        /// The credential `URLSession` proposes from its credential storage, as an answer.
        var proposed: URLSessionChallengeAnswer?
    }

    /// The outcome of `answer`, where `courier` is what Courier answers on its own.
    static func decide(
        _ answer: URLSessionChallengeAnswer, courier: URLSessionChallengeAnswer, facts: Facts
    ) -> ChallengeOutcome {
        // A trust Courier evaluated is answered with Courier's credential: the system's default
        // handling would evaluate it again without the request's roots, and another credential
        // would replace the evaluation. The handler may only veto it.
        if courier.action == .useCredential, answer.action != .cancel {
            return .reply(.useCredential, courier)
        }
        switch answer.action {
        case .cancel:
            return .fail(cancelled(facts))
        case .useCredential:
            #if canImport(FoundationNetworking)
                return retry(answer, facts)
            #else
                return .reply(.useCredential, answer)
            #endif
        case .rejectProtectionSpace:
            #if canImport(FoundationNetworking)
                return .returnReceivedResponse
            #else
                return .reply(.rejectProtectionSpace, answer)
            #endif
        case .courierDecides:
            #if canImport(FoundationNetworking)
                // A stored credential was not chosen for this request: it is used only where
                // sending the request again does no harm.
                guard let proposed = facts.proposed, facts.isIdempotent, !facts.hasBody else {
                    return .returnReceivedResponse
                }
                return .retry(proposed)
            #else
                return .reply(.performDefaultHandling, answer)
            #endif
        }
    }

    /// A credential on Linux: FoundationNetworking sends the request again on the same task, and
    /// for a request with a body Courier cannot tell that the body goes with it.
    private static func retry(_ answer: URLSessionChallengeAnswer, _ facts: Facts) -> ChallengeOutcome {
        guard !facts.hasBody else {
            return .fail(
                CourierError(
                    stage: .transport, kind: .authenticationFailed,
                    message:
                        "URLSessionTransport does not answer \(facts.host)'s HTTP Basic challenge with a "
                        + "credential for a request with a body on Linux, where FoundationNetworking would send "
                        + "it again; send the Authorization header with the request instead."))
        }
        return .retry(answer)
    }

    private static func cancelled(_ facts: Facts) -> CourierError {
        CourierError(
            stage: .transport, kind: .authenticationFailed,
            message:
                "URLSessionTransport's challenge handler cancelled the \(facts.authenticationMethod) challenge "
                + "of \(facts.host).")
    }
}
