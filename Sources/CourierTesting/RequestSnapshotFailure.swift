import Courier
import Foundation

/// The error ``RequestSnapshot/verify(named:record:directory:filePath:)`` throws: a snapshot was
/// recorded, re-recorded, or differs from the request.
///
/// Recording always throws, so a run that writes snapshots never passes.
public struct RequestSnapshotFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the check failed.
    public enum Reason: Sendable, Hashable {
        /// There was no file; it now holds the request's text.
        case recorded
        /// Recording was on; the file now holds the request's text.
        case rerecorded
        /// The file differs from the request's text.
        case mismatch
    }

    /// Why the check failed.
    public let reason: Reason
    /// The golden file.
    public let file: URL
    /// The line diff from the file to the request, for a ``Reason/mismatch``.
    public let difference: RequestDifference?

    init(reason: Reason, file: URL, difference: RequestDifference? = nil) {
        self.reason = reason
        self.file = file
        self.difference = difference
    }

    /// A sentence saying what happened and what to do, with the diff for a mismatch.
    public var description: String {
        let path = file.path(percentEncoded: false)
        switch reason {
        case .recorded:
            return "Recorded a new snapshot at \(path); check it, then run the test again."
        case .rerecorded:
            return "Re-recorded the snapshot at \(path); check it, then run the test again "
                + "without COURIER_RECORD_SNAPSHOTS or record: true."
        case .mismatch:
            return "The request differs from the snapshot at \(path) (- snapshot, + request); "
                + "if the change is intended, re-record with COURIER_RECORD_SNAPSHOTS=1.\n"
                + (difference?.description ?? "")
        }
    }
}
