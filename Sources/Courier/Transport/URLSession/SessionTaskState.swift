import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The state of one `URLSession` task: where its bytes go and who waits for them.
struct SessionTaskState {
    let continuation: CheckedContinuation<RawResponse, any Error>
    let request: TransportRequest
    /// The largest body kept in memory.
    let limit: Int
    /// The largest body written to a download file, if limited.
    let downloadLimit: Int64?
    let recorder: RequestMetricsRecorder?
    let progress: ProgressSink?
    var response: HTTPURLResponse?
    var headers = HeaderFields()
    var expectedLength: Int64?
    /// How many bytes will be delivered, when known: `Content-Length` of a body that is not
    /// content-coded (decoded bytes of a gzip body outnumber the bytes on the wire).
    var expectedDeliveredLength: Int64?
    var body = Data()
    var receivedBytes: Int64 = 0
    /// Whether the server showed a sign of life (body upload progress or response headers).
    var isAlive = false
    var download: DownloadFile?

    init(
        continuation: CheckedContinuation<RawResponse, any Error>, request: TransportRequest, limit: Int,
        downloadLimit: Int64?, recorder: RequestMetricsRecorder?, progress: ProgressSink?
    ) {
        self.continuation = continuation
        self.request = request
        self.limit = limit
        self.downloadLimit = downloadLimit
        self.recorder = recorder
        self.progress = progress
    }

    /// Resumes the caller with `error`, removing any partial download first.
    func fail(_ error: CourierError) {
        download?.discard()
        continuation.resume(throwing: error)
    }
}
