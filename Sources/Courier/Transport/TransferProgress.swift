/// How far the body of a request or response has travelled.
///
/// ```swift
/// let transfer = client.transfer(API.upload(file))
/// for await progress in transfer.progress {
///     print(progress.direction, progress.completedBytes, progress.expectedBytes ?? -1)
/// }
/// ```
public struct TransferProgress: Sendable, Hashable {
    /// Which body is moving.
    public enum Direction: Sendable, Hashable {
        /// The request body, towards the server.
        case upload
        /// The response body, towards the client.
        case download
    }

    /// Which body is moving.
    public let direction: Direction
    /// Bytes moved so far (for downloads: delivered bytes, after decompression).
    public let completedBytes: Int64
    /// The total, when known (`Content-Length`, or the request body's length).
    public let expectedBytes: Int64?

    /// Creates a progress report.
    public init(direction: Direction, completedBytes: Int64, expectedBytes: Int64?) {
        self.direction = direction
        self.completedBytes = completedBytes
        self.expectedBytes = expectedBytes
    }

    /// `completedBytes / expectedBytes`, clamped to 0...1, or `nil` when the total is unknown.
    public var fractionCompleted: Double? {
        guard let expectedBytes, expectedBytes > 0 else { return nil }
        return min(1, max(0, Double(completedBytes) / Double(expectedBytes)))
    }
}
