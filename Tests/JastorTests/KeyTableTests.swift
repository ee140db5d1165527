import Foundation
import Testing

@testable import Jastor

/// A model whose keys the hash finds hard to tell apart (alike heads, tails and lengths), beyond
/// ASCII, and a nested model and an array whose members the matching loop skips.
private final class KeyedMembers: JastorObject {
    var id = 0
    var idStr = ""
    var imageURL = ""
    var colorURL = 0
    var abcdefgh = 0
    var abcdefgi = ""
    var name = ""
    var child: KeyedChild?
    var tags: [String] = []

    override class var properties: [JastorProperty] {
        [
            .init("id", \KeyedMembers.id), .init("idStr", \KeyedMembers.idStr, key: "id_str"),
            .init("imageURL", \KeyedMembers.imageURL, key: "profile_background_image_url"),
            .init("colorURL", \KeyedMembers.colorURL, key: "profile_background_color_url"),
            .init("abcdefgh", \KeyedMembers.abcdefgh), .init("abcdefgi", \KeyedMembers.abcdefgi),
            .init("name", \KeyedMembers.name, key: "名前"), .init("child", \KeyedMembers.child),
            .init("tags", \KeyedMembers.tags),
        ]
    }
}

private final class KeyedChild: JastorObject {
    var id = 0
    var text = ""

    override class var properties: [JastorProperty] { register(\.id, \.text) }
}

/// A model whose keys have other Unicode spellings.
private final class Spelled: JastorObject {
    var acute = 0
    var kelvin = 0

    override class var properties: [JastorProperty] {
        [.init("acute", \Spelled.acute, key: "é"), .init("kelvin", \Spelled.kelvin, key: "K")]
    }
}

/// The key table a class plan matches the byte reader's keys against: every key found at its
/// position, every other byte string not found, however alike their beginnings and ends.
@Suite struct KeyTableTests {
    /// Keys that the hash cannot tell apart by their first and last eight bytes and their length,
    /// short keys, the empty key, and keys beyond ASCII.
    static let keys = [
        "id", "", "a", "created_at", "profile_background_image_url", "profile_background_color_url",
        "profile_sidebar_fill_color", "profile_sidebar_border_color", "abcdefgh", "abcdefgi", "é", "名前",
        "in_reply_to_status_id", "in_reply_to_status_id_str", "in_reply_to_user_id_str",
    ]

    private func position(of key: String, in table: KeyTable) -> Int {
        var key = key
        return key.withUTF8 { table.position(of: $0) }
    }

    @Test func everyKeyIsFoundAtItsPosition() {
        let table = KeyTable(keys: Self.keys)
        #expect(table.count == Self.keys.count)
        for (index, key) in Self.keys.enumerated() {
            #expect(position(of: key, in: table) == index, "\(key.debugDescription)")
        }
    }

    @Test func otherKeysAreNotFound() {
        let table = KeyTable(keys: Self.keys)
        let others = [
            "ID", "b", "created_a", "created_at_", "profile_background_image_uri", "abcdefgj", "abcdefg",
            "e", "名", "in_reply_to_status_ix_str", " id",
        ]
        for other in others {
            #expect(position(of: other, in: table) == -1, "\(other.debugDescription)")
        }
        #expect(position(of: "id", in: KeyTable(keys: [])) == -1)
    }

    /// Random keys of 0 to 40 bytes over a few letters (so that many share their length, their
    /// first and last bytes or words), and each key changed in one byte at every position, cut
    /// short and lengthened: each found where a dictionary finds it, by the lengths and words that
    /// hold every byte of a key up to sixteen and by its bytes beyond.
    @Test(arguments: [UInt64(0x6E70_0901), 0x6E70_0902]) func keysOfEveryLengthAreFoundAsADictionaryFindsThem(
        seed: UInt64
    ) {
        print("KeyTableTests seed \(String(seed, radix: 16))")
        var random = SeededRandom(seed: seed)
        let letters = Array("ab_c".utf8)
        for round in 0..<60 {
            var keys: [String] = []
            for _ in 0..<Int.random(in: 0...24, using: &random) {
                let length = Int.random(in: 0...40, using: &random)
                let key = String(
                    decoding: (0..<length).map { _ in letters.randomElement(using: &random) ?? 97 }, as: UTF8.self)
                if !keys.contains(key) { keys.append(key) }
            }
            let table = KeyTable(keys: keys)
            let positions = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            var probes = keys
            for key in keys {
                let bytes = Array(key.utf8)
                for index in bytes.indices {
                    var changed = bytes
                    changed[index] = letters.randomElement(using: &random) ?? 97
                    probes.append(String(decoding: changed, as: UTF8.self))
                }
                probes.append(String(decoding: bytes.dropLast(), as: UTF8.self))
                probes.append(key + "a")
            }
            for probe in probes {
                #expect(
                    position(of: probe, in: table) == positions[probe] ?? -1,
                    "seed \(String(seed, radix: 16)), round \(round): \(probe.debugDescription) in \(keys)")
            }
        }
    }

    /// A key in another Unicode spelling of a property's key is that key, as Swift strings and a
    /// dictionary's lookup take it: from bytes, raw or escaped, as from `JSONSerialization`'s
    /// dictionary, and the last of two spellings counts.
    @Test func keysInAnotherUnicodeSpellingAreTheSameKey() throws {
        let table = KeyTable(keys: Self.keys)
        #expect(position(of: "e\u{301}", in: table) == Self.keys.firstIndex(of: "é"))
        #expect(position(of: "\u{212A}", in: KeyTable(keys: ["K"])) == 0)
        #expect(position(of: "e\u{300}", in: table) == -1)
        // Bytes that are not UTF-8 are their repair, U+FFFD in place of the bad byte.
        let repaired = KeyTable(keys: ["a\u{FFFD}"])
        #expect([UInt8(ascii: "a"), 0xFF].withUnsafeBufferPointer { repaired.position(of: $0) } == 0)
        #expect([UInt8(ascii: "b"), 0xFF].withUnsafeBufferPointer { repaired.position(of: $0) } == -1)
        // `e` + U+0301 is `é`; U+212A, the Kelvin sign, is `K`.
        let texts = [
            #"{"e\#u{301}": 1, "\#u{212A}": 2}"#, #"{"e\u0301": 1, "\u212A": 2}"#,
            #"{"é": 5, "e\#u{301}": 1, "K": 4, "\#u{212A}": 2}"#, #"{"e\u0301": 5, "é": 1, "\u212a": 4, "K": 2}"#,
        ]
        for text in texts {
            let fromBytes = try Spelled(json: Data(text.utf8))
            let dictionary = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(fromBytes == Spelled(dictionary: dictionary), "\(text)")
            #expect(fromBytes.acute == 1 && fromBytes.kelvin == 2, "\(text)")
        }
    }

    /// A key's byte outside ASCII is seen wherever it lies: in the first eight bytes, in a later
    /// eight-byte word, among the last bytes, at every offset in a word, in keys of every length
    /// up to three words.
    @Test func keysBeyondASCIIAreSeenAnywhereInTheKey() {
        for before in 0...17 {
            for after in 0...9 {
                let head = String(repeating: "a", count: before)
                let tail = String(repeating: "b", count: after)
                let table = KeyTable(keys: ["x", head + "é" + tail, head + "K" + tail])
                let label = "\(before) bytes before, \(after) after"
                #expect(position(of: head + "e\u{301}" + tail, in: table) == 1, "\(label)")
                #expect(position(of: head + "\u{212A}" + tail, in: table) == 2, "\(label)")
                #expect(position(of: head + "é" + tail, in: table) == 1, "\(label)")
                #expect(position(of: head + "e\u{300}" + tail, in: table) == -1, "\(label)")
                #expect(position(of: head + "e" + tail, in: table) == -1, "\(label)")
                #expect(position(of: head + "k" + tail, in: table) == -1, "\(label)")
            }
        }
    }

    /// Objects whose members come in random orders, given twice (the last one counts), with
    /// unknown keys (some alike the mapped ones), mapped keys spelled with escapes, keys left out
    /// and values of the wrong kind: the same values and issues from bytes as from a dictionary
    /// holding the last value of each key, plus, from bytes, an issue at keys given more than once.
    @Test(arguments: [UInt64(0x6E70_0001), 0x6E70_0002]) func randomMembersMatchAsTheDictionaryPathDoes(
        seed: UInt64
    ) throws {
        print("KeyTableTests seed \(String(seed, radix: 16))")
        var random = SeededRandom(seed: seed)
        for index in 0..<400 {
            let members = Self.randomMembers(&random)
            let text = "{" + members.map { "\"\($0.spelling)\": \($0.value)" }.joined(separator: ", ") + "}"
            let label = "seed \(String(seed, radix: 16)), object \(index): \(text)"
            var dictionary: [String: Any] = [:]
            for member in members {
                let wrapped = try JSONSerialization.jsonObject(with: Data("[\(member.value)]".utf8))
                dictionary[member.key] = try #require((wrapped as? [Any])?.first, "\(label)")
            }
            var bytesIssues: [JastorIssue] = []
            var dictionaryIssues: [JastorIssue] = []
            let fromBytes = try KeyedMembers(json: Data(text.utf8), issues: &bytesIssues)
            let fromDictionary = KeyedMembers(dictionary: dictionary, issues: &dictionaryIssues)
            #expect(Self.values(of: fromBytes) == Self.values(of: fromDictionary), "\(label)")
            let repeated = bytesIssues.filter { $0.expected == "one value for the key" }
            #expect(
                bytesIssues.filter { $0.expected != "one value for the key" }.map(\.description).sorted()
                    == dictionaryIssues.map(\.description).sorted(), "\(label)")
            let repeatedKeys = Set(
                Dictionary(grouping: members.map(\.key)) { $0 }.filter { $0.value.count > 1 }.keys.map {
                    JastorPath([.key($0)])
                })
            #expect(Set(repeated.map(\.path)).isSubset(of: repeatedKeys), "\(label): \(repeated)")
        }
    }

    /// Arrays of objects of one class read in one call, whose keys come in the order of the object
    /// before, in that order changed a little (two members swapped, one left out, one given twice,
    /// an unknown key put in) or in a new order, with the spellings, duplicates, unknown keys,
    /// missing keys and wrong values above: the same values and issues (with their indexes) from
    /// bytes as from dictionaries holding the last value of each key, plus, from bytes, an issue at
    /// keys given more than once.
    @Test(arguments: [UInt64(0x6E70_0701), 0x6E70_0702]) func objectsOfOneClassInChangingOrdersMatchAsDictionariesDo(
        seed: UInt64
    ) throws {
        print("KeyTableTests seed \(String(seed, radix: 16))")
        var random = SeededRandom(seed: seed)
        for array in 0..<40 {
            var objects: [[(key: String, spelling: String, value: String)]] = []
            var previous = Self.randomMembers(&random)
            for _ in 0..<Int.random(in: 1...24, using: &random) {
                let keys = Self.reordered(previous, &random)
                previous = keys
                objects.append(keys.map { ($0.key, $0.spelling, Self.value(forKey: $0.key, &random)) })
            }
            let text =
                "["
                + objects.map { members in
                    "{" + members.map { "\"\($0.spelling)\": \($0.value)" }.joined(separator: ", ") + "}"
                }.joined(separator: ", ") + "]"
            let label = "seed \(String(seed, radix: 16)), array \(array): \(text)"
            var dictionaries: [Any] = []
            for members in objects {
                var dictionary: [String: Any] = [:]
                for member in members {
                    let wrapped = try JSONSerialization.jsonObject(with: Data("[\(member.value)]".utf8))
                    dictionary[member.key] = try #require((wrapped as? [Any])?.first, "\(label)")
                }
                dictionaries.append(dictionary)
            }
            var bytesIssues: [JastorIssue] = []
            var dictionaryIssues: [JastorIssue] = []
            let fromBytes = try [KeyedMembers](json: Data(text.utf8), issues: &bytesIssues)
            let fromDictionaries = [KeyedMembers](jsonArray: dictionaries, issues: &dictionaryIssues)
            #expect(fromBytes.count == objects.count, "\(label)")
            #expect(fromBytes.map(Self.values) == fromDictionaries.map(Self.values), "\(label)")
            // Bytes also report each key given more than once (a dictionary holds one value).
            let repeated = bytesIssues.filter { $0.expected == "one value for the key" }
            #expect(
                bytesIssues.filter { $0.expected != "one value for the key" }.map(\.description).sorted()
                    == dictionaryIssues.map(\.description).sorted(), "\(label)")
            let repeatedKeys = Set(
                objects.enumerated().flatMap { index, members in
                    Dictionary(grouping: members.map(\.key)) { $0 }.filter { $0.value.count > 1 }.keys.map {
                        JastorPath([.index(index), .key($0)])
                    }
                })
            #expect(Set(repeated.map(\.path)).isSubset(of: repeatedKeys), "\(label): \(repeated)")
        }
    }

    /// Every property's value as text, for comparison.
    private static func values(of model: KeyedMembers) -> String {
        let values: [Any?] = [
            model.id, model.idStr, model.imageURL, model.colorURL, model.abcdefgh, model.abcdefgi, model.name,
            model.child.map { "\($0.id) \($0.text)" }, model.tags,
        ]
        return values.map { String(describing: $0) }.joined(separator: " | ")
    }

    // MARK: Random members

    /// The mapped keys, each with spellings that escape some of its characters, and a source of
    /// its values (one time in five of the wrong kind).
    private static let mappedKeys:
        [(key: String, spellings: [String], value: @Sendable (inout SeededRandom) -> String)] = [
            ("id", ["id", "\\u0069d", "i\\u0064"], integer),
            ("id_str", ["id_str", "id\\u005fstr"], string),
            (
                "profile_background_image_url", ["profile_background_image_url", "profile_background_image_ur\\u006c"],
                string
            ),
            (
                "profile_background_color_url", ["profile_background_color_url", "\\u0070rofile_background_color_url"],
                integer
            ),
            ("abcdefgh", ["abcdefgh", "abcdefg\\u0068"], integer),
            ("abcdefgi", ["abcdefgi"], string),
            ("名前", ["名前", "\\u540d\\u524d", "名\\u524d"], string),
            ("child", ["child", "c\\u0068ild"], child),
            ("tags", ["tags", "t\\u0061gs", "\\u0074ags"], tags),
        ]

    /// Keys no property maps, some alike the mapped ones.
    private static let unknownKeys = [
        "ID", "idstr", "id_st", "abcdefgj", "abcdefg", "profile_background_image_uri", "profile_background_url", "名",
        "前名", "", "x", "child_", "tag",
    ]

    private static func randomMembers(_ random: inout SeededRandom) -> [(key: String, spelling: String, value: String)]
    {
        var members: [(key: String, spelling: String, value: String)] = []
        for mapped in mappedKeys {
            // Left out one time in five, given twice one time in four.
            let times =
                Int.random(in: 0..<5, using: &random) == 0 ? 0 : Int.random(in: 0..<4, using: &random) == 0 ? 2 : 1
            for _ in 0..<times {
                let spelling = mapped.spellings.randomElement(using: &random) ?? mapped.key
                let value = Int.random(in: 0..<5, using: &random) == 0 ? wrongValue(&random) : mapped.value(&random)
                members.append((mapped.key, spelling, value))
            }
        }
        for _ in 0..<Int.random(in: 0..<5, using: &random) {
            let key = unknownKeys.randomElement(using: &random) ?? "x"
            members.append(
                (key, key, [integer, string, child, tags, wrongValue].randomElement(using: &random)?(&random) ?? "1"))
        }
        members.shuffle(using: &random)
        return members
    }

    /// The keys and spellings of `members` in the same order one time in two, else changed a
    /// little (one time in four) or drawn anew.
    private static func reordered(
        _ members: [(key: String, spelling: String, value: String)], _ random: inout SeededRandom
    ) -> [(key: String, spelling: String, value: String)] {
        var members = members
        switch Int.random(in: 0..<8, using: &random) {
        case 0..<4: return members
        case 4 where members.count >= 2:
            let index = Int.random(in: 0..<members.count - 1, using: &random)
            members.swapAt(index, index + 1)
        case 5 where !members.isEmpty: members.remove(at: Int.random(in: 0..<members.count, using: &random))
        case 6 where !members.isEmpty:
            let member = members[Int.random(in: 0..<members.count, using: &random)]
            members.insert(member, at: Int.random(in: 0...members.count, using: &random))
        case 7:
            let key = unknownKeys.randomElement(using: &random) ?? "x"
            members.insert((key, key, ""), at: Int.random(in: 0...members.count, using: &random))
        default: return randomMembers(&random)
        }
        return members
    }

    /// A new value for `key`: of its kind four times in five, else of the wrong kind (any kind for
    /// an unknown key).
    private static func value(forKey key: String, _ random: inout SeededRandom) -> String {
        guard let mapped = mappedKeys.first(where: { $0.key == key }) else {
            return [integer, string, child, tags, wrongValue].randomElement(using: &random)?(&random) ?? "1"
        }
        return Int.random(in: 0..<5, using: &random) == 0 ? wrongValue(&random) : mapped.value(&random)
    }

    private static func integer(_ random: inout SeededRandom) -> String {
        String(Int.random(in: -1000...1000, using: &random))
    }

    private static func string(_ random: inout SeededRandom) -> String {
        ["\"\"", "\"plain\"", "\"caf\\u00e9\"", "\"é𝄞\"", "\"tab\\there\""].randomElement(using: &random) ?? "\"\""
    }

    /// A nested object with its own keys in any order, some left out, one unknown holding containers
    /// (given once: `JSONSerialization` does not say which duplicate it keeps).
    private static func child(_ random: inout SeededRandom) -> String {
        let members = ["\"id\": \(integer(&random))", "\"text\": \(string(&random))", "\"other\": [1, {\"id\": 2}]"]
        let kept = members.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random))
        return "{\(kept.joined(separator: ", "))}"
    }

    private static func tags(_ random: inout SeededRandom) -> String {
        "[" + (0..<Int.random(in: 0..<4, using: &random)).map { _ in string(&random) }.joined(separator: ", ") + "]"
    }

    /// A value of the wrong kind somewhere: `null`, a Boolean, an object, an array.
    private static func wrongValue(_ random: inout SeededRandom) -> String {
        ["null", "true", "{\"id\": 1}", "[]", "[1, [2]]", "1.5"].randomElement(using: &random) ?? "null"
    }
}
