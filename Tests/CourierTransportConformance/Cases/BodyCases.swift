#if canImport(Testing)
    import Courier
    import CourierTestSupport
    import Foundation
    import Testing

    extension ConformanceCase {
        static let bodyCases: [ConformanceCase] = [
            ConformanceCase(.bodies, "anHonestGzipBodyArrivesDecoded") { context in
                try await context.withClient { client in
                    let response = try await client.send(
                        FaultServer.bytes("gzip", key: FaultServer.uniqueKey(), [("size", "70000")]))
                    #expect(response.value == FaultServer.pattern(70_000))
                }
            },
            ConformanceCase(.bodies, "everyContentCodingIsDecodedOrTheResponseRefused") { context in
                // RFC 9110 §8.4: the codings are listed in the order they were applied. A body
                // arrives fully decoded, or the response fails typed: never a success whose body
                // is still encoded.
                func encoded(_ codings: String) -> Endpoint<Data, Never> {
                    FaultServer.bytes(
                        "encoded", key: FaultServer.uniqueKey(), [("codings", codings), ("size", "5000")])
                }
                let stacks = [
                    "gzip, gzip", "deflate, gzip", Array(repeating: "gzip", count: 10).joined(separator: ","),
                    "x-unknown", "gzip, x-unknown", "identity, gzip",
                ]
                try await context.withClient { client in
                    #expect(try await client.value(encoded("deflate")) == FaultServer.pattern(5000))
                    for codings in stacks {
                        do {
                            let body = try await client.value(encoded(codings))
                            #expect(body == FaultServer.pattern(5000), "\(codings): still encoded")
                        } catch let error as CourierError {
                            #expect(error.kind == .unsupportedContentCoding, "\(codings): \(error)")
                        }
                    }
                }
            },
            ConformanceCase(.bodies, "aGzipBodyCutShortIsNeverASuccess") { context in
                // RFC 1951 §3.2.3 and RFC 1952 §2.2: a gzip stream ends with its final block and
                // its member's CRC-32 and size. The first half of one, framed whole by its
                // Content-Length (as a server that died mid-body and closed sends it), fails:
                // never a success with what decoded of it.
                try await context.withClient { client in
                    do {
                        let body = try await client.value(Self.gzip(70_000, damage: "cut"))
                        Issue.record("a success with \(body.count) of 70000 bytes")
                    } catch let error as CourierError {
                        #expect(error.kind == .invalidResponse, "\(error)")
                    }
                }
            },
            ConformanceCase(.bodies, "aGzipBodyThatDoesNotDecodeIsAnInvalidResponse") { context in
                // A wrong CRC-32, or bytes that are not gzip, fail as an invalid response, not as
                // a connection that closed early. Two members are one gzip body (RFC 1952 §2.2):
                // it arrives whole, or fails typed.
                try await context.withClient { client in
                    for damage in ["crc", "plain"] {
                        do {
                            let body = try await client.value(Self.gzip(70_000, damage: damage))
                            Issue.record("\(damage): a success with \(body.count) bytes")
                        } catch let error as CourierError {
                            #expect(error.kind == .invalidResponse, "\(damage): \(error)")
                        }
                    }
                    do {
                        #expect(
                            try await client.value(Self.gzip(70_000, damage: "members"))
                                == FaultServer.pattern(70_000))
                    } catch let error as CourierError {
                        #expect(error.kind == .invalidResponse, "members: \(error)")
                    }
                }
            },
            ConformanceCase(.bodies, "aGzipBombIsRefusedAtTheLimitAndTheClientGoesOn") { context in
                // 64 MiB here. `Benchmarks/run transport-faults` sends a 1 GiB one to each
                // transport and times the next request, `Benchmarks/run gzip-bomb` measures the
                // memory. (URLSession on Linux goes on inflating a refused bomb on the queue all its
                // sessions share, which would stall the other cases running beside this one.)
                try await context.withClient(.init(responseLimit: 8 * 1024 * 1024)) { client in
                    let key = FaultServer.uniqueKey()
                    let error = try await failure(
                        of: FaultServer.bytes("gzip-bomb", key: key, [("size", "\(64 << 20)")]), with: client)
                    #expect(error.kind == .responseTooLarge, "\(error)")
                    let next = try await client.value(FaultServer.bytes("json", key: key))
                    #expect(next == Data(#"{"id": 42, "name": "Ada"}"#.utf8))
                    try await context.faults.expectCounts(key, received: 2...2)
                }
            },
            ConformanceCase(.bodies, "aBodyOverTheLimitIsRefusedAndOneUnderItArrives") { context in
                try await context.withClient(.init(responseLimit: 1024 * 1024)) { client in
                    let small = try await client.send(
                        FaultServer.bytes(
                            "download", key: FaultServer.uniqueKey(), [("size", "\(1024 * 1024)")]))
                    #expect(small.value?.count == 1024 * 1024)
                    // Announced as 1 GiB: refused at its head, long before it could arrive.
                    let error = try await failure(
                        of: FaultServer.bytes(
                            "download", key: FaultServer.uniqueKey(), [("size", "\(1 << 30)")]), with: client)
                    #expect(error.kind == .responseTooLarge, "\(error)")
                    #expect(error.stage == .transport)
                    #expect(error.message == "The response body exceeded the limit of 1048576 bytes.")
                    // Unannounced: chunked, and refused once the limit is crossed.
                    let chunked = try await failure(
                        of: FaultServer.bytes(
                            "chunked/ok", key: FaultServer.uniqueKey(), [("size", "\(3 << 20)")]),
                        with: client)
                    #expect(chunked.kind == .responseTooLarge, "\(chunked)")
                    // The client goes on.
                    let next = try await client.value(FaultServer.bytes("ok", key: FaultServer.uniqueKey()))
                    #expect(next == FaultServer.pattern(16))
                }
            },
            ConformanceCase(.bodies, "invalidJSONIsADecodingErrorWithTheRawBody") { context in
                struct User: Decodable, Sendable { let id: Int }
                try await context.withClient { client in
                    let error = try await failure(
                        of: Endpoint<User, Never> {
                            Method(.get)
                            Path("invalid-json")
                        }, with: client)
                    #expect(error.stage == .decoding)
                    #expect(error.response?.body == Data(#"{"id": 4"#.utf8))
                }
            },
            ConformanceCase(.bodies, "invalidUTF8IsADecodingErrorNotReplacementCharacters") { context in
                try await context.withClient { client in
                    let error = try await failure(
                        of: Endpoint<String, Never> {
                            Method(.get)
                            Path("invalid-utf8")
                        }, with: client)
                    #expect(error.stage == .decoding)
                    #expect(error.response?.body == Data([0x63, 0x61, 0x66, 0xC3, 0x20, 0xFF, 0xFE]))
                }
            },
        ]

        /// `/gzip` of `size` pattern bytes, damaged as the fault server's `damage` parameter says.
        static func gzip(_ size: Int, damage: String) -> Endpoint<Data, Never> {
            FaultServer.bytes(
                "gzip", key: FaultServer.uniqueKey(), [("size", "\(size)"), ("damage", damage)])
        }
    }
#endif
