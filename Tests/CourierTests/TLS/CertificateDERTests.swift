import Foundation
import Testing

@testable import Courier

/// Two self-signed certificates made with openssl for these tests (certificates are public; their
/// keys were not kept), and the pin of each one's key as
/// `openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary
/// | base64` computes it.
@Suite struct CertificateDERTests {
    /// EC P-256, `CN=courier-test-ec`.
    static let ecCertificate = [
        "MIIBijCCAS+gAwIBAgIUJb/UvZ/iIgh4ouXV6HjVdOnfc2AwCgYIKoZIzj0EAwIwGjEYMBYGA1UEAwwPY291cmllci10ZXN0",
        "LWVjMB4XDTI2MTIwMjA2MTc1OFoXDTM2MTEyOTA2MTc1OFowGjEYMBYGA1UEAwwPY291cmllci10ZXN0LWVjMFkwEwYHKoZI",
        "zj0CAQYIKoZIzj0DAQcDQgAE/pzWYlug3fs5DuIVHqLNzDTDEWXeSIgWjjddFv8clikm+Onmg5fjK6TaVW1MQPRyE1U8ox5e",
        "LDAAMTSLkJmZBqNTMFEwHQYDVR0OBBYEFBVdnBnYeVjgU9RGE6fHRSz3SImJMB8GA1UdIwQYMBaAFBVdnBnYeVjgU9RGE6fH",
        "RSz3SImJMA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0EAwIDSQAwRgIhAJLwbHrbxmKbmOIRv0PjAIBO3e1ABVlDWKFfihYy",
        "M07EAiEA/lqgRBI/HctPk5f+udvqQCWFoOVGyeuxIP7OytdcG/c=",
    ].joined()
    static let ecPin = "tXNyS14a9iJxSb+jdvywyO1zUSm7/v7OV9pf6tMU6Rs="

    /// RSA 2048, `CN=courier-test-rsa`.
    static let rsaCertificate = [
        "MIIDFzCCAf+gAwIBAgIUNrYU7vD0SmzfyuqgJU8sJtc6f0cwDQYJKoZIhvcNAQELBQAwGzEZMBcGA1UEAwwQY291cmllci10",
        "ZXN0LXJzYTAeFw0yNjEyMDIwNjE3NTlaFw0zNjExMjkwNjE3NTlaMBsxGTAXBgNVBAMMEGNvdXJpZXItdGVzdC1yc2EwggEi",
        "MA0GCSqGSIb3DQEBAQUAA4IBDwAwggEKAoIBAQC6zWndyVSQT0BmQ8/0vYg79wnysYyAUR9llX7LJ9kW0qUT+B8WSdh2UGXQ",
        "+BRwofmpeavtD/HHOhrbzi29sSLsB4tivPcte3qwcuchorXDFsyGCRrPiYaUCpnucUiBA+Yzg0hkIP91tKMKDhJRoEFYndyx",
        "d43cnxJufwIF5vYuU24XCBxebseHYFDrSH6CogADjM6+GfeUnHN0M8yOtR45AsnCTGjbI8/tMkGHH7o1u7fwiLSm+Od05aAb",
        "wAHdI3hb8IM5mNh/2Rwb6hLsYo3AMHJLMx0nBkSnk+rg2CPpvZEgGLukSRMG78DxVC9MSMydb8ZPDdUhEt9MqF7OozF3AgMB",
        "AAGjUzBRMB0GA1UdDgQWBBSJ1ykawI4I+Vf3lfa2AU+0jb20WjAfBgNVHSMEGDAWgBSJ1ykawI4I+Vf3lfa2AU+0jb20WjAP",
        "BgNVHRMBAf8EBTADAQH/MA0GCSqGSIb3DQEBCwUAA4IBAQCjUGplo26OKGEXV38oqX8dPjoUmYppSq8c2jP8JgAdm5ev4bvy",
        "Hy3PEQC5g7JD5MCLMdSrSMMAcSwzd5tloeS1jScG82re9P64x/A7nL2AdgnhLm7dBZuSUMUAYTGAi+sy+Ty5+i9YS2+RqcW7",
        "rhlmRs2aM4pc/UTB1e98pUphsqAcYWN7XxwNtfpHsJb+pHe+uD4ZMG5lWJX7eIhT8uW+UJI2BT6vJ+5/ReZ6+9bm0NKrisaP",
        "sJ3Ai1uZUuv8COjoF/5uhWJHjab1aJPzvYW6bPeamBsy7wMHjQI1OKLmYskKd3yW3w2ocM4OwRQEDKPyIBS1RjUVMmeHSOvc",
        "rcm4",
    ].joined()
    static let rsaPin = "YWJufIrzzoNRhu8Gr01O7CdkESxilHEpFlJPHi/1cNA="

    static func der(_ base64: String) throws -> [UInt8] {
        [UInt8](try #require(Data(base64Encoded: base64)))
    }

    static func pin(_ spki: some Collection<UInt8>) -> String {
        Data(SHA256.digest(spki)).base64EncodedString()
    }

    @Test func theKeyOfAnECCertificateHashesToOpenSSLsPin() throws {
        let key = try #require(CertificateDER.subjectPublicKeyInfo(in: Self.der(Self.ecCertificate)))
        #expect(key.count == 91)
        #expect(Self.pin(key) == Self.ecPin)
    }

    @Test func theKeyOfAnRSACertificateHashesToOpenSSLsPin() throws {
        let key = try #require(CertificateDER.subjectPublicKeyInfo(in: Self.der(Self.rsaCertificate)))
        #expect(key.count == 294)
        #expect(Self.pin(key) == Self.rsaPin)
    }

    @Test func pinsMatchACertificateByItsKey() throws {
        let pins = try PublicKeyPins([Self.ecPin, Self.rsaPin])
        #expect(pins.contains(certificateDER: try Self.der(Self.ecCertificate)))
        #expect(pins.contains(certificateDER: Data(try Self.der(Self.rsaCertificate))))
        let other = try PublicKeyPins([Self.ecPin, Data(repeating: 7, count: 32).base64EncodedString()])
        #expect(!other.contains(certificateDER: try Self.der(Self.rsaCertificate)))
    }

    /// Every prefix of a certificate is malformed: some length runs past the end.
    @Test func everyTruncationGivesNil() throws {
        for certificate in [try Self.der(Self.ecCertificate), try Self.der(Self.rsaCertificate)] {
            for count in 0..<certificate.count {
                #expect(CertificateDER.subjectPublicKeyInfo(in: certificate.prefix(count)) == nil)
            }
        }
    }

    @Test func garbageGivesNil() throws {
        var ec = try Self.der(Self.ecCertificate)
        #expect(CertificateDER.subjectPublicKeyInfo(in: [UInt8]()) == nil)
        #expect(CertificateDER.subjectPublicKeyInfo(in: [0x30, 0x00]) == nil)
        #expect(CertificateDER.subjectPublicKeyInfo(in: [0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF]) == nil)
        #expect(CertificateDER.subjectPublicKeyInfo(in: [0x30, 0x89, 1, 2, 3, 4, 5, 6, 7, 8, 9]) == nil)
        #expect(CertificateDER.subjectPublicKeyInfo(in: [UInt8](repeating: 0x30, count: 64)) == nil)
        #expect(CertificateDER.subjectPublicKeyInfo(in: [UInt8]("not a certificate".utf8)) == nil)
        // 30 82 01 8a | 30 82 01 2f | a0 03 02 01 02 | 02 14 …: the serial number's tag made a
        // SEQUENCE, the walk no longer matches X.509.
        #expect(Array(ec[8..<15]) == [0xA0, 0x03, 0x02, 0x01, 0x02, 0x02, 0x14])
        ec[13] = 0x30
        #expect(CertificateDER.subjectPublicKeyInfo(in: ec) == nil)
    }

    /// A TBSCertificate whose declared length ends before the key is refused even though the
    /// bytes go on.
    @Test func anElementPastItsEnclosingSequenceGivesNil() throws {
        var ec = try Self.der(Self.ecCertificate)
        // 30 82 01 8a | 30 82 01 2f: tbsCertificate shortened to 208 bytes ends inside the key.
        #expect(Array(ec[4..<8]) == [0x30, 0x82, 0x01, 0x2F])
        ec[6] = 0x00
        ec[7] = 0xD0
        #expect(CertificateDER.subjectPublicKeyInfo(in: ec) == nil)
    }
}
