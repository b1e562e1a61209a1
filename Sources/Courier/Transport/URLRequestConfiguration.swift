import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A change a caller makes to the `URLRequest` of one call, for what Courier does not model
/// (a cache policy, a network service type, cellular access); see ``CallOptions/configureURLRequest``.
///
/// Two configurations are equal only when they are the same value, so requests that carry
/// different ones are never merged (by ``DeduplicationMiddleware``, for example).
public struct URLRequestConfiguration: Sendable, Hashable {
    private let box: Box
    /// Applies the change.
    public var apply: @Sendable (inout URLRequest) -> Void { box.apply }

    /// Holds the closure; a class, so that each configuration has an identity.
    private final class Box: Sendable {
        let apply: @Sendable (inout URLRequest) -> Void

        init(_ apply: @escaping @Sendable (inout URLRequest) -> Void) {
            self.apply = apply
        }
    }

    /// Wraps `apply`.
    public init(_ apply: @escaping @Sendable (inout URLRequest) -> Void) {
        box = Box(apply)
    }

    /// Whether both are the same configuration.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.box === rhs.box }

    /// Hashes the configuration's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(box)) }
}
