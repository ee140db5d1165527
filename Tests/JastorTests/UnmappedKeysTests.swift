import Foundation
import Jastor
import Testing

private final class Profile: JastorObject {
    var name = ""
    var score = 0.0
    var extras: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        [.init("name", \Profile.name), .init("score", \Profile.score), .unmappedKeys("extras", \Profile.extras)]
    }
}

private final class TwoSinks: JastorObject {
    var first: [String: Any] = [:]
    var second: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        [.unmappedKeys("first", \TwoSinks.first), .unmappedKeys("second", \TwoSinks.second)]
    }
}

/// A class can keep the keys it does not map and write them back.
@Suite struct UnmappedKeysTests {
    @Test func unmappedKeysAreKeptAndWrittenBack() throws {
        let json = try Fixtures.dictionary("profile_extras")
        let profile = Profile(dictionary: json)
        #expect(profile.name == "Ada")
        #expect(profile.score == 17.5)
        #expect(profile.extras.keys.sorted() == ["beta", "nothing", "settings", "version.major"])
        #expect(try Fixtures.canonical(profile.toDictionary()) == Fixtures.canonical(json), "nothing is lost")
    }

    @Test func mappedValuesWinOverExtrasOnOutput() throws {
        let profile = Profile(dictionary: ["name": "Ada", "other": 1])
        profile.extras["name"] = "shadowed"
        #expect(profile.toDictionary()["name"] as? String == "Ada")
    }

    @Test func updateAddsToTheKeptKeys() {
        let profile = Profile(dictionary: ["name": "Ada", "a": 1])
        profile.update(with: ["b": 2, "score": 3])
        #expect(profile.extras.keys.sorted() == ["a", "b"])
        #expect(profile.score == 3)
    }

    @Test func keptKeysSurviveArchivesAndEquality() throws {
        let profile = Profile(dictionary: try Fixtures.dictionary("profile_extras"))
        let copy = try Profile.unarchive(from: try profile.archivedData(format: .json))
        #expect(copy == profile)
        #expect(try Fixtures.canonical(copy.extras) == Fixtures.canonical(profile.extras))
        #expect(Profile(dictionary: ["name": "Ada", "x": 1]) != Profile(dictionary: ["name": "Ada", "x": 2]))
    }

    @Test func onlyOneSinkPerClass() {
        #expect(
            TwoSinks.declarationIssues.map(\.description) == [
                "TwoSinks.second: expected one .unmappedKeys registration, found another besides first"
            ])
    }
}
