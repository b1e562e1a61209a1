/// The order of the places in a document, so that differences are listed as the document reads.
///
/// A place the document has ranks where it starts; a place it does not have (an extra property
/// in the export, an extra operation) ranks right after everything below the deepest place on
/// its way that the document has.
struct DocumentOrder {
    /// The first and last position of a value and everything below it, in reading order.
    private struct Span {
        var start: Int
        var end: Int
    }

    private var spans: [JSONPointer: Span] = [:]

    /// Records the reading order of every place in `document`.
    init(_ document: DocumentValue) {
        var next = 0
        record(document, at: .root, next: &next)
    }

    private mutating func record(_ value: DocumentValue, at pointer: JSONPointer, next: inout Int) {
        let start = next
        next += 1
        switch value {
        case .object(let members):
            for (key, member) in members { record(member, at: pointer.appending(key), next: &next) }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                record(element, at: pointer.appending(String(index)), next: &next)
            }
        default: break
        }
        spans[pointer] = Span(start: start, end: next - 1)
    }

    /// `differences` without repeats, in the order of their pointers; differences at the same
    /// place keep the order they were found in.
    func sorted(_ differences: [RoundTripDifference]) -> [RoundTripDifference] {
        var seen: Set<RoundTripDifference> = []
        let unique = differences.filter { seen.insert($0).inserted }
        let ranked = unique.enumerated().map {
            (rank: rank(of: $0.element.pointer), found: $0.offset, difference: $0.element)
        }
        return ranked.sorted { ($0.rank, $0.found) < ($1.rank, $1.found) }.map(\.difference)
    }

    private func rank(of text: String) -> Int {
        guard var pointer = JSONPointer(text) else { return Int.max }
        if let span = spans[pointer] { return span.start * 2 }
        while !pointer.tokens.isEmpty {
            pointer = JSONPointer(tokens: Array(pointer.tokens.dropLast()))
            if let span = spans[pointer] { return span.end * 2 + 1 }
        }
        return Int.max
    }
}
