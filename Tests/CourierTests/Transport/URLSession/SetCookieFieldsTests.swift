import Testing

@testable import Courier

struct SetCookieFieldsTests {
    @Test func joinedFieldsSplitAtCommasThatStartANewCookie() {
        let joined = "a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT; Path=/, b=2, c=3; Secure"
        #expect(
            SetCookieFields.split(joined) == [
                "a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT; Path=/", "b=2", "c=3; Secure",
            ])
    }

    @Test func oneFieldStaysWhole() {
        #expect(
            SetCookieFields.split("a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT") == [
                "a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT"
            ])
    }
}
