import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

/// `name=value` pairs joined with `&`, unencoded, so expectations read like the strategy tables.
private func formText(_ items: [QueryItem]) -> String {
    items.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
}

private func formText(
    _ value: some Encodable, _ encoding: FormEncoding = FormEncoding()
) throws(FormEncodingError) -> String {
    formText(try encoding.queryItems(for: value))
}

private struct Tagged: Encodable, Sendable {
    var tags: [String]
    var page: Int
}

private struct Item: Encodable, Sendable {
    var name: String
    var qty: Int
}

private struct Nested: Encodable, Sendable {
    var matrix: [[Int]]
    var items: [Item]
}

private struct Switches: Encodable, Sendable {
    var on: Bool
    var off: Bool
    var flags: [Bool]
}

private struct Filter: Encodable, Sendable {
    struct Range: Encodable, Sendable {
        var min: Int
        var max: Int
    }
    var status: String
    var range: Range
}

private struct Search: Encodable, Sendable {
    var filter: Filter
    var q: String
}

private struct Deep: Encodable, Sendable {
    struct B: Encodable, Sendable { var c: C }
    struct C: Encodable, Sendable { var d: D }
    struct D: Encodable, Sendable { var e: String }
    var a: B
}

private struct Stamped: Encodable, Sendable {
    var at: Date
}

private struct DatedEverywhere: Encodable, Sendable {
    struct Window: Encodable, Sendable { var from: Date }
    var at: Date
    var days: [Date]
    var window: Window
}

/// Coding keys spelled the ways the key strategies must handle.
private struct Keys: Encodable, Sendable {
    enum CodingKeys: String, CodingKey {
        case userID
        case urlValue = "URLValue"
        case hidden = "_private"
        case alreadySnake = "already_snake"
        case a1B
    }
    var userID: Int
    var urlValue: String
    var hidden: Int
    var alreadySnake: Int
    var a1B: Int
}

private struct Profile: Encodable, Sendable {
    struct Address: Encodable, Sendable { var postCode: String }
    var homeAddress: Address
    var extraFields: [String: String]
}

private struct Optionals: Encodable, Sendable {
    var first: Int?
    var second: String?
    var third: Int?
    var scores: [Int?]
}

private struct ExplicitNil: Encodable, Sendable {
    enum CodingKeys: String, CodingKey { case gone, kept }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeNil(forKey: .gone)
        try container.encode(Int?.none, forKey: .gone)
        try container.encode("yes", forKey: .kept)
    }
}

private struct Ordered: Encodable, Sendable {
    var zulu: Int
    var alpha: Int
    var mike: Int
}

private enum Status: String, Encodable, Sendable {
    case open
    case inProgress = "in_progress"
}

private enum Priority: Int, Encodable, Sendable {
    case low = 1
    case high = 3
}

private struct Ticket: Encodable, Sendable {
    var status: Status
    var priority: Priority
    var history: [Status]
}

private struct Scalars: Encodable, Sendable {
    var price: Decimal
    var id: UUID
    var link: URL
    var blob: Data
}

private struct ListComments: Codable, Sendable, Equatable {
    @FormExcluded var postID: Int
    var page: Int
    var perPage: Int
}

private struct Wrapper: Encodable, Sendable {
    var inner: ListComments
}

private struct Empties: Encodable, Sendable {
    struct Nothing: Encodable, Sendable {}
    var tags: [String]
    var nothing: Nothing
    var map: [String: Int]
    var kept: Int
}

private struct Failing: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(
            1, .init(codingPath: [], debugDescription: "The value is not allowed."))
    }
}

@Suite struct FormEncodingTests {
    @Test func defaultsAreTheDocumentedOnes() throws {
        let encoding = FormEncoding()
        #expect(encoding.arrays == .repeatedKey)
        #expect(encoding.booleans == .trueFalse)
        #expect(encoding.nesting == .brackets)
        #expect(encoding.spaces == .percent20)
        guard case .iso8601 = encoding.dates else {
            Issue.record("the default date strategy is not ISO 8601")
            return
        }
        guard case .useDeclaredKeys = encoding.keys else {
            Issue.record("the default key strategy does not keep declared keys")
            return
        }
    }

    // MARK: Arrays

    @Test(arguments: [
        (FormEncoding.ArrayStrategy.repeatedKey, "tags=a&tags=b&page=1"),
        (.brackets, "tags[]=a&tags[]=b&page=1"),
        (.indexed, "tags[0]=a&tags[1]=b&page=1"),
        (.commaSeparated, "tags=a,b&page=1"),
    ])
    func arrayStrategies(strategy: FormEncoding.ArrayStrategy, expected: String) throws {
        let value = Tagged(tags: ["a", "b"], page: 1)
        #expect(try formText(value, FormEncoding(arrays: strategy)) == expected)
    }

    @Test func arraysRepeatTheKeyByDefault() throws {
        #expect(try formText(Tagged(tags: ["a", "b"], page: 1)) == "tags=a&tags=b&page=1")
    }

    @Test func arrayNamesArePercentEncodedOnTheWire() throws {
        let brackets = try Endpoint<User, Never> {
            Method.get
            FormEncoding(arrays: .brackets)
            Query("tag", ["a b", "c"])
        }.built()
        #expect(brackets.percentEncodedQuery == "tag%5B%5D=a%20b&tag%5B%5D=c")
        let commas = try Endpoint<User, Never> {
            Method.get
            FormEncoding(arrays: .commaSeparated)
            Query("tag", ["a", "b"])
        }.built()
        #expect(commas.query == [QueryItem(name: "tag", value: "a,b")])
        #expect(commas.percentEncodedQuery == "tag=a%2Cb")
    }

    @Test(arguments: [
        (
            FormEncoding.ArrayStrategy.repeatedKey,
            "matrix=1&matrix=2&matrix=3&items[name]=a&items[qty]=1&items[name]=b&items[qty]=2"
        ),
        (
            .brackets,
            "matrix[][]=1&matrix[][]=2&matrix[][]=3&items[][name]=a&items[][qty]=1&items[][name]=b&items[][qty]=2"
        ),
        (
            .indexed,
            "matrix[0][0]=1&matrix[0][1]=2&matrix[1][0]=3"
                + "&items[0][name]=a&items[0][qty]=1&items[1][name]=b&items[1][qty]=2"
        ),
    ])
    func nestedArraysAndObjectsInArrays(strategy: FormEncoding.ArrayStrategy, expected: String) throws {
        let value = Nested(
            matrix: [[1, 2], [3]], items: [Item(name: "a", qty: 1), Item(name: "b", qty: 2)])
        #expect(try formText(value, FormEncoding(arrays: strategy)) == expected)
    }

    @Test func objectsInArraysWithDots() throws {
        let value = Nested(matrix: [], items: [Item(name: "a", qty: 1)])
        let encoding = FormEncoding(arrays: .indexed, nesting: .dots)
        #expect(try formText(value, encoding) == "items[0].name=a&items[0].qty=1")
    }

    // MARK: Booleans

    @Test(arguments: [
        (FormEncoding.BooleanStrategy.trueFalse, "on=true&off=false&flags=true&flags=false"),
        (.numeric, "on=1&off=0&flags=1&flags=0"),
    ])
    func booleanStrategies(strategy: FormEncoding.BooleanStrategy, expected: String) throws {
        let value = Switches(on: true, off: false, flags: [true, false])
        #expect(try formText(value, FormEncoding(booleans: strategy)) == expected)
    }

    @Test func namedBooleanUsesTheStrategyNotParameterText() throws {
        let request = try Endpoint<User, Never> {
            Method.get
            FormEncoding(booleans: .numeric)
            Query("archived", true)
            Query("draft", false)
        }.built()
        #expect(request.percentEncodedQuery == "archived=1&draft=0")
    }

    // MARK: Nesting

    @Test(arguments: [
        (
            FormEncoding.NestingStrategy.brackets,
            "filter[status]=open&filter[range][min]=1&filter[range][max]=9&q=x"
        ),
        (.dots, "filter.status=open&filter.range.min=1&filter.range.max=9&q=x"),
    ])
    func nestingStrategies(strategy: FormEncoding.NestingStrategy, expected: String) throws {
        let value = Search(filter: Filter(status: "open", range: .init(min: 1, max: 9)), q: "x")
        #expect(try formText(value, FormEncoding(nesting: strategy)) == expected)
    }

    @Test func deepNesting() throws {
        let value = Deep(a: .init(c: .init(d: .init(e: "x"))))
        #expect(try formText(value) == "a[c][d][e]=x")
        #expect(try formText(value, FormEncoding(nesting: .dots)) == "a.c.d.e=x")
        let request = try Endpoint<User, Never> {
            Method.get
            Query(fieldsOf: value)
        }.built()
        #expect(request.percentEncodedQuery == "a%5Bc%5D%5Bd%5D%5Be%5D=x")
    }

    @Test func namedObjectNestsUnderItsName() throws {
        let items = try FormEncoding().queryItems(
            name: "f", value: Filter(status: "open", range: .init(min: 1, max: 2)))
        #expect(formText(items) == "f[status]=open&f[range][min]=1&f[range][max]=2")
    }

    // MARK: Dates

    /// 2024-05-01T12:00:00Z.
    static let may1 = Date(timeIntervalSince1970: 1_714_564_800)

    @Test(arguments: [
        (1_714_564_800.0, "2024-05-01T12:00:00Z", "1714564800", "1714564800000"),
        (1_714_564_800.25, "2024-05-01T12:00:00Z", "1714564800.25", "1714564800250"),
        (-1.5, "1969-12-31T23:59:58Z", "-1.5", "-1500"),
        (-86_400.0, "1969-12-31T00:00:00Z", "-86400", "-86400000"),
        (0.0, "1970-01-01T00:00:00Z", "0", "0"),
    ])
    func dateStrategies(seconds: Double, iso: String, unix: String, milliseconds: String) throws {
        let value = Stamped(at: Date(timeIntervalSince1970: seconds))
        #expect(try formText(value) == "at=\(iso)")
        #expect(try formText(value, FormEncoding(dates: .iso8601)) == "at=\(iso)")
        #expect(try formText(value, FormEncoding(dates: .secondsSince1970)) == "at=\(unix)")
        #expect(try formText(value, FormEncoding(dates: .millisecondsSince1970)) == "at=\(milliseconds)")
    }

    @Test func datesBeyondInt64MillisecondsDoNotTrap() throws {
        let value = Stamped(at: Date(timeIntervalSince1970: 1e17))
        #expect(try formText(value, FormEncoding(dates: .secondsSince1970)) == "at=1e+17")
        #expect(try formText(value, FormEncoding(dates: .millisecondsSince1970)) == "at=1e+20")
    }

    @Test func customDateStrategy() throws {
        let encoding = FormEncoding(dates: .custom { "day-\(Int($0.timeIntervalSince1970) / 86_400)" })
        #expect(try formText(Stamped(at: Self.may1), encoding) == "at=day-19844")
    }

    @Test func dateStrategyReachesArraysNestedObjectsAndNamedValues() throws {
        let value = DatedEverywhere(
            at: Self.may1, days: [Self.may1, Date(timeIntervalSince1970: 0)], window: .init(from: Self.may1))
        #expect(
            try formText(value, FormEncoding(dates: .secondsSince1970))
                == "at=1714564800&days=1714564800&days=0&window[from]=1714564800")
        let request = try Endpoint<User, Never> {
            Method.get
            Query("since", Self.may1)
        }.built()
        #expect(request.percentEncodedQuery == "since=2024-05-01T12%3A00%3A00Z")
    }

    // MARK: Keys

    @Test(arguments: [
        ("userID", "user_id"),
        ("URLValue", "url_value"),
        ("createdAt", "created_at"),
        ("_private", "_private"),
        ("_privateValue", "_private_value"),
        ("already_snake", "already_snake"),
        ("a1B", "a1_b"),
        ("version2Name", "version2_name"),
        ("isHTTPSEnabled", "is_https_enabled"),
        ("myURLs", "my_ur_ls"),
        ("ID", "id"),
        ("Name", "name"),
        ("trailing_", "trailing_"),
        ("x", "x"),
        ("", ""),
    ])
    func snakeCase(key: String, expected: String) {
        #expect(SnakeCase.convert(key) == expected)
    }

    @Test func keyStrategies() throws {
        let value = Keys(userID: 1, urlValue: "u", hidden: 2, alreadySnake: 3, a1B: 4)
        #expect(try formText(value) == "userID=1&URLValue=u&_private=2&already_snake=3&a1B=4")
        #expect(
            try formText(value, FormEncoding(keys: .convertToSnakeCase))
                == "user_id=1&url_value=u&_private=2&already_snake=3&a1_b=4")
        #expect(
            try formText(value, FormEncoding(keys: .custom { "k_" + $0.lowercased() }))
                == "k_userid=1&k_urlvalue=u&k__private=2&k_already_snake=3&k_a1b=4")
    }

    @Test func keyStrategyRenamesNestedPropertiesButNotDictionaryKeys() throws {
        let value = Profile(homeAddress: .init(postCode: "N1"), extraFields: ["zipCode": "z", "aKey": "a"])
        #expect(
            try formText(value, FormEncoding(keys: .convertToSnakeCase))
                == "home_address[post_code]=N1&extra_fields[aKey]=a&extra_fields[zipCode]=z")
        #expect(
            try formText(value, FormEncoding(keys: .custom { $0.uppercased() }))
                == "HOMEADDRESS[POSTCODE]=N1&EXTRAFIELDS[aKey]=a&EXTRAFIELDS[zipCode]=z")
    }

    // MARK: nil, order, dictionaries, enums

    @Test func nilIsOmitted() throws {
        let value = Optionals(first: nil, second: "s", third: 0, scores: [1, nil, 3])
        #expect(try formText(value) == "second=s&third=0&scores=1&scores=3")
        #expect(
            try formText(value, FormEncoding(arrays: .indexed)) == "second=s&third=0&scores[0]=1&scores[2]=3")
        #expect(try formText(value, FormEncoding(arrays: .commaSeparated)) == "second=s&third=0&scores=1,3")
        #expect(try formText(ExplicitNil()) == "kept=yes")
        #expect(try FormEncoding().queryItems(name: "page", value: Int?.none).isEmpty)
        let page: Int? = nil
        let request = try Endpoint<User, Never> {
            Method.get
            Query("page", page)
            Query("sort", Sort?.none)
        }.built()
        #expect(request.percentEncodedQuery == nil)
    }

    @Test func keysKeepDeclarationOrder() throws {
        #expect(try formText(Ordered(zulu: 1, alpha: 2, mike: 3)) == "zulu=1&alpha=2&mike=3")
    }

    @Test func dictionariesAreSortedAndKeepTheirKeys() throws {
        let dictionary = ["zetaKey": 1, "alphaKey": 2, "Mid": 3]
        #expect(try formText(dictionary) == "Mid=3&alphaKey=2&zetaKey=1")
        #expect(
            try formText(dictionary, FormEncoding(keys: .convertToSnakeCase)) == "Mid=3&alphaKey=2&zetaKey=1")
        let nested = ["outerKey": ["b": 1, "a": 2]]
        #expect(try formText(nested, FormEncoding(nesting: .dots)) == "outerKey.a=2&outerKey.b=1")
        let ofStructs = ["someKey": Item(name: "n", qty: 1)]
        #expect(
            try formText(ofStructs, FormEncoding(keys: .convertToSnakeCase))
                == "someKey[name]=n&someKey[qty]=1")
    }

    @Test func rawRepresentableEnumsSendTheirRawValue() throws {
        let value = Ticket(status: .inProgress, priority: .high, history: [.open, .inProgress])
        #expect(
            try formText(value) == "status=in_progress&priority=3&history=open&history=in_progress")
    }

    // MARK: Scalars

    @Test(arguments: [
        (1.0, "1"),
        (0.1, "0.1"),
        (1.5, "1.5"),
        (-2.0, "-2"),
        (-0.25, "-0.25"),
        (1e20, "1e+20"),
        (123_456_789_012_345.0, "123456789012345"),
        (1e-7, "1e-07"),
    ])
    func doubleFormatting(value: Double, expected: String) throws {
        #expect(formText(try FormEncoding().queryItems(name: "x", value: value)) == "x=\(expected)")
    }

    @Test(arguments: [(Float(0.1), "0.1"), (Float(1), "1"), (Float(2.5), "2.5"), (Float(1e20), "1e+20")])
    func floatFormatting(value: Float, expected: String) throws {
        #expect(formText(try FormEncoding().queryItems(name: "x", value: value)) == "x=\(expected)")
        #expect(formText(try FormEncoding().queryItems(name: "x", value: [value])) == "x=\(expected)")
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteNumbersAreErrors(value: Double) {
        let error = #expect(throws: FormEncodingError.self) {
            _ = try FormEncoding().queryItems(for: ["ratio": value])
        }
        #expect(error?.message == "\(value) cannot be sent as a parameter.")
        #expect(error?.codingPath == ["ratio"])
        #expect(error?.description == "\(value) cannot be sent as a parameter. (at ratio)")
    }

    @Test(arguments: ["a[b", "a]", "[0]", ""])
    func dictionaryKeysThatWouldReadBackAsNestingAreRefused(key: String) {
        struct Labels: Encodable, Sendable {
            var labels: [String: String]
        }
        let error = #expect(throws: FormEncodingError.self) {
            _ = try FormEncoding().queryItems(for: Labels(labels: [key: "x"]))
        }
        #expect(error?.codingPath == ["labels", key])
        #expect(
            error?.message
                == (key.isEmpty
                    ? "An empty key cannot be told from an array's brackets when the form is read back."
                    : "The key \(key.debugDescription) contains \"[\" or \"]\", which would read back as nesting; "
                        + "use keys without them, or send the value as JSON."))
    }

    @Test func aDotInAKeyIsRefusedOnlyUnderDotsNesting() throws {
        let labels = ["v1.2": "x"]
        #expect(formText(try FormEncoding().queryItems(name: "labels", value: labels)) == "labels[v1.2]=x")
        let error = #expect(throws: FormEncodingError.self) {
            _ = try FormEncoding(nesting: .dots).queryItems(name: "labels", value: labels)
        }
        #expect(error?.codingPath == ["labels", "v1.2"])
    }

    @Test func nonFiniteNumberThroughAnEndpointIsABuildingError() {
        let error = expectCourierError(.formEncodingFailed, stage: .building) {
            try Endpoint<User, Never> {
                Method.get
                Query("ratio", Double.nan)
            }.built()
        }
        #expect(
            error?.message == "The query could not be encoded: nan cannot be sent as a parameter. (at ratio)")
        #expect(error?.underlying is FormEncodingError)
        let element = #expect(throws: FormEncodingError.self) {
            _ = try FormEncoding().queryItems(name: "ratios", value: [1.0, .infinity])
        }
        #expect(element?.codingPath == ["ratios", "1"])
    }

    @Test func decimalUUIDURLAndDataHaveTextForms() throws {
        let value = Scalars(
            price: try #require(Decimal(string: "12345678901234567890.50")),
            id: try #require(UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")),
            link: try #require(URL(string: "https://example.com/a b?x=1&y=2")),
            blob: Data([0xFB, 0xFF, 0x00]))
        #expect(
            try formText(value)
                == "price=12345678901234567890.5&id=E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
                + "&link=https://example.com/a%20b?x=1&y=2&blob=+/8A")
        let request = try Endpoint<User, Never> {
            Method.get
            Query(fieldsOf: value)
        }.built()
        #expect(
            request.percentEncodedQuery
                == "price=12345678901234567890.5&id=E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
                + "&link=https%3A%2F%2Fexample.com%2Fa%2520b%3Fx%3D1%26y%3D2&blob=%2B%2F8A")
    }

    @Test func negativeDecimal() throws {
        let items = try FormEncoding().queryItems(name: "d", value: try #require(Decimal(string: "-0.001")))
        #expect(items == [QueryItem(name: "d", value: "-0.001")])
    }

    // MARK: FormExcluded

    @Test func formExcludedIsLeftOutOfQueriesAndForms() throws {
        let model = ListComments(postID: 7, page: 2, perPage: 50)
        #expect(try formText(model) == "page=2&perPage=50")
        #expect(try formText(Wrapper(inner: model)) == "inner[page]=2&inner[perPage]=50")
        let request = try Endpoint<User, Never> {
            Method.post
            Path("posts", model.postID, "comments")
            Query(fieldsOf: model)
            Body.form(model)
        }.built()
        #expect(request.percentEncodedTarget == "/posts/7/comments?page=2&perPage=50")
        #expect(request.body?.data == Data("page=2&perPage=50".utf8))
    }

    @Test func formExcludedStillEncodesAndDecodesAsJSON() throws {
        let model = ListComments(postID: 7, page: 2, perPage: 50)
        let json = try sortedEncoder.encode(model)
        #expect(String(decoding: json, as: UTF8.self) == #"{"page":2,"perPage":50,"postID":7}"#)
        #expect(try JSONDecoder().decode(ListComments.self, from: json) == model)
        let request = try Endpoint<User, Never> {
            Method.post
            Body.json(model)
        }.built()
        #expect(request.body?.data == json)
    }

    // MARK: Errors

    @Test func wholeQueryOfAScalarOrArrayIsAnError() {
        let message =
            "A whole query or form needs a keyed value such as a struct or a dictionary; "
            + "declare a single value with a name instead, as in Query(\"name\", value)."
        let scalar = #expect(throws: FormEncodingError.self) { _ = try FormEncoding().queryItems(for: 5) }
        #expect(scalar?.message == message)
        #expect(scalar?.codingPath == [])
        let array = #expect(throws: FormEncodingError.self) {
            _ = try FormEncoding().queryItems(for: ["a", "b"])
        }
        #expect(array?.message == message)
        let string = #expect(throws: FormEncodingError.self) { _ = try FormEncoding().queryItems(for: "q=1") }
        #expect(string?.message == message)
    }

    @Test func commaSeparatedElementWithACommaIsAnError() {
        let error = #expect(throws: FormEncodingError.self) {
            _ = try FormEncoding(arrays: .commaSeparated).queryItems(
                for: Tagged(tags: ["a", "b,c"], page: 1))
        }
        #expect(
            error?.message == "A comma-separated array element contains a comma, which would split it in two."
        )
        #expect(error?.codingPath == ["tags", "1"])
        #expect(
            error?.description
                == "A comma-separated array element contains a comma, which would split it in two. (at tags.1)"
        )
    }

    @Test func commaSeparatedNestedValuesAreAnError() {
        let encoding = FormEncoding(arrays: .commaSeparated)
        let arrays = #expect(throws: FormEncodingError.self) {
            _ = try encoding.queryItems(for: Nested(matrix: [[1], [2]], items: []))
        }
        #expect(arrays?.message == "A comma-separated array can only hold scalar values.")
        #expect(arrays?.codingPath == ["matrix", "0"])
        let objects = #expect(throws: FormEncodingError.self) {
            _ = try encoding.queryItems(for: Nested(matrix: [], items: [Item(name: "a", qty: 1)]))
        }
        #expect(objects?.message == "A comma-separated array can only hold scalar values.")
        #expect(objects?.codingPath == ["items", "0"])
    }

    @Test func anEncodingErrorFromTheValueBecomesAFormEncodingError() {
        let error = #expect(throws: FormEncodingError.self) {
            _ = try FormEncoding().queryItems(for: Failing())
        }
        #expect(error?.message == "The value is not allowed.")
    }

    @Test func errorsThroughAnEndpointAreTypedBuildingErrors() {
        let query = expectCourierError(.formEncodingFailed, stage: .building) {
            try Endpoint<User, Never> {
                Method.get
                Query(fieldsOf: [1, 2])
            }.built()
        }
        #expect(
            query?.message.hasPrefix("The query could not be encoded: A whole query or form needs") == true)
        #expect(query?.underlying is FormEncodingError)
        let form = expectCourierError(.formEncodingFailed, stage: .building) {
            try Endpoint<User, Never> {
                Method.post
                FormEncoding(arrays: .commaSeparated)
                Body.form(Tagged(tags: ["x,y"], page: 1))
            }.built()
        }
        #expect(
            form?.message
                == "The form body could not be encoded: A comma-separated array element contains a comma, "
                + "which would split it in two. (at tags.0)")
        #expect(form?.underlying is FormEncodingError)
    }

    // MARK: Declaring an encoding

    @Test func blockFormEncodingOverridesTheDefault() throws {
        let overridden = Endpoint<User, Never> {
            Method.get
            FormEncoding(arrays: .brackets)
            Query("tag", ["a", "b"])
        }
        let plain = Endpoint<User, Never> {
            Method.get
            Query("tag", ["a", "b"])
        }
        let indexed = FormEncoding(arrays: .indexed)
        #expect(
            try overridden.request(formEncoding: indexed).percentEncodedQuery == "tag%5B%5D=a&tag%5B%5D=b")
        #expect(try plain.request(formEncoding: indexed).percentEncodedQuery == "tag%5B0%5D=a&tag%5B1%5D=b")
        #expect(try plain.request().percentEncodedQuery == "tag=a&tag=b")
    }

    @Test func clientFormEncodingIsTheDefaultAndTheBlockWins() async throws {
        let client = Client(
            baseURL: exampleBase,
            transport: RecordingTransport(),
            configuration: Client.Configuration(formEncoding: FormEncoding(booleans: .numeric))
        )
        let plain = try client.request(
            for: Endpoint<User, Never> {
                Method.get
                Query("on", true)
            })
        #expect(plain.percentEncodedQuery == "on=1")
        let overridden = try client.request(
            for: Endpoint<User, Never> {
                Method.get
                FormEncoding()
                Query("on", true)
            })
        #expect(overridden.percentEncodedQuery == "on=true")
    }

    @Test func twoFormEncodingsAreAnError() {
        let error = expectCourierError(.formEncodingFailed, stage: .building) {
            try Endpoint<User, Never> {
                Method.get
                FormEncoding(arrays: .brackets)
                FormEncoding(booleans: .numeric)
            }.built()
        }
        #expect(error?.message == "An endpoint declares at most one FormEncoding; this one declares 2.")
    }

    // MARK: Spaces

    @Test func plusSpacesApplyToFormBodiesOnly() throws {
        let request = try Endpoint<User, Never> {
            Method.post
            FormEncoding(spaces: .plus)
            Query("q", "a b+c")
            Body.form(items: [
                QueryItem(name: "full name", value: "a b+c"), QueryItem(name: "p", value: "100%20"),
            ])
        }.built()
        #expect(request.percentEncodedQuery == "q=a%20b%2Bc")
        #expect(request.body?.data == Data("full+name=a+b%2Bc&p=100%2520".utf8))
        #expect(request.headers[.contentType] == "application/x-www-form-urlencoded")
    }

    @Test func percent20SpacesByDefault() {
        let body = FormEncoding().formBody([QueryItem(name: "a b", value: "c+d e")])
        #expect(body == Data("a%20b=c%2Bd%20e".utf8))
        let plus = FormEncoding(spaces: .plus).formBody([QueryItem(name: "a b", value: "c+d e")])
        #expect(plus == Data("a+b=c%2Bd+e".utf8))
    }

    // MARK: Query values

    @Test func nonEncodableParameterValuesUseTheirText() throws {
        let request = try Endpoint<User, Never> {
            Method.get
            Query("status", HTTPStatus.notFound)
            Query("sort", Sort.newest)
            Query("missing", HTTPStatus?.none)
        }.built()
        #expect(request.percentEncodedQuery == "status=404&sort=newest")
    }

    @Test func encodableParameterValuesUseTheEncoding() throws {
        let request = try Endpoint<User, Never> {
            Method.get
            FormEncoding(booleans: .numeric)
            Query("whole", 2.0)
            Query("flag", true)
            Query("id", UUID(uuid: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)))
        }.built()
        #expect(request.percentEncodedQuery == "whole=2&flag=1&id=00010203-0405-0607-0809-0A0B0C0D0E0F")
    }

    @Test func emptyArraysAndObjectsProduceNothing() throws {
        let value = Empties(tags: [], nothing: .init(), map: [:], kept: 1)
        for strategy in [FormEncoding.ArrayStrategy.repeatedKey, .brackets, .indexed, .commaSeparated] {
            #expect(try formText(value, FormEncoding(arrays: strategy)) == "kept=1")
        }
        #expect(try FormEncoding().queryItems(for: Empties.Nothing()).isEmpty)
        #expect(try FormEncoding().queryItems(for: [String: Int]()).isEmpty)
        #expect(try FormEncoding().queryItems(name: "tags", value: [String]()).isEmpty)
        let request = try Endpoint<User, Never> {
            Method.get
            Query("tags", [String]())
            Query(fieldsOf: Empties.Nothing())
        }.built()
        #expect(request.percentEncodedQuery == nil)
    }
}

@Suite struct FractionalSecondsDateTests {
    @Test func iso8601DropsTheFractionAndTheFractionalStrategyKeepsMilliseconds() throws {
        let date = Date(timeIntervalSince1970: 1_714_564_800.25)
        let plain = try FormEncoding().queryItems(name: "at", value: date)
        let fractional = try FormEncoding(dates: .iso8601WithFractionalSeconds).queryItems(
            name: "at", value: date)
        #expect(plain == [QueryItem(name: "at", value: "2024-05-01T12:00:00Z")])
        #expect(fractional == [QueryItem(name: "at", value: "2024-05-01T12:00:00.250Z")])
    }
}

@Suite struct FormEncodingReviewFindingsTests {
    enum Status: String, Encodable, Sendable { case open, closed }

    @Test(arguments: [
        (1_674_036_251.123, "2023-01-18T10:04:11.123Z"), (1.001, "1970-01-01T00:00:01.001Z"),
        (-0.5, "1969-12-31T23:59:59.500Z"), (59.9996, "1970-01-01T00:01:00.000Z"),
    ])
    func fractionalSecondsAreRoundedToTheMillisecond(seconds: Double, text: String) throws {
        let items = try FormEncoding(dates: .iso8601WithFractionalSeconds)
            .queryItems(name: "at", value: Date(timeIntervalSince1970: seconds))
        #expect(items == [QueryItem(name: "at", value: text)])
    }

    @Test func dictionariesWithIntKeysSortNumerically() throws {
        let items = try FormEncoding().queryItems(name: "d", value: [10: "b", 2: "a"])
        #expect(items == [QueryItem(name: "d[2]", value: "a"), QueryItem(name: "d[10]", value: "b")])
    }

    @Test func dictionariesWithOtherKeysAreRejectedNotSentInHashOrder() {
        #expect(throws: FormEncodingError.self) {
            try FormEncoding().queryItems(name: "counts", value: [Status.open: 1, .closed: 2])
        }
    }
}
