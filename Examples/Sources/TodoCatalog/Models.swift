import Courier
import Foundation

/// A user name and password, the body of ``SignIn``.
public struct LoginCredentials: Codable, Sendable, Hashable {
    /// The user name.
    public var username: String
    /// The password.
    public var password: String

    /// Creates credentials.
    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }
}

/// What ``SignIn`` returns: the token every other endpoint sends as `Authorization: Bearer …`.
public struct Session: Codable, Sendable, Hashable {
    /// The access token.
    public var token: String

    /// Creates a session.
    public init(token: String) {
        self.token = token
    }
}

/// A todo as a client proposes it, the body of ``CreateTodo``.
public struct NewTodo: Codable, Sendable, Hashable {
    /// What to do; must not be empty (the catalog refuses an empty one, which the server answers
    /// 422).
    public var title: String

    /// Creates a proposal.
    public init(title: String) {
        self.title = title
    }
}

/// A todo as the server stores it.
public struct Todo: Codable, Sendable, Hashable {
    /// The server-assigned identifier.
    public var id: Int
    /// What to do.
    public var title: String
    /// Whether it is done.
    public var done: Bool
    /// The file names of its attachments, in upload order.
    public var attachments: [String]

    /// Creates a todo.
    public init(id: Int, title: String, done: Bool = false, attachments: [String] = []) {
        self.id = id
        self.title = title
        self.done = done
        self.attachments = attachments
    }
}

/// Which todo of the upstream server to copy, the body of ``ImportTodo``.
public struct TodoImport: Codable, Sendable, Hashable {
    /// The todo's identifier on the upstream server.
    public var upstreamID: Int

    /// Creates an import.
    public init(upstreamID: Int) {
        self.upstreamID = upstreamID
    }
}

/// The changes of ``UpdateTodo``; a `nil` field stays as it is.
public struct TodoPatch: Codable, Sendable, Hashable {
    /// The new title, if it changes.
    public var title: String?
    /// The new state, if it changes.
    public var done: Bool?

    /// Creates a patch.
    public init(title: String? = nil, done: Bool? = nil) {
        self.title = title
        self.done = done
    }
}

/// One page of ``ListTodos``.
public struct TodoPage: Codable, Sendable, Hashable {
    /// The todos of this page, by identifier.
    public var items: [Todo]
    /// The page number, from 1.
    public var page: Int
    /// The page size.
    public var perPage: Int
    /// How many todos there are in all.
    public var total: Int

    /// Creates a page.
    public init(items: [Todo], page: Int, perPage: Int, total: Int) {
        self.items = items
        self.page = page
        self.perPage = perPage
        self.total = total
    }
}

/// What ``UploadAttachment`` returns: the stored file's description.
public struct Attachment: Codable, Sendable, Hashable {
    /// The todo it belongs to.
    public var todoID: Int
    /// The file name the client sent.
    public var filename: String
    /// The content type of its part.
    public var contentType: String
    /// Its size in bytes.
    public var size: Int

    /// Creates a description.
    public init(todoID: Int, filename: String, contentType: String, size: Int) {
        self.todoID = todoID
        self.filename = filename
        self.contentType = contentType
        self.size = size
    }
}

extension NewTodo: SchemaConstrained {
    /// A title is not empty: the catalog refuses an empty one, which the server answers 422.
    public static let schemaConstraints: [String: SchemaConstraint] = ["title": .minLength(1)]
}

extension TodoPatch: SchemaConstrained {
    /// A new title is not empty: the catalog refuses an empty one, which the server answers 422.
    public static let schemaConstraints: [String: SchemaConstraint] = ["title": .minLength(1)]
}

/// One change to the todos: the data of a ``FollowChanges`` event.
///
/// The event's type says what happened (`created`, `updated` or `deleted`), and its ID is the
/// change's number: every change the server records gets the next one, from 1.
public struct TodoChange: Codable, Sendable, Hashable {
    /// The identifier of the todo that changed.
    public var todoID: Int
    /// The todo after the change; `nil` when it was deleted.
    public var todo: Todo?

    /// Creates a change.
    public init(todoID: Int, todo: Todo?) {
        self.todoID = todoID
        self.todo = todo
    }
}
