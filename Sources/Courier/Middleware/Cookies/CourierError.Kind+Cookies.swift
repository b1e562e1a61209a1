extension CourierError.Kind {
    /// A declared ``Cookie`` has a name that is not an RFC 9110 token, a value with characters
    /// a cookie cannot carry, or a name declared twice.
    public static let invalidCookie = CourierError.Kind("invalidCookie")
    /// A ``CookieJar``'s ``CookieStorage`` could not save the cookies a response set; the error
    /// carries the response.
    public static let cookieStorageFailed = CourierError.Kind("cookieStorageFailed")
    /// The text or file given to ``PublicSuffixRules`` cannot be read, or holds no rule.
    public static let invalidPublicSuffixList = CourierError.Kind("invalidPublicSuffixList")
}
