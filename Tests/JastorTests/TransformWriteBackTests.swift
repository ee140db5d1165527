import Foundation
import Testing

@testable import Jastor

/// A model whose properties go through closure transforms, some of which do not write back every
/// value they read.
private final class Transformed: JastorObject {
    /// Exact: an `Int` as it is.
    var plain = 0
    /// Lossy for odd numbers: written as the even number below (`35` → `34`).
    var evens = 0
    /// Cents from an amount: exact to two places, rounded beyond (`19.999` → 2000 → `20.0`).
    var cents = 0
    /// Text written in its decomposed spelling (`"café"` → `"cafe\u{301}"`).
    var label = ""
    /// An object, written back with its members in another order.
    var pair: [String: Int] = [:]
    /// A date-time read from its text and written as a `Date` (which JSON writes in UTC, and
    /// archives keep and hand back as itself).
    var stamp = Date(timeIntervalSince1970: 0)

    /// A model built by `decode` and returned by `encode`: what it reads back is its class's call.
    var place = Place()
    /// Arrays of arrays, as they are.
    var grid: [[Int]] = []
    /// A number as the nearest `Double` it is handed.
    var ratio = 0.0

    override class var properties: [JastorProperty] {
        register {
            property(
                \.place,
                transform: JastorTransform<Place>(
                    decode: { ($0 as? [String: Any]).map { Place(dictionary: $0) } }, encode: { $0 }))
            property(\.grid, transform: JastorTransform<[[Int]]>(decode: { $0 as? [[Int]] }, encode: { $0 }))
            property(
                \.ratio,
                transform: JastorTransform<Double>(
                    decode: { $0 as? Double ?? ($0 as? Int).map(Double.init) }, encode: { $0 }))
            property(\.plain, transform: JastorTransform<Int>(decode: { $0 as? Int }, encode: { $0 }))
            property(\.evens, transform: JastorTransform<Int>(decode: { $0 as? Int }, encode: { $0 / 2 * 2 }))
            property(
                \.cents,
                transform: JastorTransform<Int>(
                    decode: { ($0 as? Double ?? ($0 as? Int).map(Double.init)).map { Int(($0 * 100).rounded()) } },
                    encode: { Double($0) / 100 }))
            property(
                \.label,
                transform: JastorTransform<String>(
                    decode: { $0 as? String }, encode: { $0.decomposedStringWithCanonicalMapping }))
            property(
                \.pair,
                transform: JastorTransform<[String: Int]>(
                    decode: { $0 as? [String: Int] },
                    encode: { pair in
                        // Members in reverse order of their keys: order is not what JSON keeps.
                        let members = pair.sorted { $0.key > $1.key }
                        return NSDictionary(objects: members.map(\.value), forKeys: members.map { $0.key as NSString })
                    }))
            property(
                \.stamp,
                transform: JastorTransform<Date>(
                    decode: { $0 as? Date ?? ($0 as? String).flatMap(ISO8601Text.date(from:)) }, encode: { $0 }))
        }
    }
}

/// A model a transform makes: it leaves `null` and keys it does not read out of what it writes.
private final class Place: JastorObject {
    var city = ""
    var zip: String?

    override class var properties: [JastorProperty] { register(\.city, \.zip) }
}

/// A closure transform's `encode` is checked against each value read: what it writes for the
/// value its `decode` made must be what was read, or the value is kept and reported, so that
/// no output changes it in silence (MappingRules.md, "Value transformers").
@Suite struct TransformWriteBackTests {
    @Test func valuesWrittenBackAsReadAreQuiet() throws {
        let text = #"""
            {"plain": 35, "evens": 34, "cents": 19.99, "label": "cafe", "pair": {"a": 1, "b": 2},
             "stamp": "2014-08-29T12:12:00.000+02:00", "place": {"city": "Oslo", "zip": null, "country": "NO"},
             "grid": [[1], [2, 3], []], "ratio": 0.1}
            """#
        var issues: [JastorIssue] = []
        let model = try Transformed(json: Data(text.utf8), issues: &issues)
        #expect(issues.isEmpty, "\(issues)")
        #expect(model.cents == 1999)
        #expect(model.pair == ["a": 1, "b": 2])
        // The same instant as the `Date` rules read text, spelled otherwise, is not a rewrite.
        #expect(model.stamp == Date(timeIntervalSince1970: 1_409_307_120))
        #expect(model.place.city == "Oslo" && model.grid == [[1], [2, 3], []])
    }

    /// Each side is built within the value limit on its own: input the limit admits is compared,
    /// not cut short for having been walked twice (review).
    @Test func inputWithinTheValueLimitIsComparedWhole() throws {
        let rows = (1...30).map { "[\($0)]" }.joined(separator: ", ")
        let text = Data(#"{"grid": [\#(rows)]}"#.utf8)
        var issues: [JastorIssue] = []
        let model = try JastorLimits.withCurrent(JastorLimits(maximumValueCount: 100)) {
            try Transformed(json: text, issues: &issues)
        }
        #expect(issues.isEmpty, "\(issues)")
        #expect(model.grid.count == 30)
    }

    /// A number no Foundation number holds is handed to `decode` as the nearest `Double` and
    /// reported once, as an untyped value reports it (review).
    @Test func aNumberNoFoundationNumberHoldsIsReported() throws {
        var issues: [JastorIssue] = []
        let model = try Transformed(json: Data(#"{"ratio": 1e-400}"#.utf8), issues: &issues)
        #expect(model.ratio == 0)
        #expect(
            issues.map(\.description) == [
                "ratio: expected a number a Double or Decimal holds exactly (kept as the nearest Double, or as text "
                    + "beyond it), found Number 1e-400"
            ])
    }

    @Test func valuesWrittenBackOtherwiseAreKeptAndReported() throws {
        let text = #"""
            {"plain": 35, "evens": 35, "cents": 19.999, "label": "café", "pair": {"a": 1, "b": 2},
             "stamp": "2014-08-29T10:12:00.123456789Z"}
            """#
        let expected = [
            "evens: expected Int written back as read, found Number 35 (written 34)",
            "cents: expected Int written back as read, found Number 19.999 (written 20)",
            #"label: expected String written back as read, found String "café" (written "cafe\#u{301}")"#,
            #"stamp: expected Date written back as read, found String "2014-08-29T10:12:00.123456789Z" (written "2014-08-29T10:12:00.1234568Z")"#,
        ]
        var bytesIssues: [JastorIssue] = []
        let fromBytes = try Transformed(json: Data(text.utf8), issues: &bytesIssues)
        #expect(bytesIssues.map(\.description) == expected)
        #expect(fromBytes.evens == 35 && fromBytes.cents == 2000 && fromBytes.label == "café")

        let dictionary = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var dictionaryIssues: [JastorIssue] = []
        _ = Transformed(dictionary: dictionary, issues: &dictionaryIssues)
        #expect(dictionaryIssues.map(\.description).sorted() == expected.sorted())

        // Kept, so the lenient initialiser maps; the strict one throws the first.
        #expect(throws: JastorError.self) { try Transformed(validating: dictionary) }
    }

    /// Law: over random integers, an exact transform is quiet and a lossy one is reported exactly
    /// for the values it changes, at their index, from bytes and from a dictionary alike.
    @Test(arguments: [UInt64(0x7F0B_0001), 0x7F0B_0002]) func aLossyEncodeIsReportedForEveryValueItChanges(
        seed: UInt64
    ) throws {
        print("TransformWriteBackTests seed \(String(seed, radix: 16))")
        var random = SeededRandom(seed: seed)
        for round in 0..<200 {
            let value = Int.random(in: -1_000_000...1_000_000, using: &random)
            let text = #"{"plain": \#(value), "evens": \#(value)}"#
            let expected =
                value % 2 == 0
                ? [] : ["evens: expected Int written back as read, found Number \(value) (written \(value / 2 * 2))"]
            var bytesIssues: [JastorIssue] = []
            let fromBytes = try Transformed(json: Data(text.utf8), issues: &bytesIssues)
            #expect(bytesIssues.map(\.description) == expected, "seed \(String(seed, radix: 16)), round \(round)")
            #expect(fromBytes.plain == value && fromBytes.evens == value)
            var dictionaryIssues: [JastorIssue] = []
            _ = Transformed(dictionary: ["plain": value, "evens": value], issues: &dictionaryIssues)
            #expect(dictionaryIssues.map(\.description) == expected, "seed \(String(seed, radix: 16)), round \(round)")
        }
    }

    /// What a model writes, read back from JSON or either archive format, is quiet: output is what `encode` writes, which reads back
    /// as itself once written (the issue is at the first read only).
    @Test func outputReadsBackQuietly() throws {
        let text = #"{"evens": 35, "cents": 19.999, "label": "café", "stamp": "2014-08-29T10:12:00.123456789Z"}"#
        let model = Transformed(
            dictionary: try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]))
        var issues: [JastorIssue] = []
        let back = try Transformed(json: try model.jsonData(), issues: &issues)
        #expect(issues.isEmpty, "\(issues)")
        #expect(back.evens == 34 && back.cents == 2000)
        // Archives keep what `encode` writes too (a `Date` as itself), and read it back whole.
        for format in [JastorArchiveFormat.binaryPropertyList, .json] {
            let copy = try Transformed.unarchive(from: try model.archivedData(format: format))
            #expect(copy == model, "\(format)")
        }
    }
}
