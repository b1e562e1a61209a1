#if canImport(Testing)
    import Courier
    import CourierTestSupport
    import Foundation
    import Testing

    extension ConformanceCase {
        static let framingCases: [ConformanceCase] = [
            ConformanceCase(.framing, "aTruncatedBodyIsATruncatedResponseNotAPartialSuccess") { context in
                try await context.withClient { client in
                    let key = FaultServer.uniqueKey()
                    let error = try await failure(
                        of: FaultServer.bytes("truncate", key: key, [("size", "1000"), ("send", "400")]),
                        with: client)
                    #expect(error.kind == .truncatedResponse, "\(error)")
                    #expect(error.response == nil)
                    #expect(error.underlying != nil, "the transport's own error is kept for diagnosis")
                    try await context.faults.expectCounts(key, received: 1...1)
                }
            },
            ConformanceCase(.framing, "aResetMidBodyIsATruncatedResponse") { context in
                try await context.withClient { client in
                    let key = FaultServer.uniqueKey()
                    let error = try await failure(
                        of: FaultServer.bytes("reset", key: key, [("size", "100000"), ("send", "1000")]),
                        with: client)
                    #expect(error.kind == .truncatedResponse, "\(error)")
                    try await context.faults.expectCounts(key, received: 1...1)
                }
            },
            ConformanceCase(.framing, "conflictingContentLengthsAreAnInvalidResponse") { context in
                try await context.withClient { client in
                    for route in ["content-length/conflicting", "content-length/list"] {
                        let key = FaultServer.uniqueKey()
                        let error = try await failure(of: FaultServer.bytes(route, key: key), with: client)
                        #expect(error.kind == .invalidResponse, "\(route): \(error)")
                        #expect(error.message.contains("conflicting"), "\(route): \(error.message)")
                        try await context.faults.expectCounts(key, received: 1...1)
                    }
                }
            },
            ConformanceCase(.framing, "repeatedEqualContentLengthsFrameTheBodyOrAreRefused") { context in
                // RFC 9110 §8.6 lets a recipient either reject `Content-Length: 10` sent twice or
                // read it as one; either way the body is never framed by a guess.
                try await context.withClient { client in
                    let result = await outcome(
                        FaultServer.bytes("content-length/duplicate-same", key: FaultServer.uniqueKey()),
                        with: client)
                    if let error = result.failure {
                        #expect(error.kind == .invalidResponse, "\(error)")
                    } else {
                        #expect(result.success?.value == FaultServer.pattern(10))
                    }
                }
            },
            ConformanceCase(.framing, "aChunkedBodyArrivesWhole") { context in
                try await context.withClient { client in
                    let response = try await client.send(
                        FaultServer.bytes("chunked/ok", key: FaultServer.uniqueKey(), [("size", "100000")]))
                    #expect(response.value == FaultServer.pattern(100_000))
                }
            },
            ConformanceCase(.framing, "aBodyEndedByTheConnectionsCloseArrivesWhole") { context in
                // RFC 9112 §6.3, rule 8: without Content-Length or Transfer-Encoding, the body is
                // everything until the server closes the connection.
                try await context.withClient { client in
                    let key = FaultServer.uniqueKey()
                    let response = try await client.send(
                        FaultServer.bytes("close-delimited", key: key, [("size", "100000")]))
                    #expect(response.value == FaultServer.pattern(100_000))
                    try await context.faults.expectCounts(key, received: 1...1)
                }
            },
            ConformanceCase(.framing, "aBodyEndedByTheConnectionsResetIsATruncatedResponse") { context in
                // Only a clean close ends such a body: a reset may have cut it anywhere.
                try await context.withClient { client in
                    let key = FaultServer.uniqueKey()
                    let error = try await failure(
                        of: FaultServer.bytes(
                            "close-delimited", key: key, [("size", "100000"), ("end", "reset")]),
                        with: client)
                    #expect(error.kind == .truncatedResponse, "\(error)")
                    #expect(error.response == nil)
                    try await context.faults.expectCounts(key, received: 1...1)
                }
            },
            ConformanceCase(.framing, "aChunkedBodyWithTrailerFieldsArrivesWhole") { context in
                // RFC 9112 §7.1.2: trailer fields may follow the last chunk, announced or not;
                // the body is the chunks' data, and the response is a success.
                try await context.withClient { client in
                    let response = try await client.send(
                        FaultServer.bytes(
                            "chunked/trailer", key: FaultServer.uniqueKey(), [("size", "10000")]))
                    #expect(response.status == .ok)
                    #expect(response.value == FaultServer.pattern(10_000))
                }
            },
            ConformanceCase(.framing, "aChunkedBodyWithoutItsLastChunkIsATruncatedResponse") { context in
                try await context.withClient { client in
                    let key = FaultServer.uniqueKey()
                    let error = try await failure(
                        of: FaultServer.bytes(
                            "chunked/truncated", key: key, [("size", "10000"), ("send", "5000")]),
                        with: client)
                    #expect(error.kind == .truncatedResponse, "\(error)")
                    try await context.faults.expectCounts(key, received: 1...1)
                }
            },
            ConformanceCase(.framing, "aMalformedChunkIsNeverASuccess") { context in
                // What every transport must do, whatever kind it reports (the case below pins it).
                try await context.withClient { client in
                    let error = try await failure(
                        of: FaultServer.bytes("chunked/bad-size", key: FaultServer.uniqueKey()), with: client)
                    #expect([.invalidResponse, .truncatedResponse].contains(error.kind), "\(error)")
                }
            },
            ConformanceCase(.framing, "aChunkSizeThatIsNotHexIsAnInvalidResponse") { context in
                try await context.withClient { client in
                    let error = try await failure(
                        of: FaultServer.bytes("chunked/bad-size", key: FaultServer.uniqueKey()), with: client)
                    #expect(error.kind == .invalidResponse, "\(error)")
                }
            },
            ConformanceCase(.framing, "chunkLinesEndedByABareLFNeverGiveAnotherBody") { context in
                // What every transport must do: refuse them, or read them as the chunks they were
                // meant to be (the case below pins refusing).
                try await context.withClient { client in
                    let result = await outcome(
                        FaultServer.bytes("chunked/lf-only", key: FaultServer.uniqueKey()), with: client)
                    if let error = result.failure {
                        #expect(error.kind == .invalidResponse, "\(error)")
                    } else {
                        #expect(result.success?.value == FaultServer.pattern(1000))
                    }
                }
            },
            ConformanceCase(.framing, "chunkLinesEndedByABareLFAreAnInvalidResponse") { context in
                // RFC 9112 §7.1 ends chunk lines with CRLF; accepting a bare LF there is how
                // request smuggling starts when two parsers disagree.
                try await context.withClient { client in
                    let error = try await failure(
                        of: FaultServer.bytes("chunked/lf-only", key: FaultServer.uniqueKey()), with: client)
                    #expect(error.kind == .invalidResponse, "\(error)")
                }
            },
            ConformanceCase(.framing, "aStatusLineWithoutAReasonPhraseIsRead") { context in
                // RFC 9112 §4: the reason phrase may be empty, and a client ignores it. Without the
                // space before it the line breaks the grammar; reading it is a leniency servers
                // that drop the space rely on.
                try await context.withClient { client in
                    for form in ["empty-reason", "no-reason"] {
                        let response = try await client.send(
                            FaultServer.bytes(
                                "status-line", key: FaultServer.uniqueKey(), [("form", form)]))
                        #expect(response.status == .ok, "\(form)")
                        #expect(response.value == FaultServer.pattern(10), "\(form)")
                    }
                }
            },
            ConformanceCase(.framing, "aStatusLineNotNamingHTTPIsAnInvalidResponse") { context in
                // RFC 9112 §2.3: the protocol name is "HTTP", case-sensitively.
                try await context.withClient { client in
                    let error = try await failure(
                        of: FaultServer.bytes(
                            "status-line", key: FaultServer.uniqueKey(), [("form", "lowercase-version")]),
                        with: client)
                    #expect(error.kind == .invalidResponse, "\(error)")
                }
            },
            ConformanceCase(.framing, "aStatusOutsideTheDefinedRangeArrivesAsSent") { context in
                // RFC 9110 §15: 999 is outside 100-599, so invalid; the caller sees it (a raw
                // response is a leniency), and a typed send does not take it for a success.
                try await context.withClient { client in
                    let endpoint = FaultServer.bytes(
                        "status-line", key: FaultServer.uniqueKey(), [("form", "code-999")])
                    let raw = try await client.rawResponse(endpoint)
                    #expect(raw.status.code == 999)
                    #expect(raw.body == FaultServer.pattern(10))
                    let error = try await failure(of: endpoint, with: client)
                    #expect(error.response?.status.code == 999, "\(error)")
                }
            },
            ConformanceCase(.framing, "interimResponsesAreSkippedAndLendTheFinalOneNoFields") { context in
                // RFC 9110 §15.2: a client reads past 1xx responses to the final one; the fields
                // of a 103 Early Hints are hints, not the response's.
                try await context.withClient { client in
                    let response = try await client.send(
                        FaultServer.bytes("interim", key: FaultServer.uniqueKey(), [("kind", "hints")]))
                    #expect(response.status == .ok)
                    #expect(response.value == FaultServer.pattern(10))
                    #expect(response.headers["X-Hint"] == nil)
                    #expect(response.headers.values(for: .contentType) == ["application/octet-stream"])
                }
            },
            ConformanceCase(.framing, "aSwitchOfProtocolsNobodyAskedForIsAnInvalidResponseAtOnce") {
                context in
                // RFC 9110 §7.8: a server switches only to a protocol the request offered, and
                // Courier offers none. The server then holds the connection open for 30 s; the
                // call fails when the 101 arrives, not when the connection closes.
                try await context.withClient { client in
                    let clock = ContinuousClock()
                    let start = clock.now
                    let error = try await failure(
                        of: FaultServer.bytes("interim", key: FaultServer.uniqueKey(), [("kind", "switch")]),
                        with: client)
                    #expect(error.kind == .invalidResponse, "\(error)")
                    #expect(clock.now - start < .seconds(20))
                }
            },
            ConformanceCase(.framing, "aNoContentOrNotModifiedWithALengthHasNoBody") { context in
                // RFC 9112 §6.3: a 204 or 304 has no body whatever its Content-Length says; the
                // next request is answered in full.
                try await context.withClient { client in
                    for status in [204, 304] {
                        let raw = try await client.rawResponse(
                            FaultServer.bytes(
                                "bodiless-length", key: FaultServer.uniqueKey(), [("status", "\(status)")]))
                        #expect(raw.status.code == status)
                        #expect(raw.body.isEmpty)
                    }
                    let next = try await client.send(
                        FaultServer.bytes("ok", key: FaultServer.uniqueKey(), [("size", "100")]))
                    #expect(next.value == FaultServer.pattern(100))
                }
            },
            ConformanceCase(.framing, "bytesThatAreNotHTTPAreAnInvalidResponse") { context in
                try await context.withClient { client in
                    let key = FaultServer.uniqueKey()
                    let error = try await failure(of: FaultServer.bytes("not-http", key: key), with: client)
                    #expect(error.kind == .invalidResponse, "\(error)")
                    try await context.faults.expectCounts(key, received: 1...1)
                }
            },
            ConformanceCase(.framing, "aHeaderFloodIsAnInvalidResponseAndAModestOneArrives") { context in
                try await context.withClient { client in
                    // 10,000 headers of 100 bytes: 1 MB of response head; 300 of them, 36 KB, are
                    // within every transport's limit (AsyncHTTPClient's parser allows 80 KiB).
                    let flood = try await failure(
                        of: FaultServer.bytes("header-flood", key: FaultServer.uniqueKey()), with: client)
                    #expect(flood.kind == .invalidResponse, "\(flood)")
                    #expect(flood.message.contains("headers"), "\(flood.message)")
                    let modest = try await client.send(
                        FaultServer.bytes(
                            "header-flood", key: FaultServer.uniqueKey(), [("count", "300"), ("size", "100")])
                    )
                    #expect(modest.headers.values(for: HeaderName("X-Flood-299")).count == 1)
                }
            },
            ConformanceCase(.framing, "oneHugeHeaderIsAnInvalidResponse") { context in
                try await context.withClient { client in
                    // One header of 1 MB.
                    let huge = try await failure(
                        of: FaultServer.bytes(
                            "big-header", key: FaultServer.uniqueKey(), [("size", "1000000")]), with: client)
                    #expect(huge.kind == .invalidResponse, "\(huge)")
                }
            },
            ConformanceCase(.framing, "oneHugeHeaderIsRefusedInASentenceThatNamesTheHeaders") { context in
                try await context.withClient { client in
                    let huge = try await failure(
                        of: FaultServer.bytes(
                            "big-header", key: FaultServer.uniqueKey(), [("size", "1000000")]), with: client)
                    #expect(huge.message.contains("headers"), "\(huge.message)")
                }
            },
            ConformanceCase(.framing, "aHeaderOfSixteenKilobytesArrives") { context in
                try await context.withClient { client in
                    let response = try await client.send(
                        FaultServer.bytes("big-header", key: FaultServer.uniqueKey(), [("size", "16000")]))
                    #expect(response.value == Data("{}".utf8))
                    #expect(response.headers["X-Big"]?.utf8.count == 16000)
                }
            },
        ]
    }
#endif
