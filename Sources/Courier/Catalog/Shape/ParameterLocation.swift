/// Where a parameter goes in a request, named as an OpenAPI parameter object's `in` names it.
enum ParameterLocation: String {
    case path, query, header, cookie
}
