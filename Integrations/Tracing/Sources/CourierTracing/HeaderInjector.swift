import Courier
import Tracing

/// The header fields an instrument injects, collected first: an `Injector` cannot throw, and
/// setting a header on an ``Courier/EndpointRequest`` validates it.
struct InjectedHeaders {
    var fields: [(name: String, value: String)] = []

    /// `request` with every injected field set, replacing a field of the same name (a context a
    /// caller set by hand, or one injected by a tracing middleware before this one); a field
    /// Courier would refuse is left out.
    func applied(to request: EndpointRequest) -> EndpointRequest {
        fields.reduce(request) { request, field in
            guard let name = HeaderName(validating: field.name),
                let traced = try? request.settingHeader(HeaderField(name: name, value: field.value))
            else { return request }
            return traced
        }
    }
}

/// Writes an instrument's values (`traceparent`, `tracestate`, `baggage`, …) as header fields.
struct HeaderInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout InjectedHeaders) {
        carrier.fields.append((key, value))
    }
}
