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

/// Keeps unmapped keys beside a nested model, two properties reading one key (`x`) and a key only
/// written (`out`, the `outputKey:` of `in`).
private class Kept: JastorObject {
    var name = ""
    var score = 0.0
    var child: Badge?
    var first = 0
    var second = 0
    var input = ""
    var extras: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register {
            property(\.name)
            property(\.score)
            property(\.child)
            property(\.first, key: "x")
            property(\.second, key: "x")
            property(\.input, key: "in", outputKey: "out")
            unmappedKeys(\.extras)
        }
    }
}

/// Its plan is its own: the storage the mapping writes is found again for it.
private final class KeptChild: Kept {
    var more = false

    override class var properties: [JastorProperty] { register(\.more) }
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

    /// Objects whose members are all mapped, some unknown keys holding scalars (strings with
    /// escapes, integers beyond `Int`, fractions no `Double` holds exactly, `null`, Booleans), some
    /// holding objects or arrays, keys given twice, the key two properties read, the key only
    /// written: the same models, kept keys and issues from bytes as from `JSONSerialization`'s
    /// dictionaries (bytes also report each key given twice, once), with a value limit that some runs reach while keeping their members (numbers
    /// are written as both paths read them alike: a `String` property reads an exponent as written
    /// from bytes).
    @Test(arguments: [UInt64(0x6B65_0801), 0x6B65_0802]) func randomObjectsKeepWhatDictionariesKeep(seed: UInt64)
        throws
    {
        print("UnmappedKeysTests seed \(String(seed, radix: 16))")
        var random = SeededRandom(seed: seed)
        for index in 0..<400 {
            var members: [(key: String, value: String)] = []
            for _ in 0..<Int.random(in: 0...7, using: &random) {
                let key = Self.keys.randomElement(using: &random) ?? "name"
                members.append((key, Self.value(forKey: key, &random)))
            }
            if members.isEmpty || Bool.random(using: &random), let again = members.randomElement(using: &random) {
                members.append((again.key, Self.value(forKey: again.key, &random)))
            }
            let text = "{" + members.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
            let label = "seed \(String(seed, radix: 16)), object \(index): \(text)"
            let dictionary = try #require(
                try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(label)")
            // A limit only where both paths meet the values in one order: keys given once, one of
            // them unknown (a dictionary has no duplicates and its own order of keys).
            let keys = members.map(\.key)
            let unknown = keys.filter { !["name", "score", "child", "x", "in", "out"].contains($0) }
            let limited =
                Set(keys).count == keys.count && unknown.count <= 1 && Int.random(in: 0..<3, using: &random) == 0
            let limit = limited ? Int.random(in: 1...10, using: &random) : 1_000
            let limits = JastorLimits(maximumValueCount: limit)
            let subclass = Bool.random(using: &random)
            let type: Kept.Type = subclass ? KeptChild.self : Kept.self
            var bytesIssues: [JastorIssue] = []
            var dictionaryIssues: [JastorIssue] = []
            let (fromBytes, fromDictionary) = try JastorLimits.withCurrent(limits) {
                (
                    try type.init(json: Data(text.utf8), issues: &bytesIssues),
                    type.init(dictionary: dictionary, issues: &dictionaryIssues)
                )
            }
            #expect(Self.values(of: fromBytes) == Self.values(of: fromDictionary), "\(label)")
            #expect(fromBytes.extras as NSDictionary == fromDictionary.extras as NSDictionary, "\(label)")
            #expect(
                try Fixtures.canonical(fromBytes.toDictionary()) == Fixtures.canonical(fromDictionary.toDictionary()),
                "\(label)")
            // Bytes also report each key given more than once (a dictionary holds one value).
            let repeated = bytesIssues.filter { $0.expected == "one value for the key" }
            #expect(
                bytesIssues.filter { $0.expected != "one value for the key" }.map(\.description).sorted()
                    == dictionaryIssues.map(\.description).sorted(), "\(label)")
            let repeatedKeys = Set(
                Dictionary(grouping: keys) { $0 }.filter { $0.value.count > 1 }.keys.map { JastorPath([.key($0)]) })
            #expect(Set(repeated.map(\.path)).isSubset(of: repeatedKeys), "\(label): \(repeated)")
            #expect(repeated.count == Set(repeated.map(\.path)).count, "each repeated key once: \(repeated)")
        }
    }

    /// Members kept from bytes are the model's own: `update(with:)` adds to them, as to those
    /// kept from a dictionary.
    @Test func updatesAddToMembersKeptFromBytes() throws {
        let fromBytes = try Kept(json: Data(#"{"name": "a", "k": 1, "s": "x"}"#.utf8))
        fromBytes.update(with: ["k": 2, "t": NSNull(), "x": 3])
        let fromDictionary = Kept(dictionary: ["name": "a", "k": 1, "s": "x"])
        fromDictionary.update(with: ["k": 2, "t": NSNull(), "x": 3])
        #expect(fromBytes.extras as NSDictionary == ["k": 2, "s": "x", "t": NSNull()] as NSDictionary)
        #expect(fromBytes.extras as NSDictionary == fromDictionary.extras as NSDictionary)
        #expect(fromBytes.first == 3 && fromBytes.second == 3)
    }

    /// The keys of ``Kept``'s objects: mapped, read twice, only written, unknown (some alike).
    private static let keys = ["name", "score", "child", "x", "in", "out", "k", "kk", "nam", "names", "é"]

    private static func value(forKey key: String, _ random: inout SeededRandom) -> String {
        switch Int.random(in: 0..<14, using: &random) {
        case 0: return "null"
        case 1: return Bool.random(using: &random) ? "true" : "false"
        case 2: return String(Int.random(in: -1_000...1_000, using: &random))
        case 3: return "123456789012345678901234567890"
        case 4: return "0.1000000000000000000000000000000000001"
        case 5: return "2.5"
        case 6: return #""tab\tand \u00e9 and \ud83d\ude00""#
        case 7: return #"{"title": "t", "lbl": "l", "z": [1, {"y": null}]}"#
        case 8: return "[1, \"two\", [3.5], {}]"
        case 9: return "{}"
        case 10: return key == "child" ? #"{"title": "c"}"# : "\"v\""
        default: return "\"\(key)-\(Int.random(in: 0..<100, using: &random))\""
        }
    }

    /// The mapped properties' values as text, for comparison.
    private static func values(of model: Kept) -> String {
        let values: [Any?] = [
            model.name, model.score, model.child.map { "\($0.title) \($0.label) \($0.extras)" }, model.first,
            model.second, model.input, String(describing: type(of: model)),
        ]
        return values.map { String(describing: $0) }.joined(separator: " | ")
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
