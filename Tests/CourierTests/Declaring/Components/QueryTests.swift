import Courier
import Testing

@Suite struct QueryTests {
    @Test func nilOmitsThePairAndOrderIsKept() throws {
        let page: Int? = nil
        let request = try Endpoint<User, Never> {
            Method.get
            Query("b", "2")
            Query("page", page)
            Query("a", 1)
            Query("b", "3")
        }.built()
        #expect(
            request.query == [
                QueryItem(name: "b", value: "2"), QueryItem(name: "a", value: "1"),
                QueryItem(name: "b", value: "3"),
            ])
        #expect(request.percentEncodedQuery == "b=2&a=1&b=3")
    }

    @Test func valuesAreEncodedOutsideUnreserved() throws {
        let request = try Endpoint<User, Never> {
            Method.get
            Query("q", "a+b c&d=e#f/g?h@i%j~k")
            Query("na me", "")
        }.built()
        #expect(request.percentEncodedQuery == "q=a%2Bb%20c%26d%3De%23f%2Fg%3Fh%40i%25j~k&na%20me=")
    }

    @Test func repeatedValuesFromAnArray() throws {
        let request = try Endpoint<User, Never> {
            Method.get
            Query("tag", ["x", "y"])
        }.built()
        #expect(request.percentEncodedQuery == "tag=x&tag=y")
    }

    @Test func noQueryMeansNoQuestionMark() throws {
        let request = try Endpoint<User, Never> {
            Method.get
            Path("a")
        }.built()
        #expect(request.percentEncodedQuery == nil)
        #expect(request.percentEncodedTarget == "/a")
    }
}
