import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How `URLSession`'s errors become Courier's, before and after a response head arrived.
struct SessionDelegateFailureTests {
    @Test func anAnswerThatIsNotHTTPIsAnInvalidResponse() {
        let error = SessionDelegate.failure(URLError(.unsupportedURL), afterResponse: false)
        #expect(error.kind == .invalidResponse)
        #expect(error.message == "The server's response was not HTTP.")
        #expect((error.underlying as? URLError)?.code == .unsupportedURL)
    }

    @Test func anEmptyReplyIsALostConnection() {
        let error = SessionDelegate.failure(URLError(.badServerResponse), afterResponse: false)
        #expect(error.kind == .connectionLost)
    }

    @Test(arguments: [false, true])
    func aURLSessionTimeoutIsTheIdleTimeout(afterResponse: Bool) {
        let error = SessionDelegate.failure(URLError(.timedOut), afterResponse: afterResponse)
        #expect(error.kind == .timedOut)
        #expect(
            error.message
                == "Nothing arrived from the server within the idle timeout, which URLSession counts in whole seconds."
        )
    }

    @Test func afterTheHeadTheCodesKeepTheirGeneralMeaning() {
        // The receiver decides what a failure after the head means (a truncated body).
        let error = SessionDelegate.failure(URLError(.badServerResponse), afterResponse: true)
        #expect(error.kind == .invalidResponse)
    }
}
