import Courier

/// A small API for the tests: notes, read by identifier and created from JSON.
struct Note: Codable, Sendable, Hashable {
    var id: Int
    var text: String
}

/// A proposed note; its text may not be empty.
struct NewNote: Codable, Sendable, Hashable, SchemaConstrained {
    static let schemaConstraints: [String: SchemaConstraint] = ["text": .minLength(1)]
    var text: String
}

/// The body of a 404.
struct Missing: Codable, Sendable, Hashable, Error {
    var message: String
}

/// The notes API's documented failures.
enum NoteError: DocumentedErrors, AnswerableError, Equatable {
    case notFound(Missing)

    static let documentedStatuses: [DocumentedStatus<NoteError>] = [
        .status(404, Missing.self, NoteError.notFound)
    ]

    var answer: ErrorAnswer {
        switch self {
        case .notFound(let body): .status(.notFound, body)
        }
    }
}

/// `GET /notes/{id}`.
struct GetNote: CatalogEndpoint, Equatable {
    typealias Success = Note
    typealias Failure = NoteError
    var id: Int

    var definition: some EndpointDefinition {
        Method.get
        Path("notes", id)
    }
}

/// `POST /notes` with the note as JSON: 201 and the stored note.
struct CreateNote: CatalogEndpoint, Equatable {
    typealias Success = Note
    typealias Failure = NoteError
    static let failureStatuses: [HTTPStatus]? = []
    var note: NewNote

    var definition: some EndpointDefinition {
        Method.post
        Path("notes")
        SuccessStatus(.created)
        Body.json(note)
    }
}

enum NotesAPI {
    static let endpoints: [any CatalogEndpoint.Type] = [GetNote.self, CreateNote.self]
}
