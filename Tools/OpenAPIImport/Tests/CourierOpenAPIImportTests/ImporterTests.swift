import Testing

@testable import CourierOpenAPIImport

@Suite struct ImporterModelTests {
    /// A default that is no value of the schema's type describes no value a call sends or reads:
    /// the documentation leaves it out and the report says why; one that fits stays.
    @Test func aDefaultOfAnotherTypeThanTheSchemasIsLeftOutAndReported() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Page:
                  type: object
                  properties:
                    limit: {type: integer, default: "inf", description: How many.}
                    ratio: {type: number, default: .inf}
                    size: {type: integer, default: 2.0}
                    scale: {type: number, default: 1}
                    name: {type: [string, 'null'], default: none}
                    tags: {type: array, items: {type: string}, default: ''}
                Level: {type: integer, default: high}
            """)
        let page = file(result, "Models/Page.swift")
        #expect(!page.contains("Defaults to `\"inf\"`"), "\(page)")
        #expect(!page.contains("Defaults to `null`"), "\(page)")
        #expect(!page.contains("Defaults to `\"\"`"), "\(page)")
        // An integral number of an integer schema is the integer it is.
        #expect(page.contains("Defaults to `2`."), "\(page)")
        #expect(!page.contains("2.0"), "\(page)")
        #expect(page.contains("Defaults to `1`."), "\(page)")
        #expect(page.contains("Defaults to `\"none\"`."), "\(page)")
        let place = "/components/schemas/Page/properties"
        #expect(
            reported(result, at: "\(place)/limit/default").map(\.message) == [
                #"The default "inf" is a string, not of the schema's type (integer): it is left out of the "#
                    + "documentation."
            ])
        #expect(
            reported(result, at: "\(place)/ratio/default").map(\.message) == [
                "The default inf is no number JSON can hold: it is left out of the documentation."
            ])
        #expect(
            reported(result, at: "\(place)/tags/default").map(\.message) == [
                #"The default "" is a string, not of the schema's type (array): it is left out of the documentation."#
            ])
        for fitting in ["size", "scale", "name"] {
            #expect(reported(result, at: "\(place)/\(fitting)/default").isEmpty)
        }
        #expect(!file(result, "Models/Level.swift").contains("Defaults to"))
        #expect(reported(result, at: "/components/schemas/Level/default").map(\.changesExport) == [false])
    }

    @Test func eachIntegerFormatOfTheRegistryIsItsSwiftInteger() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Sizes:
                  type: object
                  required: [a, b, c, d, e, f, g, h, i, j]
                  properties:
                    a: {type: integer}
                    b: {type: integer, format: int64}
                    c: {type: integer, format: int32}
                    d: {type: integer, format: int16}
                    e: {type: integer, format: int8}
                    f: {type: integer, format: uint64}
                    g: {type: integer, format: uint32}
                    h: {type: integer, format: uint16}
                    i: {type: integer, format: uint8}
                    j: {type: integer, format: int128}
            """)
        let sizes = file(result, "Models/Sizes.swift")
        let types = [
            "a": "Int", "b": "Int", "c": "Int32", "d": "Int16", "e": "Int8", "f": "UInt64", "g": "UInt32",
            "h": "UInt16", "i": "UInt8", "j": "Int",
        ]
        for (name, type) in types {
            #expect(sizes.contains("public var \(name): \(type)\n"), "\(name): \(sizes)")
        }
        #expect(
            reported(result, at: "/components/schemas/Sizes/properties/j/format").map(\.message)
                == ["The integer format int128 is an Int; the export writes int64."])
    }

    @Test func anObjectIsAStructWithOptionalsForWhatIsNotRequired() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Pet:
                  description: A pet in the store.
                  type: object
                  required: [id, name]
                  properties:
                    id: {type: integer, format: int64}
                    name: {type: string, minLength: 1, maxLength: 40}
                    pet_type: {type: string, description: What kind.}
                    born: {type: string, format: date-time}
                    owner: {type: [string, 'null'], format: uuid}
            """)
        let pet = file(result, "Models/Pet.swift")
        #expect(pet.contains("/// A pet in the store.\npublic struct Pet: Codable, Sendable, Hashable {"))
        #expect(pet.contains("public var id: Int\n"))
        #expect(pet.contains("public var name: String\n"))
        #expect(pet.contains("/// What kind.\n    public var petType: String?"))
        #expect(pet.contains("public var born: Date?"))
        #expect(pet.contains("public var owner: UUID?"))
        #expect(pet.contains(#"case petType = "pet_type""#))
        #expect(pet.contains(#""name": [.minLength(1), .maxLength(40)],"#))
        #expect(pet.contains("public init(id: Int, name: String, petType: String? = nil"))
    }

    @Test func nullableIn3_0MakesAnOptional() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Note:
                  type: object
                  required: [text]
                  properties:
                    text: {type: string, nullable: true}
            """, version: "3.0.3")
        #expect(file(result, "Models/Note.swift").contains("public var text: String?"))
        #expect(!reported(result, at: "/components/schemas/Note/properties/text").isEmpty)
    }

    @Test func aStringEnumKeepsUnknownValues() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Status: {type: string, enum: [available, on-hold, '']}
            """)
        let status = file(result, "Models/Status.swift")
        #expect(status.contains("case available\n"))
        #expect(status.contains("case onHold\n"))
        #expect(status.contains("case empty\n"))
        #expect(status.contains("case unknown(String)"))
        #expect(status.contains(#"case "on-hold": self = .onHold"#))
        #expect(status.contains("public static let allCases: [Status] = [.available, .onHold, .empty]"))
    }

    /// An enum value's case is renamed as a property would be, and reported the same way; one
    /// spelled as Swift spells names (`IN_PROGRESS` as `inProgress`) or kept in backticks is not.
    @Test func enumCasesRenamedForSwiftAreReportedOneLineEach() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Status: {type: string, enum: [in-progress, IN_PROGRESS, done, Done, 2fa, self, none, unknown, '', default]}
            """)
        let status = file(result, "Models/Status.swift")
        for name in [
            "inProgress", "inProgress2", "done", "done2", "_2fa", "selfValue", "noneValue", "unknown2",
        ] {
            #expect(status.contains("case \(name)\n"))
        }
        let enumeration = "/components/schemas/Status/enum"
        let kept = "; the document's value is kept on the wire."
        #expect(
            result.report.items.filter { $0.kind == .renamed }.map(\.description) == [
                "\(enumeration)/0: The enum value in-progress is inProgress in Swift, since its name is not a Swift "
                    + "identifier of letters and digits\(kept)",
                "\(enumeration)/1: The enum value IN_PROGRESS is inProgress2 in Swift, since inProgress is taken\(kept)",
                "\(enumeration)/3: The enum value Done is done2 in Swift, since done is taken\(kept)",
                "\(enumeration)/4: The enum value 2fa is _2fa in Swift, since its name is not a Swift identifier "
                    + "of letters and digits\(kept)",
                "\(enumeration)/5: The enum value self is selfValue in Swift, since Swift reserves its name\(kept)",
                "\(enumeration)/6: The enum value none is noneValue in Swift, since .none would read as an "
                    + "Optional's case\(kept)",
                "\(enumeration)/7: The enum value unknown is unknown2 in Swift, since unknown is taken\(kept)",
                "\(enumeration)/8: The enum value \"\" is empty in Swift, since a Swift name cannot be empty\(kept)",
            ])
    }

    @Test func aPatternIsWrittenAsALiteralThatHoldsItsQuotesHashesAndBackslashes() throws {
        let result = try importing(
            ##"""
            paths: {}
            components:
              schemas:
                Tag:
                  type: object
                  properties:
                    plain: {type: string, pattern: '^[a-z]+$'}
                    unquoted: {type: string, pattern: '^[^"#]+$'}
                    escaped: {type: string, pattern: '^\#[0-9]+"##$'}
            """##)
        let tag = file(result, "Models/Tag.swift")
        #expect(tag.contains(##""plain": .pattern(#"^[a-z]+$"#)"##))
        #expect(tag.contains(###""unquoted": .pattern(##"^[^"#]+$"##)"###))
        #expect(tag.contains(####""escaped": .pattern(###"^\#[0-9]+"##$"###)"####))
    }

    @Test func anIntegerEnumNamesItsNegativeValuesDownToTheSmallest() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Offset: {type: integer, enum: [-9223372036854775808, -1, 0]}
            """)
        let offset = file(result, "Models/Offset.swift")
        #expect(offset.contains("case minus9223372036854775808\n"))
        #expect(offset.contains("case -9223372036854775808: self = .minus9223372036854775808"))
        #expect(offset.contains("case minus1\n"))
    }

    @Test func enumValuesOfAnotherTypeThanTheSchemasLeaveItThatType() throws {
        // Unquoted numbers in YAML under `type: string`, and quoted ones under `type: integer`.
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Release:
                  type: object
                  properties:
                    version: {type: string, enum: [1, 2, 3]}
                    code: {type: integer, enum: ['1', '2']}
                    weight: {type: number, enum: [1, 2]}
                    level: {type: integer, enum: [1, 2]}
            """)
        let release = file(result, "Models/Release.swift")
        #expect(release.contains("public var version: String?"))
        #expect(release.contains("public var code: Int?"))
        #expect(release.contains("public var weight: Double?"))
        #expect(release.contains("public var level: ReleaseLevel?"))
        for property in ["version", "code", "weight"] {
            #expect(
                reported(result, at: "/components/schemas/Release/properties/\(property)/enum").map(\.kind)
                    == [.approximated])
        }
    }

    @Test func aDiscriminatedOneOfIsAnEnumWithACasePerSchema() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Shape:
                  oneOf: [{$ref: '#/components/schemas/Circle'}, {$ref: '#/components/schemas/Square'}]
                  discriminator:
                    propertyName: kind
                    mapping: {round: '#/components/schemas/Circle'}
                Circle: {type: object, properties: {kind: {type: string}, radius: {type: number}}}
                Square: {type: object, properties: {kind: {type: string}, side: {type: number}}}
            """)
        let shape = file(result, "Models/Shape.swift")
        #expect(shape.contains("case circle(Circle)"))
        #expect(shape.contains("case square(Square)"))
        #expect(shape.contains(#"case discriminator = "kind""#))
        #expect(shape.contains(#"case "round": self = .circle(try Circle(from: decoder))"#))
        #expect(shape.contains(#"case "Square": self = .square(try Square(from: decoder))"#))
        // A value is the case its kind names, and nothing else: another kind, or none, is an error.
        #expect(shape.contains("switch try container.decodeIfPresent(String.self, forKey: .discriminator) {"))
        #expect(
            shape.contains(
                #"debugDescription: "The kind \"\(value)\" names none of Shape's schemas (round, Square).")"#)
        )
        #expect(
            shape.contains(
                #"debugDescription: "The value has no kind, which names which of Shape's schemas it is (round, Square).""#
            ))
        #expect(!shape.contains("try?"))
        // The export lists the cases and the discriminator; "Square" names Square without a mapping.
        #expect(shape.contains("public enum Shape: Codable, Sendable, Hashable, SchemaDescribing"))
        #expect(
            shape.contains(
                """
                        .oneOf(
                            [Circle.self, Square.self],
                            discriminator: .init(property: "kind", mapping: ["round": Circle.self]))
                """))
        // Nothing about the union is left for the report to explain but that no endpoint uses it.
        #expect(
            reported(result, at: "/components/schemas/Shape").map(\.message) == [
                "No endpoint uses Shape, so the export, which lists what the endpoints use, leaves it out."
            ])
    }

    @Test func aDiscriminatedAnyOfStaysAnAnyOf() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Shape:
                  anyOf: [{$ref: '#/components/schemas/Circle'}, {$ref: '#/components/schemas/Square'}]
                  discriminator: {propertyName: kind}
                Circle: {type: object, properties: {kind: {type: string}}}
                Square: {type: object, properties: {kind: {type: string}}}
            """)
        #expect(
            file(result, "Models/Shape.swift").contains(
                """
                        .anyOf(
                            [Circle.self, Square.self],
                            discriminator: .init(property: "kind"))
                """))
    }

    @Test func aDiscriminatorPicksTheMemberItsValueNamesOnly() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Shape:
                  anyOf:
                    - $ref: '#/components/schemas/Circle'
                    - {type: object, properties: {kind: {type: string}, side: {type: number}}}
                  discriminator: {propertyName: kind}
                Circle: {type: object, properties: {kind: {type: string}}}
            """)
        let shape = file(result, "Models/Shape.swift")
        // The implicit mapping: a member's component name.
        #expect(shape.contains(#"case "Circle": self = .circle(try Circle(from: decoder))"#), "\(shape)")
        #expect(!shape.contains("Option2(from:"), "\(shape)")
        #expect(
            reported(result, at: "/components/schemas/Shape/discriminator").map(\.message) == [
                "Members that are not references have no discriminator value, and Shape decodes the member its "
                    + "kind names only: no value decodes as .option2."
            ])
        #expect(
            reported(result, at: "/components/schemas/Shape/anyOf").map(\.message) == [
                "The anyOf is decoded as the one member its discriminator names, as a oneOf would be."
            ])
    }

    @Test func aMappingToASchemaThatIsNoMemberIsReported() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Shape:
                  oneOf: [{$ref: '#/components/schemas/Circle'}, {$ref: '#/components/schemas/Triangle'}]
                  discriminator:
                    propertyName: kind
                    mapping: {round: Circle, box: '#/components/schemas/Square'}
                Circle: {type: object, properties: {kind: {type: string}}}
                Triangle: {type: object, properties: {kind: {type: string}}}
                Square: {type: object, properties: {kind: {type: string}}}
            """)
        #expect(file(result, "Models/Shape.swift").contains(#"case "round": self = .circle"#))
        #expect(
            reported(result, at: "/components/schemas/Shape/discriminator/mapping").map(\.message) == [
                "The mapping's 'box' names #/components/schemas/Square, which is no member of the oneOf: Shape "
                    + "refuses a value that names it."
            ])
    }

    @Test func aUnionWithoutADiscriminatorDecodesTheFirstMemberThatFits() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Shape: {oneOf: [{$ref: '#/components/schemas/Circle'}, {type: string}]}
                Circle: {type: object, properties: {kind: {type: string}}}
            """)
        let shape = file(result, "Models/Shape.swift")
        #expect(!shape.contains("DiscriminatorKey"), "\(shape)")
        #expect(shape.contains("if let value = try? Circle(from: decoder) {"), "\(shape)")
        #expect(shape.contains("} else if let value = try? String(from: decoder) {"), "\(shape)")
        #expect(shape.contains(#"debugDescription: "The value is none of Circle, String.""#), "\(shape)")
    }

    @Test func unionMembersWithATitleAreNamedByIt() throws {
        let result = try importing(
            """
            paths:
              /pay:
                post:
                  operationId: pay
                  requestBody:
                    content:
                      application/json:
                        schema:
                          anyOf:
                            - {title: Card, type: object, properties: {number: {type: string}}, required: [number]}
                            - title: Bank Account
                              description: An account to debit.
                              type: object
                              properties: {iban: {type: string}}
                            - {title: Card, type: object, properties: {token: {type: string}}}
                            - {title: Amount in cents, type: integer}
                            - {type: object, properties: {other: {type: string}}}
                  responses: {'204': {description: ok}}
            components:
              schemas:
                Holder:
                  type: object
                  properties:
                    method: {$ref: '#/components/schemas/Payment/oneOf/0/properties/owner'}
                Payment:
                  oneOf:
                    - {title: Wallet, type: object, properties: {owner: {type: object, properties: {id: {type: string}}}}}
                    - {type: string}
            """)
        let body = file(result, "Models/PayBody.swift")
        #expect(body.contains("case card(PayBodyCard)"), "\(body)")
        // A description documents the member; the title still names it.
        #expect(body.contains("case bankAccount(PayBodyBankAccount)"), "\(body)")
        #expect(file(result, "Models/PayBodyBankAccount.swift").contains("/// An account to debit."))
        #expect(body.contains("case card2(PayBodyCard2)"), "\(body)")
        #expect(body.contains("case amountInCents(Int)"), "\(body)")
        #expect(body.contains("case option5(PayBodyOption5)"), "\(body)")
        let place = "/paths/~1pay/post/requestBody/content/application~1json/schema/anyOf"
        #expect(
            reported(result, at: "\(place)/2").map(\.message) == [
                #"The member titled "Card" is the Swift type PayBodyCard2, since PayBodyCard is taken, and "#
                    + "the case .card2, since .card is taken."
            ])
        #expect(reported(result, at: "\(place)/0").isEmpty)
        // A place inside a titled member is named as the union names the member.
        #expect(file(result, "Models/Holder.swift").contains("public var method: PaymentWalletOwner?"))
        #expect(file(result, "Models/Payment.swift").contains("case wallet(PaymentWallet)"))
    }

    @Test func arraysInAUnionAreNamedByTheirElementsWhenThereAreSeveral() throws {
        let result = try importing(
            """
            components:
              schemas:
                Input:
                  oneOf:
                    - {type: string}
                    - {type: array, items: {type: string}}
                    - {type: array, items: {type: integer}}
                    - {type: array, items: {type: array, items: {type: integer}}}
                    - {type: array, items: {$ref: '#/components/schemas/Address'}}
                Tags:
                  oneOf:
                    - {type: string}
                    - {type: array, items: {type: string}}
                Address: {type: object, properties: {city: {type: string}}}
            """)
        let input = file(result, "Models/Input.swift")
        for line in [
            "case string(String)", "case strings([String])", "case ints([Int])", "case intArrays([[Int]])",
            "case addresses([Address])",
        ] {
            #expect(input.contains(line), "\(input)")
        }
        // One array keeps its plain name.
        #expect(file(result, "Models/Tags.swift").contains("case array([String])"))
        #expect(SwiftNames.plural("category") == "categories")
        #expect(SwiftNames.plural("day") == "days")
    }

    @Test func anAnyOfWithNullIsAnAnyOfOfTheRestReportedForItsNull() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Value:
                  anyOf: [{type: 'null'}, {type: string}, {type: array, items: {$ref: '#/components/schemas/Value'}}]
            """)
        let value = file(result, "Models/Value.swift")
        #expect(value.contains(".anyOf([String.self, [Value].self])"))
        let null = reported(result, at: "/components/schemas/Value").filter { $0.kind == .approximated }
        #expect(null.count == 1)
        #expect(null.first?.message.hasPrefix("null is not a case of Value") == true)
    }

    @Test func aRequiredReadOnlyOrWriteOnlyPropertyIsOptional() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Account:
                  type: object
                  required: [id, name, password]
                  properties:
                    id: {type: integer, readOnly: true}
                    name: {type: string}
                    password: {type: string, writeOnly: true}
            """)
        let account = file(result, "Models/Account.swift")
        // A request to create one leaves the id out; a response leaves the password out.
        #expect(account.contains("public var id: Int?"))
        #expect(account.contains("public var name: String\n"))
        #expect(account.contains("public var password: String?"))
        #expect(
            reported(result, at: "/components/schemas/Account/properties/id").first?.message
                == "id is readOnly, so it is required in responses only: an optional in Swift, which the export "
                + "does not list as required.")
    }

    @Test func allOfIsOneStructWithEveryMembersProperties() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                NewPet: {type: object, required: [name], properties: {name: {type: string}}}
                Pet:
                  allOf:
                    - $ref: '#/components/schemas/NewPet'
                    - {type: object, required: [id], properties: {id: {type: integer}}}
            """)
        let pet = file(result, "Models/Pet.swift")
        #expect(pet.contains("public var name: String\n"))
        #expect(pet.contains("public var id: Int\n"))
        #expect(reported(result, at: "/components/schemas/Pet/allOf").first?.kind == .approximated)
    }

    @Test func theModelsInsideABaseAreNamedAfterItWhicheverStructReadsThemFirst() throws {
        let base = """
                Base:
                  type: object
                  properties:
                    meta: {type: object, properties: {etag: {type: string}}}
                    kind: {type: string, enum: [a, b]}
                    parent:
                      allOf:
                        - $ref: '#/components/schemas/Root'
                        - {type: object, properties: {links: {type: object, properties: {next: {type: string}}}}}
            """
        let extenders = """
                Dog:
                  allOf:
                    - $ref: '#/components/schemas/Base'
                    - {type: object, properties: {bark: {type: string}}}
                Cat:
                  allOf: [{$ref: '#/components/schemas/Base'}, {type: object, properties: {purr: {type: boolean}}}]
                Root:
                  type: object
                  properties:
                    tags: {type: object, properties: {names: {type: array, items: {type: string}}}}
            """
        let header = "paths: {}\ncomponents:\n  schemas:\n"
        let extendersFirst = try importing(header + extenders + "\n" + base)
        let baseFirst = try importing(header + base + "\n" + extenders)
        for result in [extendersFirst, baseFirst] {
            #expect(
                result.files.map(\.path).filter { $0.hasPrefix("Models/") }.sorted() == [
                    "Models/Base.swift", "Models/BaseKind.swift", "Models/BaseMeta.swift",
                    "Models/BaseParent.swift",
                    "Models/BaseParentLinks.swift", "Models/Cat.swift", "Models/Dog.swift",
                    "Models/Root.swift",
                    "Models/RootTags.swift",
                ])
            let dog = file(result, "Models/Dog.swift")
            #expect(dog.hasPrefix("import Courier\n"))
            #expect(dog.contains("public var meta: BaseMeta?"))
            #expect(dog.contains("public var kind: BaseKind?"))
            #expect(dog.contains("public var parent: BaseParent?"))
            #expect(file(result, "Models/Cat.swift").contains("public var meta: BaseMeta?"))
            #expect(file(result, "Models/BaseParent.swift").contains("public var tags: RootTags?"))
        }
        for path in ["Models/Base.swift", "Models/BaseMeta.swift", "Models/Dog.swift", "Models/Cat.swift"] {
            #expect(file(extendersFirst, path) == file(baseFirst, path))
        }
    }

    @Test func theModelsInsideAPlaceAnAllOfOrAPropertyRefersToAreNamedAfterThatPlace() throws {
        let holder = """
                Holder:
                  type: object
                  properties:
                    settings:
                      type: object
                      properties:
                        theme: {type: object, properties: {color: {type: string}}}
                        mode: {type: string, enum: [light, dark]}
                    extras:
                      type: object
                      properties:
                        notes: {type: array, items: {type: object, properties: {text: {type: string}}}}
            """
        let readers = """
                Account:
                  allOf:
                    - $ref: '#/components/schemas/Holder/properties/settings'
                    - {type: object, properties: {id: {type: string}}}
                Profile:
                  type: object
                  properties:
                    more: {$ref: '#/components/schemas/Holder/properties/extras'}
                    note: {$ref: '#/components/schemas/Holder/properties/extras/properties/notes/items'}
            """
        let header = "paths: {}\ncomponents:\n  schemas:\n"
        let readersFirst = try importing(header + readers + "\n" + holder)
        let holderFirst = try importing(header + holder + "\n" + readers)
        let models = [
            "Models/Account.swift", "Models/Holder.swift", "Models/HolderExtras.swift",
            "Models/HolderExtrasNotesItem.swift", "Models/HolderSettings.swift",
            "Models/HolderSettingsMode.swift", "Models/HolderSettingsTheme.swift", "Models/Profile.swift",
        ]
        for result in [readersFirst, holderFirst] {
            #expect(result.files.map(\.path).filter { $0.hasPrefix("Models/") }.sorted() == models)
            let account = file(result, "Models/Account.swift")
            #expect(account.contains("public var theme: HolderSettingsTheme?"))
            #expect(account.contains("public var mode: HolderSettingsMode?"))
            let profile = file(result, "Models/Profile.swift")
            #expect(profile.contains("public var more: HolderExtras?"))
            #expect(profile.contains("public var note: HolderExtrasNotesItem?"))
        }
        for path in models {
            #expect(file(readersFirst, path) == file(holderFirst, path))
        }
    }

    @Test func anAllOfOfOneSchemaAndSchemasThatOnlyDescribeItIsThatSchema() throws {
        // Documents converted from Swagger 2 describe a referenced scalar this way.
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Timestamp: {type: integer, format: int64}
                Status: {type: string, enum: [QUEUED, DONE]}
                Job:
                  type: object
                  required: [status]
                  properties:
                    queuedAt:
                      allOf:
                        - $ref: '#/components/schemas/Timestamp'
                        - description: When the job was queued.
                    status:
                      allOf:
                        - $ref: '#/components/schemas/Status'
                        - {description: Where the job is., nullable: true}
            """, version: "3.0.3")
        let job = file(result, "Models/Job.swift")
        #expect(job.contains("/// When the job was queued.\n    public var queuedAt: Timestamp?"))
        #expect(job.contains("/// Where the job is.\n    public var status: Status\n"))
        #expect(!result.files.contains { $0.path.hasPrefix("Models/JobQueuedAt") })
        #expect(reported(result, at: "/components/schemas/Job/properties/queuedAt/allOf").isEmpty)
    }

    @Test func everyLineBreakOfADescriptionStartsADocLine() throws {
        let result = try importing(
            """
            openapi: 3.1.0
            info: {title: "Pets\\r\\nStore", version: '1'}
            paths: {}
            components:
              schemas:
                Pet:
                  description: "You can fetch\\r\\nall the pets\\rhere\\u2028and more"
                  properties: {name: {type: string, enum: ["a\\u2028b"]}}
                  type: object
            """)
        // U+2028 is text to Swift: it stays in its line, and in a string literal.
        let pet = file(result, "Models/Pet.swift")
        #expect(
            pet.contains("/// You can fetch\n/// all the pets\n/// here\u{2028}and more\npublic struct Pet"))
        let name = file(result, "Models/PetName.swift")
        #expect(name.contains("\"a\u{2028}b\""), "\(name)")
        #expect(file(result, "TestAPI.swift").contains("/// Pets\n/// Store 1\n"))
    }

    @Test func aUnionMemberThatIsTheUnionItselfHasNoCase() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Pet: {anyOf: [{$ref: '#/components/schemas/Pet'}, {type: string}]}
            """)
        let pet = file(result, "Models/Pet.swift")
        #expect(pet.contains("case string(String)"), "\(pet)")
        #expect(!pet.contains("case pet("), "\(pet)")
        #expect(reported(result, at: "/components/schemas/Pet/anyOf/0").first?.kind == .approximated)
    }

    @Test func aDiscriminatorOfABaseSchemaIsReported() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Token:
                  type: object
                  required: [kind]
                  properties: {kind: {type: string}}
                  discriminator: {propertyName: kind}
                Word:
                  allOf:
                    - $ref: '#/components/schemas/Token'
                    - {type: object, properties: {text: {type: string}}}
            """)
        #expect(reported(result, at: "/components/schemas/Token/discriminator").first?.kind == .notExpressed)
    }

    @Test func theObjectCaseOfATypeListIsAnyObjectAndSaysSo() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Pet: {type: [object, string], properties: {name: {type: string}}}
            """)
        #expect(reported(result, at: "/components/schemas/Pet/properties").first?.kind == .notExpressed)
    }

    @Test func aNullOrFalseSchemaIsReported() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Widget:
                  type: object
                  properties:
                    debugInfo: {type: 'null'}
                    never: false
            """)
        #expect(
            reported(result, at: "/components/schemas/Widget/properties/debugInfo").first?.kind
                == .approximated)
        #expect(
            reported(result, at: "/components/schemas/Widget/properties/never").first?.kind == .notExpressed)
    }

    @Test func aFormatOnAnObjectOrABooleanIsReported() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Export:
                  type: object
                  properties:
                    links: {type: object, format: uri-map}
                    done: {type: boolean, format: flag}
                    size: {type: integer, format: int64}
            """)
        for property in ["links", "done"] {
            #expect(
                reported(result, at: "/components/schemas/Export/properties/\(property)/format").first?.kind
                    == .notExpressed)
        }
        #expect(reported(result, at: "/components/schemas/Export/properties/size/format").isEmpty)
    }

    @Test func theFormatURLIsAURLThatTheExportWritesAsURI() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Link:
                  type: object
                  properties:
                    href: {type: string, format: url}
                    home: {type: string, format: uri}
            """)
        let link = file(result, "Models/Link.swift")
        #expect(link.contains("public var href: URL?"))
        #expect(link.contains("public var home: URL?"))
        #expect(
            reported(result, at: "/components/schemas/Link/properties/href/format").map(\.kind) == [
                .approximated
            ])
        #expect(reported(result, at: "/components/schemas/Link/properties/home/format").isEmpty)
    }

    @Test func aStructsAllOfMemberThatIsNoObjectIsReported() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Code: {type: string, maxLength: 4}
                Tagged:
                  allOf:
                    - $ref: '#/components/schemas/Code'
                    - {type: object, properties: {tag: {type: string}}}
            """)
        #expect(
            reported(result, at: "/components/schemas/Code").contains {
                $0.kind == .notExpressed && $0.message.contains("not an object schema")
            })
    }

    @Test func aPropertyAnotherAllOfMemberNarrowsTakesTheNarrowerType() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Station: {type: object, properties: {name: {type: string}}}
                Collection:
                  type: object
                  properties:
                    data: {type: array, items: {type: object}}
                    count: {type: integer}
                Stations:
                  allOf:
                    - $ref: '#/components/schemas/Collection'
                    - properties:
                        data: {type: array, items: {$ref: '#/components/schemas/Station'}}
                        count: {description: How many there are.}
            """)
        let stations = file(result, "Models/Stations.swift")
        #expect(stations.contains("public var data: [Station]?"))
        // A redeclaration that only describes the property keeps the type it had.
        #expect(stations.contains("public var count: Int?"))
        // ... and gives it the documentation it had none of.
        #expect(stations.contains("/// How many there are.\n    public var count: Int?"), "\(stations)")
        #expect(reported(result, at: "/components/schemas/Stations/allOf/1/properties/count").isEmpty)
        let data = reported(result, at: "/components/schemas/Stations/allOf/1/properties/data")
        #expect(data.first?.kind == .approximated)
        #expect(
            data.first?.message.hasPrefix(
                "data is declared by more than one schema of the allOf, as [Station] here and as ") == true,
            "\(data)")
        #expect(data.first?.message.contains(" at /components/schemas/Collection/properties/data;") == true)
    }

    /// A property several members of an allOf describe keeps the first description; a later one
    /// is reported, as a type that differs from the one it replaces is.
    @Test func aPropertyDeclaredByMoreThanOneAllOfMemberKeepsTheFirstDescription() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Base:
                  type: object
                  properties:
                    id: {type: string, description: The identifier.}
                    size: {type: integer}
                    name: {type: string}
                Item:
                  allOf:
                    - $ref: '#/components/schemas/Base'
                    - properties:
                        id: {type: string, description: The item's identifier.}
                        size: {type: string, description: The size in words.}
                        name: {description: The name., maxLength: 3}
            """)
        let item = file(result, "Models/Item.swift")
        #expect(item.contains("/// The identifier.\n    public var id: String?"), "\(item)")
        #expect(!item.contains("The item's identifier."), "\(item)")
        #expect(item.contains("/// The size in words.\n    public var size: String?"), "\(item)")
        // A schema that only describes the property gives its documentation, and reports the rest.
        #expect(item.contains("/// The name.\n    public var name: String?"), "\(item)")
        let place = "/components/schemas/Item/allOf/1/properties"
        #expect(
            reported(result, at: "\(place)/id").map(\.message) == [
                "id is declared by more than one schema of the allOf; the struct takes this, the last that gives it "
                    + "a type, though a value must match them all.",
                "The documentation of id here is left out: the property keeps the first that a schema of the allOf "
                    + "gives it.",
            ])
        #expect(
            reported(result, at: "\(place)/size").map(\.message) == [
                "size is declared by more than one schema of the allOf, as String here and as Int at "
                    + "/components/schemas/Base/properties/size; the struct takes this, the last that gives it a "
                    + "type, though a value must match them all."
            ])
        #expect(
            reported(result, at: "\(place)/name/maxLength").map(\.message) == [
                "The keyword maxLength is not expressed in Swift."
            ])
    }

    /// A later allOf member that only marks a property read-only (or gives it a default) does not
    /// change the property the typed schema declares: it is reported, not taken for documentation.
    @Test func aDescribingAllOfMembersNotesAreReportedNotApplied() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Base:
                  type: object
                  required: [id]
                  properties:
                    id: {type: string}
                    name: {type: string, description: The name.}
                Item:
                  allOf:
                    - $ref: '#/components/schemas/Base'
                    - properties:
                        id: {readOnly: true}
                        name: {default: x}
            """)
        let item = file(result, "Models/Item.swift")
        #expect(!item.contains("Sent by the server only."), "\(item)")
        #expect(item.contains("/// The name.\n    public var name: String?"), "\(item)")
        let place = "/components/schemas/Item/allOf/1/properties"
        #expect(
            reported(result, at: "\(place)/id/readOnly").map(\.message) == [
                "readOnly here is not applied to id: the property is as the schema of the allOf that gives it a type "
                    + "declares it."
            ])
        #expect(reported(result, at: "\(place)/name/default").count == 1)
        #expect(reported(result, at: "\(place)/id").isEmpty)
        #expect(reported(result, at: "\(place)/name").isEmpty)
    }

    /// Two inline enums the importer names alike, with the same values and documentation, are one
    /// type; the renamed values of each place are reported at that place. Enums with other values
    /// stay apart.
    @Test func identicalInlineEnumsOfTheSameNameAreOneType() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Foo:
                  type: object
                  properties:
                    barKind: {type: string, enum: [a-b, c]}
                    barMode: {type: string, enum: [x, y]}
                FooBar:
                  type: object
                  properties:
                    kind: {type: string, enum: [a-b, c]}
                    mode: {type: string, enum: [x, z]}
            """)
        let paths = result.files.map(\.path)
        #expect(paths.contains("Models/FooBarKind.swift"), "\(paths)")
        #expect(!paths.contains("Models/FooBarKind2.swift"), "\(paths)")
        #expect(
            file(result, "Models/FooBarKind.swift").contains(
                "/// The values of the `barKind` property and the `kind` property.\n"))
        #expect(file(result, "Models/FooBar.swift").contains("public var kind: FooBarKind?"))
        #expect(paths.contains("Models/FooBarMode2.swift"), "\(paths)")
        #expect(file(result, "Models/FooBar.swift").contains("public var mode: FooBarMode2?"))
        #expect(reported(result, at: "/components/schemas/Foo/properties/barKind/enum/0").count == 1)
        #expect(
            reported(result, at: "/components/schemas/FooBar/properties/kind/enum/0").map(\.message)
                == reported(result, at: "/components/schemas/Foo/properties/barKind/enum/0").map(\.message))
    }

    @Test func anInlineSchemaReachedTwiceIsOneModel() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                NewPet: {type: object, properties: {status: {type: string, enum: [available, sold]}}}
                Pet:
                  allOf:
                    - $ref: '#/components/schemas/NewPet'
                    - {type: object, properties: {id: {type: integer}}}
            """)
        #expect(
            result.files.map(\.path).filter { $0.hasSuffix("Status.swift") } == ["Models/NewPetStatus.swift"])
        #expect(file(result, "Models/Pet.swift").contains("public var status: NewPetStatus?"))
    }

    @Test func arraysMapsAndAnyJSON() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Tags: {type: array, items: {type: string}}
                Bag:
                  type: object
                  properties:
                    labels: {type: object, additionalProperties: {type: string}}
                    extra: {type: object}
                    anything: {}
            """)
        #expect(file(result, "Models/Tags.swift").contains("public typealias Tags = [String]"))
        let bag = file(result, "Models/Bag.swift")
        #expect(bag.contains("public var labels: [String: String]?"))
        #expect(bag.contains("public var extra: [String: TestAPI.JSONValue]?"))
        #expect(bag.contains("public var anything: TestAPI.JSONValue?"))
        #expect(result.files.contains { $0.path == "Models/TestAPI+JSONValue.swift" })
        // The export describes any JSON as the empty schema, so nothing is reported.
        #expect(
            file(result, "Models/TestAPI+JSONValue.swift").contains(
                "public static var schemaDescription: SchemaDescription { .anyValue }"))
        #expect(!result.report.items.contains { $0.message.contains("JSONValue") })
    }

    @Test func reservedNamesGetASuffixAndAreReported() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Error: {type: object, properties: {message: {type: string}}}
                Data: {type: object, properties: {default: {type: string}, self: {type: string}}}
            """)
        #expect(result.report.schemaRenames == ["Error": "ErrorModel", "Data": "DataModel"])
        let data = file(result, "Models/DataModel.swift")
        #expect(data.contains("public var `default`: String?"))
        #expect(data.contains("public var selfValue: String?"))
        #expect(data.contains(#"case selfValue = "self""#))
    }

    @Test func propertiesOfOtherScriptsKeepTheirLettersAndTheirCodingKeys() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Item:
                  type: object
                  properties:
                    größe: {type: integer}
                    名前: {type: string}
                    café-id: {type: string}
                    "cafe\\u0301": {type: string}
            """)
        let item = file(result, "Models/Item.swift")
        // swift-format's default IdentifiersMustBeASCII would refuse the document's names.
        #expect(item.hasPrefix("// swift-format-ignore-file: IdentifiersMustBeASCII\n\nimport Courier\n"))
        #expect(item.contains("public var größe: Int?"))
        #expect(item.contains("public var 名前: String?"))
        #expect(item.contains("public var caféID: String?"))
        #expect(item.contains("case größe\n"))
        #expect(item.contains("case 名前\n"))
        #expect(item.contains(#"case caféID = "café-id""#))
        // The decomposed name is the composed property, whose coding key keeps the decomposed text.
        let bytes = Array(item.utf8)
        #expect(bytes.firstRange(of: Array("public var caf\u{E9}: String?".utf8)) != nil)
        #expect(bytes.firstRange(of: Array("case caf\u{E9} = \"cafe\u{301}\"".utf8)) != nil)
    }

    @Test func propertiesRenamedForSwiftAreReportedOneLineEach() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Item:
                  type: object
                  properties:
                    per_page: {type: integer}
                    x-y: {type: string}
                    x_y: {type: string}
                    '@id': {type: string}
                    '+1': {type: integer}
                    self: {type: string}
                    Init: {type: string}
                    default: {type: string}
                    größe: {type: integer}
            """)
        let item = "/components/schemas/Item/properties"
        let kept = "; the document's name is kept on the wire."
        let notAnIdentifier = "since its name is not a Swift identifier of letters and digits\(kept)"
        #expect(
            result.report.items.filter { $0.kind == .renamed }.map(\.description) == [
                "\(item)/x-y: The property x-y is xY in Swift, \(notAnIdentifier)",
                "\(item)/x_y: The property x_y is xY2 in Swift, since xY is taken\(kept)",
                "\(item)/@id: The property @id is id in Swift, \(notAnIdentifier)",
                "\(item)/+1: The property +1 is plus1 in Swift, \(notAnIdentifier)",
                "\(item)/self: The property self is selfValue in Swift, since Swift reserves its name\(kept)",
                "\(item)/Init: The property Init is initValue in Swift, since Swift reserves its name\(kept)",
            ])
        #expect(file(result, "Models/Item.swift").contains(#"case xY2 = "x_y""#))
    }

    @Test func keywordsItDoesNotReadAreReported() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Odd:
                  type: object
                  properties:
                    code: {type: string, not: {const: x}}
                    amount: {type: number, multipleOf: 0.01}
                  patternProperties: {'^x-': {type: string}}
            """)
        #expect(!reported(result, at: "/components/schemas/Odd/properties/code/not").isEmpty)
        #expect(!reported(result, at: "/components/schemas/Odd/properties/amount/multipleOf").isEmpty)
        #expect(!reported(result, at: "/components/schemas/Odd/patternProperties").isEmpty)
    }

    @Test func theSameDocumentGivesTheSameFiles() throws {
        let text = """
            paths: {}
            components:
              schemas:
                A: {type: object, properties: {b: {$ref: '#/components/schemas/B'}, c: {type: string, enum: [x, y]}}}
                B: {type: object, properties: {a: {$ref: '#/components/schemas/A'}}}
            """
        #expect(try importing(text).files == importing(text).files)
    }
}

@Suite struct ImporterDocumentTests {
    @Test func swagger2IsRefusedWithAWayOut() {
        #expect {
            try OpenAPIImporter(namespace: "X").importDocument(
                "swagger: '2.0'\ninfo: {title: x, version: '1'}\npaths: {}")
        } throws: { error in
            (error as? ImportError)?.description.contains("swagger2openapi") ?? false
        }
    }

    @Test func aDuplicateKeyIsNamedWithItsLine() {
        #expect {
            try OpenAPIImporter().importDocument(
                "openapi: 3.1.0\ninfo: {title: x, version: '1'}\npaths: {}\npaths: {}")
        } throws: { error in
            (error as? ImportError)?.description
                == "A mapping names 'paths' more than once ('paths' first at line 3); a JSON or YAML document names each key of a mapping once."
        }
    }

    @Test func anExplicitNamespaceIsUsedAsItIsWritten() throws {
        let document = "openapi: 3.1.0\ninfo: {title: x, version: '1'}\npaths: {}"
        for name in ["ApiWithExamples", "NonOauthScopes", "PetstoreV2"] {
            let result = try OpenAPIImporter(namespace: name).importDocument(document)
            #expect(result.namespace == name)
            #expect(result.files.contains { $0.path == "\(name).swift" })
        }
    }

    @Test(arguments: [
        ("Client", "is a name Swift or the generated code already uses; choose another, such as ClientAPI."),
        ("Self", "is a name Swift or the generated code already uses"),
        ("SchemaDescription", "is a name Swift or the generated code already uses"),
        ("Pet Store", "is not a type name"), ("2Pets", "is not a type name"), ("", "is not a type name"),
        ("_", "is not a type name"), ("pets", "is not a type name"), ("Pet_Store", "is not a type name"),
        ("Café", "is not a type name"),
    ])
    func aNamespaceThatCannotNameAnEnumIsRefused(name: String, reason: String) {
        #expect {
            try OpenAPIImporter(namespace: name).importDocument(
                "openapi: 3.1.0\ninfo: {title: x, version: '1'}\npaths: {}")
        } throws: { error in
            (error as? ImportError)?.description.contains("The namespace \(name) \(reason)") ?? false
        }
    }

    @Test(arguments: [
        ("USPTO Data Set API", "USPTODataSetAPI"), ("Swagger Petstore", "SwaggerPetstore"),
        ("Client", "ClientAPI"), ("!!!", "API"),
    ])
    func aNamespaceComesFromTheTitle(title: String, expected: String) throws {
        let result = try OpenAPIImporter().importDocument(
            "openapi: 3.1.0\ninfo: {title: '\(title)', version: '1'}\npaths: {}")
        #expect(result.namespace == expected)
    }

    @Test func anExternalReferenceIsReportedNotFollowed() throws {
        let result = try importing(
            """
            paths: {}
            components:
              schemas:
                Pet: {type: object, properties: {owner: {$ref: 'people.yaml#/Person'}}}
            """)
        #expect(file(result, "Models/Pet.swift").contains("public var owner: TestAPI.JSONValue?"))
        #expect(reported(result, at: "/components/schemas/Pet/properties/owner").first?.kind == .notExpressed)
    }

    @Test func serversBecomeBaseURLsWithVariablesAtTheirDefaults() throws {
        let result = try importing(
            """
            servers:
              - url: https://{region}.api.example.com/v2
                variables: {region: {default: eu, enum: [eu, us]}}
              - url: /relative
              - url: http://petstore.example:{port}/v2
                variables: {port: {default: 8080}}
            paths: {}
            """)
        let namespace = file(result, "TestAPI.swift")
        #expect(namespace.contains(#"BaseURL("https://eu.api.example.com/v2")"#))
        // A number written where the specification asks for a string is its text.
        #expect(namespace.contains(#"BaseURL("http://petstore.example:8080/v2")"#))
        #expect(!reported(result, at: "/servers/1").isEmpty)
    }

    /// Nothing a server says is dropped silently: its description is the list's documentation,
    /// a variable's other values and a relative URL's path are in the report, and a URL that a
    /// BaseURL literal would trap on is not listed.
    @Test func whatAServerSaysIsCarriedOrReported() throws {
        let result = try importing(
            """
            servers:
              - url: https://{region}.example.com/v{version}
                description: Regional servers.
                variables:
                  region: {default: eu, enum: [eu, us]}
                  version: {default: '2'}
              - url: /api/v1
              - url: https://{tenant}.example.com
                variables: {tenant: {enum: [a, b]}}
              - url: https://example.com:70000/api
              - url: https://example.com/api/../v1
            paths: {}
            """)
        let namespace = file(result, "TestAPI.swift")
        #expect(
            namespace.contains(
                """
                    /// The servers the document lists, in its order.
                    ///
                    /// - `https://eu.example.com/v2`: Regional servers.
                    public static let servers: [BaseURL] = [BaseURL("https://eu.example.com/v2")]
                """))
        #expect(
            reported(result, at: "/servers/0/variables/region").map(\.message) == [
                "The server variable region takes its default, eu; for its other values (us), give the client "
                    + "BaseURL(validating:) of the URL with one of them."
            ])
        #expect(
            reported(result, at: "/servers/0/variables/version").map(\.message) == [
                "The server variable version takes its default, 2."
            ])
        #expect(
            reported(result, at: "/servers/1").map(\.message) == [
                "The server /api/v1 is relative to where the document is served, which the document does not say; "
                    + "the endpoints' paths follow it, so give the client a base URL that ends in its path yourself."
            ])
        #expect(
            reported(result, at: "/servers/2/variables/tenant").map(\.message) == [
                "The server variable tenant has no default, which OpenAPI requires, so the server "
                    + "https://{tenant}.example.com is not listed; give the client its base URL yourself."
            ])
        for index in 3...4 {
            #expect(reported(result, at: "/servers/\(index)").map(\.kind) == [.notExpressed])
        }
    }

    /// A server whose URL, its variables at their defaults, a `BaseURL` literal would trap on is
    /// left out and reported with BaseURL's reason, whichever of its host, port or path rules
    /// refuses it; one that BaseURL accepts is listed, however it is written.
    @Test func aServerIsListedExactlyWhenABaseURLLiteralAcceptsIt() throws {
        let result = try importing(
            """
            servers:
              - url: https://{host}/v1
                variables: {host: {default: 256.0.0.1}}
              - url: https://xn--{label}.example.com
                variables: {label: {default: ''}}
              - url: https://example.com/{version}/api
                variables: {version: {default: '%2e%2e'}}
              - url: https://[fe80::1%25eth0]/v1
              - url: https://example.com/a%zz
              - url: https://exa%2Fmple.com
              - url: https://{tenant}.example.com
              - url: HTTPS://API.Example.com:443/v1
              - url: http://[::1]:8080/api
            paths: {}
            """)
        func refusal(_ url: String, _ reason: String) -> String {
            "The server \(url) is not a URL that a BaseURL accepts: \(reason); give the client its base URL yourself."
        }
        let expected = [
            refusal("https://256.0.0.1/v1", "its host ends in a number but is not an IPv4 address"),
            refusal("https://xn--.example.com", "its host has an xn-- label that is not Punycode for a name"),
            refusal(
                "https://example.com/%2e%2e/api",
                #"its path has the dot segment "%2e%2e", which a server resolves to another path"#),
            refusal(
                "https://[fe80::1%25eth0]/v1",
                "its IPv6 address names a zone (%25…), which means something on this machine only; leave the zone out"
            ),
            refusal(
                "https://example.com/a%zz", "its path has a % that is not followed by two hexadecimal digits"),
            refusal("https://exa%2Fmple.com", "its host has a character no host name may have"),
            "The server https://{tenant}.example.com names a variable it does not declare; give the client its base "
                + "URL yourself.",
        ]
        for (index, message) in expected.enumerated() {
            #expect(reported(result, at: "/servers/\(index)").map(\.message) == [message])
        }
        #expect(
            file(result, "TestAPI.swift").contains(
                #"public static let servers: [BaseURL] = [BaseURL("HTTPS://API.Example.com:443/v1"), BaseURL("http://[::1]:8080/api")]"#
            ))
    }
}
