import Courier
import CourierTestSupport
import Foundation
import Testing

/// A path parameter that shares its segment with fixed text (`v{version}`, `{sid}.json`): a
/// catalog reads the value between the text, matches, answers and exports it.
struct CatalogPathTextTests {
    struct GetMessage: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var account: String
        var sid: String

        var definition: some EndpointDefinition {
            Method.get
            Path("Accounts/\(account)/Messages/\(sid).json")
        }
    }

    struct ListItems: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var version: Int

        var definition: some EndpointDefinition {
            Method.get
            Path("/api/v\(version)/items")
        }
    }

    enum Format: String, Codable, CaseIterable, Sendable, ParameterValue {
        case csv, tsv
    }

    struct ExportReport: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var format: Format

        var definition: some EndpointDefinition {
            Method.get
            Path("reports/latest.\(format)")
        }
    }

    struct CompareBranches: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var base: String
        var head: String

        var definition: some EndpointDefinition {
            Method.get
            Path("compare/\(base)...\(head)")
        }
    }

    /// Raw values that hold the case names: the probe must look for what is sent.
    enum Environment: String, Codable, CaseIterable, Sendable {
        case prod = "production"
        case dev = "development"
    }

    struct GetEnvironment: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var environment: Environment
        var region: Environment

        var definition: some EndpointDefinition {
            Method.get
            Path("envs/\(environment.rawValue)")
            Header("X-Region", "zone-\(region.rawValue)")
        }
    }

    struct GetTwin: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var id: String

        var definition: some EndpointDefinition {
            Method.get
            Path("twins/\(id)-\(id)")
        }
    }

    struct ListDocuments: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var owner: String

        var definition: some EndpointDefinition {
            Method.get
            Path("owners/\(owner)/documents/")
        }
    }

    struct GetDocument: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var owner: String
        var id: String

        var definition: some EndpointDefinition {
            Method.get
            Path("owners/\(owner)/documents/\(id)")
        }
    }

    @Test func aTrailingSlashIsPartOfThePathMatchedAndExported() throws {
        let shape = try ListDocuments.shape()
        #expect(shape.description == "GET /owners/{owner}/documents/")
        let catalog = try Catalog([ListDocuments.self])
        let sent = ListDocuments(owner: "a b")
        #expect(try sent.request().percentEncodedPath == "/owners/a%20b/documents/")
        #expect(try catalog.match(IncomingRequest(sent.request())) as? ListDocuments == sent)
        // Without the slash it is another resource (RFC 3986 §6.2.3 does not equate them).
        let mismatch = try #require(
            throws: EndpointMismatch.self,
            performing: { try catalog.match(IncomingRequest(method: .get, target: "/owners/a/documents")) })
        #expect(mismatch.closeness == .otherPath)
        // A trailing slash is no empty value of a parameter in the same place.
        let documentsFirst = try Catalog([GetDocument.self, ListDocuments.self])
        let listed = try documentsFirst.match(IncomingRequest(method: .get, target: "/owners/a/documents/"))
        #expect(listed as? ListDocuments == ListDocuments(owner: "a"))
        let noID = try #require(
            throws: EndpointMismatch.self,
            performing: {
                try Catalog([GetDocument.self]).match(
                    IncomingRequest(method: .get, target: "/owners/a/documents/"))
            })
        #expect(noID.closeness == .otherPath)
        // An empty segment elsewhere is kept too: a path with one is another path.
        for target in ["//owners/a/documents/", "/owners//a/documents/", "/owners/a//documents/"] {
            let doubled = try #require(
                throws: EndpointMismatch.self,
                performing: { try catalog.match(IncomingRequest(method: .get, target: target)) })
            #expect(doubled.closeness == .otherPath, "\(target)")
        }
        let document = catalog.openAPIDocument(title: "Documents", version: "1")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        let paths = try #require(json["paths"] as? [String: Any])
        #expect(paths.keys.sorted() == ["/owners/{owner}/documents/"])
    }

    /// One listed value, and any other the API adds later, as `courier-import` writes an enum.
    enum FormKind: RawRepresentable, Codable, CaseIterable, Sendable, Hashable, ParameterValue {
        case push
        case unknown(String)

        static let allCases: [FormKind] = [.push]

        init(rawValue: String) { self = rawValue == "form-push" ? .push : .unknown(rawValue) }

        var rawValue: String {
            switch self {
            case .push: "form-push"
            case .unknown(let value): value
            }
        }
    }

    struct FetchForm: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never
        var kind: FormKind

        var definition: some EndpointDefinition {
            Method.get
            Path("forms/\(kind)")
        }
    }

    enum Single: String, Codable, CaseIterable, Sendable, Equatable {
        case only
    }

    struct PostKinds: CatalogEndpoint, Equatable {
        struct Payload: Codable, Sendable, Equatable {
            var kinds: [Single]
            var name: String
        }
        typealias Success = Empty
        typealias Failure = Never
        var payload: Payload

        var definition: some EndpointDefinition {
            Method.post
            Path("kinds")
            Body.json(payload)
        }
    }

    @Test func anEnumOfOneCaseThatDecodesNoOtherStaysItsCase() throws {
        // Its one case, in an array inside a body the probe varies, is kept.
        let sent = PostKinds(payload: .init(kinds: [.only], name: "n"))
        let catalog = try Catalog([PostKinds.self])
        #expect(try catalog.match(IncomingRequest(sent.request())) as? PostKinds == sent)
    }

    /// An array of an enum of one listed case, in the query and in a body, as `courier-import`
    /// writes an OpenAPI array of `enum: [push]`.
    struct ListForms: CatalogEndpoint, Equatable {
        struct Filter: Codable, Sendable, Equatable {
            var kinds: [FormKind]
        }
        typealias Success = Empty
        typealias Failure = Never
        var kinds: [FormKind]
        var filter: Filter

        var definition: some EndpointDefinition {
            Method.post
            Path("forms")
            Query("kind", kinds)
            Body.json(filter)
        }
    }

    @Test func anArrayOfAnEnumOfOneListedCaseIsFoundByAValueItDoesNotList() throws {
        // Each element is told apart by a value the enum does not list, in the query and in the
        // body alike: an array or a body's struct decoding itself leaves its elements free to.
        let sent = ListForms(
            kinds: [.push, .unknown("pull")], filter: .init(kinds: [.unknown("poll"), .push]))
        let catalog = try Catalog([ListForms.self])
        #expect(try catalog.match(IncomingRequest(sent.request())) as? ListForms == sent)
    }

    @Test func anEnumOfOneListedCaseIsFoundByAValueItDoesNotList() throws {
        #expect(try FetchForm.shape().path == [.literal("forms"), .parameter("kind")])
        let matched = try Catalog([FetchForm.self]).match(
            IncomingRequest(method: .get, target: "/forms/form-push"))
        #expect(matched as? FetchForm == FetchForm(kind: .push))
    }

    @Test func anEnumSentAsItsRawValueIsFoundByIt() throws {
        let shape = try GetEnvironment.shape()
        #expect(shape.path == [.literal("envs"), .parameter("environment")])
        #expect(shape.headers.first?.valuePrefix == "zone-")
        let sent = GetEnvironment(environment: .dev, region: .prod)
        #expect(
            try Catalog([GetEnvironment.self]).match(IncomingRequest(sent.request())) as? GetEnvironment
                == sent)
    }

    @Test func aValueTheSegmentHoldsTwiceIsRefused() {
        let error = expectCourierError(.unparseableEndpoint, stage: .building) {
            _ = try Catalog([GetTwin.self])
        }
        #expect(
            error?.message
                == #"GetTwin cannot be parsed from a request: its path segment "probe-a-id-probe-a-id" mixes literal "#
                + "text with id in a way a server could not take apart; give id a segment of its own, or make the "
                + "literal text part of its value.")
    }

    @Test func theShapeKeepsTheTextAroundTheParameter() throws {
        #expect(
            try GetMessage.shape().path == [
                .literal("Accounts"), .parameter("account"), .literal("Messages"),
                .parameter("sid", suffix: ".json"),
            ])
        #expect(try GetMessage.shape().description == "GET /Accounts/{account}/Messages/{sid}.json")
        #expect(try ListItems.shape().path[1] == .parameter("version", prefix: "v"))
        #expect(try ListItems.shape().description == "GET /api/v{version}/items")
        // An enum's text is its raw value; the cases share their last letters, which stay the value's.
        #expect(try ExportReport.shape().path[1] == .parameter("format", prefix: "latest."))
        #expect(try ExportReport.shape().path[1].parameter == "format")
    }

    @Test func aValueComesBackFromBetweenTheText() throws {
        let catalog = try Catalog([GetMessage.self, ListItems.self, ExportReport.self])
        for sent in [
            GetMessage(account: "AC1", sid: "SM2"), GetMessage(account: "AC1", sid: "a.json"),
            GetMessage(account: "AC1", sid: ""), GetMessage(account: "a/b", sid: "c/d.json"),
        ] {
            #expect(try catalog.match(IncomingRequest(sent.request())) as? GetMessage == sent)
        }
        let versioned = try catalog.match(IncomingRequest(method: .get, target: "/api/v12/items"))
        #expect(versioned as? ListItems == ListItems(version: 12))
        let report = try catalog.match(IncomingRequest(method: .get, target: "/reports/latest.tsv"))
        #expect(report as? ExportReport == ExportReport(format: .tsv))
    }

    @Test func aSegmentWithoutTheTextIsAnotherPath() throws {
        let catalog = try Catalog([GetMessage.self, ListItems.self])
        let mismatch = try #require(
            throws: EndpointMismatch.self,
            performing: {
                try catalog.match(IncomingRequest(method: .get, target: "/Accounts/AC1/Messages/SM2.xml"))
            })
        #expect(mismatch.closeness == .otherPath)
        #expect(mismatch.template == "GET /Accounts/{account}/Messages/{sid}.json")
        #expect(
            mismatch.reasons == [
                #"the path segment 4 is not of the form "{sid}.json""#
            ])
        let unversioned = try #require(
            throws: EndpointMismatch.self,
            performing: { try catalog.match(IncomingRequest(method: .get, target: "/api/12/items")) })
        #expect(unversioned.closeness == .otherPath)
        #expect(
            unversioned.answer(to: IncomingRequest(method: .get, target: "/api/12/items")).status == .notFound
        )
        // The text fits, but the value is not an Int: still another path.
        let notANumber = try #require(
            throws: EndpointMismatch.self,
            performing: { try catalog.match(IncomingRequest(method: .get, target: "/api/vx/items")) })
        #expect(notANumber.closeness == .otherPath)
    }

    @Test func twoParametersInOneSegmentAreRefused() {
        let error = expectCourierError(.unparseableEndpoint, stage: .building) {
            _ = try Catalog([CompareBranches.self])
        }
        #expect(
            error?.message
                == "CompareBranches cannot be parsed from a request: base and head share a path segment, "
                + "where a server could not tell where one ends; give each a segment of its own.")
    }

    @Test func theExportWritesTheTextAroundTheParameter() throws {
        let document = try Catalog([GetMessage.self, ListItems.self]).openAPIDocument(
            title: "Messages", version: "1")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        let paths = try #require(json["paths"] as? [String: Any])
        #expect(paths.keys.sorted() == ["/Accounts/{account}/Messages/{sid}.json", "/api/v{version}/items"])
        let operation = try #require(
            (paths["/Accounts/{account}/Messages/{sid}.json"] as? [String: Any])?["get"] as? [String: Any])
        let parameters = try #require(operation["parameters"] as? [[String: Any]])
        #expect(parameters.map { $0["name"] as? String } == ["account", "sid"])
        #expect(parameters.map { $0["in"] as? String } == ["path", "path"])
    }
}
