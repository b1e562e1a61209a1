#if canImport(Testing)
    import Courier
    import CourierTestSupport
    import Foundation
    import Testing

    /// A fault-server route as a download endpoint, with `/status/<code>` documented as its error.
    private func download(_ path: String, size: Int? = nil, send: Int? = nil) -> Endpoint<
        Data, FaultServer.Status
    > {
        Endpoint<Data, FaultServer.Status> {
            Method(.get)
            Path(segments: path.split(separator: "/").map { String($0) })
            if let size { Query("size", size) }
            if let send { Query("send", send) }
        }
    }

    extension ConformanceCase {
        static let fileCases: [ConformanceCase] = [
            ConformanceCase(.files, "aDownloadIsWrittenToItsFileByteForByte") { context in
                try await context.withClient { client in
                    let size = 3 * 1024 * 1024 + 17
                    let destination = context.directory.appendingPathComponent("body.bin")
                    let response = try await client.download(
                        download("download", size: size), to: destination)
                    #expect(response.value == destination)
                    #expect(response.body.isEmpty)
                    #expect(try Data(contentsOf: destination) == FaultServer.pattern(size))
                    #expect(try context.leftovers() == ["body.bin"])
                }
            },
            ConformanceCase(.files, "aTruncatedDownloadLeavesTheDestinationAsItWas") { context in
                try await context.withClient { client in
                    let destination = context.directory.appendingPathComponent("partial.bin")
                    try Data("previous".utf8).write(to: destination)
                    await expectCourierError(.truncatedResponse) {
                        try await client.download(
                            download("truncate", size: 100_000, send: 40_000), to: destination)
                    }
                    // The earlier file is untouched and no temporary file remains.
                    #expect(try Data(contentsOf: destination) == Data("previous".utf8))
                    #expect(try context.leftovers() == ["partial.bin"])
                }
            },
            ConformanceCase(.files, "aDownloadAMiddlewareRejectsLeavesTheDestinationAsItWas") { context in
                let validation = ValidationMiddleware(ResponseValidation(contentTypes: [.json]))
                try await context.withClient(middleware: [validation]) { client in
                    let destination = context.directory.appendingPathComponent("kept.bin")
                    try Data("previous".utf8).write(to: destination)
                    await expectCourierError(.unacceptableContentType) {
                        try await client.download(download("download", size: 1000), to: destination)
                    }
                    #expect(try Data(contentsOf: destination) == Data("previous".utf8))
                    #expect(try context.leftovers() == ["kept.bin"])
                }
            },
            ConformanceCase(.files, "aDocumentedErrorDecodesAndWritesNoFile") { context in
                try await context.withClient { client in
                    let destination = context.directory.appendingPathComponent("missing.bin")
                    let response = try await client.download(download("status/404"), to: destination)
                    #expect(response.status == .notFound)
                    #expect(response.result.failure == FaultServer.Status(code: 404))
                    #expect(try context.leftovers().isEmpty)
                }
            },
            ConformanceCase(.files, "aDownloadOverItsLimitFailsAndLeavesNoFile") { context in
                try await context.withClient(.init(responseLimit: 1024, downloadLimit: 1024 * 1024)) {
                    client in
                    let destination = context.directory.appendingPathComponent("big.bin")
                    await expectCourierError(.responseTooLarge) {
                        try await client.download(
                            download("download", size: 2 * 1024 * 1024), to: destination)
                    }
                    #expect(try context.leftovers().isEmpty)
                    // The download limit, not the memory limit, bounds a file: 1 MiB fits.
                    let fits = try await client.download(
                        download("download", size: 1024 * 1024), to: destination)
                    #expect(fits.value == destination)
                }
            },
            ConformanceCase(.files, "aCompressedDownloadDecodesUpToTheDownloadLimit") { context in
                try await context.withClient(.init(responseLimit: 1 << 20, downloadLimit: 4 << 20)) {
                    client in
                    let destination = context.directory.appendingPathComponent("gzip.bin")
                    let gzip = FaultServer.bytes(
                        "gzip", key: FaultServer.uniqueKey(), [("size", "\(3 << 20)")])
                    let downloaded = try await client.download(gzip, to: destination)
                    #expect(downloaded.value == destination)
                    #expect(try Data(contentsOf: destination) == FaultServer.pattern(3 << 20))
                    // In memory, the same body is over the limit.
                    let error = try await failure(of: gzip, with: client)
                    #expect(error.kind == .responseTooLarge, "\(error)")
                }
            },
            ConformanceCase(.files, "downloadProgressIsMonotonicAndEndsAtTheTotal") { context in
                try await context.withClient { client in
                    let size = 2 * 1024 * 1024
                    let destination = context.directory.appendingPathComponent("progress.bin")
                    let transfer = client.transfer(
                        download("download", size: size), downloadingTo: destination)
                    var reports: [TransferProgress] = []
                    for await progress in transfer.progress { reports.append(progress) }
                    let response = try await transfer.value
                    #expect(response.value == destination)
                    let downloads = reports.filter { $0.direction == .download }
                    #expect(downloads.count >= 2)
                    #expect(downloads.allSatisfy { $0.expectedBytes == Int64(size) })
                    #expect(
                        zip(downloads, downloads.dropFirst()).allSatisfy {
                            $0.completedBytes <= $1.completedBytes
                        })
                    #expect(downloads.last?.completedBytes == Int64(size))
                    #expect(downloads.last?.fractionCompleted == 1)
                }
            },
            ConformanceCase(.files, "aCompressedBodyReportsNoTotalButEveryDecodedByte") { context in
                try await context.withClient { client in
                    let transfer = client.transfer(download("gzip", size: 200_000))
                    var reports: [TransferProgress] = []
                    for await progress in transfer.progress { reports.append(progress) }
                    let body = try await transfer.value.value
                    #expect(body == FaultServer.pattern(200_000))
                    let downloads = reports.filter { $0.direction == .download }
                    // Content-Length counts compressed bytes, so it is no total for decoded ones.
                    #expect(downloads.allSatisfy { $0.expectedBytes == nil && $0.fractionCompleted == nil })
                    #expect(downloads.last?.completedBytes == 200_000)
                }
            },
            ConformanceCase(.files, "uploadProgressReachesTheBodyLength") { context in
                try await context.withClient { client in
                    let size = 4 * 1024 * 1024
                    let transfer = client.transfer(
                        Endpoint<FaultServer.SinkReport, Never> {
                            Method(.post)
                            Path("upload-sink")
                            Body.data(FaultServer.pattern(size))
                        })
                    var reports: [TransferProgress] = []
                    for await progress in transfer.progress { reports.append(progress) }
                    let report = try #require(try await transfer.value.value)
                    #expect(report.size == size)
                    let uploads = reports.filter { $0.direction == .upload }
                    #expect(!uploads.isEmpty)
                    #expect(uploads.last?.completedBytes == Int64(size))
                    #expect(uploads.last?.expectedBytes == Int64(size))
                }
            },
            ConformanceCase(.files, "aFileBodyIsStreamedWithItsLength") { context in
                let file = context.directory.appendingPathComponent("upload.bin")
                let size = 3 * 1024 * 1024 + 5
                try FaultServer.pattern(size).write(to: file)
                try await context.withClient { client in
                    let key = FaultServer.uniqueKey()
                    let transfer = client.transfer(
                        Endpoint<FaultServer.SinkReport, Never> {
                            Method(.put)
                            Path("upload-sink")
                            Header("X-Count-Key", key)
                            Body.file(file)
                        })
                    var reports: [TransferProgress] = []
                    for await progress in transfer.progress { reports.append(progress) }
                    let report = try #require(try await transfer.value.value)
                    #expect(report.size == size)
                    // Hashed off Swift's cooperative pool, where the other cases' timers run.
                    let expected = try await offPool { SHA256.hex(of: FaultServer.pattern(size)) }
                    #expect(report.sha256 == expected)
                    let counted = try await context.faults.counts(key)
                    #expect(counted.requests.first?.header("Content-Length") == "\(size)")
                    let uploads = reports.filter { $0.direction == .upload }
                    // Streamed: reported chunk by chunk, not once at the end.
                    #expect(uploads.count > 1, "\(uploads.count) upload reports")
                    #expect(
                        uploads.last
                            == TransferProgress(
                                direction: .upload, completedBytes: Int64(size), expectedBytes: Int64(size)))
                }
            },
            ConformanceCase(.files, "cancellingATransferStopsItAndLeavesNoFile") { context in
                // No total timeout to end the stall instead: only the cancellation can end it
                // before the server sends the rest after 30 s.
                let patient = Client.Configuration(timeout: Timeout(idle: .seconds(60)))
                try await context.withClient(configuration: patient) { client in
                    let destination = context.directory.appendingPathComponent("cancelled.bin")
                    let transfer = client.transfer(
                        Endpoint<Data, Never> {
                            Method(.get)
                            Path("stall-body")
                            Query("size", 1_000_000)
                            Query("send", 100_000)
                            Query("seconds", 30)
                        },
                        downloadingTo: destination)
                    for await progress in transfer.progress where progress.completedBytes > 0 {
                        transfer.cancel()
                        break
                    }
                    let start = ContinuousClock.now
                    await expectCourierError(.cancelled) {
                        try await transfer.value
                    }
                    // Under 0.7 s even at load 12; the server would send the rest after 30 s.
                    #expect(ContinuousClock.now - start < .seconds(15))
                    let leftovers = try context.leftovers()
                    #expect(leftovers.isEmpty)
                }
            },
        ]
    }
#endif
