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

/// A key in another Unicode spelling is the same key wherever Jastor looks one up, from bytes as
/// from a dictionary (whose `String` keys compare that way): properties, key path segments,
/// required keys, the subclass hook's view, and `unmappedKeys` (which does not list it).
@Suite struct KeySpellingTests {
    @Test func eachPlaceFindsAKeyInAnotherSpelling() throws {
        let text = #"{"e\#u{301}": 1, "\#u{2126}": {"\#u{212A}": 2}, "\#u{1100}\#u{1161}": 3, "A\#u{30A}": true}"#
        var issues: [JastorIssue] = []
        let models = try [FirstSpelled](json: Data("[\(text)]".utf8), issues: &issues)
        let model = try #require(models.first)
        #expect(type(of: model) == FirstSpelledTagged.self)
        #expect(model.plain == 1 && model.deep == 2 && model.needed == 3)
        #expect(model.extras.keys.sorted() == ["A\u{30A}"])
        #expect(issues.isEmpty, "\(issues)")
        // An ASCII key is the other spelling of a property key that is not ASCII.
        let second = try SecondSpelled(json: Data(#"{"é": 4, "Ω": {"K": 5}, "가": 6}"#.utf8))
        #expect(second.plain == 4 && second.deep == 5 && second.needed == 6)
        #expect(second.extras.isEmpty)
    }

    /// Objects whose keys come in random spellings, some twice in two spellings (the last counts),
    /// some left out, with unknown keys: the same class, values, unmapped keys and issues from bytes
    /// as from `JSONSerialization`'s dictionary (bytes also report a key given twice), for a model
    /// spelled either way.
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
