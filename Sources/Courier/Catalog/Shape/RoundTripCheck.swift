import Foundation

/// Checks, once per endpoint, that a server reads back what the client prints: for every
/// parameter and every ``ProbeMode`` (left out, empty arrays, arrays of `""`, reserved
/// characters), the request built from the probe value parses into a value that prints the same
/// request again, and no two of those values print the same request.
///
/// A declaration that fails is refused with a sentence naming the parameter, when the
/// ``Catalog`` is made, instead of answering 400 to some of its requests.
enum RoundTripCheck {
    static func check<Model: CatalogEndpoint>(
        _ type: Model.Type, shape: EndpointShape, formEncoding: FormEncoding, keys: [String]
    ) throws(CourierError) {
        for key in keys {
            var printed: [(mode: ProbeMode, request: ShapeInference.Printed)] = []
            for mode in ProbeMode.allCases {
                let log = ProbeLog()
                let request: EndpointRequest
                do {
                    let model = try Model(from: ProbeDecoder(varying: key, log: log, mode: mode))
                    request = try model.endpoint.request()
                } catch let error as CourierError where error.kind == .invalidCookie && mode != .plain {
                    // A value a cookie cannot carry is refused on building, before any server
                    // could misread it.
                    continue
                } catch let error as CourierError {
                    throw ShapeInference.failure(
                        type, "\(key) cannot always be sent (\(mode.description)): \(error.message)")
                } catch {
                    // The model cannot be made this way (an array type that needs elements, say).
                    continue
                }
                if mode != .plain, !log.applied { continue }
                let again = try parsedAgain(type, request, key: key, mode: mode, shape, formEncoding)
                let sent = try ShapeInference.Printed(
                    request, parts: ShapeInference.formParts(of: request, type))
                guard again == sent else {
                    throw ShapeInference.failure(
                        type, "\(key) \(mode.description) is read back by a server as another value")
                }
                if let same = printed.first(where: { $0.request == sent }) {
                    throw ShapeInference.failure(
                        type,
                        "\(key) \(mode.description) and \(same.mode.description) send the same request, "
                            + "so a server cannot tell them apart")
                }
                printed.append((mode, sent))
            }
        }
    }

    /// The request printed by the value a server parses from `request`.
    private static func parsedAgain<Model: CatalogEndpoint>(
        _ type: Model.Type, _ request: EndpointRequest, key: String, mode: ProbeMode, _ shape: EndpointShape,
        _ formEncoding: FormEncoding
    ) throws(CourierError) -> ShapeInference.Printed {
        let incoming: IncomingRequest
        do {
            incoming = try IncomingRequest(request)
        } catch {
            throw ShapeInference.failure(type, "its body cannot be read in memory (\(error))")
        }
        let parsed: Model
        do {
            parsed = try Model.parse(incoming, shape: shape, formEncoding: formEncoding)
        } catch {
            throw ShapeInference.failure(
                type,
                "a server cannot read back \(key) \(mode.description): "
                    + error.reasons.joined(separator: "; "))
        }
        let again = try parsed.endpoint.request()
        return try ShapeInference.Printed(again, parts: ShapeInference.formParts(of: again, type))
    }
}
