import Foundation
import Testing

@testable import Courier

struct SessionTaskTableTests {
    /// What `update` changes stays changed, for the task it names only; the task's continuation
    /// is resumed once, by whoever finishes it.
    @Test func whatAnUpdateChangesStaysInTheTable() async throws {
        let table = SessionTaskTable()
        let task = NSObject()
        let other = NSObject()
        let request = TransportRequest(
            method: .get, url: URL(string: "http://127.0.0.1/")!, headers: [], body: nil)
        let response = try await withCheckedThrowingContinuation { continuation in
            table.start(
                ObjectIdentifier(task),
                SessionTaskState(
                    continuation: continuation,
                    receiver: ResponseReceiver(request: request, responseLimit: 100)))
            #expect(table.update(ObjectIdentifier(other)) { _ in true } == nil)
            _ = table.update(ObjectIdentifier(task)) { state in
                state.isAlive = true
                return state.receiver.receiveHead(status: .ok, headers: [])
            }
            // Alive, as the update above left it: a connect timeout no longer fails it.
            #expect(!table.failIfSilent(ObjectIdentifier(task), with: SessionTaskTable.cancelled))
            for chunk in ["hel", "lo"] {
                _ = table.update(ObjectIdentifier(task)) { $0.receiver.receive(Data(chunk.utf8)) }
            }
            table.finish(ObjectIdentifier(task))?.complete()
            #expect(table.update(ObjectIdentifier(task)) { _ in true } == nil)
        }
        #expect(response.status == .ok)
        #expect(response.body == Data("hello".utf8))
    }
}
