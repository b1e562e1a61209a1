import Courier
import HTTPTypes

extension HTTPRequest.Method {
    /// The swift-http-types method with the same token as a Courier method.
    ///
    /// Both sides hold any RFC 9110 token, case-sensitively, so the conversion is lossless.
    ///
    /// ```swift
    /// HTTPRequest.Method(Courier.HTTPMethod.patch)  // .patch
    /// ```
    public init(_ method: Courier.HTTPMethod) {
        guard let converted = Self(method.rawValue) else {
            preconditionFailure("Courier holds only RFC 9110 tokens as methods, and '\(method)' is not one.")
        }
        self = converted
    }
}

extension Courier.HTTPMethod {
    /// The Courier method with the same token as a swift-http-types method, spelled as received
    /// (`"get"` stays a method of its own, as in ``Courier/HTTPMethod/init(validating:)``).
    ///
    /// ```swift
    /// HTTPMethod(HTTPRequest.Method.delete)  // .delete
    /// ```
    public init(_ method: HTTPRequest.Method) {
        guard let converted = Self(validating: method.rawValue) else {
            preconditionFailure(
                "swift-http-types holds only RFC 9110 tokens as methods, and '\(method)' is not one.")
        }
        self = converted
    }
}
