import Courier
import CourierTestSupport
import Foundation
import Testing

@Suite struct ResponseValidationTests {
    @Test func statusesAreRangesOfCodes() {
        let validation = ResponseValidation(statuses: [200...299, 304...304])
        #expect(validation.accepts(status: 200))
        #expect(validation.accepts(status: 299))
        #expect(validation.accepts(status: 304))
        #expect(!validation.accepts(status: 300))
        #expect(!validation.accepts(status: 404))
        #expect(!ResponseValidation(statuses: []).accepts(status: .ok))
    }

    @Test func theDefaultAcceptsSuccessesAndAnyContentType() {
        let validation = ResponseValidation()
        #expect(validation.statuses == [200...299])
        #expect(validation.accepts(status: 204))
        #expect(!validation.accepts(status: 302))
        #expect(validation.accepts(contentType: nil))
        #expect(validation.accepts(contentType: MediaType("image/png")))
    }

    @Test(arguments: ["application/json", "application/json; charset=utf-8", "Application/JSON"])
    func contentTypesMatchByEssence(type: String) throws {
        let validation = ResponseValidation(contentTypes: [.json])
        let contentType = try #require(MediaType(validating: type))
        #expect(validation.accepts(contentType: contentType))
    }

    @Test func typesThatDifferAreRejected() {
        let validation = ResponseValidation(contentTypes: [.json])
        #expect(!validation.accepts(contentType: MediaType("text/json")))
        #expect(!validation.accepts(contentType: MediaType("application/jsonx")))
        #expect(!validation.accepts(contentType: nil))
    }

    @Test func wildcardsMatchAFamilyOrEverything() {
        let images = ResponseValidation(contentTypes: [MediaType("image/*")])
        #expect(images.accepts(contentType: MediaType("image/png")))
        #expect(images.accepts(contentType: MediaType("IMAGE/svg+xml")))
        #expect(!images.accepts(contentType: MediaType("text/plain")))
        let anything = ResponseValidation(contentTypes: [.any])
        #expect(anything.accepts(contentType: MediaType("application/x-custom")))
        #expect(!anything.accepts(contentType: nil))
    }

    @Test func aStructuredSuffixCountsAsItsBaseType() {
        let json = ResponseValidation(contentTypes: [.json])
        #expect(json.accepts(contentType: .problemJSON))
        #expect(json.accepts(contentType: MediaType("application/vnd.api+json; charset=utf-8")))
        #expect(!json.accepts(contentType: MediaType("text/x+json")))
        let xml = ResponseValidation(contentTypes: [MediaType("application/xml")])
        #expect(xml.accepts(contentType: MediaType("application/atom+xml")))
        #expect(!xml.accepts(contentType: .problemJSON))
    }

    @Test func aSuffixedTypeAcceptsOnlyItself() {
        let problem = ResponseValidation(contentTypes: [.problemJSON])
        #expect(problem.accepts(contentType: .problemJSON))
        #expect(!problem.accepts(contentType: .json))
        #expect(!problem.accepts(contentType: MediaType("application/vnd.api+json")))
    }

    @Test func anEndpointDeclaresItsOwnValidation() throws {
        let validation = ResponseValidation(statuses: [200...299, 404...404], contentTypes: [.json])
        let request = try Endpoint<Empty, Never> {
            Method.get
            Path("report")
            validation
        }.request()
        #expect(request.validation == validation)
        let plain = try Endpoint<Empty, Never> { Method.get }.request()
        #expect(plain.validation == nil)
    }

    @Test func anEndpointDeclaresAtMostOneValidation() {
        let error = expectCourierError(.multipleValidations) {
            try Endpoint<Empty, Never> {
                Method.get
                ResponseValidation()
                ResponseValidation(contentTypes: [.json])
            }.request()
        }
        #expect(error?.message == "An endpoint declares at most one ResponseValidation; this one declares 2.")
    }
}
