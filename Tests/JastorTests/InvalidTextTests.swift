import Foundation
import Testing

@testable import Jastor

private final class Note: JastorObject {
    var title = ""
    var tags: [String] = []
    var meta: [String: Any] = [:]
    var list: [Any] = []
    var extras: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register(\.title, \.tags) {
            property(\.meta)
            property(\.list)
            unmappedKeys(\.extras)
        }
    }
}

/// A class with a property whose key holds U+FFFD, and one that keeps unknown keys.
private final class Replaced: JastorObject {
    var value = 0
    var rest: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        [.init("value", \Replaced.value, key: JastorPath([.key("a\u{FFFD}")])), .unmappedKeys("rest", \Replaced.rest)]
    }
}

/// A class whose hook reads the object: what the hook's view repairs is not the model's.
private class Picky: JastorObject {
    var kind = ""
    var count = 0

    override class var properties: [JastorProperty] { register(\.kind, \.count) }
    override class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? {
        _ = json["kind"] as? String
        _ = json["count"]
        return nil
    }
}

private final class PickyHolder: JastorObject {
    var items: [Picky] = []
    var child = Picky()

    override class var properties: [JastorProperty] { register(\.items, \.child) }
}

/// Text a Swift `String` cannot hold — invalid UTF-8, a lone surrogate escape (`\ud800`) — is
/// kept with U+FFFD in its place and reported at the path of the value holding it, never in silence.
@Suite struct InvalidTextTests {
    /// The issue every repaired string gets.
    static let expected =
        "expected text a Swift String holds as written (valid UTF-8, no lone surrogate escape such as \\ud800), "
        + "found text that is not, kept with U+FFFD in its place"

    /// Maps `bytes`, returning the model and its issues' descriptions.
    private static func map(_ bytes: [UInt8]) throws -> (Note, [String]) {
        var issues: [JastorIssue] = []
        let note = try Note(json: Data(bytes), issues: &issues)
        return (note, issues.map(\.description))
    }

    @Test func aLoneSurrogateEscapeIsKeptAsTheReplacementCharacterAndReported() throws {
        let (note, issues) = try Self.map(Array(#"{"title": "a\ud800b", "tags": ["ok", "\udc00"]}"#.utf8))
        #expect(note.title == "a\u{FFFD}b" && note.tags == ["ok", "\u{FFFD}"])
        #expect(issues == ["title: " + Self.expected, "tags[1]: " + Self.expected])
        let error = try #require(throws: JastorError.self) {
            try Note(validatingJSON: Data(#"{"title": "\udbff"}"#.utf8))
        }
        #expect(error.issues.map(\.kind) == [.invalidValue])
    }

    @Test func invalidUTF8IsKeptAsTheReplacementCharacterAndReported() throws {
        // A plain string (read lazily) and one with an escape (decoded as it is read).
        let plain: [UInt8] = Array(#"{"title": "a"#.utf8) + [0xFF] + Array(#"b"}"#.utf8)
        let (note, issues) = try Self.map(plain)
        #expect(note.title == "a\u{FFFD}b")
        #expect(issues == ["title: " + Self.expected])
        let escaped: [UInt8] = Array(#"{"tags": ["\n"#.utf8) + [0xC3, 0x28] + Array(#""]}"#.utf8)
        let (other, otherIssues) = try Self.map(escaped)
        #expect(other.tags == ["\n\u{FFFD}("])
        #expect(otherIssues == ["tags[0]: " + Self.expected])
    }

    @Test func untypedValuesAndKeptKeysAreReportedToo() throws {
        let (note, issues) = try Self.map(Array(#"{"meta": {"a": ["\ud800"]}, "\udfff": 1}"#.utf8))
        #expect((note.meta["a"] as? [String]) == ["\u{FFFD}"])
        #expect(note.extras["\u{FFFD}"] as? Int == 1)
        #expect(issues.sorted() == ["meta.a[0]: " + Self.expected, "\u{FFFD}: " + Self.expected].sorted())
        var arrayIssues: [JastorIssue] = []
        let notes = try [Note](json: Data(#"[{"title": "x"}, {"title": "\ud800"}]"#.utf8), issues: &arrayIssues)
        #expect(notes.map(\.title) == ["x", "\u{FFFD}"])
        #expect(arrayIssues.map(\.description) == ["[1].title: " + Self.expected])
    }

    /// Inside an untyped value each string read with U+FFFD is reported at its own path.
    ///
    /// The path leads to it in the value kept: a member's value, an element, a key (the path
    /// leads to its value). Of a key given twice only the member kept is looked at; the key is reported at
    /// the object, as before.
    @Test func insideAnUntypedValueEachRepairIsReportedAtItsPath() throws {
        let bytes =
            Array(#"{"meta": {"\udfff": {"b": "ok"}, "c": [1, {"d": "\ud800x"}], "e": ""#.utf8) + [0xC3, 0x28]
            + Array(#"", "f": "\ud800", "f": "fine"}, "list": ["x", ["\udc00"]], "title": "\ud800"}"#.utf8)
        var issues: [JastorIssue] = []
        let note = try Note(json: Data(bytes), issues: &issues)
        let text = issues.filter { $0.found.hasSuffix("kept with U+FFFD in its place") }
        let repairedKey: JastorPath = ["meta", .key("\u{FFFD}")]
        #expect(
            text.map(\.path) == [["title"], repairedKey, ["meta", "c", 1, "d"], ["meta", "e"], ["list", 1, 0]])
        let kept: [String: Any] = ["meta": note.meta, "list": note.list, "title": note.title]
        for issue in text where issue.path != repairedKey {
            #expect((issue.path.value(in: kept) as? String)?.contains("\u{FFFD}") == true, "\(issue)")
        }
        #expect((repairedKey.value(in: kept) as? [String: Any])?["b"] as? String == "ok")
        #expect(note.meta["f"] as? String == "fine")
        #expect(
            issues.filter { !text.contains($0) }.map(\.description) == [
                #"meta: expected one value for each key (the last is kept), found "f" given more than once"#
            ])
    }

    /// A key `.unmappedKeys` keeps that reads with U+FFFD is reported at its own path, and so is
    /// each string read with U+FFFD inside a value it keeps; of a key given twice only the value
    /// kept is looked at.
    @Test func whatUnmappedKeysKeepIsReportedWhereItIs() throws {
        let text = #"{"zz": {"k": ["\ud800"]}, "dup": "\ud800", "dup": "fine", "q\udfff": [1, "\udc00"]}"#
        var issues: [JastorIssue] = []
        let note = try Note(jsonString: text, issues: &issues)
        #expect(note.extras["dup"] as? String == "fine")
        #expect(
            issues.map(\.path) == [["dup"], ["zz", "k", 0], [.key("q\u{FFFD}")], [.key("q\u{FFFD}"), 1]], "\(issues)")
        #expect(issues.first?.description == "dup: expected one value for the key, found 2 (the last is kept)")
        let kept: [String: Any] = note.extras
        for issue in issues.dropFirst() {
            #expect(issue.description.hasSuffix(Self.expected), "\(issue)")
            #expect(issue.path.value(in: kept) != nil, "\(issue)")
        }
        for index in [1, 3] where index < issues.count {
            #expect(issues[index].path.value(in: kept) as? String == "\u{FFFD}", "\(issues[index])")
        }
    }

    /// A key that is not valid UTF-8 is its repair wherever a key is read: it maps the property
    /// whose key is that repair (raw or escaped, and not also kept as unmapped), and is otherwise
    /// kept under it; reported either way.
    @Test func aRepairedKeyIsReadAsItsRepair() throws {
        for bytes in [
            Array(#"{"a"#.utf8) + [0xFF] + Array(#"": 5}"#.utf8), Array(#"{"a\udfff": 5}"#.utf8),
            Array(#"{"\u0061"#.utf8) + [0xFF] + Array(#"": 5}"#.utf8),
        ] {
            var issues: [JastorIssue] = []
            let model = try Replaced(json: Data(bytes), issues: &issues)
            #expect(model.value == 5 && model.rest.isEmpty, "\(bytes)")
            #expect(issues.map(\.description) == [Self.expected], "\(bytes)")
        }
        var issues: [JastorIssue] = []
        let other = try Replaced(json: Data(Array(#"{"b"#.utf8) + [0xFF] + Array(#"": 5}"#.utf8)), issues: &issues)
        #expect(other.value == 0 && other.rest["b\u{FFFD}"] as? Int == 5)
        #expect(issues.map(\.description) == ["b\u{FFFD}: " + Self.expected])
    }

    /// Two keys that differ in the input but repair to the same text are one key, as duplicate keys
    /// are (GuaranteesAndLimits: the last one counts): the model keeps the last value, under the
    /// repair, and the repair and the repeated key are reported.
    @Test func keysRepairedToTheSameTextAreDuplicates() throws {
        let cases: [(input: [UInt8], key: String, last: Int, kept: Int)] = [
            (Array(#"{"\udfff": 1, ""#.utf8) + [0xFF] + Array(#"": 2, "\ud800": 3, "z": 4}"#.utf8), "\u{FFFD}", 3, 2),
            (
                Array(#"{"a"#.utf8) + [0xFE] + Array(#"": 1, "a"#.utf8) + [0xFF] + Array(#"": 2}"#.utf8), "a\u{FFFD}",
                2, 1
            ),
        ]
        for (input, key, last, kept) in cases {
            var issues: [JastorIssue] = []
            let note = try Note(json: Data(input), issues: &issues)
            #expect(note.extras[key] as? Int == last && note.extras.count == kept, "\(input)")
            let values = kept == 2 ? 3 : 2
            #expect(
                issues.map(\.description) == [
                    "\(key): expected one value for the key, found \(values) (the last is kept)",
                    "\(key): " + Self.expected,
                ], "\(input)")
        }
    }

    /// A `modelClass(for:)` hook reading the object builds its strings too: they are reported
    /// only where a property keeps them, once, and a mismatch only as a mismatch.
    @Test func whatAClassHookReadsIsReportedOnlyWhereItIsKept() throws {
        var issues: [JastorIssue] = []
        let json = #"{"items": [{"kind": "\ud800", "count": 1}], "child": {"count": "\ud800"}}"#
        let holder = try PickyHolder(json: Data(json.utf8), issues: &issues)
        #expect(holder.items.first?.kind == "\u{FFFD}" && holder.child.count == 0)
        #expect(
            issues.map(\.description) == [
                "items[0].kind: " + Self.expected, #"child.count: expected Int, found String "\#u{FFFD}""#,
            ])
    }

    /// A JSON archive's string escaped with one more `$` (its spelling of a string that starts
    /// with `$`) that holds text a `String` cannot hold is refused as any other: the reader's
    /// unescaping keeps the repair, in a property, an element, an untyped value and a key.
    @Test func anEscapedArchiveStringKeepsItsRepair() throws {
        let note = Note()
        note.title = "$t"
        note.tags = ["$g"]
        note.meta = ["$k": 1, "v": "$v"]
        var text = String(decoding: try note.archivedData(format: .json), as: UTF8.self)
        for (escaped, damaged) in [("$$t", #"$$\ud800"#), ("$$g", #"$$\udc00"#), ("$$k", #"$$\udfff"#), ("$$v", "$$")] {
            #expect(text.contains(#""\#(escaped)""#), "\(escaped)")
            text = text.replacingOccurrences(of: #""\#(escaped)""#, with: #""\#(damaged)""#)
        }
        // Invalid UTF-8 after the escape: the reader keeps such a string as bytes.
        var bytes = Array(text.utf8)
        let escape = Array(#""$$""#.utf8)
        let start = try #require(bytes.indices.first { bytes[$0...].starts(with: escape) })
        bytes.insert(0xFF, at: start + escape.count - 1)
        let error = try #require(throws: JastorError.self) { try Note.unarchive(from: Data(bytes)) }
        let paths: [JastorPath] = [["title"], ["tags", 0], ["meta", "v"], ["meta", .key("$\u{FFFD}")]]
        #expect(Set(error.issues.map(\.path)) == Set(paths) && error.issues.count == paths.count, "\(error)")
        #expect(error.issues.allSatisfy { $0.description.hasSuffix(": " + Self.expected) }, "\(error)")
    }

    /// Surrogate pairs, a real U+FFFD (escaped or not) and other characters are text a `String`
    /// holds: nothing is reported.
    @Test func validTextIsNotReported() throws {
        let json = #"{"title": "\ud83d\ude00 \ufffd � é\u00e9", "tags": ["\u0000", "日本"]}"#
        let (note, issues) = try Self.map(Array(json.utf8))
        #expect(note.title == "😀 \u{FFFD} \u{FFFD} éé" && note.tags == ["\u{0}", "日本"])
        #expect(issues.isEmpty, "\(issues)")
    }

    /// The law over random bytes: the string read is what `String(decoding:)` makes of them, and
    /// it is reported exactly when `String(validating:)` refuses them.
    @Test func aStringIsReportedExactlyWhenItsBytesAreNotUTF8() throws {
        let seed: UInt64 = 0x7E47_0001
        var random = SeededRandom(seed: seed)
        let pieces: [[UInt8]] = [
            [0x61], [0xC3, 0xA9], [0xE6, 0x97, 0xA5], [0xF0, 0x9F, 0x98, 0x80], [0xFF], [0xC3], [0xE6, 0x97],
            [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0x80], [0xF4, 0x90, 0x80, 0x80],
            Array(#"\n"#.utf8), Array(#"\u00e9"#.utf8), Array(#"\ud800"#.utf8), Array(#"\ud83d\ude00"#.utf8),
        ]
        var reported = 0
        for index in 0..<2_000 {
            var raw: [UInt8] = []
            for _ in 0..<Int.random(in: 0..<6, using: &random) {
                raw += pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }
            let (note, issues) = try Self.map(Array(#"{"title": ""#.utf8) + raw + Array(#""}"#.utf8))
            // The text the escapes stand for, as bytes: what the input spells.
            let spelled = ReferenceUnescaping.bytes(of: raw)
            let expectedTitle = String(decoding: spelled.bytes, as: UTF8.self)
            let isValid = String(validating: spelled.bytes, as: UTF8.self) != nil && !spelled.hasLoneSurrogate
            #expect(note.title == expectedTitle, "seed \(seed), string \(index): \(raw)")
            #expect(issues == (isValid ? [] : ["title: " + Self.expected]), "seed \(seed), string \(index): \(raw)")
            if !isValid { reported += 1 }
        }
        #expect(reported > 200 && reported < 1_900, "the law saw both outcomes (seed \(seed))")
    }

    /// Both ways of validating a string (`UTF8Span`, and `String(validating:as:)` where the
    /// standard library has no `UTF8Span`) agree with each other and with decoding, over random bytes.
    @Test func bothValidationPathsAgree() {
        let seed: UInt64 = 0x7E47_0002
        var random = SeededRandom(seed: seed)
        let pieces: [[UInt8]] = [
            [0x61], [0xC3, 0xA9], [0xE6, 0x97, 0xA5], [0xF0, 0x9F, 0x98, 0x80], [0xFF], [0xC3], [0xF0, 0x9F, 0x98],
            [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0x80], [0xF4, 0x90, 0x80, 0x80], [0x00], [0xEF, 0xBF, 0xBD],
        ]
        for index in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0..<24, using: &random) {
                bytes += pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }
            bytes.withUnsafeBufferPointer { buffer in
                let span = JSONDocument.validString(buffer)
                let plain = JSONDocument.validString(buffer, preferringSpan: false)
                #expect(span == plain, "seed \(seed), bytes \(index): \(bytes)")
                let decoded = String(decoding: buffer, as: UTF8.self)
                #expect((span != nil) == decoded.utf8.elementsEqual(bytes), "seed \(seed), bytes \(index): \(bytes)")
            }
        }
    }
}
