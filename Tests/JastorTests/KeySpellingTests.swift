import Foundation
import Testing

@testable import Jastor

/// Texts with two or more Unicode spellings that Swift's `String` takes as equal (canonical
/// equivalence): composed and decomposed letters, and singletons such as the Kelvin sign for `K`.
private enum Spellings {
    static let acute = ["é", "e\u{301}"]
    static let kelvin = ["K", "\u{212A}"]
    static let angstrom = ["Å", "\u{212B}", "A\u{30A}"]
    static let ohm = ["Ω", "\u{2126}"]
    static let question = [";", "\u{037E}"]
    static let hangul = ["가", "\u{1100}\u{1161}"]
}

/// A model whose keys are spelled the first way, in every place a key is looked up: a property's
/// key, a key path's segments, a required key, `unmappedKeys`, and the subclass hook's view.
private class FirstSpelled: JastorObject {
    var plain = 0
    var deep = 0
    var needed = 0
    var extras: [String: Any] = [:]

    class var spelling: Int { 0 }

    override class var properties: [JastorProperty] {
        let index = spelling
        return [
            .init("plain", \FirstSpelled.plain, key: JastorPath([.key(Spellings.acute[index])])),
            .init(
                "deep", \FirstSpelled.deep,
                key: JastorPath([.key(Spellings.ohm[index]), .key(Spellings.kelvin[index])])),
            .init("needed", \FirstSpelled.needed, key: JastorPath([.key(Spellings.hangul[index])]), required: true),
            .unmappedKeys("extras", \FirstSpelled.extras),
        ]
    }

    override class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? {
        json[Spellings.angstrom[spelling]] != nil ? FirstSpelledTagged.self : nil
    }
}

private final class FirstSpelledTagged: FirstSpelled {}

/// The same model with its keys spelled the second way (the Kelvin sign where the first has `K`).
private class SecondSpelled: FirstSpelled {
    override class var spelling: Int { 1 }

    override class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? {
        json[Spellings.angstrom[spelling]] != nil ? SecondSpelledTagged.self : nil
    }
}

private final class SecondSpelledTagged: SecondSpelled {}

/// The class `R15DAccent` of review 15D: one property keyed `"café"` (composed).
private final class Accent: JastorObject {
    var cafe = 0

    override class var properties: [JastorProperty] { register { property(\.cafe, key: "caf\u{E9}") } }
}

/// A key read in one spelling by a `.decodeOnly` property (the key of an earlier version) and in
/// the other by a property that reads and writes it, as a key and as a key path's step: output
/// writes the second one's spelling, the one read back in silence.
private class ReadOnceSpelledTwice: JastorObject {
    var old = 0
    var new = 0
    var oldInBox = 0
    var newInBox = 0

    /// The spelling of the `.decodeOnly` properties' keys, then that of the written ones.
    class var spellings: (read: String, written: String) { ("cafe\u{301}", "caf\u{E9}") }

    override class var properties: [JastorProperty] {
        let (read, written) = spellings
        return [
            .init("old", \ReadOnceSpelledTwice.old, key: JastorPath([.key(read)]), direction: .decodeOnly),
            .init("new", \ReadOnceSpelledTwice.new, key: JastorPath([.key(written)])),
            .init(
                "oldInBox", \ReadOnceSpelledTwice.oldInBox, key: JastorPath([.key("box"), .key(read)]),
                direction: .decodeOnly),
            .init("newInBox", \ReadOnceSpelledTwice.newInBox, key: JastorPath([.key("box"), .key(written)])),
        ]
    }
}

/// ``ReadOnceSpelledTwice`` with the two spellings the other way round.
private final class ReadOnceSpelledTwiceSwapped: ReadOnceSpelledTwice {
    override class var spellings: (read: String, written: String) { ("caf\u{E9}", "cafe\u{301}") }
}

/// Two key paths through one key spelled two ways, both written: output writes the key once, as
/// the first spells it, and the second path's step reads that spelling back in silence.
private final class TwoPathsSpelledTwice: JastorObject {
    var first = 0
    var second = 0

    override class var properties: [JastorProperty] {
        register {
            property(\.first, key: JastorPath([.key("caf\u{E9}"), .key("first")]))
            property(\.second, key: JastorPath([.key("cafe\u{301}"), .key("second")]))
        }
    }
}

/// A key in another Unicode spelling is the same key wherever Jastor looks one up, and reported.
///
/// From bytes as from a dictionary (whose `String` keys compare that way): properties, key path
/// segments, required keys, the subclass hook's view, and `unmappedKeys` (which does not list
/// it). Output writes the property's own spelling, so each key a property or a key path step
/// reads in another spelling is reported at the key as read, the value kept (the subclass hook
/// is the user's own lookup, and reports nothing); of a key given twice in two spellings the
/// first decides, the spelling a Foundation dictionary keeps.
@Suite struct KeySpellingTests {
    /// The issue of a key read in another spelling, at `path` (the key as read).
    private static func respelled(_ path: String, read: String, declared: String) -> String {
        "\(path): expected the key written back as read, found \"\(read)\", another Unicode spelling of the key "
            + "\"\(declared)\" (written \"\(declared)\")"
    }

    @Test func eachPlaceFindsAKeyInAnotherSpellingAndReportsIt() throws {
        let text = #"{"e\#u{301}": 1, "\#u{2126}": {"\#u{212A}": 2}, "\#u{1100}\#u{1161}": 3, "A\#u{30A}": true}"#
        var issues: [JastorIssue] = []
        let models = try [FirstSpelled](json: Data("[\(text)]".utf8), issues: &issues)
        let model = try #require(models.first)
        #expect(type(of: model) == FirstSpelledTagged.self)
        #expect(model.plain == 1 && model.deep == 2 && model.needed == 3)
        #expect(model.extras.keys.sorted() == ["A\u{30A}"])
        let expected = [
            Self.respelled("[0].e\u{301}", read: "e\u{301}", declared: "é"),
            Self.respelled("[0].\u{1100}\u{1161}", read: "\u{1100}\u{1161}", declared: "가"),
            Self.respelled("[0].\u{2126}", read: "\u{2126}", declared: "Ω"),
            Self.respelled("[0].\u{2126}.\u{212A}", read: "\u{212A}", declared: "K"),
        ]
        #expect(issues.map(\.description) == expected)
        #expect(issues.allSatisfy { $0.kind == .invalidValue })
        // Each key's bytes, as read, are in the issue's path and `found`.
        #expect(issues.first.map { Array($0.path.description.unicodeScalars) } == Array("[0].e\u{301}".unicodeScalars))
        // An ASCII key is the other spelling of a property key that is not ASCII.
        issues = []
        let second = try SecondSpelled(json: Data(#"{"é": 4, "Ω": {"K": 5}, "가": 6}"#.utf8), issues: &issues)
        #expect(second.plain == 4 && second.deep == 5 && second.needed == 6)
        #expect(second.extras.isEmpty)
        #expect(
            issues.map(\.description) == [
                Self.respelled("é", read: "é", declared: "e\u{301}"),
                Self.respelled("가", read: "가", declared: "\u{1100}\u{1161}"),
                Self.respelled("Ω", read: "Ω", declared: "\u{2126}"),
                Self.respelled("Ω.K", read: "K", declared: "\u{212A}"),
            ])
        // Strict mapping throws them.
        let strict = try #require(throws: JastorError.self) {
            try SecondSpelled(validatingJSON: Data(#"{"e\#u{301}": 4, "가": 6}"#.utf8))
        }
        #expect(strict.issues.map(\.description) == [Self.respelled("가", read: "가", declared: "\u{1100}\u{1161}")])
    }

    /// A key that a `.decodeOnly` property spells one way and a written property the other is
    /// written back in the written property's spelling, so that spelling reads in silence (before,
    /// the first property's spelling decided: the model's own output was reported, and strict
    /// mapping threw it, or input in the other spelling was written back respelled without a word)
    /// and the `.decodeOnly` property's spelling is reported, from bytes and dictionaries alike.
    @Test(arguments: [ReadOnceSpelledTwice.self, ReadOnceSpelledTwiceSwapped.self])
    fileprivate func aKeyIsWrittenBackAsTheWrittenPropertySpellsIt(_ type: ReadOnceSpelledTwice.Type) throws {
        let (read, written) = type.spellings
        // `String` calls the two spellings equal: told apart by their bytes.
        for (spelling, isWritten) in [(written, true), (read, false)] {
            let text = "{\"\(spelling)\": 1, \"box\": {\"\(spelling)\": 2}}"
            let expected =
                isWritten
                ? []
                : [
                    Self.respelled(spelling, read: spelling, declared: written),
                    Self.respelled("box.\(spelling)", read: spelling, declared: written),
                ]
            var issues: [JastorIssue] = []
            let model = try type.init(json: Data(text.utf8), issues: &issues)
            #expect(Self.values(of: model) == [1, 1, 2, 2])
            #expect(issues.map(\.description) == expected, "\(text)")
            var fromDictionary: [JastorIssue] = []
            let mapped = type.init(dictionary: [spelling: 1, "box": [spelling: 2]], issues: &fromDictionary)
            #expect(Self.values(of: mapped) == [1, 1, 2, 2])
            #expect(fromDictionary.map(\.description) == expected, "\(text)")
            // The model's own output holds the written spelling, and reads back strictly.
            let output = try model.jsonData()
            #expect(output == Data("{\"\(written)\":1,\"box\":{\"\(written)\":2}}".utf8))
            let again = try type.init(validatingJSON: output)
            #expect(Self.values(of: again) == [1, 1, 2, 2])
        }
    }

    /// Two written key paths whose first steps are one key in two spellings write one object, under
    /// the first path's spelling; the second path reads it back from there without an issue (it was
    /// reported as read in another spelling, and strict mapping threw the model's own output).
    @Test func keyPathsThroughOneKeySpelledTwoWaysReadTheirOutputBack() throws {
        let model = TwoPathsSpelledTwice()
        model.first = 1
        model.second = 2
        let output = try model.jsonData()
        #expect(output == Data("{\"caf\u{E9}\":{\"first\":1,\"second\":2}}".utf8))
        let again = try TwoPathsSpelledTwice(validatingJSON: output)
        #expect(again.first == 1 && again.second == 2)
        var issues: [JastorIssue] = []
        let other = try TwoPathsSpelledTwice(
            json: Data("{\"cafe\u{301}\":{\"first\":1,\"second\":2}}".utf8), issues: &issues)
        #expect(other.first == 1 && other.second == 2)
        #expect(
            issues.map(\.description) == [Self.respelled("cafe\u{301}", read: "cafe\u{301}", declared: "caf\u{E9}")])
    }

    /// The four properties' values.
    private static func values(of model: ReadOnceSpelledTwice) -> [Int] {
        [model.old, model.new, model.oldInBox, model.newInBox]
    }

    /// Review 15D: `{"cafe\u{301}": 1}` fills the property keyed `"café"`, which output writes
    /// composed: reported, from bytes (raw or escaped) and from a dictionary alike; the key as
    /// spelled reads in silence.
    @Test func aKeyReadInAnotherSpellingIsReportedWhereOutputWritesTheDeclaredOne() throws {
        let expected = [Self.respelled("cafe\u{301}", read: "cafe\u{301}", declared: "caf\u{E9}")]
        for text in ["{\"cafe\u{301}\": 1}", #"{"cafe\u0301": 1}"#] {
            var issues: [JastorIssue] = []
            let model = try Accent(json: Data(text.utf8), issues: &issues)
            #expect(model.cafe == 1)
            #expect(issues.map(\.description) == expected, "\(text)")
            let dictionary = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            var fromDictionary: [JastorIssue] = []
            #expect(Accent(dictionary: dictionary, issues: &fromDictionary).cafe == 1)
            #expect(fromDictionary.map(\.description) == expected, "\(text)")
        }
        let written = Accent(dictionary: ["cafe\u{301}": 1]).toDictionary().keys.map { Array($0.unicodeScalars) }
        #expect(written == [Array("caf\u{E9}".unicodeScalars)])
        var issues: [JastorIssue] = []
        _ = try Accent(json: Data(#"{"caf\u00e9": 1, "x": 2}"#.utf8), issues: &issues)
        _ = Accent(dictionary: ["caf\u{E9}": 1], issues: &issues)
        #expect(issues.isEmpty, "\(issues)")
    }

    /// Objects whose keys come in random spellings, some twice in two spellings (the last counts),
    /// some left out, with unknown keys: the same class, values, unmapped keys and issues from bytes
    /// as from `JSONSerialization`'s dictionary (bytes also report a key given twice), for a model
    /// spelled either way; the issues include each key read in another spelling, in the first
    /// spelling given, and are checked to (a key read in another spelling is reported).
    @Test(arguments: [UInt64(0x6E70_0701), 0x6E70_0702]) func randomSpellingsMapAsTheDictionaryPathDoes(
        seed: UInt64
    ) throws {
        print("KeySpellingTests seed \(String(seed, radix: 16))")
        var random = SeededRandom(seed: seed)
        for index in 0..<300 {
            let text = Self.randomObject(&random)
            let label = "seed \(String(seed, radix: 16)), object \(index): \(text.debugDescription)"
            try Self.expectSameFromBytesAndDictionary(FirstSpelled.self, text: text, label: label)
            try Self.expectSameFromBytesAndDictionary(SecondSpelled.self, text: text, label: label)
        }
    }

    private static func expectSameFromBytesAndDictionary<Model: FirstSpelled>(
        _: Model.Type, text: String, label: String
    ) throws {
        let array = try #require(try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [Any])
        var bytesIssues: [JastorIssue] = []
        var dictionaryIssues: [JastorIssue] = []
        let fromBytes = try [Model](json: Data("[\(text)]".utf8), issues: &bytesIssues)
        let fromDictionary = [Model](jsonArray: array, issues: &dictionaryIssues)
        #expect(fromBytes.map(summary) == fromDictionary.map(summary), "\(label) \(Model.self)")
        // Bytes also report a key given twice (in any two spellings); a dictionary holds it once.
        let repeated = bytesIssues.filter { $0.expected == "one value for the key" }
        #expect(
            bytesIssues.filter { $0.expected != "one value for the key" }.map(\.description).sorted()
                == dictionaryIssues.map(\.description).sorted(),
            "\(label) \(Model.self)")
        #expect(repeated.allSatisfy { $0.found == "2 (the last is kept)" }, "\(label) \(Model.self): \(repeated)")
        // Each key the dictionary holds in another spelling than the model's is reported, by its path.
        let object = try #require(array.first as? [String: Any])
        let spellings = Spellings.self
        let index = Model.spelling
        var respelled: [String] = []
        func check(_ key: String, in object: [String: Any], under path: [JastorPath.Component]) -> [String: Any]? {
            guard let found = object.index(forKey: key) else { return nil }
            let read = path + [.key(object.keys[found])]
            if !object.keys[found].utf8.elementsEqual(key.utf8) { respelled.append(JastorPath(read).description) }
            return object.values[found] as? [String: Any]
        }
        _ = check(spellings.acute[index], in: object, under: [0])
        _ = check(spellings.hangul[index], in: object, under: [0])
        if let inner = check(spellings.ohm[index], in: object, under: [0]),
            let ohm = object.keys.first(where: { $0 == spellings.ohm[index] })
        {
            _ = check(spellings.kelvin[index], in: inner, under: [0, .key(ohm)])
        }
        let reported = dictionaryIssues.filter { $0.expected == "the key written back as read" }
        #expect(reported.map(\.path.description).sorted() == respelled.sorted(), "\(label) \(Model.self)")
    }

    /// The class, the values and the unmapped keys of a model, as text.
    private static func summary(_ model: FirstSpelled) -> String {
        let extras = model.extras.keys.sorted().map(\.debugDescription).joined(separator: ",")
        return "\(type(of: model)) \(model.plain) \(model.deep) \(model.needed) [\(extras)]"
    }

    /// An object with each key in a random spelling, raw or `\u`-escaped, left out one time in
    /// four, given again in another spelling one time in four, and an unknown key now and then.
    private static func randomObject(_ random: inout SeededRandom) -> String {
        var members: [String] = []
        func spelled(_ spellings: [String]) -> String {
            let spelling = spellings[Int(random.next() % UInt64(spellings.count))]
            guard random.next() % 3 == 0 else { return spelling }
            return spelling.unicodeScalars.map { $0.isASCII ? String($0) : String(format: "\\u%04X", $0.value) }
                .joined()
        }
        func add(_ spellings: [String], _ value: () -> String) {
            guard random.next() % 4 != 0 else { return }
            members.append("\"\(spelled(spellings))\": \(value())")
            if random.next() % 4 == 0 { members.append("\"\(spelled(spellings))\": \(value())") }
        }
        add(Spellings.acute) { String(random.next() % 100) }
        add(Spellings.ohm) {
            random.next() % 5 == 0 ? "7" : "{\"\(spelled(Spellings.kelvin))\": \(random.next() % 100)}"
        }
        add(Spellings.hangul) { String(random.next() % 100) }
        add(Spellings.angstrom) { "true" }
        add(Spellings.question) { "null" }
        if random.next() % 3 == 0 { members.append(#""x\#(random.next() % 10)": 0"#) }
        var shuffled = members
        for position in shuffled.indices.reversed() where position > 0 {
            shuffled.swapAt(position, Int(random.next() % UInt64(position + 1)))
        }
        return "{" + shuffled.joined(separator: ", ") + "}"
    }
}
