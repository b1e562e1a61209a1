import Courier
import Foundation
import Testing

struct CatalogAnswerTests {
    /// RFC 9457: `application/problem+json`, and the body's status is the answer's.
    @Test func aProblemAnswerCarriesItsTypeOnceAndTheAnswersStatus() throws {
        let answer = CatalogAnswer(
            status: 413,
            headers: [
                HeaderField(name: .contentType, value: "text/plain"),
                HeaderField(name: HeaderName("Retry-After"), value: "60"),
            ],
            problem: ProblemDetails(title: "Content Too Large", status: 400, detail: "Send at most 1 MB."))
        #expect(answer.status == HTTPStatus(413))
        #expect(
            answer.headers.map { "\($0.name): \($0.value)" } == [
                "Content-Type: application/problem+json", "Retry-After: 60",
            ])
        let problem = try JSONDecoder().decode(ProblemDetails.self, from: answer.body)
        #expect(
            problem == ProblemDetails(title: "Content Too Large", status: 413, detail: "Send at most 1 MB."))
    }

    @Test func contentTooLargeNamesTheLimit() throws {
        let answer = CatalogAnswer.contentTooLarge(limit: 32)
        #expect(answer.status == HTTPStatus(413))
        #expect(answer.contentType == "application/problem+json")
        #expect(
            try JSONDecoder().decode(ProblemDetails.self, from: answer.body)
                == ProblemDetails(
                    title: "Content Too Large", status: 413,
                    detail: "The request body is longer than the 32 bytes this server reads."))
    }
}
