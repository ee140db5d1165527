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

/// Keeps unmapped keys, and has a key only read (`lbl`), one only written (`label`, as the
/// `outputKey:` of `lbl`) and an `.encodeOnly` property's key (`derived`).
private final class Badge: JastorObject {
    var title = ""
    var label = ""
    var derived = "d"
    var extras: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register {
            property(\.title)
            property(\.label, key: "lbl", outputKey: "label")
            property(\.derived, direction: .encodeOnly)
            unmappedKeys(\.extras)
        }
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

    /// A key a property writes (its `outputKey:`, an `.encodeOnly` property's key) is not kept:
    /// output writes the property's value there.
    ///
    /// A value there that differs from that one is reported at its key, naming the property; an
    /// equal one (as in Jastor's own output) is not.
    @Test func keysAPropertyWritesAreNotKept() {
        var issues: [JastorIssue] = []
        let badge = Badge(
            dictionary: ["title": "t", "lbl": "L", "label": "other", "derived": "x", "k": 1], issues: &issues)
        #expect(
            issues.map(\.description) == [
                #"label: expected what label writes at this key, which no property reads: String "L", found String "other""#,
                #"derived: expected what derived writes at this key, which no property reads: String "d", found String "x""#,
            ])
        #expect(badge.extras.keys.sorted() == ["k"])
        #expect(badge.label == "L" && badge.derived == "d")
        #expect(badge.toDictionary()["label"] as? String == "L")
        issues = []
        _ = Badge(dictionary: ["title": "t", "lbl": "L", "label": "L", "derived": "d"], issues: &issues)
        #expect(issues.isEmpty, "\(issues)")
    }

    /// Jastor's own output reads back with nothing kept twice and writes the same bytes again;
    /// the `outputKey:` property, which reads another key, does not come back, which the first
    /// read-back reports; from then on (its default written) output reads back strictly.
    @Test(arguments: [JastorJSONOptions(), .sortedKeys])
    func ownOutputReadsBackToTheSameBytes(options: JastorJSONOptions) throws {
        let badge = Badge(dictionary: ["title": "t", "lbl": "L", "k": 1, "nested": ["a": [1, 2]]])
        let first = try badge.jsonData(options: options)
        let error = try #require(throws: JastorError.self) { try Badge(validatingJSON: first) }
        #expect(
            error.issues.map(\.description) == [
                #"label: expected what label writes at this key, which no property reads: String "", found String "L""#
            ])
        let second = try Badge(json: first)
        #expect(second.extras.keys.sorted() == ["k", "nested"])
        let third = try Badge(validatingJSON: second.jsonData(options: options))
        #expect(third == second)
        #expect(try third.jsonData(options: options) == second.jsonData(options: options))
        badge.label = ""
        #expect(try Badge(json: first) == badge)
        #expect(try Badge(validatingJSON: badge.jsonData(options: options)) == badge)
        #expect(try JSONDecoder().decode(Badge.self, from: JSONEncoder().encode(badge)) == badge)
    }

    /// Kept keys set by hand that a property reads or writes: JSON output and `Codable` report
    /// each at its key; `toDictionary()` leaves them out for the properties' values.
    @Test func keptKeysAPropertyReadsOrWritesAreReported() throws {
        let badge = Badge(dictionary: ["title": "t", "lbl": "L"])
        badge.extras = ["title": "hand", "label": "hand", "lbl": "hand", "derived": "hand", "k": 1]
        let error = try #require(throws: JastorError.self) { try badge.jsonData() }
        let expected = "expected a key no property of Badge reads or writes, as extras (.unmappedKeys) keeps"
        #expect(
            error.issues.map(\.description).sorted() == [
                "derived: \(expected), found a key derived writes",
                "label: \(expected), found a key label writes",
                "lbl: \(expected), found a key label reads",
                "title: \(expected), found a key title writes",
            ])
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(badge) }
        let written = badge.toDictionary()
        #expect(written["title"] as? String == "t" && written["label"] as? String == "L" && written["lbl"] == nil)
        #expect(written["k"] as? Int == 1)
        #expect(try Badge.unarchive(from: badge.archivedData()) == badge, "archives keep kept keys apart")
    }

    /// From bytes, the keys properties read are matched without being built; what is kept is
    /// what the dictionary path keeps: an escaped spelling of a mapped key is that key, a key
    /// given twice keeps its last value, and keys only written or read through a path are not kept.
    @Test func bytesKeepWhatDictionariesKeep() throws {
        let json = #"{"n\u0061me": "a", "sc\u006fre": 2, "x": 1, "x": 2, "\u0078y": 3, "label": "l", "derived": "e"}"#
        let profile = try Profile(json: Data(json.utf8))
        #expect(profile.name == "a" && profile.score == 2)
        #expect(profile.extras as NSDictionary == ["x": 2, "xy": 3, "label": "l", "derived": "e"] as NSDictionary)
        let badge = try Badge(json: Data(json.utf8))
        let dictionary = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(badge.extras as NSDictionary == Badge(dictionary: dictionary).extras as NSDictionary)
        #expect(badge.extras as NSDictionary == ["name": "a", "score": 2, "x": 2, "xy": 3] as NSDictionary)
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
