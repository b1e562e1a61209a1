import Foundation

/// libFuzzer's entry: runs the target that `COURIER_FUZZ_TARGET` names on each input.
///
/// `Scripts/fuzz` compiles these files into Courier's own module (so that the targets reach its
/// internal parsers), with `-sanitize=fuzzer,address`. A target traps on a rule broken; any
/// other trap, overflow or bad memory access is a finding too.
@_cdecl("LLVMFuzzerTestOneInput")
public func courierFuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzTargets.run(FuzzTargets.selected, on: Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}

/// Each fuzz target by name, and the one the environment selects.
enum FuzzTargets {
    /// The targets, by the names `Scripts/fuzz` and `Tests/Fuzz/Seeds/` use.
    static let all: [String: @Sendable ([UInt8]) -> Void] = [
        "set-cookie": setCookie,
        "dates": dates,
        "cache-rules": cacheRules,
        "event-stream": eventStream,
        "media-types": mediaTypes,
        "framing": framing,
        "content-range": contentRange,
        "public-suffixes": publicSuffixes,
        "pem": pem,
        "tokens": tokens,
        "incoming-request": incomingRequest,
        "multipart": multipart,
        "building": building,
    ]

    /// The target `COURIER_FUZZ_TARGET` names; the process stops at once on an unknown name.
    static let selected: String = {
        let name = ProcessInfo.processInfo.environment["COURIER_FUZZ_TARGET"] ?? ""
        guard all[name] != nil else {
            FileHandle.standardError.write(
                Data(
                    "COURIER_FUZZ_TARGET must be one of: \(all.keys.sorted().joined(separator: ", "))\n".utf8)
            )
            exit(64)
        }
        return name
    }()

    /// Runs the target `name` on `input`.
    static func run(_ name: String, on input: [UInt8]) {
        all[name]?(input)
    }

    /// `input` as text, invalid UTF-8 replaced.
    static func text(_ input: [UInt8]) -> String {
        String(decoding: input, as: UTF8.self)
    }

    /// Header fields from `name: value` lines; lines that are not a field are skipped.
    static func headers(_ text: some StringProtocol) -> HeaderFields {
        var fields: [HeaderField] = []
        for line in text.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":"),
                let name = HeaderName(validating: String(line[..<colon]))
            else { continue }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            fields.append(HeaderField(name: name, value: value))
        }
        return HeaderFields(fields)
    }

    /// Stops the process with the rule `input` broke.
    static func broken(_ rule: String, _ input: some CustomDebugStringConvertible) -> Never {
        fatalError("\(rule): \(input.debugDescription)")
    }
}
