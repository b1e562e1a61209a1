import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a ``URLSessionTransport``'s challenge handler answers to a ``URLSessionChallenge``.
///
/// ```swift
/// return .useCredential(URLCredential(user: "reports", password: password, persistence: .none))
/// ```
///
/// On Apple platforms, a `URLCredential(trust:)` answer to the server-trust challenge of a
/// request that sets neither roots nor pins replaces the system's trust evaluation: the
/// connection then trusts whatever that trust holds.
///
/// ``courierDecides`` leaves the challenge to Courier: a server-trust challenge is evaluated
/// with the request's ``TLSOptions`` (Apple platforms), and anything else gets `URLSession`'s
/// default handling (`.performDefaultHandling`); on Linux the `401` response is returned as it
/// is, unless the credential storage proposes a credential for an idempotent request without a
/// body. An answer never overrides the request's ``TLSOptions``: Courier checks
/// roots and pins before it asks the handler, a chain that fails them is refused whatever the
/// handler would answer, and for a chain that passes them the handler can only ``cancel``.
public struct URLSessionChallengeAnswer: Sendable {
    /// The answers, as `URLSession.AuthChallengeDisposition` has them plus Courier's own.
    enum Action: Sendable, Equatable {
        case courierDecides, useCredential, rejectProtectionSpace, cancel
    }

    let action: Action
    private let storage: Storage?

    /// Holds the credential. `URLCredential` is not `Sendable` on every platform; sharing it is
    /// safe because its properties are read-only and Courier only hands it to `URLSession`.
    private final class Storage: @unchecked Sendable {
        let credential: URLCredential

        init(_ credential: URLCredential) { self.credential = credential }
    }

    private init(_ action: Action, _ credential: URLCredential? = nil) {
        self.action = action
        storage = credential.map(Storage.init)
    }

    /// The credential of a ``useCredential(_:)`` answer.
    var credential: URLCredential? { storage?.credential }

    /// Courier answers as it does without a handler.
    public static let courierDecides = URLSessionChallengeAnswer(.courierDecides)
    /// Answers with `credential` (`.useCredential`): a password for an HTTP challenge, an identity
    /// for a client-certificate challenge, a trust for a server-trust challenge.
    public static func useCredential(_ credential: URLCredential) -> URLSessionChallengeAnswer {
        URLSessionChallengeAnswer(.useCredential, credential)
    }
    /// Declines this protection space (`.rejectProtectionSpace`); for a client-certificate
    /// challenge, the handshake goes on without a certificate.
    public static let rejectProtectionSpace = URLSessionChallengeAnswer(.rejectProtectionSpace)
    /// Cancels the request (`.cancelAuthenticationChallenge`): it fails with
    /// ``CourierError/Kind/authenticationFailed``.
    public static let cancel = URLSessionChallengeAnswer(.cancel)
}
