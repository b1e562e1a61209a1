import Foundation
import TodoCatalog

/// The server's state, in memory: the issued tokens, the todos, and every change to them, which
/// ``FollowChanges`` feeds stream.
package actor TodoStore {
    /// This run's name, the first part of every change feed event's ID (`RUN.NUMBER`): change
    /// numbers start again at 1 when the server restarts, so a number alone from an earlier run
    /// would name one of this run's changes and skip the ones before it.
    nonisolated let run = String(UUID().uuidString.prefix(8)).lowercased()
    private var tokens: Set<String> = []
    private var todos: [Int: Todo] = [:]
    private var nextID = 1
    /// Every change so far; change `n` is at index `n - 1`.
    private var changes: [RecordedChange] = []
    /// The feeds waiting for the next change, by the key ``follow(after:into:)`` gave them.
    private var followers: [Int: AsyncStream<ChangeFeed.Item>.Continuation] = [:]
    private var nextFollowerKey = 0
    /// Whether ``stopFeeds()`` ended every feed; later feeds end after their backlog.
    private var feedsStopped = false

    /// A new access token, accepted from now on.
    func issueToken() -> String {
        let token = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        tokens.insert(token)
        return token
    }

    /// Whether `token` was issued by ``issueToken()``.
    func accepts(_ token: BearerToken) -> Bool {
        tokens.contains(token.value)
    }

    /// Stores a new todo.
    func create(title: String) -> Todo {
        let todo = Todo(id: nextID, title: title)
        todos[todo.id] = todo
        nextID += 1
        record(.created, TodoChange(todoID: todo.id, todo: todo))
        return todo
    }

    /// Page `page` (from 1) of `perPage` todos, by identifier: empty past the last todo, however
    /// far past (page and size are the request's, so their product may not fit an `Int`), and for
    /// a page or size below 1.
    func page(_ page: Int, perPage: Int) -> TodoPage {
        let all = todos.values.sorted { $0.id < $1.id }
        var items: [Todo] = []
        if page >= 1, perPage >= 1 {
            let skipped = (page - 1).multipliedReportingOverflow(by: perPage)
            if !skipped.overflow, skipped.partialValue < all.count {
                items = Array(all.dropFirst(skipped.partialValue).prefix(perPage))
            }
        }
        return TodoPage(items: items, page: page, perPage: perPage, total: all.count)
    }

    /// The todo with `id`, if there is one.
    func todo(_ id: Int) -> Todo? {
        todos[id]
    }

    /// Applies `patch`; `nil` when there is no such todo.
    func update(_ id: Int, with patch: TodoPatch) -> Todo? {
        guard var todo = todos[id] else { return nil }
        if let title = patch.title { todo.title = title }
        if let done = patch.done { todo.done = done }
        todos[id] = todo
        record(.updated, TodoChange(todoID: id, todo: todo))
        return todo
    }

    /// Removes the todo; `false` when there was none.
    func delete(_ id: Int) -> Bool {
        guard todos.removeValue(forKey: id) != nil else { return false }
        record(.deleted, TodoChange(todoID: id, todo: nil))
        return true
    }

    /// Records an attachment's file name; `nil` when there is no such todo.
    func attach(_ filename: String, to id: Int) -> Todo? {
        guard var todo = todos[id] else { return nil }
        todo.attachments.append(filename)
        todos[id] = todo
        record(.updated, TodoChange(todoID: id, todo: todo))
        return todo
    }

    // MARK: Changes

    /// The changes after change `number`, in order; every change when `number` is not the number
    /// of a change so far (nor 0).
    func changes(after number: Int) -> ArraySlice<RecordedChange> {
        changes.dropFirst((0...changes.count).contains(number) ? number : 0)
    }

    /// The changes after change `number` (every change when it is not the number of a change so
    /// far, as for ``changes(after:)``), and from now on every new one yielded to `follower` as it
    /// is recorded, until the caller finishes `follower`, ``stopFeeds()`` finishes it, or a change
    /// does not fit in its buffer (which then finishes it: the feed ends after the changes it
    /// holds, and its client reconnects from the last one it read).
    ///
    /// One actor turn takes the backlog and registers the follower, so no change falls between
    /// the two.
    func follow(after number: Int, into follower: AsyncStream<ChangeFeed.Item>.Continuation)
        -> ArraySlice<RecordedChange>
    {
        if feedsStopped {
            follower.finish()
        } else {
            let key = nextFollowerKey
            nextFollowerKey += 1
            followers[key] = follower
            follower.onTermination = { _ in Task { await self.unfollow(key) } }
        }
        return changes(after: number)
    }

    /// Ends every feed, now and from now on: a server stopping gracefully waits for its requests,
    /// and a feed would otherwise never end.
    package func stopFeeds() {
        feedsStopped = true
        let ending = followers.values
        followers = [:]
        for follower in ending { follower.finish() }
    }

    private func unfollow(_ key: Int) {
        followers[key] = nil
    }

    private func record(_ kind: RecordedChange.Kind, _ change: TodoChange) {
        let recorded = RecordedChange(number: changes.count + 1, kind: kind, change: change)
        changes.append(recorded)
        for (key, follower) in followers {
            if case .dropped = follower.yield(.change(recorded)) {
                // A client that fell a whole backlog behind: its feed ends after the changes it
                // holds, and the client reconnects after the last one it read.
                followers[key] = nil
                follower.finish()
            }
        }
    }
}
