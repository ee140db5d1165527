import Foundation
import Jastor
import Testing

private final class ExplicitKeys: JastorObject {
    var firstName = ""
    var lastName = ""

    override class var properties: [JastorProperty] {
        [
            .init("firstName", \ExplicitKeys.firstName, key: "first_name"),
            .init("lastName", \ExplicitKeys.lastName, key: "last_name"),
        ]
    }
}

private final class SnakeCased: JastorObject {
    var firstName = ""
    var lastName = ""
    var avatarURL: URL?
    var userID = 0
    var `default` = false
    var `class` = ""

    override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }
    override class var properties: [JastorProperty] {
        [
            .init("firstName", \SnakeCased.firstName), .init("lastName", \SnakeCased.lastName),
            .init("avatarURL", \SnakeCased.avatarURL), .init("userID", \SnakeCased.userID),
            .init("default", \SnakeCased.default), .init("class", \SnakeCased.class, key: "klass"),
        ]
    }
}

/// A custom key strategy.
private final class CustomKeys: JastorObject {
    var screenName = ""

    override class var keyStrategy: JastorKeyStrategy { .custom { "x-" + $0.lowercased() } }
    override class var properties: [JastorProperty] { [.init("screenName", \CustomKeys.screenName)] }
}

private final class DottedKeys: JastorObject {
    var major = 0
    var dark = false
    var escaped = 0

    override class var properties: [JastorProperty] {
        [
            .init("major", \DottedKeys.major, key: ["version.major"]),
            .init("dark", \DottedKeys.dark, key: ["settings", "theme.dark"]),
            // Reads the key `major` reads, in its escaped spelling; only one of them may write it.
            .init("escaped", \DottedKeys.escaped, key: #"version\.major"#, direction: .decodeOnly),
        ]
    }
}

private final class RenamedOutput: JastorObject {
    var identifier = ""

    override class var properties: [JastorProperty] {
        [.init("identifier", \RenamedOutput.identifier, key: "legacy_id", outputKey: "data.id")]
    }
}

private final class EmptyKey: JastorObject {
    var value = 0

    override class var properties: [JastorProperty] { [.init("value", \EmptyKey.value, key: [])] }
}

/// Custom keys, key paths, dotted keys and key strategies, in both directions.
@Suite struct KeyMappingTests {
    @Test func jastorCustomMappingByExplicitKeys() throws {
        let json = try Fixtures.dictionary("custom_keys_jastor")
        let person = ExplicitKeys(dictionary: json)
        #expect(person.firstName == "John")
        #expect(person.lastName == "Doe")
        #expect(try Fixtures.canonical(person.toDictionary()) == Fixtures.canonical(json))
    }

    @Test func jastorCustomMappingBySnakeCaseStrategy() throws {
        let json = try Fixtures.dictionary("custom_keys_jastor")
        let person = SnakeCased(dictionary: json)
        #expect(person.firstName == "John")
        #expect(person.lastName == "Doe")
    }

    @Test func snakeCaseStrategyBothWaysWithAcronymsAndKeywords() throws {
        let json: [String: Any] = [
            "first_name": "A", "avatar_url": "https://example.com/a.png", "user_id": 7, "default": true, "klass": "x",
        ]
        let model = SnakeCased(dictionary: json)
        #expect(model.avatarURL?.absoluteString == "https://example.com/a.png")
        #expect(model.userID == 7)
        #expect(model.default == true)
        #expect(model.class == "x")
        #expect(
            try Fixtures.canonical(model.toDictionary())
                == #"{"avatar_url":"https:\/\/example.com\/a.png","default":true,"first_name":"A","klass":"x","last_name":"","user_id":7}"#
        )
        #expect(JastorKeyStrategy.convertFromSnakeCase.key(for: "avatarURLString") == "avatar_url_string")
        #expect(JastorKeyStrategy.convertFromSnakeCase.key(for: "page2Title") == "page2_title")
    }

    /// The strategy gives the key Foundation's `JSONEncoder` writes with `.convertToSnakeCase` (and
    /// so reads with `.convertFromSnakeCase`), underscores, digits and acronyms included.
    @Test(arguments: [
        "firstName", "avatarURLString", "page2Title", "_private", "__private", "private_", "_oneTwoThree_",
        "value2x", "value2X", "URLString", "URL", "a__b", "aB", "ABc", "userID", "_URL", "x1Y2Z3", "_",
        "__", "a", "A", "innerHTMLBody", "HTTPSConnection2Go", "éCole", "naïveÉtude", "ǅemal", "ID_Number",
    ])
    func snakeCaseKeysAreFoundations(name: String) throws {
        #expect(JastorKeyStrategy.convertFromSnakeCase.key(for: name) == (try Self.foundationSnakeCase(name)))
    }

    /// Foundation's rules, spelled out: underscores stay, a leading capital is a word of its own.
    @Test func snakeCaseKeepsUnderscoresAsFoundationDoes() {
        let strategy = JastorKeyStrategy.convertFromSnakeCase
        #expect(strategy.key(for: "_private") == "_private")
        #expect(strategy.key(for: "name_") == "name_")
        #expect(strategy.key(for: "a__b") == "a__b")
        #expect(strategy.key(for: "a_B") == "a__b")
        #expect(strategy.key(for: "value2x") == "value2x")
        #expect(strategy.key(for: "URLString") == "u_rl_string")
        #expect(strategy.key(for: "userID") == "user_id")
    }

    /// Random identifiers of letters, digits, underscores and acronyms; the seed is printed.
    @Test func snakeCaseKeysAreFoundationsForRandomNames() throws {
        let seed: UInt64 = 0x5EED_5AC3
        print("snakeCaseKeysAreFoundationsForRandomNames seed: \(seed)")
        var random = SeededRandom(seed: seed)
        let pieces = ["a", "b", "x", "Y", "Z", "URL", "ID", "Html", "_", "__", "2", "10", "é", "É", "word", "Word"]
        var mismatches: [String] = []
        for _ in 0..<2_000 {
            let name = (0..<Int.random(in: 1...6, using: &random))
                .map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
            let ours = JastorKeyStrategy.convertFromSnakeCase.key(for: name)
            let foundations = try Self.foundationSnakeCase(name)
            if ours != foundations { mismatches.append("\(name): \(ours) vs \(foundations)") }
        }
        #expect(mismatches.isEmpty, "seed \(seed): \(mismatches.prefix(10))")
    }

    /// The key `JSONEncoder` with `.convertToSnakeCase` writes for a property `name`.
    private static func foundationSnakeCase(_ name: String) throws -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let data = try encoder.encode(OneKey(name: name))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object.keys.first)
    }

    @Test func customStrategy() {
        let model = CustomKeys(dictionary: ["x-screenname": "ada"])
        #expect(model.screenName == "ada")
        #expect(model.toDictionary().keys.sorted() == ["x-screenname"])
    }

    @Test func keysContainingDots() throws {
        let json = try Fixtures.dictionary("profile_extras")
        let model = DottedKeys(dictionary: json)
        #expect(model.major == 2)
        #expect(model.dark == true)
        #expect(model.escaped == 2)
        let output = model.toDictionary()
        #expect(output["version.major"] as? Int == 2)
        #expect((output["settings"] as? [String: Any])?["theme.dark"] as? Bool == true)
    }

    @Test func separateOutputKey() throws {
        let model = RenamedOutput(dictionary: ["legacy_id": "a1"])
        #expect(model.identifier == "a1")
        #expect(try Fixtures.canonical(model.toDictionary()) == #"{"data":{"id":"a1"}}"#)
    }

    @Test func pathsParseTheWayTheyRender() {
        let path: JastorPath = "statuses[3].user.id"
        #expect(path.components == [.key("statuses"), .index(3), .key("user"), .key("id")])
        #expect(path.description == "statuses[3].user.id")
        #expect(JastorPath("a.0.b") == ["a", 0, "b"])
        #expect(JastorPath("reports.@1.text") == ["reports", 1, "text"], "RPJSONMapper's index syntax")
        #expect(JastorPath("a.@b") == ["a", "@b"])
        #expect(JastorPath(#"a\.b.c"#) == ["a.b", "c"])
        #expect(JastorPath(parsing: "").components.isEmpty)
    }

    @Test func issuesUseTheJSONPath() {
        var issues: [JastorIssue] = []
        _ = DottedKeys(dictionary: ["settings": ["theme.dark": "maybe"]], issues: &issues)
        #expect(issues.map(\.path) == [["settings", "theme.dark"]])
    }

    @Test func emptyKeyIsADeclarationProblem() {
        #expect(
            EmptyKey.declarationIssues.map(\.description) == [
                "EmptyKey.value: expected a non-empty key, found an empty key path"
            ])
    }
}

/// An object with one key, `name`, as a `Codable` property of that name encodes it.
private struct OneKey: Encodable {
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    let name: String

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(1, forKey: Key(stringValue: name))
    }
}
