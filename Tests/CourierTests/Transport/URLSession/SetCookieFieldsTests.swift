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

    @Test func aCommaWithoutASpaceIsPartOfTheValue() {
        #expect(SetCookieFields.split("data=a=1,b=2; Path=/") == ["data=a=1,b=2; Path=/"])
        // The limit of a joined field: ", name=" inside a value looks like the next field.
        #expect(SetCookieFields.split("data=a, b=2") == ["data=a", "b=2"])
    }
}
