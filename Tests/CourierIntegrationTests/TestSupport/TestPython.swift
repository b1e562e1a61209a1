import CourierTestSupport
import CourierTransportConformance
import Foundation
import Testing

/// The test venv's Python, which `Scripts/test` exports as `COURIER_TEST_PYTHON` (it has
/// httpbin, Werkzeug and `openapi-spec-validator`).
enum TestPython {
    /// What a run printed (standard output and error together) and its exit status.
    struct Run: Sendable {
        let status: Int32
        let output: String
    }

    /// Runs Python with `arguments`, off Swift's cooperative pool: starting it takes a second.
    static func run(_ arguments: [String]) async throws -> Run {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
            throw Unsupported()
        #else
            let python = try #require(
                ProcessInfo.processInfo.environment["COURIER_TEST_PYTHON"],
                "Scripts/test exports COURIER_TEST_PYTHON")
            return try await offPool {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: python)
                process.arguments = arguments
                let pipe = Pipe()
                process.standardOutput = pipe
                process.standardError = pipe
                try process.run()
                let output = pipe.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                return Run(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self))
            }
        #endif
    }

    /// `Process` does not exist on iOS, tvOS, watchOS and visionOS: there a test that
    /// runs Python fails with this.
    struct Unsupported: Error, CustomStringConvertible {
        var description: String {
            "running Python needs Process, which iOS, tvOS, watchOS and visionOS do not have"
        }
    }
}
