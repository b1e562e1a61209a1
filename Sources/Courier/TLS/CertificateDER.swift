/// A walk through an X.509 certificate's DER (RFC 5280 §4.1) to its `SubjectPublicKeyInfo`, the
/// bytes a ``PublicKeyPins`` digest covers; plain DER, no cryptography.
///
/// `Certificate ::= SEQUENCE { tbsCertificate, … }`, and `tbsCertificate ::= SEQUENCE { [0]
/// version OPTIONAL, serialNumber, signature, issuer, validity, subject, subjectPublicKeyInfo,
/// … }`: the walk enters both sequences, skips the optional version and the five elements before
/// the key, and returns the key's whole element, tag and length included. Every length is checked
/// against the bytes that remain, so malformed input gives `nil`, never a trap.
enum CertificateDER {
    /// The DER `SubjectPublicKeyInfo` element of the certificate `der`; `nil` when `der` is not
    /// a certificate whose elements up to its key are well formed.
    static func subjectPublicKeyInfo(in der: some Collection<UInt8>) -> ArraySlice<UInt8>? {
        let bytes = ArraySlice(der)
        guard let certificate = element(at: bytes.startIndex, in: bytes), certificate.tag == 0x30,
            let tbs = element(at: certificate.content.lowerBound, in: bytes), tbs.tag == 0x30,
            tbs.end <= certificate.content.upperBound
        else { return nil }
        var index = tbs.content.lowerBound
        // The optional `[0] EXPLICIT Version`, then serialNumber, signature, issuer, validity and
        // subject.
        if let version = element(at: index, in: bytes), version.tag == 0xA0 { index = version.end }
        for expectedTag: UInt8 in [0x02, 0x30, 0x30, 0x30, 0x30] {
            guard let skipped = element(at: index, in: bytes), skipped.tag == expectedTag,
                skipped.end <= tbs.content.upperBound
            else { return nil }
            index = skipped.end
        }
        guard let key = element(at: index, in: bytes), key.tag == 0x30, key.end <= tbs.content.upperBound
        else { return nil }
        return bytes[index..<key.end]
    }

    /// One DER element: its tag, where its content lies, and the index after it.
    private struct Element {
        var tag: UInt8
        var content: Range<Int>
        var end: Int { content.upperBound }
    }

    /// The element that starts at `index`, with a single-byte tag and a definite length of at
    /// most four bytes that fits in `bytes`; `nil` otherwise.
    private static func element(at index: Int, in bytes: ArraySlice<UInt8>) -> Element? {
        guard index >= bytes.startIndex, bytes.endIndex - index >= 2 else { return nil }
        let tag = bytes[index]
        // A high tag number (low five bits all set) takes more bytes; no element walked has one.
        guard tag & 0x1F != 0x1F else { return nil }
        let first = bytes[index + 1]
        var start = index + 2
        var length = 0
        if first & 0x80 == 0 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7F)
            guard (1...4).contains(count), bytes.endIndex - start >= count else { return nil }
            for byte in bytes[start..<(start + count)] { length = length << 8 | Int(byte) }
            start += count
        }
        guard length <= bytes.endIndex - start else { return nil }
        return Element(tag: tag, content: start..<(start + length))
    }
}
