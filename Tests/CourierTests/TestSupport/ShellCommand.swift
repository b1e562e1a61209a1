import Foundation

/// Runs a program to completion on a dispatch queue and returns its exit status and output.
///
/// Waiting for a process blocks a thread. On Swift's cooperative pool, which has one thread per
/// core (two on the CI machines), a few such waits would hold up the timers that other tests'
/// deadlines depend on, so tests run programs through this instead.
enum ShellCommand {
    struct Result: Sendable {
        let status: Int32
        let output: Data
    }

    /// Runs `executable` with `arguments`; standard error joins the output when `includeErrors`,
    /// and is discarded otherwise.
    static func run(_ executable: String, _ arguments: [String], includeErrors: Bool = false) async throws
        -> Result
    {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
            throw Unsupported()
        #else
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(
                        with: Swift.Result {
                            let process = Process()
                            process.executableURL = URL(fileURLWithPath: executable)
                            process.arguments = arguments
                            let output = Pipe()
                            process.standardOutput = output
                            process.standardError = includeErrors ? output : FileHandle.nullDevice
                            try process.run()
                            let data = output.fileHandleForReading.readDataToEndOfFile()
                            process.waitUntilExit()
                            return Result(status: process.terminationStatus, output: data)
                        })
                }
            }
        #endif
    }

    /// `Process` does not exist on iOS, tvOS, watchOS and visionOS: there a test that
    /// runs a program fails with this.
    struct Unsupported: Error, CustomStringConvertible {
        var description: String {
            "running a program needs Process, which iOS, tvOS, watchOS and visionOS do not have"
        }
    }
}
