import Foundation
import Testing

@testable import Courier

/// Public keys made with openssl for these tests (public material, no private key is kept): the
/// raw form Apple's `SecKeyCopyExternalRepresentation` exports (`openssl rsa -RSAPublicKey_out`
/// for RSA, the X9.63 point for EC), and the pin of the `SubjectPublicKeyInfo` `openssl pkey
/// -pubout -outform der` writes for the same key.
@Suite struct SubjectPublicKeyInfoTests {
    static let rsaKeys: [(bits: Int, raw: String, pin: String)] = [
        (
            2048,
            "MIIBCgKCAQEAyhFJjo6PMhZEP6sn4jWu3QVkqh+yoFVVFdNWnJgLtoBk98/J0vwro7vBUtzNy4+OLU+t2ZAfTZiVdxKAVr6Fg1NZuuIHp7GLdQ19a843N4iGKA+XhZ7JbSrcE3PK7TXKyUacfu7qwXfOu9IOOq7ZbrijMhR8Dfje/Xx+yT6+RX7MKKfFtW3DjMAIxl0jk2AltQaWoVN7x9oZ2OHhN6sP4hIEJRMcqVqxjJsdAv3Hp5vRn0B9QrQuv3yYjJ539azCxrqP8c23tccOCZ1sLOThJXal62D0v2MW97C67fc/Xf/2JDbgQh3CYUQsckKWA+qHgtLf/bAWm635Yg3kaRkXvwIDAQAB",
            "JzFAyNtHBTmLWJg62UI8+l7XeIzf0xl9ren4hDNihMc="
        ),
        (
            3072,
            "MIIBigKCAYEAuNO1yJL6kd1co9K/eEBUWwo3AqP44zWkbbZUwltiIiZLIhZbO+1vCfuQYy2Q94sIjYhBscrEj+gHFGxz4VWLk+sFJE2VT6LWHggYHcqLQyv7rWJdffJ2oOXjbeCsi+u+HsQHPGT7vcGrc2HBE5KSeJDO5NPj4PPSFUKJOGR3WALq1jNg108ax4zm5kqqGDVv3uz/tdSeurtxZFqO71D0zzsryGzIfBT9VL8Lx3GDuTIMMOOLySXdMJhy6DfrnUo17hyrwNxZ11IPyrZA9dxFUklyB1abxZz4QTliPjzdaV2IBA846ll4WxJuDFKehnMLgL+v8tE92nsVvgsJ3xQOlr7+X56aR7bfqpsSG8OUBqzMlIBIcaMfJ1j4eIRv5JUrey5qU1skZkjN0gWceFjcmhNtsY4YebnxletR+erg/ypqodaPFA3h3D+T/2qkU+nwtJUvu5Cw/DPJtR0NVXcospnRQp01Fk2MjbXPK2hUKSHnYj8keZpwtwGFHLCAM8U1AgMBAAE=",
            "OxXCm4mstdgxCQp4QTrl5ytEdvuibmzb38nZx4WBOog="
        ),
        (
            4096,
            "MIICCgKCAgEAuqwwhPLK79okyx/POZcSI+AiiJZ4Wxh6JpV4KtLLeKQh90z6urmLpVaXVv37OoC1kgUyiReiQ+42oL1WUkHzFJRjrT/ZEEUgjhKaaoVh55zCOLZUu7X0Fl2zyRwv3qSmG2GshtdzRiqvBxhlWYCL/Fgc33lMDR4vJvPCUxDusjdOAEMMICy7LdbHEl69A+jNsmALgQAfdl+MLAqZjiZaAUCwhmTgWEpXoOSeiEyObc8AucC1IkAzcqGJQc78bJaRg92zXyLH1PHwc33WFol6frRF+6dnBkC/AlASny4vvLN0p1zuA6xwYzx08Q4Ek+JWcnmALR0oejDp2Ug07+QO5lYn8BmL0/A1pvoh0jSnisjEXjxrumdUVv3viE7xzOL5QRy1mHO6z6CVfAAsDjyUD+vGt6dv0rBzvKxP/sbdHGEqdEc9mXnP13tw1aW3dCmlwC77TWBDIgLAsbLqnx7k/wj1gCs9LNiLRjaRO8CZfynvVs5eeaW8ixOFscIZX6e3jL4jWdcCJC8A0rkKWih4puiRTfhqgSIF47sjuhAIWpGr2A17Um5Cpd4oZ24yI4SC0Bw1oWtshCTPUqaWVvJ7/95RbU0xzpuMxTaRGXL9JF/JJlsxuWzDJ/2b7xXSV5IUL+VPvGWwCensyXIxq0D9IDa9knoPbyBknh916s8ePFUCAwEAAQ==",
            "3xAj/FwVSj9ClK25wxLqJuo4vNQf7CuGYdhRlE0MG7w="
        ),
    ]

    static let ecKeys: [(curve: SubjectPublicKeyInfo.Curve, raw: String, pin: String)] = [
        (
            .p256,
            "BNoFKjywAjawgWZLjQ33jfb8frNjIur6c4kaTbRNGpTAthmDrTk/RFa/OBgmnXOJNK45KLeE8Of5rIlCzpgsK9k=",
            "u9Tgq3Qf8PNFzRHvbv9wO29TzWHJXKFJdNj2xD1538I="
        ),
        (
            .p384,
            "BBHJLPoalWO327b81VIqWFT/XNoUvcwHwZt4h11my+k3n6sZR0mbCuS40cduA6Y9q/5gzHmMG74fh9rOFAl4/dEbtXZc0IAkq01aiC6g4MA7ZUKGWeB47bl2hcQwYuoyMg==",
            "VsUTvHJ5qvW9IVozkBmFu5AQYJRvwzBzskXw9S73XjA="
        ),
        (
            .p521,
            "BAHQFW1VeizdaDQ0Z/E4FrZdd80pGW2o9pPH23GGTgslvqbYxBnmQ/U63uVE+NmAnNdyBHY4nqWiZYeck+mhab4PrQHK04Mx8rQaxDdKUtYuFfcZ7pRTEnx9Q+NqPU7MsWZOOESzFPAW0TR7mYA4i+kTotSHFtQ+IYy2ExrE8jN0t9C50A==",
            "yCidOTDLfJYDQ5tQ7t/I2VGN9mQuzycAhpwYJcu0jPg="
        ),
    ]

    static func pins(_ pin: String) throws -> PublicKeyPins {
        try PublicKeyPins([pin, Data(repeating: 9, count: 32).base64EncodedString()])
    }

    @Test(arguments: rsaKeys.indices)
    func anRSAKeyOfEachSizeGetsTheSPKIOpenSSLWrites(_ index: Int) throws {
        let key = Self.rsaKeys[index]
        let raw = try #require(Data(base64Encoded: key.raw))
        let spki = try #require(SubjectPublicKeyInfo.der(rsaPublicKey: [UInt8](raw)))
        #expect(spki.count == raw.count + 24, "\(key.bits)-bit")
        #expect(try Self.pins(key.pin).contains(subjectPublicKeyInfo: spki), "\(key.bits)-bit")
    }

    @Test(arguments: ecKeys.indices)
    func anECKeyOnEachCurveGetsTheSPKIOpenSSLWrites(_ index: Int) throws {
        let key = Self.ecKeys[index]
        let raw = try #require(Data(base64Encoded: key.raw))
        #expect(raw.count == key.curve.pointLength)
        let spki = try #require(SubjectPublicKeyInfo.der(ecPublicKey: [UInt8](raw), curve: key.curve))
        #expect(try Self.pins(key.pin).contains(subjectPublicKeyInfo: spki), "P-\(key.curve.rawValue)")
    }

    @Test func aP256KeyMatchesOpenSSLByteForByte() throws {
        let raw = try #require(Data(base64Encoded: Self.ecKeys[0].raw))
        let spki = try #require(SubjectPublicKeyInfo.der(ecPublicKey: [UInt8](raw), curve: .p256))
        #expect(
            Data(spki).base64EncodedString()
                == "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE2gUqPLACNrCBZkuNDfeN9vx+s2Mi6vpziRpNtE0alMC2GYOtOT9EVr84"
                + "GCadc4k0rjkot4Tw5/msiULOmCwr2Q==")
    }

    @Test func aKeyOfTheWrongShapeHasNoSPKI() throws {
        let p256 = [UInt8](try #require(Data(base64Encoded: Self.ecKeys[0].raw)))
        #expect(SubjectPublicKeyInfo.der(ecPublicKey: p256, curve: .p384) == nil)
        #expect(SubjectPublicKeyInfo.der(ecPublicKey: [0x02] + p256.dropFirst(), curve: .p256) == nil)
        #expect(SubjectPublicKeyInfo.der(rsaPublicKey: [0x02, 0x01, 0x00]) == nil)
    }

    @Test func derLengthsUseTheShortAndLongForms() {
        #expect(SubjectPublicKeyInfo.length(0x7F) == [0x7F])
        #expect(SubjectPublicKeyInfo.length(0x80) == [0x81, 0x80])
        #expect(SubjectPublicKeyInfo.length(0x10E) == [0x82, 0x01, 0x0E])
    }
}
