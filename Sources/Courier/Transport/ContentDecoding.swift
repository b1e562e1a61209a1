import Foundation

/// The content codings a transport decodes before it hands a response body over, so that a
/// ``ResponseReceiver`` can refuse a body that would otherwise arrive still encoded.
///
/// A response lists its codings in `Content-Encoding` in the order they were applied (RFC 9110
/// §8.4). A receiver given a `ContentDecoding` delivers a body only when the transport decodes
/// every coding listed, within its ``maximumLayers`` (a list of nothing but `identity` names no
/// coding); any other response with a body fails with
/// ``CourierError/Kind/unsupportedContentCoding`` as soon as its head arrives, so a body is never
/// handed over in a coding the caller would have to notice and undo.
///
/// ```swift
/// var receiver = ResponseReceiver(request: request, responseLimit: limit)
/// receiver.contentDecoding = ContentDecoding(codings: ["gzip", "deflate"], maximumLayers: 1)
/// ```
public struct ContentDecoding: Sendable, Hashable {
    /// The codings the transport decodes, in lowercase, such as `gzip` and `deflate`.
    public let codings: Set<String>
    /// The most codings one response may list (stacked) for the transport to decode them all.
    public let maximumLayers: Int

    /// A transport that decodes `codings` (any case), at most `maximumLayers` of them on one body.
    public init(codings: Set<String>, maximumLayers: Int) {
        precondition(maximumLayers >= 0, "ContentDecoding's maximumLayers must not be negative")
        self.codings = Set(codings.map { $0.lowercased() })
        self.maximumLayers = maximumLayers
    }

    /// The codings `headers` list in `Content-Encoding` fields, in order, in lowercase, or none
    /// when every element is `identity` or empty. Every field counts: field lines of one name
    /// form one list (RFC 9110 §5.3). In a list that names a coding, `identity` and empty
    /// elements stay, since a decoder that reads only the first element would be misled by them.
    static func listedCodings(in headers: HeaderFields) -> [String] {
        let listed = headers.listElements(for: .contentEncoding)
        return listed.allSatisfy { $0.isEmpty || $0 == "identity" } ? [] : listed
    }

    /// The error for a response whose listed codings this transport cannot all decode, or `nil`
    /// when it can.
    func refusal(of headers: HeaderFields) -> CourierError? {
        let listed = Self.listedCodings(in: headers)
        let undecoded = listed.filter { !codings.contains($0) }
        guard !undecoded.isEmpty || listed.count > maximumLayers else { return nil }
        let problem =
            undecoded.isEmpty
            ? "that is more layers than the \(maximumLayers) the transport decodes"
            : "the transport does not decode \(Self.list(Self.firstDistinct(undecoded)))"
        let decodes = codings.isEmpty ? "no coding" : Self.list(codings.sorted())
        // The list is the server's text: a sentence names its first few codings only.
        let shown =
            listed.prefix(Self.codingsShown).map(Self.shown).joined(separator: ", ")
            + (listed.count > Self.codingsShown ? ", … (\(listed.count) in all)" : "")
        return CourierError(
            stage: .transport, kind: .unsupportedContentCoding,
            message:
                "The response body is in the content codings \(shown) "
                + "(in the order applied), but \(problem); it decodes \(decodes), "
                + "\(maximumLayers == 1 ? "one layer" : "up to \(maximumLayers) layers"). The body was not delivered."
        )
    }

    /// The most codings an error's sentence names.
    private static let codingsShown = 12

    /// A coding as a sentence names it: at most 32 characters of it.
    private static func shown(_ coding: String) -> String {
        coding.count > 32 ? coding.prefix(32) + "…" : coding
    }

    /// The first distinct codings of `codings`, as a sentence names them (`an empty element` for
    /// an empty one).
    private static func firstDistinct(_ codings: [String]) -> [String] {
        var names: [String] = []
        for coding in codings where names.count < codingsShown {
            let name = coding.isEmpty ? "an empty element" : shown(coding)
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// `names` as a sentence's list: `a`, `a or b`, `a, b or c`.
    private static func list(_ names: [String]) -> String {
        guard names.count > 1, let last = names.last else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }
}
