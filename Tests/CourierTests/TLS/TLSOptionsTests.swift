import Courier
import CourierTestSupport
import Foundation
import Testing

/// Structure checks only: the DER here is a minimal SEQUENCE, not a real certificate or key, and
/// no key material is committed. Real certificates, made at test time, are in the conformance
/// suite's TLS cases.
@Suite struct TLSOptionsTests {
    /// `SEQUENCE { INTEGER 0 }`: the smallest DER that passes the outer check.
    static let der = Data([0x30, 0x03, 0x02, 0x01, 0x00])
    static let base64 = der.base64EncodedString()

    static func pem(_ label: String, _ body: String = base64) -> String {
        "-----BEGIN \(label)-----\n\(body)\n-----END \(label)-----\n"
    }

    static func message(_ body: () throws(CourierError) -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            #expect(error.kind == .invalidTLSOptions)
            #expect(error.stage == .building)
            return error.message
        }
    }

    // MARK: Certificates

    @Test func aCertificateReadsFromPEMAndDERAndWritesPEMAgain() throws {
        let fromPEM = try TLSCertificate(pem: "subject=CN test\n" + Self.pem("CERTIFICATE"))
        let fromDER = try TLSCertificate(der: Self.der)
        #expect(fromPEM == fromDER)
        #expect(fromPEM.derBytes == Self.der)
        #expect(fromPEM.pem == Self.pem("CERTIFICATE"))
        #expect(fromPEM.description == "TLSCertificate(5 bytes)")
    }

    @Test func aBundleReadsEveryCertificateInOrder() throws {
        let other = Data([0x30, 0x03, 0x02, 0x01, 0x01])
        let bundle = Self.pem("CERTIFICATE") + Self.pem("CERTIFICATE", other.base64EncodedString())
        #expect(try TLSCertificate.all(pem: bundle).map(\.derBytes) == [Self.der, other])
        #expect(
            Self.message { () throws(CourierError) in _ = try TLSCertificate(pem: bundle) }
                == "The certificate is not usable: the PEM text holds 2 certificates; read a bundle with "
                + "TLSCertificate.all(pem:).")
    }

    @Test(arguments: [
        ("no armor", "MAMCAQA=", "it has no -----BEGIN …----- block; PEM text is expected"),
        (
            "unterminated", "-----BEGIN CERTIFICATE-----\nMAMCAQA=\n",
            "its CERTIFICATE block has no -----END CERTIFICATE----- line"
        ),
        (
            "mismatched", "-----BEGIN CERTIFICATE-----\nMAMCAQA=\n-----END X509 CRL-----\n",
            "a block begins as CERTIFICATE but ends as X509 CRL"
        ),
        ("not base64", pem("CERTIFICATE", "MAMC*QA="), "the text of its CERTIFICATE block is not base64"),
        (
            "not a sequence", pem("CERTIFICATE", Data([0x02, 0x01, 0x00]).base64EncodedString()),
            "its bytes are not DER (they do not start with a SEQUENCE)"
        ),
        (
            "short", pem("CERTIFICATE", Data([0x30, 0x05, 0x02, 0x01, 0x00]).base64EncodedString()),
            "its DER SEQUENCE declares 5 bytes but 3 follow its header"
        ),
        (
            "a key", pem("PRIVATE KEY"),
            "the PEM text holds a PRIVATE KEY block where a CERTIFICATE is expected"
        ),
    ])
    func aCertificateThatCannotBeReadIsATypedErrorSayingWhy(_ name: String, text: String, reason: String) {
        #expect(
            Self.message { () throws(CourierError) in _ = try TLSCertificate(pem: text) }
                == "The certificate is not usable: \(reason).", "\(name)")
    }

    @Test func longFormDERLengthsAreRead() throws {
        var der = Data([0x30, 0x81, 0x80])
        der.append(Data(repeating: 0, count: 0x80))
        #expect(try TLSCertificate(der: der).derBytes.count == 0x83)
        #expect(
            Self.message { () throws(CourierError) in _ = try TLSCertificate(der: Data([0x30, 0x80])) }
                == "The certificate is not usable: its DER length is malformed.")
    }

    // MARK: Private keys

    @Test(arguments: [
        ("PRIVATE KEY", TLSPrivateKey.Format.pkcs8), ("RSA PRIVATE KEY", .rsa), ("EC PRIVATE KEY", .ec),
    ])
    func aKeyReadsInEachAcceptedFormat(label: String, format: TLSPrivateKey.Format) throws {
        let key = try TLSPrivateKey(pem: Self.pem(label))
        #expect(key.format == format)
        #expect(key.pemRepresentation == Self.pem(label))
    }

    @Test func anECKeyAfterItsParametersReads() throws {
        // What `openssl ecparam -genkey` writes: the curve's parameters, then the key.
        let key = try TLSPrivateKey(
            pem: Self.pem("EC PARAMETERS", "BggqhkjOPQMBBw==") + Self.pem("EC PRIVATE KEY"))
        #expect(key.format == .ec)
        #expect(key.pemRepresentation == Self.pem("EC PRIVATE KEY"))
    }

    @Test func anEncryptedKeyIsRefusedWithWhatToDoAndNoneOfItsText() {
        let encrypted = Self.pem("ENCRYPTED PRIVATE KEY")
        #expect(
            Self.message { () throws(CourierError) in _ = try TLSPrivateKey(pem: encrypted) }
                == "The private key is not usable: it is encrypted; decrypt it first (openssl pkey -in "
                + "key.pem -out plain.pem).")
        let legacy =
            "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00\n\n"
            + "\(Self.base64)\n-----END RSA PRIVATE KEY-----\n"
        let message = Self.message { () throws(CourierError) in _ = try TLSPrivateKey(pem: legacy) }
        #expect(
            message == "The private key is not usable: its block has headers, as an encrypted legacy key has."
        )
        #expect(message?.contains(Self.base64) == false)
    }

    @Test func noRenderingOfAKeyOrIdentityOrOptionsShowsTheKey() throws {
        // A recognisable key body: 0x30 0x0A, then ten bytes.
        let secret = Data([0x30, 0x0A] + Array("SECRETKEY!".utf8))
        let key = try TLSPrivateKey(pem: Self.pem("PRIVATE KEY", secret.base64EncodedString()))
        let identity = try TLSClientIdentity(
            certificateChain: [TLSCertificate(der: Self.der)], privateKey: key)
        let options = TLSOptions(clientIdentity: identity)
        var dumped = ""
        dump(options, to: &dumped)
        dump(identity, to: &dumped)
        dump(key, to: &dumped)
        let renderings = [
            key.description, key.debugDescription, "\(key)", String(reflecting: key), identity.description,
            options.description, "\(options)", String(reflecting: options), dumped,
        ]
        for rendering in renderings {
            #expect(!rendering.contains(secret.base64EncodedString()), "\(rendering)")
            #expect(!rendering.contains("SECRETKEY"), "\(rendering)")
        }
        #expect(key.description == "TLSPrivateKey(pkcs8, <redacted>)")
        #expect(identity.description == "TLSClientIdentity(1 certificate, TLSPrivateKey(pkcs8, <redacted>))")
        #expect(
            options.description
                == "TLSOptions(trustRoots: system, clientIdentity: TLSClientIdentity(1 certificate, "
                + "TLSPrivateKey(pkcs8, <redacted>)))")
    }

    @Test func anIdentityNeedsACertificate() throws {
        let key = try TLSPrivateKey(pem: Self.pem("EC PRIVATE KEY"))
        #expect(
            Self.message { () throws(CourierError) in
                _ = try TLSClientIdentity(certificateChain: [], privateKey: key)
            } == "The client identity is not usable: its certificate chain is empty.")
        let identity = try TLSClientIdentity(
            certificateChainPEM: Self.pem("CERTIFICATE") + Self.pem("CERTIFICATE"),
            privateKeyPEM: Self.pem("EC PRIVATE KEY"))
        #expect(identity.certificateChain.count == 2)
    }

    // MARK: Pins

    static let pinA = Data(repeating: 1, count: 32).base64EncodedString()
    static let pinB = Data(repeating: 2, count: 32).base64EncodedString()

    /// FIPS 180-4's examples and messages at each padding boundary (digests from Python's hashlib).
    @Test(arguments: [
        ("", "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="),
        ("abc", "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnonopnopq",
            "JjEYM0ycu7zByiGxct+pAAVAAMAvzLARA6lNSBeXUcE="
        ),
        ("55", "Rj6yjnL4LgqWwKTMU2kMVxKBEx9nKqIp4NRa5ZtZi1k="),
        ("56", "2irk1rNnSPKjGPI+erHf30Ws3J0Em9gOWd6CpgiV9WI="),
        ("63", "Ka8mhv1TN0o2sIRmlMw0IXfkKNFkdRXweHhNac255Ig="),
        ("64", "/eq5rPNxA2K9JljNyaKej5x1f8+YEWA6jER80dkVEQg="),
        ("65", "S/0si28e7Hoq/rSLk07ksmlBggJ+bQ/AdQdPL6uzF4E="),
        ("119", "2hh5ftfDp3fwhH9ClySi2M1ROObtKJXD+hptOdGPfsY="),
        ("120", "9Ssj2x+7be2J70KiPODIkixF8lxQtWipO/HAdUILu3w="),
        ("1000", "TkwpSzMfeiCZo3m+w0ufn8A9xGq0ZdmY9NaD2lNIfm0="),
    ])
    func aKeyMatchesThePinOfItsSHA256(message: String, pin: String) throws {
        // A number stands for that many bytes 0, 1, 2, … (modulo 251); text for its UTF-8 bytes.
        let bytes = Int(message).map { count in (0..<count).map { UInt8($0 % 251) } } ?? Array(message.utf8)
        let pins = try PublicKeyPins([pin, Self.pinA])
        #expect(pins.contains(subjectPublicKeyInfo: bytes))
        #expect(!pins.contains(subjectPublicKeyInfo: bytes + [0]))
    }

    @Test func aMillionBytesHashLikeFIPSSays() throws {
        let pins = try PublicKeyPins(["zcduXJkU+5KBocfihNc+Z/GAmkiklyAOBG05zMcRLNA=", Self.pinA])
        #expect(pins.contains(subjectPublicKeyInfo: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)))
    }

    @Test func pinsNeedABackupAndThirtyTwoBytesEach() throws {
        let pins = try PublicKeyPins([Self.pinA, " \(Self.pinB) "])
        #expect(pins.sha256Digests == [Data(repeating: 1, count: 32), Data(repeating: 2, count: 32)])
        #expect(pins.contains(digest: Data(repeating: 2, count: 32)))
        #expect(
            Self.message { () throws(CourierError) in _ = try PublicKeyPins([Self.pinA, Self.pinA]) }
                == "The set of public key pins is not usable: it has 1 distinct pin; give the key in use "
                + "and at least one backup key, so that rotating or losing a key does not lock clients out.")
        #expect(
            Self.message { () throws(CourierError) in
                _ = try PublicKeyPins([Self.pinA, Data(repeating: 3, count: 20).base64EncodedString()])
            } == "The public key pin is not usable: pin 2 decodes to 20 bytes; a SHA-256 digest has 32.")
        #expect(
            Self.message { () throws(CourierError) in _ = try PublicKeyPins(["sha256/abc", Self.pinB]) }
                == "The public key pin is not usable: pin 1 is not base64.")
        // OkHttp's form of a pin reads as the same digest.
        #expect(try PublicKeyPins(["sha256/\(Self.pinA)", "SHA256/\(Self.pinB)"]) == pins)
        let hex = String(repeating: "0a", count: 32)
        #expect(
            Self.message { () throws(CourierError) in _ = try PublicKeyPins([Self.pinA, hex]) }
                == "The public key pin is not usable: pin 2 is a SHA-256 digest in hexadecimal; give its "
                + "base64 (`xxd -r -p | base64`).")
    }

    // MARK: Options

    @Test func onlyOptionsThatDifferFromTheDefaultAreSet() throws {
        #expect(TLSOptions().setOptions.isEmpty)
        #expect(TLSOptions(trustRoots: .system(adding: [])).setOptions.isEmpty)
        let root = try TLSCertificate(der: Self.der)
        let options = TLSOptions(
            trustRoots: try .only([root]), pinnedKeys: try PublicKeyPins([Self.pinA, Self.pinB]),
            minimumVersion: .tls13)
        #expect(options.setOptions == [.trustRoots, .pinnedKeys, .minimumVersion])
        #expect(
            options.description
                == "TLSOptions(trustRoots: only 1 certificate, pinnedKeys: 2, minimumVersion: TLS 1.3)")
        #expect(TLSTrustRoots.system(adding: [root, root]).description == "system + 2 certificates")
        #expect(
            Self.message { () throws(CourierError) in _ = try TLSTrustRoots.only([]) }
                == "The set of trust roots is not usable: it is empty, so no server could be trusted.")
        #expect(TLSVersion.tls12 < .tls13)
    }

    @Test func optionsAreValuesComparedByWhatTheySet() throws {
        let pins = try PublicKeyPins([Self.pinA, Self.pinB])
        let built = TLSOptions(pinnedKeys: pins, minimumVersion: .tls13)
        var changed = TLSOptions()
        changed.pinnedKeys = pins
        changed.minimumVersion = .tls13
        #expect(built == changed)
        #expect(built.hashValue == changed.hashValue)
        var copy = built
        copy.minimumVersion = .tls12
        #expect(built.minimumVersion == .tls13)
        #expect(copy.minimumVersion == .tls12)
        #expect(copy != built)
    }

    @Test func theClientCarriesItsOptionsToEveryTransportRequest() async throws {
        let recorder = RecordingTLSTransport()
        let options = TLSOptions(minimumVersion: .tls13)
        let client = Client(
            baseURL: BaseURL("https://api.example.com"), transport: recorder,
            configuration: Client.Configuration(tls: options))
        _ = try await client.send(
            Endpoint<Data, Never> {
                Method.get
                Path("first")
            })
        #expect(recorder.seen.get() == [options, options])
    }

    // MARK: Errors

    @Test func eachTLSFailureIsASentenceNamingTheHost() {
        let host = "127.0.0.1:8443"
        let sentences: [(CourierError.Kind, String)] = [
            (
                .untrustedCertificate,
                "The certificate of 127.0.0.1:8443 is not trusted: its chain does not lead to a trusted "
                    + "root (trust a root of your own with TLSOptions.trustRoots; a server that leaves out "
                    + "its intermediate certificates fails this way too)."
            ),
            (
                .certificateExpired,
                "A certificate in the chain of 127.0.0.1:8443 has expired or is not yet valid."
            ),
            (
                .hostnameMismatch,
                "The certificate presented by 127.0.0.1:8443 is not issued for that host name."
            ),
            (
                .publicKeyPinMismatch,
                "No public key in the certificate chain of 127.0.0.1:8443 matches TLSOptions.pinnedKeys."
            ),
            (
                .clientCertificateRejected,
                "127.0.0.1:8443 requires a client certificate and refused the one sent, or none was sent "
                    + "(TLSOptions.clientIdentity sends one; the server must trust its issuer)."
            ),
            (.tlsHandshakeFailed, "The TLS handshake with 127.0.0.1:8443 failed: no common TLS version."),
        ]
        for (kind, sentence) in sentences {
            let error = CourierError.tls(
                kind, host: host, reason: kind == .tlsHandshakeFailed ? "no common TLS version" : nil)
            #expect(error.kind == kind)
            #expect(error.stage == .transport)
            #expect(error.message == sentence)
        }
        // An untrusted chain a transport can say more of says why instead.
        #expect(
            CourierError.tls(.untrustedCertificate, host: host, reason: "its issuer is no CA").message
                == "The certificate of 127.0.0.1:8443 is not trusted: its issuer is no CA.")
        #expect(CourierError.tlsHostName(of: URL(string: "https://api.example.com/x")!) == "api.example.com")
        // An IPv6 address is written in brackets, as in a URL, so that its port stands apart.
        #expect(CourierError.tlsHostName(of: URL(string: "https://[::1]:8443/x")!) == "[::1]:8443")
        #expect(CourierError.tlsHostName(of: URL(string: "https://[2001:db8::1]/x")!) == "[2001:db8::1]")
        #expect(
            CourierError.tls(
                .certificateExpired, host: CourierError.tlsHostName(of: URL(string: "https://[::1]:8443")!)
            )
            .message == "A certificate in the chain of [::1]:8443 has expired or is not yet valid.")
    }
}

/// Answers 307 to `/first` and 200 to anything else, keeping the TLS options of every hop.
private final class RecordingTLSTransport: Transport {
    let seen = LockedBox<[TLSOptions?]>([])

    func send(_ request: TransportRequest) async throws -> RawResponse {
        seen.withLock { $0.append(request.tls) }
        if request.url.path == "/first" {
            return RawResponse(
                status: 307, headers: [HeaderField(name: .location, value: "https://cdn.example.com/second")],
                url: request.url)
        }
        return RawResponse(status: .ok, url: request.url)
    }
}
