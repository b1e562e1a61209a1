import Courier
import HTTPTypes

extension HTTPResponse.Status {
    /// The swift-http-types status with the same code as a Courier status, with an empty reason
    /// phrase (statuses compare by code).
    ///
    /// ```swift
    /// try HTTPResponse.Status(HTTPStatus.notFound)  // 404
    /// ```
    ///
    /// - Throws: ``Courier/CourierError/Kind/invalidResponse`` when the code is outside 100...999,
    ///   which an HTTP message cannot carry.
    public init(_ status: HTTPStatus) throws(CourierError) {
        guard (100...999).contains(status.code) else {
            throw CourierError(
                stage: .building, kind: .invalidResponse,
                message: "The status \(status.code) is outside 100...999, which an HTTP message cannot carry."
            )
        }
        self.init(code: status.code)
    }
}

extension HTTPStatus {
    /// The Courier status with the same code as a swift-http-types status; the reason phrase is
    /// not kept (Courier statuses have none).
    ///
    /// ```swift
    /// try HTTPStatus(HTTPResponse.Status.created)  // 201
    /// ```
    ///
    /// - Throws: ``Courier/CourierError/Kind/invalidResponse`` when the code is below 100, which
    ///   swift-http-types can hold but HTTP does not define.
    public init(_ status: HTTPResponse.Status) throws(CourierError) {
        guard (100...999).contains(status.code) else {
            throw CourierError(
                stage: .transport, kind: .invalidResponse,
                message: "The status \(status.code) is outside 100...999, which an HTTP message cannot carry."
            )
        }
        self.init(status.code)
    }
}
