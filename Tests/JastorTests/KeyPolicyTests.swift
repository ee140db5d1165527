import Foundation
import Jastor
import Testing

private final class Owner: JastorObject {
    var login = ""
    var id = 0

    override class var keyPolicy: JastorKeyPolicy { .requireEveryKey }
    override class var properties: [JastorProperty] { register(\.login, \.id) }
}

/// A repository whose `stargazersCount` key is misspelt, as in issue 12.
private final class Repository: JastorObject {
    var id = 0
    var fullName = ""
    var stargazersCount = 0
    var owner: Owner?
    var licence = ""
    var homepage: String?

    override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }
    override class var keyPolicy: JastorKeyPolicy { [.requireEveryKey, .reportUnknownKeys] }
    override class var properties: [JastorProperty] {
        register(\.id, \.fullName, \.owner) {
            property(\.stargazersCount, key: "stargazer_count")
            property(\.licence, key: "license.spdx_id")
            property(\.homepage, required: false)
        }
    }
}

/// The default policy, with one key required by its registration.
private final class Release: JastorObject {
    var tag = ""
    var name = ""
    var extras: [String: Any] = [:]

    override class var keyPolicy: JastorKeyPolicy { .reportUnknownKeys }
    override class var properties: [JastorProperty] {
        register(\.name) {
            property(\.tag, required: true)
            unmappedKeys(\.extras)
        }
    }
}

/// Unknown keys reported, with a key only written: an `.encodeOnly` property's.
private final class Summary: JastorObject {
    var title = ""
    var wordCount = 0

    override class var keyPolicy: JastorKeyPolicy { .reportUnknownKeys }
    override class var properties: [JastorProperty] {
        register(\.title) { property(\.wordCount, key: "words", direction: .encodeOnly) }
    }
}

/// A page of owners inside the user's own `Codable` type.
private struct OwnerPage: Codable {
    var owners: [Owner]
}

/// Required keys and unknown keys (``JastorKeyPolicy``); the default stays lenient.
@Suite struct KeyPolicyTests {
    @Test func aMisspeltKeyIsAMissingRequiredKeyAndAnUnknownOne() throws {
        let error = #expect(throws: JastorError.self) {
            try Repository(validatingJSON: Fixtures.data("repository_misspelt"))
        }
        #expect(
            error?.issues.map(\.description) == [
                "owner.id: expected Int (required), found nothing",
                "stargazer_count: expected Int (required), found nothing",
                "stargazers_count: expected a key Repository maps, found an unknown key",
            ])
        #expect(error?.issues.map(\.kind) == [.missingValue, .missingValue, .unknownKey])
    }

    @Test func lenientMappingReportsTheSameAndMapsTheRest() throws {
        var issues: [JastorIssue] = []
        let repository = Repository(
            dictionary: try Fixtures.dictionary("repository_misspelt"), issues: &issues)
        #expect(repository.fullName == "octocat/Hello-World" && repository.licence == "MIT")
        #expect(repository.stargazersCount == 0)
        #expect(issues.count == 3)
        #expect(Repository(dictionary: try Fixtures.dictionary("repository_misspelt")).owner?.login == "octocat")
    }

    @Test func missingKeyPathsAreReportedWhole() {
        var issues: [JastorIssue] = []
        _ = Repository(
            dictionary: ["id": 1, "full_name": "x", "stargazer_count": 2, "owner": ["login": "a", "id": 1]],
            issues: &issues)
        #expect(issues.map(\.description) == ["license.spdx_id: expected String (required), found nothing"])
    }

    @Test func requiredKeysInArraysCarryTheirIndex() {
        let error = #expect(throws: JastorError.self) {
            try [Owner](validating: [["login": "a", "id": 1], ["login": "b"]])
        }
        #expect(error?.description == "[1].id: expected Int (required), found nothing")
    }

    @Test func aRegistrationCanRequireItsKeyUnderTheDefaultPolicy() {
        let error = #expect(throws: JastorError.self) { try Release(validating: ["name": "v1"]) }
        #expect(error?.description == "tag: expected String (required), found nothing")
    }

    @Test func aClassKeepingUnmappedKeysReportsNoneUnknown() throws {
        let release = try Release(validating: ["tag": "v1", "draft": true])
        #expect(release.extras["draft"] as? Bool == true)
    }

    /// A key a property only writes is known: the model's own output reads back strictly while
    /// the value there is the one the property writes; another value there is reported, since
    /// nothing reads it.
    @Test func aKeyAPropertyOnlyWritesIsNotUnknown() throws {
        let summary = Summary(dictionary: ["title": "Notes"])
        #expect(try summary.jsonString() == #"{"title":"Notes","words":0}"#)
        #expect(try Summary(validatingJSON: summary.jsonData()).title == "Notes")
        summary.wordCount = 12
        let lost = try #require(throws: JastorError.self) { try Summary(validatingJSON: summary.jsonData()) }
        #expect(
            lost.issues.map(\.description) == [
                "words: expected what wordCount writes at this key, which no property reads: Number 0, found Number 12"
            ])
        let error = try #require(throws: JastorError.self) { try Summary(validating: ["title": "a", "word": 1]) }
        #expect(error.issues.map(\.description) == ["word: expected a key Summary maps, found an unknown key"])
    }

    @Test func aKeyGivenTwiceIsOneUnknownKey() throws {
        var issues: [JastorIssue] = []
        let json = Data(#"{"title": "t", "y": 1, "z": 0, "y": 2}"#.utf8)
        _ = try Summary(json: json, issues: &issues)
        #expect(
            issues.map(\.description) == [
                "y: expected a key Summary maps, found an unknown key",
                "z: expected a key Summary maps, found an unknown key",
            ])
        var fromDictionary: [JastorIssue] = []
        _ = Summary(dictionary: ["title": "t", "y": 1], issues: &fromDictionary)
        #expect(fromDictionary.map(\.description) == ["y: expected a key Summary maps, found an unknown key"])
    }

    @Test func updatesAreUncheckedForTheyArePartial() {
        let owner = Owner(dictionary: ["login": "a", "id": 1])
        var issues: [JastorIssue] = []
        owner.update(with: ["login": "b", "extra": 1], issues: &issues)
        #expect(owner.login == "b" && owner.id == 1)
        #expect(issues.isEmpty)
    }

    @Test func theDefaultPolicyIsLenient() throws {
        let product = try Product(validating: ["name": "only a name", "unknown": 1])
        #expect(product.name == "only a name" && product.amount == 0)
    }

    @Test func archivesAreUnchecked() throws {
        let owner = Owner(dictionary: ["login": "a"])
        #expect(try Owner.unarchive(from: owner.archivedData()) == owner)
    }

    /// `Codable` decoding maps as strict mapping does, key policies included (of nested models
    /// too), and throws a `DecodingError` at the first issue's coding path.
    @Test func codableDecodingAppliesTheKeyPolicy() throws {
        let missing = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(Owner.self, from: Data("{}".utf8))
        }
        guard case .dataCorrupted(let context) = missing else { throw missing }
        #expect(context.codingPath.map(\.stringValue) == ["login"])
        #expect(
            (context.underlyingError as? JastorError)?.issues.map(\.description) == [
                "login: expected String (required), found nothing", "id: expected Int (required), found nothing",
            ])

        let misspelt = try Fixtures.data("repository_misspelt")
        let strict = try #require(throws: JastorError.self) { try Repository(validatingJSON: misspelt) }
        let decoding = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(Repository.self, from: misspelt)
        }
        guard case .dataCorrupted(let repositoryContext) = decoding else { throw decoding }
        #expect(repositoryContext.codingPath.map(\.stringValue) == ["owner", "id"])
        #expect(
            (repositoryContext.underlyingError as? JastorError)?.issues.map(\.description)
                == strict.issues.map(\.description))

        let unknown = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(Summary.self, from: Data(#"{"title": "a", "word": 1}"#.utf8))
        }
        guard case .dataCorrupted(let unknownContext) = unknown else { throw unknown }
        #expect(unknownContext.codingPath.map(\.stringValue) == ["word"])
        #expect(unknownContext.debugDescription == "word: expected a key Summary maps, found an unknown key")
    }

    /// Inside the user's own `Codable` type, the coding path leads from the root to the issue.
    @Test func codableDecodingOfNestedModelsAppliesTheirKeyPolicy() throws {
        let json = Data(#"{"owners": [{"login": "a", "id": 1}, {"login": "b"}]}"#.utf8)
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(OwnerPage.self, from: json) }
        guard case .dataCorrupted(let context) = error else { throw error }
        #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["owners", "1", "id"])
        #expect(context.debugDescription == "id: expected Int (required), found nothing")
    }

    /// A model's own `Codable` output decodes under its key policy: every key it requires is
    /// written, and a key it only writes is known.
    @Test func codableOutputDecodesUnderTheKeyPolicy() throws {
        let owner = Owner(dictionary: ["login": "a", "id": 1])
        #expect(try JSONDecoder().decode(Owner.self, from: JSONEncoder().encode(owner)) == owner)
        let defaults = Owner()
        #expect(try JSONDecoder().decode(Owner.self, from: JSONEncoder().encode(defaults)) == defaults)
        let summary = Summary(dictionary: ["title": "Notes"])
        #expect(try JSONDecoder().decode(Summary.self, from: JSONEncoder().encode(summary)) == summary)
        let page = OwnerPage(owners: [owner])
        #expect(try JSONDecoder().decode(OwnerPage.self, from: JSONEncoder().encode(page)).owners == [owner])
    }

    /// A required key is always written, so a class's own output reads back under its policy.
    ///
    /// `nil` is written as `null` and an empty collection as itself, so a `.requireEveryKey`
    /// model's own output holds every key it asks for: strict mapping and `Codable` read it back.
    /// A `.decodeOnly` property is required too, and its key is never written: such a class's
    /// output reads back only when that property is `required: false`.
    @Test func requiredKeysAreWrittenEvenWhenEmpty() throws {
        for profile in [Profile(), Profile(dictionary: ["name": "a", "nickname": "b", "tags": ["c"]])] {
            let text = String(decoding: try profile.jsonData(options: .sortedKeys), as: UTF8.self)
            if profile.name.isEmpty { #expect(text == #"{"name":"","nickname":null,"tags":[]}"#) }
            #expect(try Profile(validatingJSON: profile.jsonData()) == profile)
            #expect(try Profile(validating: profile.toDictionary()) == profile)
            #expect(try JSONDecoder().decode(Profile.self, from: JSONEncoder().encode(profile)) == profile)
        }
        let login = Login(dictionary: ["user": "a", "password": "p"])
        let error = try #require(throws: JastorError.self) { try Login(validatingJSON: login.jsonData()) }
        #expect(error.issues.map(\.description) == ["password: expected String (required), found nothing"])
        let optional = OptionalLogin(dictionary: ["user": "a", "password": "p"])
        #expect(try OptionalLogin(validatingJSON: optional.jsonData()).user == "a")
        #expect(try JSONDecoder().decode(OptionalLogin.self, from: JSONEncoder().encode(optional)).user == "a")
    }
}

/// Every key required, among them an optional and a collection.
private final class Profile: JastorObject {
    var name = ""
    var nickname: String?
    var tags: [String] = []

    override class var keyPolicy: JastorKeyPolicy { .requireEveryKey }
    override class var properties: [JastorProperty] { register(\.name, \.nickname, \.tags) }
}

/// Every key required, with a key only read.
private final class Login: JastorObject {
    var user = ""
    var password = ""

    override class var keyPolicy: JastorKeyPolicy { .requireEveryKey }
    override class var properties: [JastorProperty] {
        register(\.user) { property(\.password, direction: .decodeOnly) }
    }
}

/// ``Login`` with its read-only key not required.
private final class OptionalLogin: JastorObject {
    var user = ""
    var password = ""

    override class var keyPolicy: JastorKeyPolicy { .requireEveryKey }
    override class var properties: [JastorProperty] {
        register(\.user) { property(\.password, direction: .decodeOnly, required: false) }
    }
}
