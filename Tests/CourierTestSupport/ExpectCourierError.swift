// Only where Swift Testing exists: a plain `swift build` compiles this target too.
#if canImport(Testing)
    import Courier
    import Testing

    /// Expects `body` to throw a ``CourierError`` of `kind` (and at `stage`, when given), and returns
    /// the error for further checks; records an issue when it returns or throws anything else.
    ///
    /// ```swift
    /// let error = await expectCourierError(.timedOut, stage: .transport) {
    ///     try await client.send(API.slow)
    /// }
    /// #expect(error?.message == "The request did not complete within its timeout of 1.0 seconds.")
    /// ```
    @discardableResult
    package func expectCourierError<Value>(
        _ kind: CourierError.Kind, stage: CourierError.Stage? = nil,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws -> Value
    ) async -> CourierError? {
        let error = await #expect(throws: CourierError.self, sourceLocation: sourceLocation) {
            _ = try await body()
        }
        guard let error else { return nil }
        #expect(error.kind == kind, sourceLocation: sourceLocation)
        if let stage {
            #expect(error.stage == stage, sourceLocation: sourceLocation)
        }
        return error
    }

    /// Expects `body` to throw a ``CourierError`` of `kind` (and at `stage`, when given), and returns
    /// the error for further checks; the synchronous form of the function above.
    @discardableResult
    package func expectCourierError<Value>(
        _ kind: CourierError.Kind, stage: CourierError.Stage? = nil,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws -> Value
    ) -> CourierError? {
        let error = #expect(throws: CourierError.self, sourceLocation: sourceLocation) {
            _ = try body()
        }
        guard let error else { return nil }
        #expect(error.kind == kind, sourceLocation: sourceLocation)
        if let stage {
            #expect(error.stage == stage, sourceLocation: sourceLocation)
        }
        return error
    }
#endif
