import Courier
import CourierTestSupport
import Foundation
import Testing

@Suite struct CookieTests {
    @Test func declaredCookiesGoInOneRedactedCookieHeaderInOrder() throws {
        let request = try Endpoint<User, Never> {
            Method.get
            Header("X-Trace", "abc")
            Cookie("session", "s3cr3t")
            Cookie("theme", "\"dark\"")
            Cookie("absent", nil)
        }.built()
        #expect(request.headers.values(for: .cookie) == ["session=s3cr3t; theme=\"dark\""])
        #expect(try !request.curlCommand(baseURL: BaseURL("api.example.com")).contains("s3cr3t"))
    }

    @Test func aDeclaredCookieHeaderIsKeptAndTheCookiesFollowIt() throws {
        let request = try Endpoint<User, Never> {
            Method.get
            Cookie("b", "2")
            Header(.cookie, "a=1")
        }.built()
        #expect(request.headers.values(for: .cookie) == ["a=1; b=2"])
        let twice = try Endpoint<User, Never> {
            Method.get
            Header(.cookie, "a=1")
            Cookie("c", "3")
            Header(.cookie, "b=2")
        }.built()
        #expect(twice.headers.values(for: .cookie) == ["a=1; b=2; c=3"])
    }

    @Test(arguments: ["", "a b", "a;b", "a=b", "ü"])
    func aNameThatIsNotATokenIsRejected(name: String) {
        let error = expectCourierError(.invalidCookie, stage: .building) {
            try Endpoint<User, Never> {
                Method.get
                Cookie(name, "v")
            }.built()
        }
        #expect(error?.message == "The cookie name \(name.debugDescription) is not a valid RFC 9110 token.")
    }

    @Test(arguments: ["x y", "x;y", "x,y", "x\\y", "\"", "x\"y", "é", "x\ty"])
    func aValueWithCharactersACookieCannotCarryIsRejectedWithoutPrintingIt(value: String) {
        let error = expectCourierError(.invalidCookie, stage: .building) {
            try Endpoint<User, Never> {
                Method.get
                Cookie("session", value)
            }.built()
        }
        #expect(error?.message.hasPrefix("The value of cookie 'session' has a character") == true)
        #expect(error?.message.contains(value) == false)
    }

    @Test func aNameDeclaredTwiceIsRejected() {
        let error = expectCourierError(.invalidCookie, stage: .building) {
            try Endpoint<User, Never> {
                Method.get
                Cookie("a", "1")
                Cookie("a", "2")
            }.built()
        }
        #expect(error?.message == "The cookie 'a' is declared twice; a request sends each cookie once.")
    }

    @Test func anEmptyValueIsACookie() throws {
        let request = try Endpoint<User, Never> {
            Method.get
            Cookie("flag", "")
        }.built()
        #expect(request.headers[.cookie] == "flag=")
    }
}
