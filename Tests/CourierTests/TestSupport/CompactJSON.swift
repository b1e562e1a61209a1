import Foundation
import Testing

/// A decoded JSON fragment as compact text with sorted keys, to compare with a pinned string.
/// `escapingSlashes` writes `/` as `\/`, as `JSONSerialization` does unless told otherwise.
func compactJSON(_ value: Any?, escapingSlashes: Bool = false) throws -> String {
    var options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed]
    if !escapingSlashes { options.insert(.withoutEscapingSlashes) }
    let data = try JSONSerialization.data(withJSONObject: try #require(value), options: options)
    return String(decoding: data, as: UTF8.self)
}
