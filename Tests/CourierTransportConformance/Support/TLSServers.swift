// Only where Swift Testing exists: a plain `swift build` compiles this target too.
#if canImport(Testing)
    import Courier
    import Foundation
    import Testing

    /// The HTTPS servers `Scripts/test` starts (`Tests/Servers/tls_server.py`) and the throwaway
    /// CA, certificates, keys and pins it made for them at start, in `COURIER_TLS_DIR`.
    struct TLSServers: Sendable {
        /// A leaf for 127.0.0.1 signed by the test CA.
        let trusted: BaseURL
        /// A leaf signed by the test CA, expired in 2020.
        let expired: BaseURL
        /// A leaf signed by the test CA, valid from 2099.
        let notYetValid: BaseURL
        /// A leaf signed by an intermediate CA that the test CA signed, sent with the intermediate.
        let chained: BaseURL
        /// The same leaf sent without its intermediate.
        let unchained: BaseURL
        /// A leaf valid now, sent with the intermediate CA that signed it, which the test CA signed
        /// and which expired in 2020.
        let staleChain: BaseURL
        /// A leaf for `wrong-host.invalid` only, signed by the test CA.
        let wrongHost: BaseURL
        /// A self-signed leaf.
        let untrusted: BaseURL
        /// The trusted leaf, and a client certificate from the test CA required.
        let mutual: BaseURL
        /// The trusted leaf, TLS 1.2 at most.
        let tls12: BaseURL
        /// The trusted leaf, HTTP/2 and HTTP/1.1 offered by ALPN (`Tests/Servers/h2_server.py`).
        let http2: BaseURL
        /// Where the material is.
        let directory: URL

        /// The servers and material of this run.
        static func current() throws -> TLSServers {
            let environment = ProcessInfo.processInfo.environment
            func base(_ name: String) throws -> BaseURL {
                let value = try #require(environment["COURIER_TLS_\(name)_URL"], "Scripts/test exports it")
                return try BaseURL(validating: value)
            }
            let directory = try #require(
                environment["COURIER_TLS_DIR"], "Scripts/test exports COURIER_TLS_DIR")
            return TLSServers(
                trusted: try base("TRUSTED"), expired: try base("EXPIRED"),
                notYetValid: try base("NOTYETVALID"),
                chained: try base("CHAINED"), unchained: try base("UNCHAINED"),
                staleChain: try base("STALECHAIN"), wrongHost: try base("WRONGHOST"),
                untrusted: try base("UNTRUSTED"), mutual: try base("MTLS"), tls12: try base("TLS12"),
                http2: try base("H2"), directory: URL(fileURLWithPath: directory))
        }

        /// The text of a file of the material.
        func text(_ name: String) throws -> String {
            try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        }

        /// The test CA.
        func root() throws -> TLSCertificate { try TLSCertificate(pem: text("ca.pem")) }

        /// Options that trust the test CA alone.
        func trustingTheTestCA() throws -> TLSOptions {
            TLSOptions(trustRoots: try .only([root()]))
        }

        /// The client identity the mutual-TLS server accepts, or one from a CA it does not know.
        func clientIdentity(accepted: Bool = true) throws -> TLSClientIdentity {
            let name = accepted ? "client" : "other-client"
            return try TLSClientIdentity(
                certificateChainPEM: text("\(name).pem"), privateKeyPEM: text("\(name)-key.pem"))
        }

        /// A pin of the trusted leaf's key, of the CA's, or of a key no server uses.
        func pin(_ name: String) throws -> String {
            try text("\(name).pin").trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// What every path of the servers answers.
        struct Answer: Decodable, Sendable {
            /// The serial number of the TLS connection the request came on.
            let connection: Int
            /// The client certificate's common name, if one was presented.
            let client: String?
        }

        /// What the HTTP/2 server answers.
        struct VersionAnswer: Decodable, Sendable {
            /// The HTTP version the request came over, as the server saw it: `2` or `1.1`.
            let version: String
            /// The client's end of the TCP connection, the same for requests multiplexed on one.
            let connection: String
        }

        /// `GET /version` on the HTTP/2 server.
        static let version = Endpoint<VersionAnswer, Never> {
            Method.get
            Path("version")
        }

        /// `GET /hello` on any of the servers.
        static let hello = Endpoint<Answer, Never> {
            Method.get
            Path("hello")
        }
    }
#endif
