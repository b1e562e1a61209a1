import Courier
import Foundation
import TodoCatalog

/// The body of a ``FollowChanges`` answer: the store's changes as Server-Sent Events, written as
/// they happen, with whatever writes a response body in the server's framework.
///
/// A feed first sends a comment and a `retry:` time (so the response's head goes out at once),
/// then the changes after the one the request names, then, when it follows, each new change as
/// the store records it, and a keep-alive comment every ``keepAliveInterval`` whether or not
/// changes come. It ends when the client goes (the next write fails), when the server stops
/// (``TodoStore/stopFeeds()``), when the client falls ``backlogLimit`` items behind, or, for
/// `follow=false`, after the changes so far.
///
/// A client that stays connected but does not read holds its feed's writes back; the changes
/// waiting for it are bounded by ``backlogLimit``. One more ends its feed after the ones held, and
/// the client reconnects with the last ID it read: it loses nothing, and the server holds no
/// more for it than that.
package enum ChangeFeed {
    /// What a following feed writes next.
    enum Item: Sendable {
        /// A change the store just recorded.
        case change(RecordedChange)
        /// Time for a keep-alive comment.
        case keepAlive
    }

    /// How often a following feed writes a keep-alive comment.
    static let keepAliveInterval = Duration.seconds(5)

    /// How many items a following feed holds for a client that does not read them; the store
    /// ends the feed when one more does not fit (``TodoStore/follow(after:into:)``).
    static let backlogLimit = 1000

    /// The number of the last change a request saw: the number in its `Last-Event-ID`
    /// (`RUN.NUMBER`) when the ID is of this `run`; 0 (from the first change) for none, for
    /// another run's ID (the server restarted since) and for anything else. The store also starts
    /// from the first change for a number that is not one of its changes
    /// (``TodoStore/changes(after:)``).
    static func lastNumber(_ lastEventID: String?, run: String) -> Int {
        guard let lastEventID, lastEventID.hasPrefix(run + ".") else { return 0 }
        return Int(lastEventID.dropFirst(run.count + 1)) ?? 0
    }

    /// The status and headers of a feed (the endpoint's success head, and no caching); its body
    /// comes from ``events(store:after:follows:write:)``.
    static func head(of feed: FollowChanges) throws(CourierError) -> CatalogAnswer {
        var head = try feed.streamedSuccessHead()
        head.headers.append(HeaderField(name: .cacheControl, value: "no-cache"))
        return head
    }

    /// Writes the events of the changes after change `number` with `write`; with `follows`,
    /// then every later change until the feeds stop or the client goes.
    ///
    /// - Throws: What `write` throws: the client went away, with nothing left to finish.
    package static func events(
        store: TodoStore, after number: Int, follows: Bool, write: (String) async throws -> Void
    ) async throws {
        try await write(": todo changes\nretry: 1000\n\n")
        guard follows else {
            for change in await store.changes(after: number) {
                try await write(event(change, run: store.run))
            }
            return
        }
        let (items, follower) = AsyncStream<Item>.makeStream(bufferingPolicy: .bufferingOldest(backlogLimit))
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: keepAliveInterval)
                follower.yield(.keepAlive)
            }
        }
        defer {
            ticker.cancel()
            follower.finish()
        }
        for change in await store.follow(after: number, into: follower) {
            try await write(event(change, run: store.run))
        }
        for await item in items {
            switch item {
            case .change(let change): try await write(event(change, run: store.run))
            case .keepAlive: try await write(": keep-alive\n\n")
            }
        }
    }

    /// One change as an event: `RUN.NUMBER` as `id`, its kind as `event`, its todo as JSON
    /// `data` (one line: the encoder writes no line breaks).
    static func event(_ change: RecordedChange, run: String) -> String {
        let data = (try? JSONEncoder.courierDefault().encode(change.change)) ?? Data("{}".utf8)
        return "id: \(run).\(change.number)\nevent: \(change.kind.rawValue)\ndata: "
            + String(decoding: data, as: UTF8.self) + "\n\n"
    }
}
