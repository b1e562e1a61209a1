import Courier
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The hosts that connect directly instead of through a proxy, as `NO_PROXY` lists them in
/// curl's conventions.
///
/// Entries are separated by commas or whitespace; host names compare without case and without a
/// trailing dot. The list `*` alone means every host. An entry is:
/// - a name, with or without a leading dot: that name and every name under it (`example.com`
///   and `.example.com` both match `example.com` and `api.example.com`, not `myexample.com`).
///   A name is ASCII: write an internationalized one in its A-label form (`xn--…`), as a URL's
///   host arrives.
/// - an IPv4 or IPv6 address (`[::1]` or `::1`), or a range in CIDR notation (`10.0.0.0/8`):
///   requests whose URL has such an address. Names are not resolved to compare.
/// - any of these with `:port`: only requests to that port.
///
/// ```swift
/// let bypass = try ProxyBypass(["localhost", ".internal.example", "10.0.0.0/8", "[::1]:8080"])
/// ```
public struct ProxyBypass: Sendable, Hashable, CustomStringConvertible {
    /// The entries, as given (trimmed, empty ones dropped).
    public let entries: [String]
    /// The entries, parsed.
    private let rules: [Rule]

    private enum Rule: Sendable, Hashable {
        case all
        case name(String, port: Int?)
        case address([UInt8], prefixLength: Int, port: Int?)
    }

    /// Nothing bypasses the proxy.
    public static let none = ProxyBypass(entries: [], rules: [])

    private init(entries: [String], rules: [Rule]) {
        self.entries = entries
        self.rules = rules
    }

    /// The bypass list of `entries`.
    ///
    /// - Throws: ``CourierError/Kind/invalidProxy`` naming an entry whose port is not a number
    ///   in 1...65535, whose CIDR range is not an address and a prefix length that fits it, whose
    ///   name is not ASCII, or a `*` beside other entries, which curl and Python ignore and Go reads
    ///   as every host.
    public init(_ entries: [String]) throws(CourierError) {
        let kept = entries.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if kept == ["*"] {
            self.init(entries: kept, rules: [.all])
            return
        }
        var rules: [Rule] = []
        for entry in kept {
            guard entry != "*" else {
                throw Self.invalid(entry, "`*` means every host only as the whole list; give it alone")
            }
            rules.append(try Self.rule(entry))
        }
        self.init(entries: kept, rules: rules)
    }

    /// The bypass list of a `NO_PROXY` value: entries separated by commas or whitespace, as curl
    /// reads them.
    ///
    /// - Throws: ``CourierError/Kind/invalidProxy`` as ``init(_:)`` does.
    public init(noProxy value: String) throws(CourierError) {
        try self.init(value.split { $0 == "," || $0.isWhitespace }.map(String.init))
    }

    /// Whether a request to `host` (a name or an address, as the URL has it) on `port` bypasses
    /// the proxy.
    public func matches(host: String, port: Int) -> Bool {
        let name = Self.normalized(host)
        let address = Self.address(name)
        return rules.contains { rule in
            switch rule {
            case .all:
                return true
            case .name(let pattern, let rulePort):
                // As curl: a name rule never matches an address (`0.0.1` is no suffix of `127.0.0.1`),
                // nor an IPv6 literal with a zone (`fe80::1%.example.com`), which has a colon.
                guard address == nil, !name.contains(":"), rulePort == nil || rulePort == port else {
                    return false
                }
                return name == pattern || name.hasSuffix("." + pattern)
            case .address(let bytes, let prefixLength, let rulePort):
                guard rulePort == nil || rulePort == port, let address, address.count == bytes.count else {
                    return false
                }
                return Self.prefix(of: address, equals: bytes, length: prefixLength)
            }
        }
    }

    /// The entries, comma-separated, as `NO_PROXY` would hold them.
    public var description: String { entries.joined(separator: ",") }

    private static func rule(_ entry: String) throws(CourierError) -> Rule {
        var host = entry
        var port: Int?
        // `[v6]:port`, `[v6]`, `host:port`; a bare IPv6 address has more than one colon.
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            let rest = host[host.index(after: close)...]
            if rest.hasPrefix(":") {
                port = try Self.port(String(rest.dropFirst()), entry: entry)
            } else if !rest.isEmpty {
                throw invalid(
                    entry, "only :PORT may follow a bracketed IPv6 address (a range is fd00::/8, unbracketed)"
                )
            }
            host = String(host[host.index(after: host.startIndex)..<close])
        } else if host.filter({ $0 == ":" }).count == 1, let colon = host.firstIndex(of: ":") {
            port = try Self.port(String(host[host.index(after: colon)...]), entry: entry)
            host = String(host[..<colon])
        }
        if let slash = host.firstIndex(of: "/") {
            let base = String(host[..<slash])
            guard let bytes = address(base), let length = Int(host[host.index(after: slash)...]),
                (0...(bytes.count * 8)).contains(length)
            else {
                throw invalid(entry, "it is not an address and a prefix length in CIDR notation")
            }
            return .address(bytes, prefixLength: length, port: port)
        }
        if let bytes = address(host) { return .address(bytes, prefixLength: bytes.count * 8, port: port) }
        var name = normalized(host)
        // `*.example.com` means what `.example.com` and `example.com` do: the name and every name under it.
        if name.hasPrefix("*.") { name.removeFirst() }
        while name.hasPrefix(".") { name.removeFirst() }
        guard !name.isEmpty else { throw invalid(entry, "it names no host") }
        // A URL's host arrives in A-labels: a name in Unicode could never match.
        guard name.unicodeScalars.allSatisfy(\.isASCII) else {
            throw invalid(
                entry, "a host name is matched in ASCII; write an internationalized name in its xn-- form")
        }
        return .name(name, port: port)
    }

    private static func port(_ text: String, entry: String) throws(CourierError) -> Int {
        guard let port = Int(text), (1...65535).contains(port) else {
            throw invalid(entry, "its port is not a number in 1...65535")
        }
        return port
    }

    private static func invalid(_ entry: String, _ reason: String) -> CourierError {
        CourierError(
            stage: .building, kind: .invalidProxy,
            message: "The proxy bypass entry \"\(entry)\" cannot be used: \(reason).")
    }

    /// A host name compared as the rules compare it: lowercased, without brackets or a trailing dot.
    private static func normalized(_ host: String) -> String {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        while name.hasSuffix(".") { name.removeLast() }
        return name
    }

    /// The bytes of an IPv4 (4) or IPv6 (16) address in text, or `nil` for a name.
    private static func address(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        return nil
    }

    /// Whether the first `length` bits of `address` and `network` are equal.
    private static func prefix(of address: [UInt8], equals network: [UInt8], length: Int) -> Bool {
        for index in 0..<address.count {
            let bits = min(max(length - index * 8, 0), 8)
            guard bits > 0 else { return true }
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            if address[index] & mask != network[index] & mask { return false }
        }
        return true
    }
}
