import Foundation
import Testing

/// Type-checks snippets against the built `Courier` module and expects our diagnostics.
///
/// Each rule is one function in a snippet; the test asserts the exact message on the exact line,
/// and that a valid snippet produces no error at all (so a broken harness cannot pass).
@Suite(.serialized) struct CompileTimeRulesTests {
    static let rules: [(name: String, code: String, message: String)] = [
        (
            "body on GET", "Endpoint<Empty, Never> { Method.get; Body.text(\"x\") }",
            "GET and HEAD requests cannot have a Body; use another Method or drop the Body"
        ),
        (
            "body before HEAD", "Endpoint<Empty, Never> { Body.text(\"x\"); Method.head }",
            "GET and HEAD requests cannot have a Body; use another Method or drop the Body"
        ),
        (
            "two methods", "Endpoint<Empty, Never> { Method.post; Method.put }",
            "an endpoint declares exactly one Method; remove the extra one"
        ),
        (
            "two bodies", "Endpoint<Empty, Never> { Method.post; Body.text(\"a\"); Body.text(\"b\") }",
            "an endpoint has at most one Body; remove the extra one"
        ),
        (
            "missing method", "Endpoint<Empty, Never> { Path(\"x\") }",
            "an endpoint needs a Method; add Method.get, Method.post, …"
        ),
        (
            "stray value", "Endpoint<Empty, Never> { Method.get; 42 }",
            "this value is not an endpoint component; use Method, Path, Query, Header, Cookie, Body, Timeout, FormEncoding, Idempotent, ResponseValidation, SuccessStatus, AbsoluteURL or Components"
        ),
        (
            "method only in if", "Endpoint<Empty, Never> { if flag { Method.post } }",
            "a Method inside 'if' without 'else' may be missing; declare it in every branch"
        ),
        (
            "body in for", "Endpoint<Empty, Never> { Method.post; for x in [1] { Body.text(\"\\(x)\") } }",
            "a Method or Body inside 'for' could repeat; declare it once outside the loop"
        ),
        (
            "body after GET or HEAD branches",
            "Endpoint<Empty, Never> { if flag { Method.get } else { Method.head }; Body.text(\"x\") }",
            "GET and HEAD requests cannot have a Body; use another Method or drop the Body"
        ),
        (
            "branches mixing GET and POST",
            "Endpoint<Empty, Never> { if flag { Method.get } else { Method.post } }",
            "branches mix GET/HEAD with a method that allows a Body; write Method(HTTPMethod.get) so the body rule is checked when the request is built"
        ),
        (
            "query value without a name", "Endpoint<Empty, Never> { Method.get; Query(flag) }",
            "a query value needs a name, as in Query(\"page\", page); Query(fieldsOf: value) sends every property of a value"
        ),
        (
            "group with body on GET",
            "Endpoint<Empty, Never> { Method.get; Components { Body.text(\"x\") } }",
            "GET and HEAD requests cannot have a Body; use another Method or drop the Body"
        ),
    ]

    @Test func eachRuleIsRejectedWithItsMessageOnItsLine() async throws {
        var source = "import Courier\nlet flag = Bool.random()\n"
        var lines: [Int] = []
        for (index, rule) in Self.rules.enumerated() {
            source += "// \(rule.name)\n"
            lines.append(source.split(separator: "\n", omittingEmptySubsequences: false).count)
            source += "let rule\(index) = \(rule.code)\n"
        }
        let diagnostics = try await Self.typecheck(source)
        for (rule, line) in zip(Self.rules, lines) {
            let found = diagnostics.contains {
                $0.contains("snippet.swift:\(line):") && $0.contains("error: ") && $0.contains(rule.message)
            }
            #expect(
                found,
                "rule '\(rule.name)' was not rejected on line \(line) with: \(rule.message)\n\(diagnostics.joined(separator: "\n"))"
            )
        }
    }

    /// Where each diagnostic lands in a block of several lines: a stray value on its own line; the
    /// rules the builder's types carry (two bodies, a body on GET, two methods) at the block's
    /// opening line, which is where the compiler reports an unavailable `buildPartialBlock`.
    @Test func multiLineBlocksReportEachDiagnosticOnItsLine() async throws {
        let source = """
            import Courier
            let stray = Endpoint<Empty, Never> {
                Method.get
                Path("a")
                42
            }
            let bodyOnGET = Endpoint<Empty, Never> {
                Method.get
                Path("a")
                Header.accept(.json)
                Body.text("x")
            }
            let twoBodies = Endpoint<Empty, Never> {
                Method.post
                Body.text("a")
                Path("a")
                Body.text("b")
            }
            let twoMethods = Endpoint<Empty, Never> {
                Method.post
                Path("a")
                Method.put
            }
            """
        let errors = try await Self.typecheck(source).filter { $0.contains("error:") }
        let expected = [
            (5, "this value is not an endpoint component"),
            (7, "GET and HEAD requests cannot have a Body"),
            (13, "an endpoint has at most one Body"),
            (19, "an endpoint declares exactly one Method"),
        ]
        for (line, message) in expected {
            #expect(
                errors.contains { $0.contains("snippet.swift:\(line):") && $0.contains(message) },
                "expected '\(message)' on line \(line):\n\(errors.joined(separator: "\n"))")
        }
        let located = errors.filter { $0.contains("snippet.swift:") }
        #expect(located.count == expected.count, "\(located)")
    }

    @Test func requestModelWithoutMethodIsRejected() async throws {
        let source = """
            import Courier
            struct Ping: RequestModel {
                typealias Success = Empty
                typealias Failure = Never
                var definition: some EndpointDefinition {
                    Path("ping")
                }
            }
            """
        let errors = try await Self.typecheck(source).filter { $0.contains("error:") }
        #expect(
            errors.contains {
                $0.contains("snippet.swift:5:")
                    && $0.contains(
                        "is unavailable: an endpoint needs a Method; add Method.get, Method.post, …")
            },
            "\(errors)"
        )
        #expect(!errors.contains { $0.contains("DeclaredMethodState") }, "\(errors)")
    }

    /// A mistake on one line of a block is reported on that line only: no second error about a
    /// type the block would have had ("generic parameter 'B' could not be inferred").
    @Test func ordinaryMistakesInABlockAreReportedOnceOnTheirLine() async throws {
        let source = """
            import Courier
            struct NotEncodable {}
            let header = Endpoint<Empty, Never> {
                Method.get
                Header("X-Count", 42)
            }
            let method = Endpoint<Empty, Never> {
                Method.gett
                Path("a")
            }
            let body = Endpoint<Empty, Never> {
                Method.post
                Body.json(NotEncodable())
            }
            """
        let errors = try await Self.typecheck(source).filter { $0.contains("error:") }
        let expected = [
            (5, "cannot convert value of type 'Int' to expected argument type 'String'"),
            (8, "type 'Method' has no member 'gett'"),
            (13, "requires that 'NotEncodable' conform to 'Encodable'"),
        ]
        for (line, message) in expected {
            #expect(
                errors.contains { $0.contains("snippet.swift:\(line):") && $0.contains(message) },
                "expected '\(message)' on line \(line):\n\(errors.joined(separator: "\n"))")
        }
        #expect(!errors.contains { $0.contains("could not be inferred") }, "\(errors)")
        let located = errors.filter { $0.contains("snippet.swift:") }
        #expect(located.count == expected.count, "\(located)")
    }

    /// `await` in a block names the block's type, not the builder's bookkeeping.
    @Test func awaitInABlockNamesTheBlock() async throws {
        let source = """
            import Courier
            func segment() async -> String { "a" }
            func make() async -> Endpoint<Empty, Never> {
                Endpoint {
                    Method.get
                    Path(await segment())
                }
            }
            """
        let errors = try await Self.typecheck(source).filter { $0.contains("error:") }
        #expect(
            errors.contains {
                $0.contains("snippet.swift:4:")
                    && $0.contains(
                        "cannot pass function of type '() async -> EndpointBlock' to parameter expecting synchronous function type"
                    )
            },
            "\(errors)")
        #expect(!errors.contains { $0.contains("EndpointState") }, "\(errors)")
    }

    @Test func validBlocksTypeCheckWithoutErrors() async throws {
        let source = """
            import Courier
            let shared = Components { Path("api"); Header.accept(.json) }
            func make(_ flag: Bool, _ page: Int?, _ tags: [String]) -> Endpoint<Empty, Never> {
                Endpoint {
                    if flag { Method.post } else { Method.put }
                    shared
                    if let page { Query("page", page) }
                    for tag in tags { Query("tag", tag) }
                    if flag { Body.text("x") }
                }
            }
            """
        let errors = try await Self.typecheck(source).filter { $0.contains("error:") }
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test func objectiveCStyleMethodIsAmbiguousOnlyInTypePositions() async throws {
        // The fixture models Apple's Foundation re-exporting ObjectiveC's `typealias Method`.
        let source = """
            import Courier
            import FoundationReexportFixture
            let endpoint = Endpoint<Empty, Never> { Method.post; Path("a") }
            let typed: Method? = nil
            let explicit: Courier.Method = .post
            let vocabulary: HTTPMethod = .get
            """
        let errors = try await Self.typecheck(source).filter { $0.contains("error:") }
        #expect(
            errors.contains {
                $0.contains("snippet.swift:4:") && $0.contains("'Method' is ambiguous for type lookup")
            })
        #expect(
            !errors.contains {
                $0.contains("snippet.swift:3:") || $0.contains("snippet.swift:5:")
                    || $0.contains("snippet.swift:6:")
            })
    }

    /// Runs `swiftc -typecheck` on `source` with the test build's module directory.
    static func typecheck(_ source: String) async throws -> [String] {
        let modules = try modulesDirectory()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-snippets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("snippet.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)

        let result = try await ShellCommand.run(
            "/usr/bin/env", ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, file.path],
            includeErrors: true)
        return String(decoding: result.output, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The `Modules` directory next to the running test bundle, where `Courier.swiftmodule` is.
    static func modulesDirectory() throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("Modules")
            if FileManager.default.fileExists(
                atPath: candidate.appendingPathComponent("Courier.swiftmodule").path)
            {
                return candidate
            }
            directory.deleteLastPathComponent()
        }
        throw ModulesNotFound(start: CommandLine.arguments[0])
    }

    struct ModulesNotFound: Error, CustomStringConvertible {
        let start: String
        var description: String { "No Modules/Courier.swiftmodule found near \(start)" }
    }
}
