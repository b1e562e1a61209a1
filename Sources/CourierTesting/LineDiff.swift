import Courier
import Foundation

/// A line-level longest-common-subsequence diff rendered as unified hunks.
enum LineDiff {
    enum Edit: Equatable {
        case same(String)
        case removed(String)
        case added(String)

        var isChange: Bool {
            if case .same = self { false } else { true }
        }
    }

    /// The lines of `text`; a last line without a line break is followed by git's
    /// `\ No newline at end of file`, so a missing final line break shows in a diff.
    static func lines(of text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" {
            lines.removeLast()
        } else {
            lines.append("\\ No newline at end of file")
        }
        return lines
    }

    static func edits(from old: [String], to new: [String]) -> [Edit] {
        var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i][j] =
                    old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                edits.append(.same(old[i]))
                i += 1
                j += 1
            } else if i < old.count, j == new.count || common[i + 1][j] >= common[i][j + 1] {
                edits.append(.removed(old[i]))
                i += 1
            } else {
                edits.append(.added(new[j]))
                j += 1
            }
        }
        return edits
    }

    /// Groups of changes with `context` unchanged lines around them, each under an `@@` line.
    static func hunks(_ edits: [Edit], context: Int) -> [String] {
        let changed = edits.indices.filter { edits[$0].isChange }
        guard !changed.isEmpty else { return [] }
        var ranges: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(0, index - context)...min(edits.count - 1, index + context)
            if let last = ranges.last, range.lowerBound <= last.upperBound + 1 {
                ranges[ranges.count - 1] = last.lowerBound...range.upperBound
            } else {
                ranges.append(range)
            }
        }
        return ranges.map { range in
            let before = edits[..<range.lowerBound]
            let oldStart = before.filter { if case .added = $0 { false } else { true } }.count
            let newStart = before.filter { if case .removed = $0 { false } else { true } }.count
            let lines = edits[range]
            let oldCount = lines.filter { if case .added = $0 { false } else { true } }.count
            let newCount = lines.filter { if case .removed = $0 { false } else { true } }.count
            let header =
                "@@ -\(oldStart + (oldCount == 0 ? 0 : 1)),\(oldCount) "
                + "+\(newStart + (newCount == 0 ? 0 : 1)),\(newCount) @@"
            return ([header] + lines.map(render)).joined(separator: "\n")
        }
    }

    private static func render(_ edit: Edit) -> String {
        let (marker, line) =
            switch edit {
            case .same(let line): (" ", line)
            case .removed(let line): ("-", line)
            case .added(let line): ("+", line)
            }
        return line.isEmpty ? marker.trimmingCharacters(in: .whitespaces) : marker + " " + line
    }
}
