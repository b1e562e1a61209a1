import Foundation

/// SHA-256 (FIPS 180-4) in plain Swift, for checking uploaded bytes against the loopback server's
/// digests; CryptoKit is not available on Linux.
package enum SHA256 {
    /// The lowercase hexadecimal digest of `data`.
    package static func hex(of data: Data) -> String {
        var context = Context()
        context.update(data)
        return context.finalizeHex()
    }

    /// The lowercase hexadecimal digest of the file at `url`, read 1 MiB at a time.
    package static func hex(ofFileAt url: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var context = Context()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            context.update(chunk)
        }
        return context.finalizeHex()
    }

    /// An incremental digest: feed it data in pieces of any size, then read the hex digest once.
    package struct Context {
        private var state: [UInt32] = [
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
            0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
        ]
        private var buffer: [UInt8] = []
        private var byteCount: UInt64 = 0

        /// An empty digest.
        package init() {}

        /// Appends `data` to the message.
        package mutating func update(_ data: Data) {
            byteCount &+= UInt64(data.count)
            data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                var bytes = raw[...]
                if !buffer.isEmpty {
                    let take = min(64 - buffer.count, bytes.count)
                    buffer.append(contentsOf: bytes.prefix(take))
                    bytes = bytes.dropFirst(take)
                    guard buffer.count == 64 else { return }
                    let block = buffer
                    block.withUnsafeBytes { compress($0) }
                    buffer.removeAll(keepingCapacity: true)
                }
                while bytes.count >= 64 {
                    compress(UnsafeRawBufferPointer(rebasing: bytes.prefix(64)))
                    bytes = bytes.dropFirst(64)
                }
                buffer.append(contentsOf: bytes)
            }
        }

        /// Pads the message and returns its lowercase hexadecimal digest; call it once, last.
        package mutating func finalizeHex() -> String {
            let bitLength = byteCount &* 8
            var tail = buffer
            tail.append(0x80)
            while tail.count % 64 != 56 { tail.append(0) }
            for shift in stride(from: 56, through: 0, by: -8) {
                tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
            }
            tail.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    compress(UnsafeRawBufferPointer(rebasing: raw[offset..<offset + 64]))
                    offset += 64
                }
            }
            buffer.removeAll()
            return state.map { word in
                let digits = String(word, radix: 16)
                return String(repeating: "0", count: 8 - digits.count) + digits
            }.joined()
        }

        /// One 64-byte block. Written for speed in debug builds too (tests run unoptimized): integer
        /// operators inline even at `-Onone`, function calls do not.
        private mutating func compress(_ block: UnsafeRawBufferPointer) {
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { buffer in
                Self.k.withUnsafeBufferPointer { constants in
                    let w = buffer.baseAddress!
                    let k = constants.baseAddress!
                    for t in 0..<16 {
                        w[t] = block.loadUnaligned(fromByteOffset: t &* 4, as: UInt32.self).bigEndian
                    }
                    for t in 16..<64 {
                        let x = w[t &- 15]
                        let y = w[t &- 2]
                        let s0 = (x &>> 7 | x &<< 25) ^ (x &>> 18 | x &<< 14) ^ (x &>> 3)
                        let s1 = (y &>> 17 | y &<< 15) ^ (y &>> 19 | y &<< 13) ^ (y &>> 10)
                        w[t] = w[t &- 16] &+ s0 &+ w[t &- 7] &+ s1
                    }
                    var a = state[0]
                    var b = state[1]
                    var c = state[2]
                    var d = state[3]
                    var e = state[4]
                    var f = state[5]
                    var g = state[6]
                    var h = state[7]
                    for t in 0..<64 {
                        let sum1 = (e &>> 6 | e &<< 26) ^ (e &>> 11 | e &<< 21) ^ (e &>> 25 | e &<< 7)
                        let choice = (e & f) ^ (~e & g)
                        let t1 = h &+ sum1 &+ choice &+ k[t] &+ w[t]
                        let sum0 = (a &>> 2 | a &<< 30) ^ (a &>> 13 | a &<< 19) ^ (a &>> 22 | a &<< 10)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        h = g
                        g = f
                        f = e
                        e = d &+ t1
                        d = c
                        c = b
                        b = a
                        a = t1 &+ sum0 &+ majority
                    }
                    state[0] &+= a
                    state[1] &+= b
                    state[2] &+= c
                    state[3] &+= d
                    state[4] &+= e
                    state[5] &+= f
                    state[6] &+= g
                    state[7] &+= h
                }
            }
        }

        private static let k: [UInt32] = [
            0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
            0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
            0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
            0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
            0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
            0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
            0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
            0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
            0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
            0xc671_78f2,
        ]
    }
}
