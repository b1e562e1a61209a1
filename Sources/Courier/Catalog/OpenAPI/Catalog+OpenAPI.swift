import Foundation

extension Catalog {
    /// Describes the catalog's endpoints as an OpenAPI 3.1 document.
    ///
    /// Each entry becomes an operation under its path template (`/shelves/{shelf}/books`),
    /// with the entry's name as its `operationId`:
    ///
    /// - **Parameters**: path, query and header parameters, named as on the wire (a path
    ///   parameter by its coding key), with a JSON Schema type taken from the property's Swift
    ///   type (`String`, integers, floating point, `Bool`, `UUID` as `format: uuid`, and
    ///   `CaseIterable` enums as an `enum` of their raw values). Fixed query items and headers are
    ///   parameters with a one-value `enum`; `Accept`, `Content-Type` and `Authorization`, which
    ///   OpenAPI describes elsewhere, are left out.
    /// - **Security**: an `Authorization` header filled by a parameter makes the operation
    ///   require a security scheme, by its fixed prefix: `bearerAuth` (HTTP bearer, as
    ///   `Header.bearer(_:)` writes it), `basicAuth` (HTTP basic), or `authorizationHeader` (an
    ///   API key in `Authorization`), described under `components.securitySchemes`; an optional
    ///   one also allows no scheme (`{}`).
    /// - **Request body**: the body's media type and a `$ref` to a schema named after the body's
    ///   type. A `multipart/form-data` body is an object with a property per part (text fields
    ///   typed like query values, other parts strings with their `contentMediaType`) and an
    ///   `encoding` entry giving each of those parts' content type.
    /// - **Responses**: `200` with the `Success` model (`204` for ``Empty``), then each status of
    ///   a ``DocumentedErrors`` failure (`500...599` becomes `5XX`), or a `default` response for a
    ///   plain `Decodable` failure. ``ProblemDetails`` is served as `application/problem+json`.
    ///
    /// A model's schema lists the properties a probe value of it decodes (their types, and
    /// `required` for the non-optional ones); documented error models included. A model Courier
    /// cannot make a probe value of gets a placeholder, `{"type": "object", "title": "Name"}`, to
    /// be filled in by hand. Models are
    /// named by their type name alone, so two types of the same name share one schema. An
    /// endpoint whose method OpenAPI 3.1 has no field for (such as `QUERY`), or whose method and
    /// path an earlier entry already has, is left out.
    ///
    /// - Parameters:
    ///   - title: The API's title, for `info.title`.
    ///   - version: The version of the API description, for `info.version`.
    ///   - servers: The base URLs the API is served from, for `servers`.
    /// - Returns: The document.
    public func openAPIDocument(title: String, version: String, servers: [BaseURL] = [])
        -> OpenAPIDocument
    {
        var schemas = OpenAPISchemas()
        var paths: [String: JSONValue] = [:]
        for entry in entries {
            let method = entry.shape.method.rawValue.lowercased()
            let path = OpenAPIOperation.pathTemplate(entry.shape)
            var item = paths[path]?.members ?? [:]
            guard OpenAPIOperation.methods.contains(method), item[method] == nil else { continue }
            item[method] = entry.openAPIOperation(entry.name, entry.shape, &schemas)
            paths[path] = .object(item)
        }
        var document: [String: JSONValue] = [
            "openapi": "3.1.0",
            "info": ["title": .string(title), "version": .string(version)],
            "paths": .object(paths),
        ]
        if !servers.isEmpty {
            document["servers"] = .array(servers.map { ["url": .string($0.description)] })
        }
        var components: [String: JSONValue] = [:]
        if !schemas.components.isEmpty { components["schemas"] = .object(schemas.components) }
        var securitySchemes: [String: JSONValue] = [:]
        for entry in entries {
            if let security = OpenAPIOperation.securityScheme(entry.shape) {
                securitySchemes[security.name] = security.scheme
            }
        }
        if !securitySchemes.isEmpty { components["securitySchemes"] = .object(securitySchemes) }
        if !components.isEmpty { document["components"] = .object(components) }
        return OpenAPIDocument(json: JSONValue.object(document).text())
    }
}
