import CourierTestSupport
import CourierTransportConformance
import Foundation
import Testing

@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func fipsVectors(message: String, digest: String) {
        #expect(SHA256.hex(of: Data(message.utf8)) == digest)
    }

    @Test func oneMillionAs() async throws {
        let digest = try await offPool {
            SHA256.hex(of: Data(repeating: UInt8(ascii: "a"), count: 1_000_000))
        }
        #expect(digest == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Lengths around the 56-byte padding boundary, where the length field spills into a second block.
    @Test(arguments: [
        (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
        (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
        (119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
        (120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"),
    ])
    func paddingBoundaries(length: Int, digest: String) {
        #expect(SHA256.hex(of: Data(repeating: UInt8(ascii: "a"), count: length)) == digest)
    }

    @Test(arguments: [1, 7, 63, 64, 65, 1000])
    func piecesOfAnySizeGiveTheSameDigest(pieceSize: Int) {
        let message = Data((0..<5000 as Range<Int>).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        var context = SHA256.Context()
        var offset = 0
        while offset < message.count {
            let end = min(offset + pieceSize, message.count)
            context.update(message[offset..<end])
            offset = end
        }
        #expect(context.finalizeHex() == SHA256.hex(of: message))
        #expect(SHA256.hex(of: message) == "11013d0e177469e6b385980a5a34d5b464ff15299481d5b4fe88922180606221")
    }

    @Test func fileOfOneMillionAs() async throws {
        let url = try temporaryFile(Data(repeating: UInt8(ascii: "a"), count: 1_000_000))
        defer { try? FileManager.default.removeItem(at: url) }
        let digest = try await offPool { try SHA256.hex(ofFileAt: url) }
        #expect(digest == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func fileDigestMatchesInMemoryDigest() async throws {
        // Over 1 MiB, ending part-way through the second 1 MiB read.
        let data = TemporaryFiles.randomData(count: 1_048_576 + 12_345)
        let url = try temporaryFile(data)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try await offPool { try SHA256.hex(ofFileAt: url) == SHA256.hex(of: data) })
    }

    @Test func emptyFileHasTheEmptyDigest() throws {
        let url = try temporaryFile(Data())
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(
            try SHA256.hex(ofFileAt: url)
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        )
    }

    @Test func missingFileThrows() {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-sha256-missing-\(UUID().uuidString)")
        #expect(throws: (any Error).self) { try SHA256.hex(ofFileAt: url) }
    }

    private func temporaryFile(_ data: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-sha256-\(UUID().uuidString).bin")
        try data.write(to: url)
        return url
    }
}
