#if canImport(Testing)
    import Courier
    import CourierTestSupport
    import Foundation
    import Testing

    /// ``ValidationMiddleware`` on real requests with the fault server.
    extension ConformanceCase {
        static let validationCases: [ConformanceCase] = [
            ConformanceCase(.middleware, "validationRejectsJSONWhenOnlyTextIsAccepted") { context in
                let key = FaultServer.uniqueKey()
                try await context.withClient(middleware: [ValidationMiddleware()]) { client in
                    let error = await expectCourierError(.unacceptableContentType, stage: .middleware) {
                        try await client.send(
                            Endpoint<Data, Never> {
                                Method.get
                                Path("json")
                                Header("X-Count-Key", key)
                                ResponseValidation(contentTypes: [.plainText])
                            })
                    }
                    #expect(
                        error?.message
                            == "The response body is application/json; the endpoint accepts text/plain.")
                    #expect(error?.response?.status == .ok)
                    #expect(error?.response?.body == Data(#"{"id": 42, "name": "Ada"}"#.utf8))
                    try await context.faults.expectCounts(key, received: 1...1)
                }
            }
        ]
    }
#endif
