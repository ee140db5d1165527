import Foundation
import JastorGenerator
import Testing

/// Names, keys and output of the generator: identifiers from keys, key strategies, escaping,
/// collisions, determinism and the command's samples.
@Suite struct GeneratorNamingTests {
    @Test(arguments: [
        ("statuses", "Status"), ("categories", "Category"), ("user_mentions", "UserMention"), ("hashtags", "Hashtag"),
        ("addresses", "Address"), ("people", "Person"), ("media", "Media"), ("status", "Status"),
        ("boxes", "Box"), ("news", "News"),
    ])
    func arrayElementClassesAreSingular(_ key: String, _ className: String) throws {
        let source = try GeneratorSupport.source(#"{"\#(key)": [{"id": 1}]}"#)
        #expect(source.contains("final class \(className): JastorObject {"))
    }

    /// A class named for a key never takes a name Jastor's public API or Swift uses, even once
    /// `Model` is added (`Jastor` → `JastorModel`, a Jastor protocol).
    @Test func classesAvoidTheLibrarysTypeNames() throws {
        let source = try GeneratorSupport.source(
            #"{"Jastor": {"a": 1}, "JastorLimits": {"b": 2}, "Data": {"c": 3}}"#)
        #expect(source.contains("final class JastorModelModel: JastorObject {"))
        #expect(source.contains("final class JastorLimitsModel: JastorObject {"))
        #expect(source.contains("final class DataModel: JastorObject {"))
        #expect(!source.contains("final class JastorModel:"))
    }

    @Test func snakeCaseKeysUseTheKeyStrategy() throws {
        let source = try GeneratorSupport.source(#"{"screen_name": "a", "followers_count": 1, "id": 2}"#)
        #expect(source.contains("override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }"))
        #expect(source.contains(#"        register(\.screenName, \.followersCount, \.id) {"#))
        #expect(source.contains("    var followersCount = 0\n"))
    }

    @Test func camelCaseKeysNeedNoStrategyAndOddKeysGetExplicitKeys() throws {
        let source = try GeneratorSupport.source(
            #"{"eventId": 1, "venueCode": "a", "first-name": "b", "version.major": 2}"#)
        #expect(!source.contains("keyStrategy"))
        #expect(source.contains(#"property(\.firstName, key: "first-name")"#))
        #expect(source.contains(#"property(\.versionMajor, key: ["version.major"])"#))
    }

    @Test func keywordsAreEscapedAndJastorMembersRenamedAsAPersonWould() throws {
        let source = try GeneratorSupport.source(
            #"{"default": true, "class": "a", "description": "b", "properties": 1, "self": 2}"#)
        #expect(source.contains("    var `default` = false\n"))
        #expect(source.contains("    var `class` = \"\"\n"))
        #expect(source.contains(#"property(\.summary, key: "description")"#))
        #expect(source.contains(#"property(\.attributes, key: "properties")"#))
        #expect(source.contains(#"property(\.selfValue, key: "self")"#))
        #expect(source.contains(#"register(\.default, \.class)"#))
        let hash = try GeneratorSupport.source(#"{"hash": 1, "summary": "a", "description": "b"}"#)
        #expect(hash.contains(#"property(\.digest, key: "hash")"#))
        #expect(hash.contains(#"property(\.summary2, key: "description")"#))
    }

    @Test func invalidIdentifiersAndCollisionsAreRenamedInKeyOrder() throws {
        let source = try GeneratorSupport.source(
            #"{"2fa": true, "id_str": "a", "idStr": "b", "": 1, "data": {"x": 1}}"#)
        #expect(source.contains(#"property(\.twoFa, key: "2fa")"#))
        #expect(source.contains("override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }"))
        #expect(source.contains(#"register(\.idStr, \.data)"#))
        #expect(source.contains(#"property(\.idStr2, key: "idStr")"#))
        #expect(source.contains(#"property(\.field, key: [""])"#))
        #expect(source.contains("    var data = DataModel()\n"))
    }

    @Test func keysThatWouldBreakTheSourceAreEscaped() throws {
        let source = try GeneratorSupport.source(#"{"a\"b": null, "line\nbreak": {"x": 1}, "tick`": 2}"#)
        #expect(source.contains(#"kept in `unmappedKeys`: `a\"b`."#))
        #expect(source.contains(#"/// From `line\nbreak` in the samples."#))
        #expect(source.contains(#"property(\.lineBreak, key: "line\nbreak")"#))
        #expect(source.contains(#"property(\.tick, key: "tick`")"#))
    }

    @Test func classNameCollisionsTakeTheHoldersName() throws {
        let source = try GeneratorSupport.source(#"{"owner": {"item": {"a": 1}}, "shop": {"item": {"b": "x"}}}"#)
        #expect(source.contains("final class Item: JastorObject {\n    var a = 0\n"))
        #expect(source.contains("final class ShopItem: JastorObject {\n    var b = \"\"\n"))
    }

    @Test func outputIsDeterministicAndNeedsNoGenerator() throws {
        let samples = try GeneratorSupport.samples("twitter")
        var options = GeneratorOptions(rootName: "SearchResponse")
        options.header = "Models for the search API.\n\nRegenerate with jastor-gen."
        let first = try ModelGenerator(options: options).generate(from: samples)
        let second = try ModelGenerator(options: options).generate(from: samples)
        #expect(first == second)
        #expect(
            first[0].contents.hasPrefix(
                "// Models for the search API.\n//\n// Regenerate with jastor-gen.\n\nimport Foundation\nimport Jastor\n"
            ))
        #expect(first.allSatisfy { !$0.contents.contains("JastorGenerator") })
    }

    @Test func prefixAndSingleFileShapeTheOutput() throws {
        let source = try GeneratorSupport.source(#"{"user": {"id": 1}}"#) { $0.prefix = "API" }
        #expect(source.contains("final class APIRoot: JastorObject {\n    var user = APIUser()\n"))
        #expect(source.contains("final class APIUser: JastorObject {"))
    }

    @Test func syntaxErrorsNameTheSampleLineAndColumn() {
        #expect(throws: SampleError.self) { try Sample(name: "bad.json", text: "{\n  \"a\": [1,\n}") }
        do {
            _ = try Sample(name: "bad.json", text: "{\n  \"a\": [1,\n}")
        } catch {
            #expect(String(describing: error) == "bad.json: expected a value, found '}' at line 3, column 1 (byte 13)")
        }
    }

    @Test func aRootThatHoldsNoObjectIsAnError() throws {
        let sample = try Sample(name: "numbers.json", text: "[1, 2]")
        #expect(throws: SampleError.self) {
            try ModelGenerator(options: GeneratorOptions(rootName: "Root")).generate(from: [sample])
        }
    }

    @Test func theSampleReaderKeepsNumbersAsWrittenAndKeysInOrder() throws {
        let value = try SampleValue(parsing: #"{"b": 1.0, "a": [1e3, "\u00e9\ud83d\ude00"], "b": 2}"#)
        #expect(value == .object([("b", .number("2")), ("a", .array([.number("1e3"), .string("é😀")]))]))
    }

    @Test func initialismsAreUpperCasedWhereTheKeyStrategyStillDerivesTheKey() throws {
        let source = try GeneratorSupport.source(
            #"{"id": 1, "node_id": "a", "html_url": "b", "avatar_url": "c", "user_ids": [1], "api_url_id": 2}"#)
        #expect(source.contains("override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }"))
        #expect(source.contains(#"register(\.id, \.nodeID, \.htmlURL, \.avatarURL, \.userIds, \.apiUrlId)"#))
        #expect(!source.contains("key:"))
        let camel = try GeneratorSupport.source(#"{"eventId": 1, "venueCode": "a"}"#)
        #expect(camel.contains(#"register(\.eventId, \.venueCode)"#))
    }

    @Test(arguments: [
        ("+1", "plusOne"), ("-1", "minusOne"), ("0", "zero"), ("%", "percent"), ("<=", "lessEquals"),
        ("2fa", "twoFa"), ("404", "number404"),
    ])
    func symbolAndNumberKeysAreSpelledOut(_ key: String, _ name: String) throws {
        let source = try GeneratorSupport.source(#"{"\#(key)": 1, "name": "a"}"#)
        #expect(source.contains("    var \(name) = 0\n"))
        #expect(source.contains(#"property(\.\#(name), key: "\#(key)")"#) || source.contains(#"key: ["\#(key)"]"#))
    }

    @Test func manyRootsMakeOneSetWithOneClassPerShape() throws {
        let repository = try Sample(name: "repo.json", text: #"{"id": 1, "owner": {"login": "a", "id": 2}}"#)
        let issues = try Sample(name: "issues.json", text: #"[{"number": 1, "user": {"login": "b", "id": 3}}]"#)
        let files = try ModelGenerator(options: GeneratorOptions(rootName: "")).generate(roots: [
            GeneratorRoot(name: "Repository", samples: [repository]),
            GeneratorRoot(name: "Issue", isArray: true, samples: [issues]),
        ])
        #expect(files.map(\.name) == ["Repository.swift", "Owner.swift", "Issue.swift"])
        #expect(files[2].contents.contains("    var user = Owner()\n"))
        #expect(files[0].contents.contains("/// The root object of `repo.json`."))
        #expect(files[2].contents.contains("/// The elements of `issues.json`'s root array."))
        #expect(throws: SampleError.self) {
            try ModelGenerator(options: GeneratorOptions(rootName: "")).generate(roots: [
                GeneratorRoot(name: "Repository", isArray: true, samples: [repository])
            ])
        }
    }

    @Test func classNamesDifferingOnlyInCaseGetDistinctFiles() throws {
        let files = try ModelGenerator(options: GeneratorOptions(rootName: "Root")).generate(from: [
            try Sample(name: "sample.json", text: #"{"metadata": {"a": 1}, "metaData": {"b": "x"}}"#)
        ])
        let names = files.map { $0.name.lowercased() }
        #expect(Set(names).count == names.count, "\(files.map(\.name))")
    }
}
