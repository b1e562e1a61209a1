import Courier
import Foundation

extension CourierError.Kind {
    /// A ``MockTransport`` has no stub for the request it was given.
    public static let noMockedResponse = CourierError.Kind("noMockedResponse")
    /// ``MockTransport/verifyAllUsed()`` found stubs that were not used.
    public static let unusedMockedResponses = CourierError.Kind("unusedMockedResponses")
    /// A ``MockedResponse`` does not fit its endpoint, for example a success with a 404 status.
    public static let invalidMockedResponse = CourierError.Kind("invalidMockedResponse")
}
