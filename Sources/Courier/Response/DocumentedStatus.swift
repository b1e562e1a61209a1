import Foundation

/// One documented error response: the statuses it covers and the model its body decodes as.
public struct DocumentedStatus<Failure: Error>: Sendable {
    /// The status codes this entry covers.
    public let statuses: ClosedRange<Int>
    /// The model's type name, for documentation and OpenAPI export.
    public let modelName: String
    /// The model's type, so the OpenAPI export can describe it.
    let model: any (Decodable & Sendable).Type
    /// The failure a response with one of ``statuses`` decodes as: the model's own body decoding
    /// for `Data`, `String`, ``Empty`` and `Optional` (as for a success body), else JSON.
    let decode: @Sendable (RawResponse, EndpointRequest, JSONDecoder) throws -> Failure

    /// Documents that `status` carries a `model` body, wrapped into the failure by `wrap`.
    public static func status<Model: Decodable & Sendable>(
        _ status: HTTPStatus, _ model: Model.Type, _ wrap: @escaping @Sendable (Model) -> Failure
    ) -> DocumentedStatus {
        statuses(status.code...status.code, model, wrap)
    }

    /// Documents that every status in `range` (such as `500...599`) carries a `model` body.
    public static func statuses<Model: Decodable & Sendable>(
        _ range: ClosedRange<Int>, _ model: Model.Type, _ wrap: @escaping @Sendable (Model) -> Failure
    ) -> DocumentedStatus {
        DocumentedStatus(statuses: range, modelName: String(describing: model), model: model) {
            response, request, decoder in
            wrap(try ResponseDecoding.decode(Model.self, from: response, to: request, decoder: decoder))
        }
    }
}
