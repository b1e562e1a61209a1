#if canImport(Testing)
    import Courier
    import CourierTestSupport
    import Foundation
    import Testing

    /// What the fault server's `/ranged` route got for one key (`GET /ranged-log`).
    private struct RangedLog: Decodable {
        struct Request: Decodable {
            let range: String?
            let ifRange: String?
            let acceptEncoding: String?
            let status: Int

            enum CodingKeys: String, CodingKey {
                case range, status
                case ifRange = "if_range"
                case acceptEncoding = "accept_encoding"
            }
        }

        let requests: [Request]
    }

    /// The fault server's `/ranged` resource for `key`: the same URL for every attempt.
    private func ranged(_ key: String, size: Int, _ options: [(String, String)] = []) -> Endpoint<Data, Never>
    {
        Endpoint<Data, Never> {
            Method(.get)
            Path("ranged")
            Query("key", key)
            Query("size", size)
            for (name, value) in options { Query(name, value) }
        }
    }

    private func log(_ key: String, _ context: ConformanceContext) async throws -> [RangedLog.Request] {
        try await Client(baseURL: context.faults.primary).value(
            Endpoint<RangedLog, Never> {
                Method(.get)
                Path("ranged-log")
                Query("key", key)
            }
        ).requests
    }

    /// The server's second version of a resource: byte `i` is `(i + 1) % 251`.
    private func secondVersion(_ count: Int) -> Data {
        FaultServer.pattern(count + 1).dropFirst()
    }

    extension ConformanceCase {
        static let rangeCases: [ConformanceCase] = [
            ConformanceCase(.files, "anInterruptedDownloadResumesWithTheRestOnly") { context in
                try await context.withClient { client in
                    let (key, size) = (FaultServer.uniqueKey(), 3 << 20 + 5)
                    let endpoint = ranged(key, size: size, [("drop_first", "\(1 << 20)")])
                    let destination = context.directory.appendingPathComponent("resumed.bin")
                    await expectCourierError(.truncatedResponse) {
                        try await client.download(endpoint, to: destination, resumable: true)
                    }
                    // The bytes that arrived are kept beside the destination, with their validator.
                    #expect(
                        try context.leftovers() == [
                            ".resumed.bin.courier-partial", ".resumed.bin.courier-partial.resume",
                        ])
                    let kept = try Data(
                        contentsOf: context.directory.appendingPathComponent(".resumed.bin.courier-partial"))
                    #expect(kept.count > 0 && kept.count <= 1 << 20)
                    #expect(kept == FaultServer.pattern(kept.count))

                    let response = try await client.download(endpoint, to: destination, resumable: true)
                    #expect(response.status.code == 206)
                    #expect(
                        try SHA256.hex(ofFileAt: destination) == SHA256.hex(of: FaultServer.pattern(size)))
                    #expect(try context.leftovers() == ["resumed.bin"])
                    let requests = try await log(key, context)
                    #expect(requests.map(\.status) == [200, 206])
                    #expect(requests.last?.range == "bytes=\(kept.count)-")
                    #expect(requests.last?.ifRange == #""v1""#)
                    #expect(requests.allSatisfy { $0.acceptEncoding == "identity" })
                }
            },
            ConformanceCase(.files, "aDownloadThatRunsOutOfItsTotalTimeoutHasKeptItsBytesWhenItsErrorArrives")
            {
                context in
                // The total timeout is Courier's own: the call is cancelled and its transport lets
                // go of the file after the deadline. Calling again at once must find the bytes.
                // The idle timeout, which the transport enforces itself, must not come first.
                let configuration = Client.Configuration(timeout: Timeout(.seconds(3), idle: .seconds(60)))
                try await context.withClient(configuration: configuration) { client in
                    let (key, size, sent) = (FaultServer.uniqueKey(), 1 << 20, 1 << 16)
                    let endpoint = ranged(key, size: size, [("stall_first", "\(sent)")])
                    let destination = context.directory.appendingPathComponent("stalled.bin")
                    let error = await expectCourierError(.timedOut) {
                        try await client.download(endpoint, to: destination, resumable: true)
                    }
                    #expect(
                        error?.message.hasSuffix(
                            "; the bytes received so far are kept to resume the download.")
                            == true)
                    #expect(
                        try context.leftovers() == [
                            ".stalled.bin.courier-partial", ".stalled.bin.courier-partial.resume",
                        ])
                    let kept = try Data(
                        contentsOf: context.directory.appendingPathComponent(".stalled.bin.courier-partial"))
                    #expect(kept == FaultServer.pattern(sent))

                    let response = try await client.download(endpoint, to: destination, resumable: true)
                    #expect(response.status.code == 206)
                    #expect(
                        try SHA256.hex(ofFileAt: destination) == SHA256.hex(of: FaultServer.pattern(size)))
                    #expect(try context.leftovers() == ["stalled.bin"])
                    let requests = try await log(key, context)
                    #expect(requests.map(\.status) == [200, 206])
                    #expect(requests.last?.range == "bytes=\(sent)-")
                }
            },
            ConformanceCase(.files, "aResumedDownloadStartsOverWhenTheResourceChanged") { context in
                try await context.withClient { client in
                    let (key, size) = (FaultServer.uniqueKey(), 1 << 20)
                    let endpoint = ranged(
                        key, size: size, [("drop_first", "\(size / 2)"), ("change_after", "2")])
                    let destination = context.directory.appendingPathComponent("changed.bin")
                    await expectCourierError(.truncatedResponse) {
                        try await client.download(endpoint, to: destination, resumable: true)
                    }
                    let response = try await client.download(endpoint, to: destination, resumable: true)
                    #expect(response.status == .ok)
                    // Only the second version's bytes: never a file stitched from two versions.
                    #expect(try Data(contentsOf: destination) == secondVersion(size))
                    #expect(try context.leftovers() == ["changed.bin"])
                    #expect(try await log(key, context).map(\.status) == [200, 200])
                }
            },
            ConformanceCase(.files, "aServerThatIgnoresRangesSendsTheWholeBodyAgain") { context in
                try await context.withClient { client in
                    let (key, size) = (FaultServer.uniqueKey(), 1 << 20)
                    let endpoint = ranged(
                        key, size: size, [("drop_first", "\(size / 3)"), ("ranges", "ignore")])
                    let destination = context.directory.appendingPathComponent("whole.bin")
                    await expectCourierError(.truncatedResponse) {
                        try await client.download(endpoint, to: destination, resumable: true)
                    }
                    _ = try await client.download(endpoint, to: destination, resumable: true)
                    #expect(try Data(contentsOf: destination) == FaultServer.pattern(size))
                    #expect(try context.leftovers() == ["whole.bin"])
                    let requests = try await log(key, context)
                    #expect(requests.map(\.status) == [200, 200])
                    #expect(requests.last?.range != nil)
                }
            },
            ConformanceCase(.files, "aDownloadWithoutAStrongValidatorKeepsNothingToResume") { context in
                try await context.withClient { client in
                    let destination = context.directory.appendingPathComponent("plain.bin")
                    let truncated = FaultServer.bytes(
                        "truncate", key: FaultServer.uniqueKey(), [("size", "100000"), ("send", "40000")])
                    await expectCourierError(.truncatedResponse) {
                        try await client.download(truncated, to: destination, resumable: true)
                    }
                    let leftovers = try context.leftovers()
                    #expect(leftovers.isEmpty)
                }
            },
            ConformanceCase(.wire, "aConditionalWriteTheServerRefusesIsAPreconditionFailure") { context in
                try await context.withClient { client in
                    let tag = try #require(EntityTag(#""v7""#))
                    let key = FaultServer.uniqueKey()
                    let write = Endpoint<Empty, Never> {
                        Method(.put)
                        Path("status", "412")
                        Header.ifMatch(tag)
                        Header("X-Count-Key", key)
                    }
                    let error = await expectCourierError(.preconditionFailed) { try await client.send(write) }
                    #expect(error?.response?.status.code == 412)
                    let counts = try await context.faults.counts(key)
                    #expect(counts.requests.map { $0.header("If-Match") } == [#""v7""#])
                }
            },
        ]
    }
#endif
