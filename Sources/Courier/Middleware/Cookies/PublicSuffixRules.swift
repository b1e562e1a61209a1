import Foundation

/// The rules of the Public Suffix List (publicsuffix.org), read from its text, for a
/// ``CookieJar`` that should know every suffix: `github.io` and `herokuapp.com` as well as
/// `co.uk`.
///
/// Courier ships no copy of the list, which changes every week. Read the one your system keeps
/// (``system``: the `publicsuffix` package on Debian and Ubuntu, `publicsuffix-list` on Fedora),
/// or one you ship:
///
/// ```swift
/// let suffixes: any PublicSuffixList = PublicSuffixRules.system ?? CommonPublicSuffixes()
/// let jar = CookieJar(publicSuffixes: suffixes)
/// ```
///
/// A domain is a public suffix when a rule names it, or a wildcard rule (`*.ck`) names it by all
/// but its first label, and no exception rule (`!www.ck`) names it; a domain of one label is one
/// too. Rules written in Unicode are matched in their ASCII form (`xn--…`), as hosts are sent.
public struct PublicSuffixRules: PublicSuffixList, Hashable {
    private var rules: Set<String> = []
    private var wildcards: Set<String> = []
    private var exceptions: Set<String> = []

    /// Where Linux distributions keep the list.
    static let systemPaths = ["/usr/share/publicsuffix/public_suffix_list.dat"]

    /// The system's copy of the list, or `nil` when it has none (Apple platforms, and Linux
    /// without the `publicsuffix` package). Each read reads the file: keep the value.
    public static var system: PublicSuffixRules? {
        for path in systemPaths {
            if let rules = try? PublicSuffixRules(contentsOf: URL(fileURLWithPath: path)) { return rules }
        }
        return nil
    }

    /// Reads the rules of the list's text: a rule per line, `//` comments and blank lines
    /// skipped, a line's rule ending at its first space.
    ///
    /// - Throws: ``CourierError/Kind/invalidPublicSuffixList`` when the text has no rule.
    public init(_ text: String) throws(CourierError) {
        for line in text.split(whereSeparator: \.isNewline) {
            guard let rule = line.split(whereSeparator: \.isWhitespace).first, !rule.hasPrefix("//") else {
                continue
            }
            if rule.hasPrefix("!") {
                exceptions.insert(Punycode.asciiDomain(String(rule.dropFirst())))
            } else if rule.hasPrefix("*.") {
                wildcards.insert(Punycode.asciiDomain(String(rule.dropFirst(2))))
            } else {
                rules.insert(Punycode.asciiDomain(String(rule)))
            }
        }
        guard !(rules.isEmpty && wildcards.isEmpty && exceptions.isEmpty) else {
            throw CourierError(
                stage: .building, kind: .invalidPublicSuffixList,
                message: "The Public Suffix List text has no rule.")
        }
    }

    /// Reads the list from a file.
    ///
    /// - Throws: ``CourierError/Kind/invalidPublicSuffixList`` when the file cannot be read as
    ///   UTF-8 or has no rule.
    public init(contentsOf url: URL) throws(CourierError) {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw CourierError(
                stage: .building, kind: .invalidPublicSuffixList,
                message:
                    "The Public Suffix List at \(url.path) cannot be read as UTF-8 text (a missing file, "
                    + "no permission or other bytes); the underlying error says which.",
                underlying: error)
        }
        try self.init(text)
    }

    /// Whether `domain` is a public suffix by the list's rules.
    public func isPublicSuffix(_ domain: String) -> Bool {
        let domain = Punycode.asciiDomain(domain)
        if exceptions.contains(domain) { return false }
        if rules.contains(domain) { return true }
        guard let dot = domain.firstIndex(of: ".") else { return true }
        return wildcards.contains(String(domain[domain.index(after: dot)...]))
    }
}
