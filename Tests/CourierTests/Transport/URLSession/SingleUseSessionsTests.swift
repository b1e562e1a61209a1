import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// No request is sent: sessions are made, handed out and given back.
struct SingleUseSessionsTests {
    private let configuration = URLSessionConfiguration.ephemeral
    private let delegate = SessionDelegate(tasks: SessionTaskTable(), singleUse: SingleUseSessions())

    private func response(_ fields: [String: String]) -> HTTPURLResponse? {
        HTTPURLResponse(
            url: URL(string: "http://127.0.0.1/")!, statusCode: 200, httpVersion: "HTTP/1.1",
            headerFields: fields)
    }

    @Test func onlyAnAnswerSayingCloseAloneClosedItsConnection() {
        #expect(SingleUseSessions.closedConnection(response(["Connection": "close"])))
        #expect(SingleUseSessions.closedConnection(response(["connection": " Close "])))
        #expect(!SingleUseSessions.closedConnection(response([:])))
        #expect(!SingleUseSessions.closedConnection(response(["Connection": "keep-alive"])))
        #expect(!SingleUseSessions.closedConnection(response(["Connection": "keep-alive, close"])))
        #expect(!SingleUseSessions.closedConnection(nil))
    }

    @Test func aSessionWhoseConnectionClosedServesTheNextRequest() {
        let sessions = SingleUseSessions()
        defer { sessions.close() }
        let first = sessions.take(configuration: configuration, delegate: delegate)
        sessions.requestEnded(on: first, response: response(["Connection": "close"]), error: nil)
        #expect(sessions.counts == (made: 1, idle: 1))
        let second = sessions.take(configuration: configuration, delegate: delegate)
        #expect(second === first)
        #expect(sessions.counts == (made: 1, idle: 0))
        sessions.requestEnded(on: second, response: response(["Connection": "close"]), error: nil)
    }

    @Test func aSessionIsEndedAfterAnErrorOrAnAnswerThatMayHaveLeftItsConnectionOpen() {
        let sessions = SingleUseSessions()
        defer { sessions.close() }
        let failed = sessions.take(configuration: configuration, delegate: delegate)
        sessions.requestEnded(
            on: failed, response: response(["Connection": "close"]), error: URLError(.networkConnectionLost))
        let kept = sessions.take(configuration: configuration, delegate: delegate)
        sessions.requestEnded(on: kept, response: response([:]), error: nil)
        #expect(sessions.counts == (made: 2, idle: 0))
        let third = sessions.take(configuration: configuration, delegate: delegate)
        #expect(third !== kept && third !== failed)
        sessions.requestEnded(on: third, response: nil, error: URLError(.cancelled))
    }

    @Test func atMostTheLimitWaitsAndNoneAfterClosing() {
        let sessions = SingleUseSessions(idleLimit: 2)
        let taken = (0..<3).map { _ in sessions.take(configuration: configuration, delegate: delegate) }
        for session in taken {
            sessions.requestEnded(on: session, response: response(["Connection": "close"]), error: nil)
        }
        #expect(sessions.counts == (made: 3, idle: 2))
        let late = sessions.take(configuration: configuration, delegate: delegate)
        sessions.close()
        #expect(sessions.counts.idle == 0)
        sessions.requestEnded(on: late, response: response(["Connection": "close"]), error: nil)
        #expect(sessions.counts.idle == 0)
    }

    @Test func aSessionNotTakenHereIsLeftAlone() {
        let sessions = SingleUseSessions()
        defer { sessions.close() }
        let other = URLSession(configuration: configuration)
        defer { other.finishTasksAndInvalidate() }
        sessions.requestEnded(on: other, response: response(["Connection": "close"]), error: nil)
        #expect(sessions.counts == (made: 0, idle: 0))
    }
}
