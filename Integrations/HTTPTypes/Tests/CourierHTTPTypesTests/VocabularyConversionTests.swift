import Courier
import CourierHTTPTypes
import Foundation
import HTTPTypes
import Testing

@Suite struct VocabularyConversionTests {
    @Test func methodsKeepTheirTokenBothWays() {
        var generator = SeededGenerator(seed: 1)
        let generated = (0..<500).map { _ in GeneratedValues.token(&generator) }
        for token in ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "get", "PURGE"] + generated
        {
            let courier = HTTPMethod(validating: token)!
            let httpTypes = HTTPRequest.Method(courier)
            #expect(httpTypes.rawValue == token)
            #expect(HTTPMethod(httpTypes) == courier)
            #expect(HTTPRequest.Method(HTTPMethod(HTTPRequest.Method(token)!)) == HTTPRequest.Method(token)!)
        }
        #expect(HTTPRequest.Method(HTTPMethod.patch) == .patch)
        #expect(HTTPMethod(HTTPRequest.Method.delete) == .delete)
    }

    @Test func everyStatusFrom100To999KeepsItsCode() throws {
        for code in 100...999 {
            let status = try HTTPResponse.Status(HTTPStatus(code))
            #expect(status.code == code)
            #expect(try HTTPStatus(status) == HTTPStatus(code))
        }
    }

    @Test(arguments: [-1, 0, 42, 99, 1000, 20_000])
    func aStatusHTTPCannotCarryIsRefused(code: Int) {
        let error = #expect(throws: CourierError.self) { try HTTPResponse.Status(HTTPStatus(code)) }
        #expect(error?.kind == .invalidResponse)
        #expect(error?.stage == .building)
        #expect(
            error?.message == "The status \(code) is outside 100...999, which an HTTP message cannot carry.")
    }

    @Test func aSwiftHTTPTypesStatusBelow100IsRefused() {
        let error = #expect(throws: CourierError.self) { try HTTPStatus(HTTPResponse.Status(code: 42)) }
        #expect(error?.kind == .invalidResponse)
        #expect(error?.stage == .transport)
    }

    @Test func fieldsKeepNameValueOrderAndDuplicatesBothWays() throws {
        var generator = SeededGenerator(seed: 2)
        for _ in 0..<1_000 {
            let fields = GeneratedValues.headerFields(&generator)
            let converted = try HTTPFields(fields)
            #expect(converted.count == fields.count)
            for (field, httpField) in zip(fields, converted) {
                #expect(httpField.name.rawName == field.name.rawValue)
                #expect(httpField.value == field.value)
                #expect(httpField.indexingStrategy == (field.isSensitive ? .disallow : .automatic))
            }
            // Back again: a credential by name comes back marked secret, which Courier treated
            // it as already.
            let expected = HeaderFields(
                fields.map { HeaderField(name: $0.name, value: $0.value, isSecret: $0.isSensitive) })
            #expect(try HeaderFields(converted) == expected)
            #expect(try HTTPFields(HeaderFields(converted)) == converted)
        }
    }

    @Test func aFieldNeverIndexedArrivesSecretAndIsRedacted() throws {
        var httpField = HTTPField(name: HTTPField.Name("X-Session")!, value: "s3cr3t")
        httpField.indexingStrategy = .disallow
        let field = try HeaderField(httpField)
        #expect(field.isSecret)
        #expect(try HTTPField(HeaderField(name: .accept, value: "text/plain")).indexingStrategy == .automatic)
        #expect(
            try HTTPField(HeaderField(name: .accept, value: "x", isSecret: true)).indexingStrategy
                == .disallow)
    }

    @Test(arguments: ["a\r\nInjected: 1", "nul\u{0}", " leading", "trailing\t", "bell\u{7}"])
    func aCourierValueSwiftHTTPTypesWouldRewriteIsRefused(value: String) {
        let error = #expect(throws: CourierError.self) {
            try HTTPFields([
                HeaderField(name: .accept, value: "ok"), HeaderField(name: .cookie, value: value),
            ])
        }
        #expect(error?.kind == .invalidHeaderValue)
        #expect(error?.stage == .building)
        #expect(error?.message.contains("'Cookie'") == true)
    }

    @Test func aValueWithBytesCourierCannotHoldIsRefused() throws {
        let notUTF8 = HTTPField(name: .accept, value: [0x61, 0xFF, 0x62])
        #expect(throws: CourierError.self) { try HeaderField(notUTF8) }
        let control = HTTPField(name: .accept, lenientValue: Array("a\u{1}b".utf8))
        let controlError = #expect(throws: CourierError.self) { try HeaderField(control) }
        #expect(controlError?.kind == .invalidHeaderValue)
        // C1 controls are obs-text to RFC 9110, and refused by Courier as on every send.
        let c1 = HTTPField(name: .accept, value: "a\u{85}b")
        #expect(HTTPField.isValidValue("a\u{85}b"))
        #expect(throws: CourierError.self) { try HeaderField(c1) }
    }
}
