import Foundation

extension Client {
    /// How a client builds requests and reads responses: encoders, decoder, redirect limit and
    /// timeouts. A value: build one, change what you need, hand it to ``Client/init(baseURL:transport:middleware:defaults:configuration:)``.
    ///
    /// ```swift
    /// var configuration = Client.Configuration()
    /// configuration.timeout = Timeout(.seconds(30), connect: .seconds(5))
    /// configuration.redirectLimit = 3
    /// let client = Client(baseURL: BaseURL("api.example.com"), configuration: configuration)
    /// ```
    ///
    /// What each timeout covers: <doc:HandlingFaults#Timeouts>.
    public struct Configuration: Sendable {
        /// Encodes ``Body/json(_:encoder:)`` bodies that name no encoder; sorted keys by default,
        /// so bodies, cURL lines and golden files are byte-for-byte stable.
        public var encoder: JSONEncoder
        /// Writes queries and form bodies of endpoints that declare no ``FormEncoding``; see
        /// <doc:EncodingRules>.
        public var formEncoding: FormEncoding
        /// Decodes JSON responses of endpoints that name no decoder.
        public var decoder: JSONDecoder
        /// The most redirects followed for one request.
        public var redirectLimit: Int
        /// The timeouts of endpoints that declare no ``Timeout``, and the values an endpoint's
        /// ``Timeout`` leaves `nil`; none by default.
        public var timeout: Timeout
        /// How the client's connections use TLS, for every request and redirect hop; `nil`, the
        /// default, leaves the transport's own (the system's roots). A transport that cannot
        /// honour an option refuses the request; see <doc:ConnectingSecurely>.
        public var tls: TLSOptions?

        /// Creates a configuration; every parameter has a default.
        ///
        /// - Parameters:
        ///   - encoder: The default encoder for JSON bodies: sorted keys, ISO 8601 dates
        ///     (`JSONEncoder.courierDefault()`).
        ///   - formEncoding: The default rules for queries and form bodies.
        ///   - decoder: The default decoder for JSON responses: ISO 8601 dates, with or without
        ///     fractional seconds (`JSONDecoder.courierDefault()`).
        ///   - redirectLimit: The most redirects followed for one request (10).
        ///   - timeout: The timeouts of endpoints that declare none (none).
        ///   - tls: How the client's connections use TLS (the transport's own).
        public init(
            encoder: JSONEncoder = .courierDefault(),
            formEncoding: FormEncoding = FormEncoding(),
            decoder: JSONDecoder = .courierDefault(),
            redirectLimit: Int = 10,
            timeout: Timeout = Timeout(),
            tls: TLSOptions? = nil
        ) {
            self.encoder = encoder
            self.formEncoding = formEncoding
            self.decoder = decoder
            self.redirectLimit = redirectLimit
            self.timeout = timeout
            self.tls = tls
        }
    }
}
