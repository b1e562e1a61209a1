import Testing

@testable import CourierOpenAPIImport

@Suite struct SwiftNamesTests {
    @Test(arguments: [
        ("pet", "Pet"), ("simple-user", "SimpleUser"), ("nullable_simple_user", "NullableSimpleUser"),
        ("showPetById", "ShowPetByID"), ("get-user_by.id", "GetUserByID"), ("2fa.verify", "N2faVerify"),
        ("HTTPServer", "HTTPServer"), ("GitHub", "GitHub"), ("", "Unnamed"), ("url", "URL"),
        ("non-oauth-scopes", "NonOAuthScopes"), ("image_urls", "ImageURLs"), ("api_ids", "APIIDs"),
        ("USPTO Data Set API", "USPTODataSetAPI"), ("PET_STATUS", "PetStatus"), ("list-apis", "ListAPIs"),
        ("PET_STATUS_v2", "PetStatusV2"), ("GET_USER_BY_ID_v1", "GetUserByIDV1"), ("DNSRecord", "DNSRecord"),
        ("USPTO", "Uspto"), ("userIDs", "UserIDs"), ("größe", "Größe"), ("名前", "名前"),
        ("straße_name", "StraßeName"),
    ])
    func typeNames(name: String, expected: String) {
        #expect(SwiftNames.typeName(name) == expected)
    }

    @Test(arguments: [
        ("per_page", "perPage"), ("petId", "petID"), ("ID", "id"), ("_links", "links"), ("@id", "id"),
        ("kebab-name", "kebabName"), ("+1", "plus1"), ("-1", "minus1"), ("2fa", "_2fa"),
        ("URLPath", "urlPath"),
        ("HTMLURL", "htmlurl"), ("html_url", "htmlURL"), ("oauth_token", "oauthToken"),
        ("token_oauth", "tokenOAuth"), ("status_URLs", "statusURLs"),
    ])
    func memberNames(name: String, expected: String) {
        #expect(SwiftNames.memberName(name) == expected)
    }

    @Test(arguments: [
        ("größe", "größe"), ("Größe", "größe"), ("名前", "名前"), ("café-id", "caféID"),
        ("ÄrgerÜber", "ärgerÜber"), ("größe😀", "größe"), ("٣x", "_٣x"),
    ])
    func lettersOfOtherScriptsAreKept(name: String, expected: String) {
        #expect(SwiftNames.memberName(name) == expected)
    }

    @Test(arguments: [
        ("😀", "grinningFace"), ("*", "asterisk"), ("<=", "lessThanSignEqualsSign"), ("❤️", "heavyBlackHeart"),
        ("-", "hyphenMinus"), ("----", "value"), ("", "value"),
    ])
    func aNameOfSymbolsIsNamedAfterThem(name: String, expected: String) {
        #expect(SwiftNames.memberName(name) == expected)
    }

    @Test(arguments: [
        ("IDsAndMore", ["IDs", "And", "More"]), ("userIDs", ["user", "IDs"]),
        ("HTTPServer", ["HTTP", "Server"]),
        ("URLSession", ["URL", "Session"]), ("list_APIs", ["list", "APIs"]),
    ])
    func wordsKeepAnAcronymsPluralWhole(name: String, expected: [String]) {
        #expect(SwiftNames.words(name) == expected)
    }

    @Test func aDecomposedLetterIsWrittenComposed() {
        let name = SwiftNames.memberName("cafe\u{301}")
        #expect(Array(name.unicodeScalars) == Array("caf\u{E9}".unicodeScalars))
    }

    @Test func identifiersAreThoseSwiftAllows() {
        for name in ["größe", "名前", "_2fa", "caf\u{E9}", "cafe\u{301}", "x1"] {
            #expect(SwiftNames.isIdentifier(name), "\(name)")
        }
        for name in ["café-id", "2fa", "\u{301}a", "", "a b", "$ref"] {
            #expect(!SwiftNames.isIdentifier(name), "\(name)")
        }
    }

    @Test func keywordsAreInBackticks() {
        #expect(SwiftNames.declared("default") == "`default`")
        #expect(SwiftNames.declared("class") == "`class`")
        #expect(SwiftNames.declared("title") == "title")
        #expect(SwiftNames.referenced("default") == "default")
        #expect(SwiftNames.memberName("self") == "selfValue")
    }

    @Test func aTakenNameGetsANumber() {
        var scope = NameScope(reserved: ["body"])
        #expect(scope.claim("body") == "body2")
        #expect(scope.claim("body") == "body3")
        #expect(scope.claim("id") == "id")
    }
}
