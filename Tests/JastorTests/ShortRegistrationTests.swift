import Foundation
import Jastor
import Testing

// Models whose key paths go through accessors: properties of a non-final class, observers, a
// property wrapper, a plain-bytes enum, models.

private enum Mood: String, JastorValue {
    case calm, angry
}

private class Pet: JastorObject {
    var name = ""
    var nickname = ""
    var age = 0
    var mood = Mood.calm
    var birth: Date?
    var owner: Pet?
    var tags: [String] = []
    var extras: [String: Any] = [:]
    weak var parent: Pet?

    override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }
    override class var properties: [JastorProperty] {
        register(\.name, \.age, \.mood, \.owner, \.tags) {
            property(\.nickname, key: "nick")
            property(\.birth, transform: .iso8601)
            unmappedKeys(\.extras)
            ignored(\.parent)
        }
    }
}

private final class Cat: Pet {
    var lives = 9 {
        didSet { observedLives.append(lives) }
    }
    var observedLives: [Int] = []

    override class var properties: [JastorProperty] { register(\.lives) { ignored(\.observedLives) } }
}

@propertyWrapper private struct Uppercased {
    private var value = ""
    var wrappedValue: String {
        get { value }
        set { value = newValue.uppercased() }
    }
}

private final class Shouting: JastorObject {
    @Uppercased var word: String
    var count = 0

    override class var properties: [JastorProperty] { register(\.word, \.count) }
}

/// A non-final class with an array of an enum Jastor can make no sample of.
private class Moods: JastorObject {
    var moods: [Mood] = []
    var label = ""

    override class var properties: [JastorProperty] { register(\.label) { \.moods } }
}

/// The same, with the name given in the long form.
private class NamedMoods: JastorObject {
    var moods: [Mood] = []

    override class var properties: [JastorProperty] { register { JastorProperty("moods", \NamedMoods.moods) } }
}

/// `register(_:rules:)`: key paths name their properties, keys follow from the names.
@Suite struct ShortRegistrationTests {
    @Test func gitHubIssueMapsLikeItsCodableTwin() throws {
        let data = try Fixtures.data("github_issue")
        let issue = try GitHubIssue(validatingJSON: data)
        let twin = try GitHubCodable.decoder().decode(GitHubCodable.Issue.self, from: data)
        #expect(issue.title == twin.title && issue.title == "Found a bug")
        #expect(issue.nodeId == twin.nodeId)
        #expect(issue.htmlUrl == twin.htmlUrl)
        #expect(issue.user?.login == twin.user?.login)
        #expect(issue.labels.map(\.default) == twin.labels.map(\.default))
        #expect(issue.assignees.map(\.siteAdmin) == [true])
        #expect(issue.milestone?.creator?.login == twin.milestone?.creator?.login)
        #expect(issue.milestone?.dueOn == twin.milestone?.dueOn)
        #expect(issue.createdAt == twin.createdAt)
        #expect(issue.reactions?.plusOne == twin.reactions?.plusOne && issue.reactions?.plusOne == 3)
        #expect(issue.pullRequest?.patchUrl == twin.pullRequest?.patchUrl)
        #expect(issue.closedAt == nil && twin.closedAt == nil)
    }

    @Test(
        arguments: [
            GitHubIssue.self, GitHubUser.self, GitHubLabel.self, GitHubMilestone.self, GitHubReactions.self,
            GitHubPullRequest.self,
        ] as [JastorObject.Type])
    func gitHubModelsAreDeclaredWithoutIssues(model: JastorObject.Type) {
        #expect(model.declarationIssues.isEmpty, "\(model.declarationIssues)")
    }

    @Test func keysFollowFromTheNamesTheKeyPathsReach() throws {
        let issue = try GitHubIssue(validatingJSON: Fixtures.data("github_issue"))
        let written = issue.toDictionary()
        #expect(written["node_id"] as? String == "MDU6SXNzdWUx")
        #expect(written["author_association"] as? String == "COLLABORATOR")
        let reactions = try #require(written["reactions"] as? [String: Any])
        #expect(reactions["+1"] as? Int == 3)
        #expect(reactions["total_count"] as? Int == 5)
        #expect(GitHubIssue(dictionary: written) == issue)
    }

    /// The measurement of issue 12: Jastor's declarations at most 1.3 times the `Codable` ones.
    @Test func declarationsAreAtMostThirtyPercentLongerThanCodable() throws {
        let support = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Support")
        let jastor = try Self.codeLines(of: support.appendingPathComponent("GitHubModels.swift"))
        // The `enum GitHubCodable { … }` namespace is not part of the models.
        let codable = try Self.codeLines(of: support.appendingPathComponent("GitHubCodableModels.swift")) - 2
        print("GitHub issue graph: Jastor \(jastor) lines, Codable \(codable) lines")
        #expect(jastor == 98)
        #expect(codable == 81)
        #expect(Double(jastor) <= 1.3 * Double(codable))
    }

    @Test func keyPathsThroughAccessorsAreNamed() throws {
        #expect(Pet.declarationIssues.isEmpty, "\(Pet.declarationIssues)")
        #expect(Cat.declarationIssues.isEmpty, "\(Cat.declarationIssues)")
        let cat = try Cat(validatingJSON: Fixtures.data("short_registration"))
        #expect(cat.name == "Tom" && cat.nickname == "tommy" && cat.age == 4 && cat.lives == 7)
        #expect(cat.mood == .angry)
        #expect(cat.birth == Date(timeIntervalSince1970: 1_582_977_600))
        #expect(cat.owner?.name == "Ann" && cat.owner?.age == 30)
        #expect(cat.tags == ["grey", "indoor"])
        #expect(cat.extras.keys.sorted() == ["collar_colour"])
        #if JASTOR_SAFE_REFLECTION
        // Without the runtime layout, the initialiser writes through setters (see RuntimeLayout.swift).
        #expect(cat.observedLives == [7], "naming the properties ran no observer; the initialiser's write did")
        #else
        #expect(cat.observedLives.isEmpty, "naming the properties ran no observer, nor did the initialiser")
        #endif
        #expect(Cat(dictionary: cat.toDictionary()) == cat)
    }

    @Test func propertyWrappersAreNamedThroughTheirStorage() {
        #expect(Shouting.declarationIssues.isEmpty, "\(Shouting.declarationIssues)")
        let shouting = Shouting(dictionary: ["word": "hey", "count": 2])
        #expect(shouting.word == "HEY" && shouting.count == 2)
    }

    @Test func aKeyPathJastorCannotNameIsReportedWithTheLongFormAsTheFix() throws {
        let issues = Moods.declarationIssues.map(\.description)
        #expect(issues.count == 2)
        let unnamed = try #require(issues.first)
        #expect(unnamed.hasPrefix("Moods.<computed "))
        #expect(unnamed.contains(" (Array<Mood>)>: expected a key path whose stored property Jastor can name"))
        #expect(unnamed.hasSuffix(#"; give the name: JastorProperty("name", \Moods.name)"#))
        #expect(
            issues.last
                == "Moods.moods: expected a registration in Moods.properties, found an unregistered stored property")
        #expect(NamedMoods.declarationIssues.isEmpty)
        #expect(NamedMoods(dictionary: ["moods": ["calm", "angry"]]).moods == [.calm, .angry])
    }

    /// Code lines: not blank, not a comment, not an import.
    private static func codeLines(of file: URL) throws -> Int {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("//") && !$0.hasPrefix("import ") }.count
    }
}
