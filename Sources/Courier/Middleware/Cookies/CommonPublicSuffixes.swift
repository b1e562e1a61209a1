/// The public suffixes a ``CookieJar`` knows without a list: every top-level domain, and the
/// second-level registries of country domains (`co.uk`, `com.au`, `ne.jp`, …).
///
/// The rule: a domain of one label is a public suffix, and so is a domain of two labels whose
/// top-level label has two letters (a country) and whose first label is one of
/// ``registryLabels``. Where it is wrong it errs both ways: `co.de` counts as a suffix although
/// Germany has no such registry, and suffixes the Public Suffix List adds for hosting services
/// (`github.io`, `herokuapp.com`, `cloudfront.net`) do not, so one tenant there can set a cookie
/// for the others. For the complete Public Suffix List, give the jar ``PublicSuffixRules``.
///
/// ```swift
/// let suffixes = CommonPublicSuffixes()
/// suffixes.isPublicSuffix("co.uk")          // true
/// suffixes.isPublicSuffix("example.co.uk")  // false
/// ```
public struct CommonPublicSuffixes: PublicSuffixList, Hashable {
    /// The labels country registries put names under, such as the `co` of `co.uk`.
    public static let registryLabels: Set<String> = [
        "ac", "biz", "co", "com", "edu", "gen", "go", "gob", "gouv", "gov", "govt", "ind", "info",
        "ltd", "me", "mil", "ne", "net", "nic", "nom", "or", "org", "plc", "sch",
    ]

    /// Creates the rule set.
    public init() {}

    /// Whether `domain` is a top-level domain or a country's second-level registry.
    public func isPublicSuffix(_ domain: String) -> Bool {
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        switch labels.count {
        case 1:
            return true
        case 2:
            return labels[1].count == 2 && labels[1].allSatisfy(\.isLetter)
                && Self.registryLabels.contains(String(labels[0]))
        default:
            return false
        }
    }
}
