import Courier
import Foundation
import TodoCatalog

/// One typed event of the change feed.
typealias ChangeEvent = EventStream<TodoChange>.Event

extension TodoSession {
    /// The longest a step waits for the events it expects: generous, so that only a feed that
    /// does not deliver them fails it.
    static let feedTimeout = Duration.seconds(30)

    /// The change feed (``FollowChanges``, Server-Sent Events): catch up on the changes so far,
    /// follow the feed while other calls change the todos and cancel it, then reconnect with the
    /// last event's ID and get only the change made in between.
    static func changeFeed(_ run: inout SessionRun, client: Client, token: BearerToken) async {
        var lastSeen: String?
        await run.step("Catch up on the change feed (follow=false: the server ends it)") {
            let response = try await client.events(FollowChanges(token: token, follow: false))
            print("   \(response.status.code) \(response.headers[.contentType] ?? "")")
            var events: [ChangeEvent] = []
            for try await event in try response.get() { events.append(event) }
            for event in events { print("   event \(describe(event))") }
            lastSeen = events.last?.id
            // An ID of an earlier run of the server (its numbers start again at 1 after a restart)
            // is stale, even with the number of one of this run's changes: the feed starts from
            // the first change again rather than skip them.
            let staleID = "0earlier.3"
            let stale = try await client.events(
                FollowChanges(token: token, lastEventID: staleID, follow: false))
            var fromStale: [ChangeEvent] = []
            for try await event in try stale.get() { fromStale.append(event) }
            print("   from the stale Last-Event-ID \(staleID): \(fromStale.count) changes")
            // The session's changes so far, in order: two todos created, the first marked done and
            // given an attachment, the second deleted, and the import.
            let kinds = ["created", "created", "updated", "updated", "deleted", "created"]
            return expect(
                events.map(changeNumber) == Array(1...kinds.count) && events.map(\.type) == kinds
                    && fromStale.map(\.id) == events.map(\.id) && fromStale.map(\.data) == events.map(\.data),
                "\(events.count) changes, numbered 1 to \(events.count), and the same from a stale ID")
        }
        guard let caughtUp = lastSeen, let base = changeNumber(caughtUp) else {
            return run.skip("Follow the change feed", because: "catching up gave no last event ID")
        }

        await run.step("Follow the change feed while other calls change a todo, then cancel it") {
            let feed = try await client.events(
                FollowChanges(token: token, lastEventID: caughtUp), reconnection: .standard)
            print("   \(feed.status.code) \(feed.headers[.contentType] ?? "")")
            let (events, reader) = follow(try feed.get())
            let created = try await client.value(
                CreateTodo(token: token, todo: NewTodo(title: "Follow the feed")))
            _ = try await client.value(UpdateTodo(token: token, id: created.id, patch: TodoPatch(done: true)))
            _ = try await client.send(DeleteTodo(token: token, id: created.id)).get()
            let received = try await first(3, of: events, reader: reader)
            for event in received { print("   event \(describe(event))") }
            reader.cancel()
            let end = await reader.result
            print("   cancelled: the reader ended with \(failure(of: end).map { "\($0)" } ?? "no error")")
            lastSeen = received.last?.id
            return expect(
                received.map(changeNumber) == [base + 1, base + 2, base + 3]
                    && received.map(\.type) == ["created", "updated", "deleted"]
                    && received.map(\.data) == [
                        TodoChange(todoID: created.id, todo: created),
                        TodoChange(
                            todoID: created.id, todo: Todo(id: created.id, title: created.title, done: true)),
                        TodoChange(todoID: created.id, todo: nil),
                    ]
                    && (failure(of: end) as? CourierError)?.kind == .cancelled,
                "created, updated, deleted todo \(created.id) as changes \(base + 1) to \(base + 3), in order"
            )
        }
        guard let followed = lastSeen, followed != caughtUp else {
            return run.skip("Reconnect to the change feed", because: "following gave no last event ID")
        }

        await run.step("Reconnect with Last-Event-ID \(followed) after a change made while away") {
            let away = try await client.value(
                CreateTodo(token: token, todo: NewTodo(title: "Made while away")))
            let feed = try await client.events(FollowChanges(token: token, lastEventID: followed))
            print("   \(feed.status.code) \(feed.headers[.contentType] ?? "")")
            let (events, reader) = follow(try feed.get())
            let received = try await first(1, of: events, reader: reader)
            for event in received { print("   event \(describe(event))") }
            reader.cancel()
            _ = await reader.result
            return expect(
                received.map(changeNumber) == [base + 4] && received.map(\.type) == ["created"]
                    && received.first?.data == TodoChange(todoID: away.id, todo: away),
                "only the change after \(followed): change \(base + 4), todo \(away.id) created")
        }
    }

    /// A task reading `stream` into the returned sequence until the stream ends or the task is
    /// cancelled; the task's result is how the reading ended.
    static func follow(_ stream: EventStream<TodoChange>) -> (
        AsyncStream<ChangeEvent>, Task<Void, any Error>
    ) {
        let (events, received) = AsyncStream<ChangeEvent>.makeStream()
        let reader = Task {
            defer { received.finish() }
            for try await event in stream { received.yield(event) }
        }
        return (events, reader)
    }

    /// The first `count` events of `events`; throws when they do not arrive within
    /// ``feedTimeout`` (and cancels `reader` then) or when the feed ends before.
    static func first(_ count: Int, of events: AsyncStream<ChangeEvent>, reader: Task<Void, any Error>)
        async throws -> [ChangeEvent]
    {
        try await withThrowingTaskGroup(of: [ChangeEvent].self) { group in
            group.addTask {
                var received: [ChangeEvent] = []
                for await event in events {
                    received.append(event)
                    if received.count == count { return received }
                }
                let end = await reader.result
                throw FeedStepError(
                    "the feed ended after \(received.count) of \(count) events: "
                        + (failure(of: end).map { "\($0)" } ?? "no error"))
            }
            group.addTask {
                try await Task.sleep(for: feedTimeout)
                reader.cancel()
                throw FeedStepError("\(count) events did not arrive within \(feedTimeout)")
            }
            defer {
                group.cancelAll()
            }
            guard let received = try await group.next() else { return [] }
            return received
        }
    }

    /// The change number in an event's ID (`RUN.NUMBER`), if it has one.
    static func changeNumber(_ event: ChangeEvent) -> Int? {
        changeNumber(event.id)
    }

    /// The change number in a feed event ID (`RUN.NUMBER`), if it has one.
    static func changeNumber(_ id: String?) -> Int? {
        id.flatMap { $0.split(separator: ".").last }.flatMap { Int($0) }
    }

    /// The error a task ended with, if any.
    static func failure(of result: Result<Void, any Error>) -> (any Error)? {
        guard case .failure(let error) = result else { return nil }
        return error
    }

    /// `id type: data` of an event, for the session's output.
    static func describe(_ event: ChangeEvent) -> String {
        let todo =
            event.data.todo.map { todo in
                "\"\(todo.title)\"" + (todo.done ? " done" : "")
                    + (todo.attachments.isEmpty ? "" : " " + todo.attachments.joined(separator: ", "))
            } ?? "-"
        return "\(event.id ?? "-") \(event.type): todo \(event.data.todoID) \(todo)"
    }
}

/// Why a feed step stopped waiting.
struct FeedStepError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
