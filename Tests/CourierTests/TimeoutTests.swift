import Courier
import CourierTesting
import Foundation
import Testing

struct TimeoutTests {
    @Test func totalConnectAndIdleLandOnTheRequest() throws {
        let request = try Endpoint<Empty, Never> {
            Method.get
            Path("slow")
            Timeout(.seconds(30), connect: .seconds(3), idle: .seconds(10))
        }.request()
        #expect(request.timeout == .seconds(30))
        #expect(request.connectTimeout == .seconds(3))
        #expect(request.idleTimeout == .seconds(10))
        let transport = try request.transportRequest(baseURL: BaseURL("api.example.com"))
        #expect(transport.connectTimeout == .seconds(3))
        #expect(transport.idleTimeout == .seconds(10))
        #expect(transport.urlRequest.timeoutInterval == 10)
    }

    @Test func theIdleTimeoutDefaultsToTheTotal() throws {
        let request = try Endpoint<Empty, Never> {
            Method.get
            Timeout(.seconds(4))
        }.request()
        let transport = try request.transportRequest(baseURL: BaseURL("api.example.com"))
        #expect(transport.idleTimeout == .seconds(4))
        #expect(transport.connectTimeout == nil)
    }

    @Test(arguments: [
        (Timeout(connect: .zero), "The connect timeout 0.0 seconds is not positive."),
        (Timeout(idle: .seconds(-1)), "The idle timeout -1.0 seconds is not positive."),
        (Timeout(.zero), "The total timeout 0.0 seconds is not positive."),
    ])
    func nonPositiveTimeoutsAreBuildingErrors(timeout: Timeout, message: String) {
        #expect {
            _ = try Endpoint<Empty, Never> {
                Method.get
                timeout
            }.request()
        } throws: { error in
            let error = error as? CourierError
            return error?.kind == .invalidTimeout && error?.message == message
        }
    }

    @Test func theClientsTimeoutsFillWhatTheEndpointLeavesOpen() async throws {
        let client = Client(
            baseURL: BaseURL("api.example.com"), transport: StubTransport { _ in RawResponse(status: .ok) },
            timeout: .seconds(20), connectTimeout: .seconds(2), idleTimeout: .seconds(8))
        let plain = try await client.request(for: Endpoint<Empty, Never> { Method.get })
        #expect(plain.timeout == .seconds(20))
        #expect(plain.connectTimeout == .seconds(2))
        #expect(plain.idleTimeout == .seconds(8))
        let own = try await client.request(
            for: Endpoint<Empty, Never> {
                Method.get
                Timeout(connect: .seconds(1))
            })
        #expect(own.timeout == .seconds(20))
        #expect(own.connectTimeout == .seconds(1))
        #expect(own.idleTimeout == .seconds(8))
    }
}
