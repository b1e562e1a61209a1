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

    /// libcurl's sentences for a body it could not decode, as FoundationNetworking hands them
    /// over after the head (libcurl 7.88): an invalid response naming them, not a truncation.
    @Test(arguments: [
        "Error while processing content unencoding: incorrect data check",
        "Error while processing content unencoding: incorrect header check",
        "Unrecognized or bad HTTP Content or Transfer-Encoding",
        "Failed writing received data to disk/application",
    ])
    func aBodyLibcurlCouldNotDecodeIsAnInvalidResponse(sentence: String) {
        let cause = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: sentence])
        let error = SessionDelegate.failure(cause, afterResponse: true, coded: true)
        #expect(error.kind == .invalidResponse)
        #expect(error.message.contains(sentence))
        #expect(SessionDelegate.failure(URLError(.unknown), afterResponse: true).kind == .connectionLost)
    }

    /// libcurl's generic write error says nothing of a coding: for a body without one it keeps
    /// its general meaning, which the receiver reads as a body cut short.
    @Test func aWriteErrorOfAnUncodedBodyIsNotADecodingFailure() {
        let cause = URLError(
            .unknown,
            userInfo: [NSLocalizedDescriptionKey: "Failed writing received data to disk/application"])
        #expect(SessionDelegate.failure(cause, afterResponse: true, coded: false).kind == .connectionLost)
        #expect(SessionDelegate.failure(cause, afterResponse: true, coded: true).kind == .invalidResponse)
    }

    /// libcurl stops with "Failed writing header" when FoundationNetworking's header callback
    /// refuses a line: the error says which lines, and where they can be read.
    @Test func aHeadFoundationNetworkingRefusedIsAnInvalidResponseThatSaysWhy() {
        let cause = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "Failed writing header"])
        let error = SessionDelegate.failure(cause, afterResponse: false)
        #expect(error.kind == .invalidResponse)
        #expect(
            error.message
                == "URLSession could not read the response's status line or header fields (libcurl: Failed "
                + "writing header). FoundationNetworking refuses some lines that HTTP allows, such as a status "
                + "line without a reason phrase or a field without a space after its colon; "
                + "AsyncHTTPClientTransport reads them.")
    }
}
