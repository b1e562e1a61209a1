import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

struct TimeoutTests {
    @Test func totalConnectAndIdleLandOnTheRequest() throws {
        let request = try Endpoint<Empty, Never> {
            Method.get
            Path("slow")
            Timeout(.seconds(30), connect: .seconds(3), idle: .seconds(10))
        }.request()
        #expect(request.timeout.total == .seconds(30))
        #expect(request.timeout.connect == .seconds(3))
        #expect(request.timeout.idle == .seconds(10))
        let transport = try request.transportRequest(baseURL: BaseURL("api.example.com"))
        #expect(transport.timeout.connect == .seconds(3))
        #expect(transport.timeout.idle == .seconds(10))
        #expect(transport.urlRequest.timeoutInterval == 10)
    }

    @Test func theIdleTimeoutDefaultsToTheTotal() throws {
        let request = try Endpoint<Empty, Never> {
            Method.get
            Timeout(.seconds(4))
        }.request()
        let transport = try request.transportRequest(baseURL: BaseURL("api.example.com"))
        #expect(transport.timeout.idle == .seconds(4))
        #expect(transport.timeout.connect == nil)
    }

    @Test func aStreamedResponseGetsOnlyItsOwnIdleTimeout() throws {
        let request = try Endpoint<Empty, Never> {
            Method.get
            Timeout(.seconds(4))
        }.request().with { $0.streamsResponse = true }
        let transport = try request.transportRequest(baseURL: BaseURL("api.example.com"))
        #expect(transport.timeout.idle == nil)
        let withIdle = try Endpoint<Empty, Never> {
            Method.get
            Timeout(.seconds(4), idle: .seconds(2))
        }.request().with { $0.streamsResponse = true }
        #expect(
            try withIdle.transportRequest(baseURL: BaseURL("api.example.com")).timeout.idle == .seconds(2))
    }

    @Test func aStreamedResponseWithoutAnIdleTimeoutIsNotCutByURLSessionsDefault() throws {
        let stream = try Endpoint<Empty, Never> {
            Method.get
        }.request().with { $0.streamsResponse = true }
        let transport = try stream.transportRequest(baseURL: BaseURL("api.example.com"))
        #expect(transport.urlRequest.timeoutInterval >= 365 * 24 * 60 * 60)
        // A collected body keeps URLSession's default; a declared idle timeout is used as it is.
        let collected = try Endpoint<Empty, Never> {
            Method.get
        }.request()
        #expect(
            try collected.transportRequest(baseURL: BaseURL("api.example.com")).urlRequest.timeoutInterval
                == 60)
        let idle = try Endpoint<Empty, Never> {
            Method.get
            Timeout(idle: .seconds(5))
        }.request().with { $0.streamsResponse = true }
        #expect(
            try idle.transportRequest(baseURL: BaseURL("api.example.com")).urlRequest.timeoutInterval == 5)
    }

    @Test(arguments: [
        (Timeout(connect: .zero), "The connect timeout 0.0 seconds is not positive."),
        (Timeout(idle: .seconds(-1)), "The idle timeout -1.0 seconds is not positive."),
        (Timeout(.zero), "The total timeout 0.0 seconds is not positive."),
    ])
    func nonPositiveTimeoutsAreBuildingErrors(timeout: Timeout, message: String) {
        let error = expectCourierError(.invalidTimeout) {
            try Endpoint<Empty, Never> {
                Method.get
                timeout
            }.request()
        }
        #expect(error?.message == message)
    }

    @Test func theClientsTimeoutsFillWhatTheEndpointLeavesOpen() async throws {
        let client = Client(
            baseURL: BaseURL("api.example.com"),
            transport: StubTransport { _ in RawResponse(status: .ok) },
            configuration: Client.Configuration(
                timeout: Timeout(.seconds(20), connect: .seconds(2), idle: .seconds(8)))
        )
        let plain = try client.request(for: Endpoint<Empty, Never> { Method.get })
        #expect(plain.timeout.total == .seconds(20))
        #expect(plain.timeout.connect == .seconds(2))
        #expect(plain.timeout.idle == .seconds(8))
        let own = try client.request(
            for: Endpoint<Empty, Never> {
                Method.get
                Timeout(connect: .seconds(1))
            })
        #expect(own.timeout.total == .seconds(20))
        #expect(own.timeout.connect == .seconds(1))
        #expect(own.timeout.idle == .seconds(8))
    }

    @Test func theEndpointsValuesWinAndTheClientsFillTheRest() async throws {
        let client = Client(
            baseURL: BaseURL("api.example.com"),
            transport: StubTransport { _ in RawResponse(status: .ok) },
            configuration: Client.Configuration(
                timeout: Timeout(.seconds(20), connect: .seconds(2), idle: .seconds(8)))
        )
        let request = try client.request(
            for: Endpoint<Empty, Never> {
                Method.get
                Timeout(.seconds(5), idle: .seconds(1))
            })
        #expect(request.timeout == Timeout(.seconds(5), connect: .seconds(2), idle: .seconds(1)))
        let transport = try request.transportRequest(baseURL: client.baseURL)
        #expect(transport.timeout == Timeout(connect: .seconds(2), idle: .seconds(1)))
    }

    /// The endpoint's 0.2 s beats the client's 60 s against a transport that takes 60 s: a
    /// client value that won would make the test wait a minute and fail its time limit.
    @Test(.timeLimit(.minutes(1))) func anEndpointsShorterTotalTimeoutWins() async throws {
        let client = Client(
            baseURL: BaseURL("api.example.com"),
            transport: StubTransport { _ in
                try await Task.sleep(for: .seconds(60))
                return RawResponse(status: .ok)
            },
            configuration: Client.Configuration(timeout: Timeout(.seconds(60)))
        )
        let error = await expectCourierError(.timedOut) {
            try await client.send(
                Endpoint<Empty, Never> {
                    Method.get
                    Timeout(.milliseconds(200))
                })
        }
        #expect(error?.message.contains("0.2 seconds") == true)
    }
}
