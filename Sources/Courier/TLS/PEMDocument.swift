import Foundation

/// One block of PEM text (`-----BEGIN LABEL-----`, base64, `-----END LABEL-----`) read into its
/// label and DER bytes, checked as far as Courier can without a cryptography library: the armor,
/// the base64, and an outer DER `SEQUENCE` whose length covers exactly the bytes.
///
/// Errors name the part (`what`) and the fault, never the bytes: a private key's text must not
/// reach a message.
struct PEMDocument: Sendable, Hashable {
    /// The label between `BEGIN` and the dashes, for example `CERTIFICATE`.
    let label: String
    /// The decoded bytes.
    let der: Data

    /// Every PEM block in `text`, in order, but those labelled one of `skipped`, left out unread;
    /// text between blocks is ignored, as OpenSSL does.
    ///
    /// - Throws: ``CourierError/Kind/invalidTLSOptions`` when there is no block, a block is not
    ///   closed, its labels differ, its body is not base64, or its bytes are not one DER `SEQUENCE`.
    static func blocks(in text: String, what: String, skipping skipped: Set<String> = [])
        throws(CourierError) -> [PEMDocument]
    {
        var documents: [PEMDocument] = []
        var open: (label: String, body: String)?
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if let label = Self.label(of: line, marker: "BEGIN") {
                guard open == nil else {
                    throw invalid(what, "a -----BEGIN \(label)----- line starts inside another block")
                }
                open = (label, "")
            } else if let label = Self.label(of: line, marker: "END") {
                guard let current = open else {
                    throw invalid(what, "an -----END \(label)----- line has no BEGIN line before it")
                }
                guard current.label == label else {
                    throw invalid(what, "a block begins as \(current.label) but ends as \(label)")
                }
                open = nil
                if skipped.contains(label) { continue }
                guard let der = Data(base64Encoded: current.body) else {
                    throw invalid(what, "the text of its \(label) block is not base64")
                }
                try DERSequence.check(der, what: what)
                documents.append(PEMDocument(label: label, der: der))
            } else if open != nil {
                // Legacy headers (`Proc-Type:`, `DEK-Info:`) sit inside encrypted blocks.
                if line.contains(":") {
                    throw invalid(what, "its block has headers, as an encrypted legacy key has")
                }
                open?.body += line
            }
        }
        if let current = open {
            throw invalid(what, "its \(current.label) block has no -----END \(current.label)----- line")
        }
        guard !documents.isEmpty else {
            throw invalid(what, "it has no -----BEGIN …----- block; PEM text is expected")
        }
        return documents
    }

    /// The label of an armor line such as `-----BEGIN CERTIFICATE-----`, or `nil`.
    private static func label(of line: String, marker: String) -> String? {
        let prefix = "-----\(marker) "
        guard line.hasPrefix(prefix), line.hasSuffix("-----"), line.count > prefix.count + 5 else {
            return nil
        }
        return String(line.dropFirst(prefix.count).dropLast(5))
    }

    /// The PEM text of `der` under `label`, lines of 64 characters.
    static func text(label: String, der: Data) -> String {
        let base64 = der.base64EncodedString()
        var lines = ["-----BEGIN \(label)-----"]
        var start = base64.startIndex
        while start < base64.endIndex {
            let end = base64.index(start, offsetBy: 64, limitedBy: base64.endIndex) ?? base64.endIndex
            lines.append(String(base64[start..<end]))
            start = end
        }
        lines.append("-----END \(label)-----")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The building-stage error for TLS material that cannot be used.
    static func invalid(_ what: String, _ reason: String) -> CourierError {
        CourierError(
            stage: .building, kind: .invalidTLSOptions, message: "The \(what) is not usable: \(reason).")
    }
}

/// The outer shape of DER data: one `SEQUENCE` whose encoded length is exactly the rest of the
/// bytes, as every certificate and key is.
enum DERSequence {
    /// - Throws: ``CourierError/Kind/invalidTLSOptions`` naming `what` when `der` is not one
    ///   complete DER `SEQUENCE`.
    static func check(_ der: Data, what: String) throws(CourierError) {
        let bytes = [UInt8](der)
        guard bytes.count >= 2, bytes[0] == 0x30 else {
            throw PEMDocument.invalid(what, "its bytes are not DER (they do not start with a SEQUENCE)")
        }
        var length = 0
        var header = 2
        if bytes[1] & 0x80 == 0 {
            length = Int(bytes[1])
        } else {
            let count = Int(bytes[1] & 0x7F)
            guard (1...4).contains(count), bytes.count >= 2 + count, bytes[2] != 0 else {
                throw PEMDocument.invalid(what, "its DER length is malformed")
            }
            for byte in bytes[2..<(2 + count)] { length = length << 8 | Int(byte) }
            header += count
        }
        guard header + length == bytes.count else {
            throw PEMDocument.invalid(
                what,
                "its DER SEQUENCE declares \(length) bytes but \(bytes.count - header) follow its header")
        }
    }
}
