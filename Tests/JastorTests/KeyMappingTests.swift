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
