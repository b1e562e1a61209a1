import Courier
import Foundation
import Testing

/// One encoding rule: a declaration, the exact bytes Courier sends for it, and the name/value
/// pairs a server parses from those bytes.
///
/// ``EncodingRule/all`` is the single source of the table in
/// `Documentation/Courier.docc/EncodingRules.md`. `EncodingRulesTests` checks every rule's bytes
/// without a network, checks that the article's table is the one this catalog renders, and sends
/// every rule to Werkzeug (the loopback server's `/parsed`) and to httpbin.
///
/// `declared` is the Swift source shown in the documentation; the builder closure next to it must
/// say exactly the same (a test compares them in this file's source).
struct EncodingRule: Sendable, CustomTestStringConvertible {
    /// Where the rule's pairs travel.
    enum Location: Sendable {
        /// In the query of a `GET` request.
        case query
        /// In the `application/x-www-form-urlencoded` body of a `POST` request.
        case form
    }

    /// One parsed parameter.
    struct Pair: Hashable, Sendable, CustomStringConvertible {
        let name: String
        let value: String

        var description: String { "\(name.debugDescription): \(value.debugDescription)" }
    }

    private enum Parts: Sendable {
        case query(EndpointParts<EndpointState.NoMethod, EndpointState.NoBody>)
        case form(EndpointParts<EndpointState.NoMethod, EndpointState.HasBody>)
    }

    /// A stable identifier, shown by the parameterized tests.
    let id: String
    /// What the rule shows, as Markdown.
    let summary: String
    /// The declaration as Swift source, as the documentation shows it (lines joined with `; `).
    let declared: String
    /// The client's ``FormEncoding``, when the rule needs one other than the default.
    let clientEncoding: FormEncoding?
    /// The percent-encoded query (without `?`) or the exact form body.
    let wire: String
    /// The pairs a server parses from ``wire``, in order.
    let parsed: [Pair]
    private let parts: Parts

    var location: Location {
        switch parts {
        case .query: .query
        case .form: .form
        }
    }

    var testDescription: String { id }

    /// The rule's declaration, sent as `GET /route` (query rules) or `POST /route` (form rules).
    func endpoint<Value: Decodable & Sendable>(route: String, as type: Value.Type = Value.self)
        -> Endpoint<Value, Never>
    {
        switch parts {
        case .query(let parts):
            Endpoint {
                Method.get
                Path(route)
                parts
            }
        case .form(let parts):
            Endpoint {
                Method.post
                Path(route)
                parts
            }
        }
    }

    /// The percent-encoded request target for `route`.
    func target(route: String) -> String {
        "/\(route)" + (location == .query && !wire.isEmpty ? "?" + wire : "")
    }

    /// The client the rule is sent with.
    func client(baseURL: BaseURL) -> Client {
        Client(
            baseURL: baseURL,
            configuration: Client.Configuration(formEncoding: clientEncoding ?? FormEncoding()))
    }

    /// A rule for query parameters of a `GET` request.
    static func query(
        _ id: String, _ summary: String, _ declared: String, client: FormEncoding? = nil,
        wire: String, parsed: KeyValuePairs<String, String>,
        @EndpointBuilder _ build: () -> EndpointParts<EndpointState.NoMethod, EndpointState.NoBody>
    ) -> EncodingRule {
        EncodingRule(
            id: id, summary: summary, declared: declared, clientEncoding: client, wire: wire,
            parsed: parsed.map { Pair(name: $0.key, value: $0.value) }, parts: .query(build()))
    }

    /// A rule for an `application/x-www-form-urlencoded` body of a `POST` request.
    static func form(
        _ id: String, _ summary: String, _ declared: String, client: FormEncoding? = nil,
        wire: String, parsed: KeyValuePairs<String, String>,
        @EndpointBuilder _ build: () -> EndpointParts<EndpointState.NoMethod, EndpointState.HasBody>
    ) -> EncodingRule {
        EncodingRule(
            id: id, summary: summary, declared: declared, clientEncoding: client, wire: wire,
            parsed: parsed.map { Pair(name: $0.key, value: $0.value) }, parts: .form(build()))
    }
}

// MARK: - Types the declarations use

extension EncodingRule {
    /// The source of the types below, shown under the table; a test checks it matches the code.
    static let typeDeclarations = #"""
        struct Filter: Encodable, Sendable { var status: String; var owner: String }
        struct Tagged: Encodable, Sendable { var tags: [String] }
        struct Search: Encodable, Sendable { var term: String; var page: Int? }
        struct Ordered: Encodable, Sendable { var zebra: Int; var apple: Int; var mango: Int }
        struct Paging: Encodable, Sendable { var perPage: Int; var pageToken: String }
        struct ListComments: Encodable, Sendable { @FormExcluded var postID: Int; var page: Int }
        enum Sort: String, Encodable, Sendable { case newest = "created-desc" }
        struct SignIn: Encodable, Sendable { var user: String; var password: String }
        struct Address: Encodable, Sendable { var city: String }
        struct Order: Encodable, Sendable { var items: [String]; var shipping: Address }
        """#

    struct Filter: Encodable, Sendable {
        var status: String
        var owner: String
    }
    struct Tagged: Encodable, Sendable { var tags: [String] }
    struct Search: Encodable, Sendable {
        var term: String
        var page: Int?
    }
    struct Ordered: Encodable, Sendable {
        var zebra: Int
        var apple: Int
        var mango: Int
    }
    struct Paging: Encodable, Sendable {
        var perPage: Int
        var pageToken: String
    }
    struct ListComments: Encodable, Sendable {
        @FormExcluded var postID: Int
        var page: Int
    }
    enum Sort: String, Encodable, Sendable { case newest = "created-desc" }
    struct SignIn: Encodable, Sendable {
        var user: String
        var password: String
    }
    struct Address: Encodable, Sendable { var city: String }
    struct Order: Encodable, Sendable {
        var items: [String]
        var shipping: Address
    }
}

// MARK: - The catalog

extension EncodingRule {
    /// A titled list of rules: one table in the documentation.
    struct Group: Sendable {
        let title: String
        let rules: [EncodingRule]
    }

    /// The rules in the order the documentation lists them.
    static let groups: [Group] = [
        Group(title: "Reserved characters", rules: reservedCharacters),
        Group(title: "Text", rules: text),
        Group(title: "Repeated names and arrays", rules: repetition),
        Group(title: "Objects and keys", rules: structure),
        Group(title: "Values and strategies", rules: values),
        Group(title: "Form bodies", rules: forms),
    ]

    /// Every rule.
    static let all: [EncodingRule] = groups.flatMap(\.rules)

    /// Characters with a meaning in URLs: each one is percent-encoded, so it arrives as itself.
    static let reservedCharacters: [EncodingRule] = [
        .query(
            "plus", "A `+` is a plus sign, never a space", #"Query("q", "a+b")"#,
            wire: "q=a%2Bb", parsed: ["q": "a+b"]
        ) {
            Query("q", "a+b")
        },
        .query(
            "space", "A space is `%20` in a query", #"Query("q", "a b")"#,
            wire: "q=a%20b", parsed: ["q": "a b"]
        ) {
            Query("q", "a b")
        },
        .query(
            "ampersand-equals", "`&` and `=` cannot split or end a pair", #"Query("q", "a&b=c")"#,
            wire: "q=a%26b%3Dc", parsed: ["q": "a&b=c"]
        ) {
            Query("q", "a&b=c")
        },
        .query(
            "hash", "`#` cannot start a fragment", #"Query("q", "C#")"#,
            wire: "q=C%23", parsed: ["q": "C#"]
        ) {
            Query("q", "C#")
        },
        .query(
            "percent", "`%` is never read as an escape", #"Query("q", "100%25")"#,
            wire: "q=100%2525", parsed: ["q": "100%25"]
        ) {
            Query("q", "100%25")
        },
        .query(
            "slash", "`/` is encoded", #"Query("q", "a/b")"#,
            wire: "q=a%2Fb", parsed: ["q": "a/b"]
        ) {
            Query("q", "a/b")
        },
        .query(
            "question-mark", "`?` is encoded", #"Query("q", "why?")"#,
            wire: "q=why%3F", parsed: ["q": "why?"]
        ) {
            Query("q", "why?")
        },
        .query(
            "at-sign", "`@` is encoded", #"Query("q", "a@b.c")"#,
            wire: "q=a%40b.c", parsed: ["q": "a@b.c"]
        ) {
            Query("q", "a@b.c")
        },
        .query(
            "name-encoding", "Names are encoded like values", #"Query("a b&c=d", "x")"#,
            wire: "a%20b%26c%3Dd=x", parsed: ["a b&c=d": "x"]
        ) {
            Query("a b&c=d", "x")
        },
    ]

    /// Text outside ASCII, and empty text.
    static let text: [EncodingRule] = [
        .query(
            "latin", "Non-ASCII text is UTF-8, each byte encoded", #"Query("q", "café")"#,
            wire: "q=caf%C3%A9", parsed: ["q": "café"]
        ) {
            Query("q", "café")
        },
        .query(
            "cjk", "CJK text", #"Query("q", "日本")"#,
            wire: "q=%E6%97%A5%E6%9C%AC", parsed: ["q": "日本"]
        ) {
            Query("q", "日本")
        },
        .query(
            "emoji", "An emoji with a skin-tone modifier: two scalars, eight bytes", #"Query("q", "👍🏽")"#,
            wire: "q=%F0%9F%91%8D%F0%9F%8F%BD", parsed: ["q": "👍🏽"]
        ) {
            Query("q", "👍🏽")
        },
        .query(
            "empty-value", "An empty value keeps its `=`", #"Query("q", "")"#,
            wire: "q=", parsed: ["q": ""]
        ) {
            Query("q", "")
        },
        .query(
            "empty-name", "An empty name is sent as declared", #"Query("", "v")"#,
            wire: "=v", parsed: ["": "v"]
        ) {
            Query("", "v")
        },
    ]

    /// Repeated names and arrays.
    static let repetition: [EncodingRule] = [
        .query(
            "repeated-keys", "A name may repeat; pairs keep their order",
            #"Query("tag", "a"); Query("tag", "b")"#,
            wire: "tag=a&tag=b", parsed: ["tag": "a", "tag": "b"]
        ) {
            Query("tag", "a")
            Query("tag", "b")
        },
        .query(
            "interleaved-keys", "Repeats of one name interleave with others as declared",
            #"Query("a", 1); Query("b", 2); Query("a", 3)"#,
            wire: "a=1&b=2&a=3", parsed: ["a": "1", "b": "2", "a": "3"]
        ) {
            Query("a", 1)
            Query("b", 2)
            Query("a", 3)
        },
        .query(
            "array-repeated-key", "An array repeats its name (the default, `.repeatedKey`)",
            #"Query("tag", ["a", "b"])"#,
            wire: "tag=a&tag=b", parsed: ["tag": "a", "tag": "b"]
        ) {
            Query("tag", ["a", "b"])
        },
        .query(
            "array-brackets", "`arrays: .brackets`; the brackets are encoded too",
            #"FormEncoding(arrays: .brackets); Query("tag", ["a", "b"])"#,
            wire: "tag%5B%5D=a&tag%5B%5D=b", parsed: ["tag[]": "a", "tag[]": "b"]
        ) {
            FormEncoding(arrays: .brackets)
            Query("tag", ["a", "b"])
        },
        .query(
            "array-indexed", "`arrays: .indexed`",
            #"FormEncoding(arrays: .indexed); Query("tag", ["a", "b"])"#,
            wire: "tag%5B0%5D=a&tag%5B1%5D=b", parsed: ["tag[0]": "a", "tag[1]": "b"]
        ) {
            FormEncoding(arrays: .indexed)
            Query("tag", ["a", "b"])
        },
        .query(
            "array-comma-separated", "`arrays: .commaSeparated`: one pair, the comma encoded",
            #"FormEncoding(arrays: .commaSeparated); Query("tag", ["a", "b"])"#,
            wire: "tag=a%2Cb", parsed: ["tag": "a,b"]
        ) {
            FormEncoding(arrays: .commaSeparated)
            Query("tag", ["a", "b"])
        },
    ]

    /// Objects, key names and key order.
    static let structure: [EncodingRule] = [
        .query(
            "nesting-brackets", "A nested object's keys in brackets (the default, `.brackets`)",
            #"Query("filter", Filter(status: "open", owner: "me"))"#,
            wire: "filter%5Bstatus%5D=open&filter%5Bowner%5D=me",
            parsed: ["filter[status]": "open", "filter[owner]": "me"]
        ) {
            Query("filter", Filter(status: "open", owner: "me"))
        },
        .query(
            "nesting-dots", "`nesting: .dots`",
            #"FormEncoding(nesting: .dots); Query("filter", Filter(status: "open", owner: "me"))"#,
            wire: "filter.status=open&filter.owner=me",
            parsed: ["filter.status": "open", "filter.owner": "me"]
        ) {
            FormEncoding(nesting: .dots)
            Query("filter", Filter(status: "open", owner: "me"))
        },
        .query(
            "array-in-object", "An array inside an object: nesting, then the array strategy",
            #"Query("filter", Tagged(tags: ["a", "b"]))"#,
            wire: "filter%5Btags%5D=a&filter%5Btags%5D=b",
            parsed: ["filter[tags]": "a", "filter[tags]": "b"]
        ) {
            Query("filter", Tagged(tags: ["a", "b"]))
        },
        .query(
            "array-in-object-dots-indexed", "The same with `.dots` and `.indexed`",
            #"FormEncoding(arrays: .indexed, nesting: .dots); Query("filter", Tagged(tags: ["a", "b"]))"#,
            wire: "filter.tags%5B0%5D=a&filter.tags%5B1%5D=b",
            parsed: ["filter.tags[0]": "a", "filter.tags[1]": "b"]
        ) {
            FormEncoding(arrays: .indexed, nesting: .dots)
            Query("filter", Tagged(tags: ["a", "b"]))
        },
        .query(
            "dictionary-sorted", "A dictionary has no order: its keys are sorted",
            #"Query("meta", ["b": "2", "a": "1"])"#,
            wire: "meta%5Ba%5D=1&meta%5Bb%5D=2", parsed: ["meta[a]": "1", "meta[b]": "2"]
        ) {
            Query("meta", ["b": "2", "a": "1"])
        },
        .query(
            "whole-value-order", "A whole value: one pair per property, in declaration order",
            #"Query(fieldsOf: Ordered(zebra: 1, apple: 2, mango: 3))"#,
            wire: "zebra=1&apple=2&mango=3", parsed: ["zebra": "1", "apple": "2", "mango": "3"]
        ) {
            Query(fieldsOf: Ordered(zebra: 1, apple: 2, mango: 3))
        },
        .query(
            "snake-case", "`keys: .convertToSnakeCase` renames properties",
            #"FormEncoding(keys: .convertToSnakeCase); Query(fieldsOf: Paging(perPage: 20, pageToken: "x y"))"#,
            wire: "per_page=20&page_token=x%20y", parsed: ["per_page": "20", "page_token": "x y"]
        ) {
            FormEncoding(keys: .convertToSnakeCase)
            Query(fieldsOf: Paging(perPage: 20, pageToken: "x y"))
        },
        .query(
            "form-excluded", "`@FormExcluded` keeps a property out",
            #"Query(fieldsOf: ListComments(postID: 7, page: 2))"#,
            wire: "page=2", parsed: ["page": "2"]
        ) {
            Query(fieldsOf: ListComments(postID: 7, page: 2))
        },
        .query(
            "nil-property", "A `nil` property is omitted",
            #"Query(fieldsOf: Search(term: "a b", page: nil))"#,
            wire: "term=a%20b", parsed: ["term": "a b"]
        ) {
            Query(fieldsOf: Search(term: "a b", page: nil))
        },
        .query(
            "nil-named", "A named `nil` is omitted", #"Query("q", "x"); Query("page", Int?.none)"#,
            wire: "q=x", parsed: ["q": "x"]
        ) {
            Query("q", "x")
            Query("page", Int?.none)
        },
    ]

    /// Scalars: booleans, dates, enums, numbers, identifiers and URLs; and which encoding applies.
    static let values: [EncodingRule] = [
        .query(
            "booleans-true-false", "Booleans as `true`/`false` (the default, `.trueFalse`)",
            #"Query("on", true); Query("off", false)"#,
            wire: "on=true&off=false", parsed: ["on": "true", "off": "false"]
        ) {
            Query("on", true)
            Query("off", false)
        },
        .query(
            "booleans-numeric", "`booleans: .numeric`",
            #"FormEncoding(booleans: .numeric); Query("on", true); Query("off", false)"#,
            wire: "on=1&off=0", parsed: ["on": "1", "off": "0"]
        ) {
            FormEncoding(booleans: .numeric)
            Query("on", true)
            Query("off", false)
        },
        .query(
            "dates-iso8601",
            "ISO 8601 in UTC, whole seconds (the default, `.iso8601`): a fraction is dropped",
            #"Query("at", Date(timeIntervalSince1970: 1_714_564_800)); Query("frac", Date(timeIntervalSince1970: 1_714_564_800.25))"#,
            wire: "at=2024-05-01T12%3A00%3A00Z&frac=2024-05-01T12%3A00%3A00Z",
            parsed: ["at": "2024-05-01T12:00:00Z", "frac": "2024-05-01T12:00:00Z"]
        ) {
            Query("at", Date(timeIntervalSince1970: 1_714_564_800))
            Query("frac", Date(timeIntervalSince1970: 1_714_564_800.25))
        },
        .query(
            "dates-seconds", "`dates: .secondsSince1970`: a fraction only when there is one",
            #"FormEncoding(dates: .secondsSince1970); Query("at", Date(timeIntervalSince1970: 1_714_564_800)); Query("frac", Date(timeIntervalSince1970: 1_714_564_800.25))"#,
            wire: "at=1714564800&frac=1714564800.25", parsed: ["at": "1714564800", "frac": "1714564800.25"]
        ) {
            FormEncoding(dates: .secondsSince1970)
            Query("at", Date(timeIntervalSince1970: 1_714_564_800))
            Query("frac", Date(timeIntervalSince1970: 1_714_564_800.25))
        },
        .query(
            "dates-milliseconds", "`dates: .millisecondsSince1970`",
            #"FormEncoding(dates: .millisecondsSince1970); Query("frac", Date(timeIntervalSince1970: 1_714_564_800.25))"#,
            wire: "frac=1714564800250", parsed: ["frac": "1714564800250"]
        ) {
            FormEncoding(dates: .millisecondsSince1970)
            Query("frac", Date(timeIntervalSince1970: 1_714_564_800.25))
        },
        .query(
            "dates-custom", "`dates: .custom`: your text, then encoded",
            #"FormEncoding(dates: .custom { $0.formatted(.iso8601.year().month().day()) }); Query("on", Date(timeIntervalSince1970: 1_714_564_800))"#,
            wire: "on=2024-05-01", parsed: ["on": "2024-05-01"]
        ) {
            FormEncoding(dates: .custom { $0.formatted(.iso8601.year().month().day()) })
            Query("on", Date(timeIntervalSince1970: 1_714_564_800))
        },
        .query(
            "enum-raw-value", "A `RawRepresentable` enum sends its raw value", #"Query("sort", Sort.newest)"#,
            wire: "sort=created-desc", parsed: ["sort": "created-desc"]
        ) {
            Query("sort", Sort.newest)
        },
        .query(
            "numbers",
            "Numbers as Swift prints them; a whole `Double` has no `.0`; an exponent's `+` is encoded",
            #"Query("price", 19.99); Query("whole", 2.0); Query("big", 1e21); Query("amount", Decimal(string: "12.50"))"#,
            wire: "price=19.99&whole=2&big=1e%2B21&amount=12.5",
            parsed: ["price": "19.99", "whole": "2", "big": "1e+21", "amount": "12.5"]
        ) {
            Query("price", 19.99)
            Query("whole", 2.0)
            Query("big", 1e21)
            Query("amount", Decimal(string: "12.50"))
        },
        .query(
            "uuid", "A `UUID` in its canonical uppercase form",
            #"Query("id", UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"))"#,
            wire: "id=E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
            parsed: ["id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"]
        ) {
            Query("id", UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"))
        },
        .query(
            "url", "A `URL` as its absolute string, encoded whole",
            #"Query("next", URL(string: "https://example.com/a?b=c&d"))"#,
            wire: "next=https%3A%2F%2Fexample.com%2Fa%3Fb%3Dc%26d",
            parsed: ["next": "https://example.com/a?b=c&d"]
        ) {
            Query("next", URL(string: "https://example.com/a?b=c&d"))
        },
        .query(
            "client-encoding",
            "The client's encoding applies when the endpoint declares none "
                + "(client: `FormEncoding(arrays: .commaSeparated)`)",
            #"Query("tag", ["a", "b"])"#, client: FormEncoding(arrays: .commaSeparated),
            wire: "tag=a%2Cb", parsed: ["tag": "a,b"]
        ) {
            Query("tag", ["a", "b"])
        },
        .query(
            "endpoint-overrides-client",
            "An endpoint's encoding replaces the client's "
                + "(client: `FormEncoding(arrays: .commaSeparated)`)",
            #"FormEncoding(arrays: .indexed); Query("tag", ["a", "b"])"#,
            client: FormEncoding(arrays: .commaSeparated),
            wire: "tag%5B0%5D=a&tag%5B1%5D=b", parsed: ["tag[0]": "a", "tag[1]": "b"]
        ) {
            FormEncoding(arrays: .indexed)
            Query("tag", ["a", "b"])
        },
        .query(
            "query-ignores-plus-spaces", "`spaces: .plus` is for form bodies: a query keeps `%20`",
            #"FormEncoding(spaces: .plus); Query("q", "a b")"#,
            wire: "q=a%20b", parsed: ["q": "a b"]
        ) {
            FormEncoding(spaces: .plus)
            Query("q", "a b")
        },
    ]

    /// `application/x-www-form-urlencoded` bodies.
    static let forms: [EncodingRule] = [
        .form(
            "form-space-percent-20", "A form body writes a space as `%20` (the default, `.percent20`)",
            #"Body.form(items: [QueryItem(name: "q", value: "a b+c")])"#,
            wire: "q=a%20b%2Bc", parsed: ["q": "a b+c"]
        ) {
            Body.form(items: [QueryItem(name: "q", value: "a b+c")])
        },
        .form(
            "form-space-plus", "`spaces: .plus` writes `+`, as HTML forms do; a `+` is still `%2B`",
            #"FormEncoding(spaces: .plus); Body.form(items: [QueryItem(name: "q", value: "a b+c")])"#,
            wire: "q=a+b%2Bc", parsed: ["q": "a b+c"]
        ) {
            FormEncoding(spaces: .plus)
            Body.form(items: [QueryItem(name: "q", value: "a b+c")])
        },
        .form(
            "form-whole-value", "A whole value as a form body",
            #"Body.form(SignIn(user: "ada", password: "p&ss=w rd+1"))"#,
            wire: "user=ada&password=p%26ss%3Dw%20rd%2B1", parsed: ["user": "ada", "password": "p&ss=w rd+1"]
        ) {
            Body.form(SignIn(user: "ada", password: "p&ss=w rd+1"))
        },
        .form(
            "form-nested", "Arrays and nested objects in a form body",
            #"Body.form(Order(items: ["x", "y"], shipping: Address(city: "Zürich")))"#,
            wire: "items=x&items=y&shipping%5Bcity%5D=Z%C3%BCrich",
            parsed: ["items": "x", "items": "y", "shipping[city]": "Zürich"]
        ) {
            Body.form(Order(items: ["x", "y"], shipping: Address(city: "Zürich")))
        },
        .form(
            "form-repeated-pairs", "Pairs keep their order; names repeat; values may be empty",
            #"Body.form(items: [QueryItem(name: "a", value: "1"), QueryItem(name: "b", value: ""), QueryItem(name: "a", value: "3")])"#,
            wire: "a=1&b=&a=3", parsed: ["a": "1", "b": "", "a": "3"]
        ) {
            Body.form(items: [
                QueryItem(name: "a", value: "1"), QueryItem(name: "b", value: ""),
                QueryItem(name: "a", value: "3"),
            ])
        },
        .form(
            "form-non-ascii", "Non-ASCII names and values in a form body",
            #"FormEncoding(spaces: .plus); Body.form(items: [QueryItem(name: "größe", value: "日本 👍🏽")])"#,
            wire: "gr%C3%B6%C3%9Fe=%E6%97%A5%E6%9C%AC+%F0%9F%91%8D%F0%9F%8F%BD", parsed: ["größe": "日本 👍🏽"]
        ) {
            FormEncoding(spaces: .plus)
            Body.form(items: [QueryItem(name: "größe", value: "日本 👍🏽")])
        },
    ]
}
