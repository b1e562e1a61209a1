import Foundation
import TodoCatalog

/// The server's state, in memory: the issued tokens and the todos.
actor TodoStore {
    private var tokens: Set<String> = []
    private var todos: [Int: Todo] = [:]
    private var nextID = 1

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
        return todo
    }

    /// Page `page` (from 1) of `perPage` todos, by identifier.
    func page(_ page: Int, perPage: Int) -> TodoPage {
        let all = todos.values.sorted { $0.id < $1.id }
        let items = all.dropFirst((page - 1) * perPage).prefix(perPage)
        return TodoPage(items: Array(items), page: page, perPage: perPage, total: all.count)
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
        return todo
    }

    /// Removes the todo; `false` when there was none.
    func delete(_ id: Int) -> Bool {
        todos.removeValue(forKey: id) != nil
    }

    /// Records an attachment's file name; `nil` when there is no such todo.
    func attach(_ filename: String, to id: Int) -> Todo? {
        todos[id]?.attachments.append(filename)
        return todos[id]
    }
}
