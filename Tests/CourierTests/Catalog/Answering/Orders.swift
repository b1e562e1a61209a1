import Courier
import Foundation

/// A small order API whose server answers with typed values.
enum Orders {
    struct Order: Codable, Sendable, Hashable {
        var id: UUID
        var items: [String]
        var note: String?
    }

    struct NewOrder: Codable, Sendable, Hashable {
        var items: [String]
    }

    struct Missing: Codable, Sendable, Hashable, Error {
        var message: String
    }

    struct Invalid: Codable, Sendable, Hashable, Error {
        var fields: [String]
    }

    enum OrderError: DocumentedErrors, AnswerableError, Equatable {
        case notFound(Missing)
        case gone(Missing)
        case invalid(Invalid)
        case unauthorized(Missing)

        static let documentedStatuses: [DocumentedStatus<OrderError>] = [
            .status(.notFound, Missing.self, OrderError.notFound),
            .status(410, Missing.self, OrderError.gone),
            .status(.unprocessableContent, Invalid.self, OrderError.invalid),
            .status(.unauthorized, Missing.self, OrderError.unauthorized),
        ]

        var answer: ErrorAnswer {
            switch self {
            case .notFound(let body): .status(.notFound, body)
            case .gone(let body): .status(410, body)
            case .invalid(let body): .status(.unprocessableContent, body)
            case .unauthorized(let body): .status(.unauthorized, body)
            }
        }
    }

    struct GetOrder: CatalogEndpoint, Equatable {
        typealias Success = Order
        typealias Failure = OrderError
        static let failureStatuses: [HTTPStatus]? = [.notFound, 410]

        var id: UUID

        var definition: some EndpointDefinition {
            Method.get
            Path("shop", "v1", "orders", id)
            Header.accept(.json)
        }
    }

    struct GetProduct: CatalogEndpoint, Equatable {
        typealias Success = String
        typealias Failure = ProblemDetails

        var id: Int

        var definition: some EndpointDefinition {
            Method.get
            Path("shop", "v1", "products", id)
        }
    }

    struct CreateOrder: CatalogEndpoint, Equatable {
        typealias Success = Order
        typealias Failure = OrderError
        static let failureStatuses: [HTTPStatus]? = [.unauthorized, .unprocessableContent]

        var token: String
        var order: NewOrder

        var definition: some EndpointDefinition {
            Method.post
            Path("shop", "v1", "orders")
            Header.bearer(token)
            SuccessStatus(.created)
            Body.json(order)
        }
    }

    struct CancelOrder: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never

        var id: UUID

        var definition: some EndpointDefinition {
            Method.delete
            Path("shop", "v1", "orders", id)
        }
    }

    /// Lists 409, which ``OrderError`` does not document.
    struct ShipOrder: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = OrderError
        static let failureStatuses: [HTTPStatus]? = [.notFound, .conflict]

        var id: UUID

        var definition: some EndpointDefinition {
            Method.post
            Path("shop", "v1", "orders", id, "shipment")
        }
    }

    /// The orders as they change, as Server-Sent Events: a success the server writes as it goes.
    struct FollowOrders: CatalogEndpoint, Equatable {
        typealias Success = EventStream<Order>
        typealias Failure = OrderError
        static let failureStatuses: [HTTPStatus]? = [.unauthorized]

        var token: String

        var definition: some EndpointDefinition {
            Method.get
            Path("shop", "v1", "orders", "changes")
            Header.bearer(token)
            Header.accept(.eventStream)
        }
    }

    static let endpoints: [any CatalogEndpoint.Type] = [
        GetOrder.self, GetProduct.self, CreateOrder.self, CancelOrder.self,
    ]
}
