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

    /// Objects whose members come in random orders, given twice (the last one counts), with
    /// unknown keys (some alike the mapped ones), mapped keys spelled with escapes, keys left out
    /// and values of the wrong kind: the same values and issues from bytes as from a dictionary
    /// holding the last value of each key.
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
            #expect(
                bytesIssues.map(\.description).sorted() == dictionaryIssues.map(\.description).sorted(), "\(label)")
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
