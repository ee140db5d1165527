import Foundation
import Jastor
import Testing

/// The code of `Jastor.docc/MappingRules.md`, compiled and run here.
enum MappingRulesDoc {
    typealias Product = JastorDoc.Product

    final class Person: JastorObject {
        var givenName = ""
        var city = ""
        var zip: String?
        var birthDate: Date?
        var email = ""
        var extras: [String: Any] = [:]

        override class var properties: [JastorProperty] {
            register {
                property(\.givenName, key: "firstName")
                property(\.city, key: "address.city")
                property(\.zip, key: "address.zip", transform: .numberEncoded)
                property(\.birthDate, transform: .date(format: "MM-dd-yyyy"))
                property(\.email, key: "userEmail", direction: .decodeOnly)
                unmappedKeys(\.extras)
            }
        }
    }

    final class Account: JastorObject {
        var userID = 0
        var avatarURL: URL?
        var `default` = false

        override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }
        override class var properties: [JastorProperty] { register(\.userID, \.avatarURL, \.default) }
    }

    enum Gender: JastorValue, Sendable {
        case female, male
    }

    final class Member: JastorObject {
        var gender = Gender.male
        var balance = 0

        override class var properties: [JastorProperty] {
            register(\.gender) {
                property(
                    \.balance,
                    transform: JastorTransform(
                        decode: { ($0 as? Double ?? ($0 as? Int).map(Double.init)).map { Int(($0 * 100).rounded()) } },
                        encode: { Double($0) / 100 }))
            }
        }
    }

    class Event: JastorObject {
        var type = ""

        override class var properties: [JastorProperty] { register(\.type) }
        override class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? {
            json["type"] as? String == "PushEvent" ? PushEvent.self : nil
        }
    }

    final class PushEvent: Event {
        var commits = 0

        override class var properties: [JastorProperty] { register(\.commits) }
    }

    @Suite struct MappingRulesDocTests {
        @Test func keysKeyPathsAndDirections() throws {
            let person = try Person(
                jsonString: #"""
                    {"firstName": "John", "address": {"city": "Daly City", "zip": 94015},
                     "birthDate": "11-08-1988", "userEmail": "john@example.com", "nickname": "JJ"}
                    """#)
            print(person.zip ?? "", person.extras["nickname"] ?? "")  // 94015 JJ
            let written = person.toDictionary()
            // ["firstName": "John", "address": ["city": "Daly City", "zip": 94015], "birthDate": "11-08-1988", "nickname": "JJ"]
            person.update(with: ["address": ["city": "Colma"]])  // changes only the keys given
            print(person.city, person.zip ?? "")  // Colma 94015

            #expect(person.givenName == "John")
            #expect(person.email == "john@example.com")
            #expect(
                try Fixtures.canonical(written)
                    == #"{"address":{"city":"Daly City","zip":94015},"birthDate":"11-08-1988","firstName":"John","nickname":"JJ"}"#
            )
            #expect(person.city == "Colma")
            #expect(person.zip == "94015")
        }
        @Test func keyStrategies() throws {
            let account = Account(dictionary: [
                "user_id": 7, "avatar_url": "https://example.com/a.png", "default": true,
            ])
            #expect(account.userID == 7)
            #expect(account.avatarURL?.host == "example.com")
            #expect(account.default)
            #expect(account.toDictionary().keys.sorted() == ["avatar_url", "default", "user_id"])
            #expect(Account.declarationIssues.isEmpty)
        }
        @Test func transformers() throws {
            JastorTransform.table(["female": Gender.female, "male": .male]).registerAsDefault()
            let member = Member(dictionary: ["gender": "female", "balance": 19.99])
            print(member.gender, member.balance)  // female 1999

            #expect(member.gender == .female)
            #expect(member.balance == 1999)
            #expect(member.toDictionary()["gender"] as? String == "female")
            #expect(member.toDictionary()["balance"] as? Double == 19.99)
            member.balance = 1900
            #expect(try member.jsonString().contains(#""balance":19"#))
            #expect(try Member(validatingJSON: member.jsonData()) == member, "19 reads back as an Int")
        }
        @Test func rootArraysRawJSONAndChildPaths() throws {
            let people = try [Person](validating: [["firstName": "Ann"], ["firstName": "Bo"]])
            let parsed = try [Person](json: Data(#"[{"firstName": "Cy"}]"#.utf8))
            let zoo: [String: Any] = [
                "Animals": [["Dog": [:]], ["Cat": ["Babies": [[:], ["Runt": ["Name": "Bobby"]]]]]]
            ]
            let runt = JastorPath(["Animals", 1, "Cat", "Babies", 1, "Runt"]).value(in: zoo)
            print(people.count, parsed[0].givenName, runt ?? "")  // 2 Cy ["Name": "Bobby"]

            #expect(people.map(\.givenName) == ["Ann", "Bo"])
            #expect(parsed[0].givenName == "Cy")
            #expect((runt as? [String: String]) == ["Name": "Bobby"])
        }
        @Test func polymorphism() {
            let events = [Event](jsonArray: [["type": "PushEvent", "commits": 3], ["type": "WatchEvent"]])
            print((events[0] as? PushEvent)?.commits ?? 0, type(of: events[1]))  // 3 Event

            #expect((events[0] as? PushEvent)?.commits == 3)
            #expect(type(of: events[1]) == Event.self)
        }

        @Test func updatingInPlace() {
            let catalogue = Product(dictionary: ["category": ["name": "toys", "children": [["name": "wooden"]]]])
            let toys = catalogue.category
            catalogue.update(with: ["category": ["name": "games"]])
            print(catalogue.category === toys, catalogue.category?.children.count ?? 0)  // true 1
            catalogue.update(with: ["category": ["children": [["name": "dice"]]]])
            print(catalogue.category?.name ?? "", catalogue.category?.children.map(\.name) ?? [])  // games ["dice"]
            catalogue.update(with: ["category": ["name": "books"]], nestedModels: .replace)
            print(catalogue.category === toys, catalogue.category?.children.count ?? 0)  // false 0

            #expect(toys?.name == "games" && toys?.children.map(\.name) == ["dice"], "merged in place, twice")
            #expect(catalogue.category !== toys && catalogue.category?.name == "books")
            #expect(catalogue.category?.children.count == 0)
        }
    }
}
