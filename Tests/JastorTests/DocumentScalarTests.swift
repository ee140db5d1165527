import Foundation
import Testing

@testable import Jastor

/// A model with properties and arrays of the scalars whose plain values are read from the byte
/// reader's nodes: integers of several widths, strings and Booleans, plain and optional.
private final class Plains: JastorObject {
    var count = 0
    var small: Int8 = 0
    var big: Int64 = 0
    var name = ""
    var flag = false
    var maybeCount: Int?
    var maybeName: String?
    var maybeFlag: Bool?
    var counts: [Int] = []
    var smalls: [Int8] = []
    var unsigneds: [UInt64] = []
    var names: [String] = []
    var flags: [Bool] = []
    var grid: [[Int]] = []
    var maybeNames: [String]?

    override class var properties: [JastorProperty] {
        register(
            \.count, \.small, \.big, \.name, \.flag, \.maybeCount, \.maybeName, \.maybeFlag, \.counts, \.smalls,
            \.unsigneds, \.names, \.flags, \.grid, \.maybeNames)
    }
}

/// Optionals of scalars whose values go through the conversion table from bytes (no plain shortcut).
private final class Optionals: JastorObject {
    var link: URL?
    var ratio: Double?
    var links: [URL?] = []

    override class var properties: [JastorProperty] { register(\.link, \.ratio, \.links) }
}

/// Plain integers, strings and Booleans from bytes read as every other source reads them.
///
/// The byte reader's nodes that hold such a value as it is go into properties and arrays without
/// forming a ``JSONKind``; every other value goes through the conversion table. Both give the
/// values and the issues of the generic path every other source takes.
@Suite struct DocumentScalarTests {
    @Test func theFixtureReadsAsTheConversionTableSays() throws {
        var issues: [JastorIssue] = []
        let plains = try Plains(json: Fixtures.data("document_plain_values"), issues: &issues)
        #expect(plains.count == 7)
        #expect(plains.small == 0)
        #expect(plains.name == "\u{FFFD}")
        #expect(plains.flag)
        #expect(plains.maybeCount == nil)
        #expect(plains.maybeName == "ok")
        #expect(plains.counts == [1, 2, 4])
        #expect(plains.smalls == [127])
        #expect(plains.names == ["a", "\u{FFFD}", "3"])
        #expect(plains.flags == [true, false, false])
        #expect(plains.grid == [[1], []])
        #expect(
            issues.map(\.description) == [
                "small: expected Int8, found Number 300",
                "name: expected text a Swift String holds as written (valid UTF-8, no lone surrogate escape such as "
                    + "\\ud800), found text that is not, kept with U+FFFD in its place",
                "counts[2]: expected Int, found Number 2.5",
                "counts[3]: expected Int, found null",
                "smalls[1]: expected Int8, found Number -129",
                "names[1]: expected text a Swift String holds as written (valid UTF-8, no lone surrogate escape such "
                    + "as \\ud800), found text that is not, kept with U+FFFD in its place",
                "names[3]: expected String, found null",
                "flags[3]: expected Bool, found Number 2",
                "grid[1]: expected [Int], found Number 2",
                "grid[2][0]: expected Int, found null",
            ])
    }

    /// Random values, mostly of the declared type, with values out of range, fractions, numeric
    /// strings, nulls and values of every other kind.
    @Test(arguments: [UInt64(0x5CA1_0001), 0x5CA1_0002]) func randomValuesAgree(seed: UInt64) throws {
        print("DocumentScalarTests seed \(String(seed, radix: 16))")
        var random = SeededRandom(seed: seed)
        for index in 0..<400 {
            let text = Self.randomPlains(&random)
            try Self.expectAgreement(
                on: Data(text.utf8), label: "seed \(String(seed, radix: 16)), tree \(index): \(text)")
        }
    }

    /// Maps `data` from bytes and from `JSONSerialization`'s dictionary and expects the same
    /// values and the same issues (sorted: a dictionary's members come in no particular order).
    private static func expectAgreement(on data: Data, label: String) throws {
        var bytesIssues: [JastorIssue] = []
        var dictionaryIssues: [JastorIssue] = []
        let fromBytes = try Plains(json: data, issues: &bytesIssues)
        let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let fromDictionary = Plains(dictionary: dictionary, issues: &dictionaryIssues)
        #expect(Self.values(of: fromBytes) == Self.values(of: fromDictionary), "\(label)")
        #expect(bytesIssues.map(\.description).sorted() == dictionaryIssues.map(\.description).sorted(), "\(label)")
    }

    /// Every property's value as text, for comparison.
    private static func values(of plains: Plains) -> String {
        let scalars: [Any?] = [
            plains.count, plains.small, plains.big, plains.name, plains.flag, plains.maybeCount, plains.maybeName,
            plains.maybeFlag,
        ]
        let arrays: [Any?] = [
            plains.counts, plains.smalls, plains.unsigneds, plains.names, plains.flags, plains.grid, plains.maybeNames,
        ]
        return (scalars + arrays).map { String(describing: $0) }.joined(separator: " ")
    }

    /// Optionals whose `null` is told from the byte reader's node, the other values read through
    /// the conversion table: random URLs, numbers, nulls and values of other kinds read from bytes
    /// as from `JSONSerialization`'s dictionary, with the same issues; a repaired string is
    /// reported once, at its property.
    @Test func optionalsOfConvertedScalarsAgree() throws {
        let values = [
            "null", #""https://example.com/a?b=c""#, #""https://api.github.com/repos/petroav/6.828""#, #""""#,
            #""caf\u00e9""#, #""not a url with spaces""#, "12", "1.5", "true", #"{"a": 1}"#, "[]",
        ]
        for seed in [UInt64(0x5CA1_0101), 0x5CA1_0102] {
            print("DocumentScalarTests seed \(String(seed, radix: 16))")
            var random = SeededRandom(seed: seed)
            for index in 0..<300 {
                let elements = (0..<Int.random(in: 0..<4, using: &random)).map { _ in
                    values.randomElement(using: &random) ?? "null"
                }
                var members = [
                    "\"link\": \(values.randomElement(using: &random) ?? "null")",
                    "\"ratio\": \(values.randomElement(using: &random) ?? "null")",
                    "\"links\": [\(elements.joined(separator: ", "))]",
                ]
                members.shuffle(using: &random)
                let kept = members.filter { _ in Int.random(in: 0..<6, using: &random) != 0 }
                let text = "{\(kept.joined(separator: ", "))}"
                let label = "seed \(String(seed, radix: 16)), object \(index): \(text)"
                var bytesIssues: [JastorIssue] = []
                var dictionaryIssues: [JastorIssue] = []
                let fromBytes = try Optionals(json: Data(text.utf8), issues: &bytesIssues)
                let dictionary = try #require(
                    try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(label)")
                let fromDictionary = Optionals(dictionary: dictionary, issues: &dictionaryIssues)
                #expect(fromBytes.link == fromDictionary.link, "\(label)")
                #expect(fromBytes.ratio == fromDictionary.ratio, "\(label)")
                #expect(fromBytes.links == fromDictionary.links, "\(label)")
                #expect(
                    bytesIssues.map(\.description).sorted() == dictionaryIssues.map(\.description).sorted(),
                    "\(label)")
            }
        }
        var issues: [JastorIssue] = []
        let text = #"{"link": "https://example.com/\ud800", "ratio": null}"#
        let repaired = try Optionals(json: Data(text.utf8), issues: &issues)
        #expect(repaired.ratio == nil)
        // `URL(string:)` refuses the repaired text: the value is not kept, and the issue shows it.
        #expect(repaired.link == nil)
        #expect(issues.map(\.description) == ["link: expected URL, found String \"https://example.com/\u{FFFD}\""])
    }

    // MARK: Random values

    private static func randomPlains(_ random: inout SeededRandom) -> String {
        var members = [
            "\"count\": \(value(&random, integer))",
            "\"small\": \(value(&random, integer))",
            "\"big\": \(value(&random, integer))",
            "\"name\": \(value(&random, string))",
            "\"flag\": \(value(&random, bool))",
            "\"maybeCount\": \(value(&random, integer))",
            "\"maybeName\": \(value(&random, string))",
            "\"maybeFlag\": \(value(&random, bool))",
            "\"counts\": \(array(&random, integer))",
            "\"smalls\": \(array(&random, integer))",
            "\"unsigneds\": \(array(&random, integer))",
            "\"names\": \(array(&random, string))",
            "\"flags\": \(array(&random, bool))",
            "\"grid\": [\((0..<Int.random(in: 0..<3, using: &random)).map { _ in array(&random, integer) }.joined(separator: ", "))]",
            "\"maybeNames\": \(Int.random(in: 0..<4, using: &random) == 0 ? "null" : array(&random, string))",
        ]
        members.shuffle(using: &random)
        // Some members left out: a missing key is no issue.
        let kept = members.filter { _ in Int.random(in: 0..<8, using: &random) != 0 }
        return "{\(kept.joined(separator: ", "))}"
    }

    /// A value from `scalar`, or one time in five a wrong one.
    private static func value(_ random: inout SeededRandom, _ scalar: (inout SeededRandom) -> String) -> String {
        Int.random(in: 0..<5, using: &random) == 0 ? wrongValue(&random) : scalar(&random)
    }

    /// An array of zero to five values from `scalar`, one in five wrong.
    private static func array(_ random: inout SeededRandom, _ scalar: (inout SeededRandom) -> String) -> String {
        let elements = (0..<Int.random(in: 0..<6, using: &random)).map { _ in value(&random, scalar) }
        return "[\(elements.joined(separator: ", "))]"
    }

    /// An integer most widths hold, one some do not (beyond `Int8`, negative for `UInt64`, beyond
    /// `Int64`), an integer written with a fraction or an exponent, or a fraction.
    private static func integer(_ random: inout SeededRandom) -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return String(Int.random(in: -1000...1000, using: &random))
        case 1: return "18446744073709551615"
        case 2: return "9223372036854775807"
        case 3: return "1e2"
        case 4: return "2.5"
        case 5: return "\"42\""
        default: return String(Int.random(in: -128...127, using: &random))
        }
    }

    /// A string: plain, with escapes, beyond ASCII, empty, or a number (which a `String` reads as
    /// its text).
    private static func string(_ random: inout SeededRandom) -> String {
        [
            "\"\"", "\"plain\"", "\"tab\\there\"", "\"caf\\u00e9\"", "\"é𝄞\"", "\"\\ud83d\\ude00\"", "17", "-3",
            "\"a somewhat longer string than fifteen bytes\"",
        ].randomElement(using: &random) ?? "\"\""
    }

    /// A Boolean, or a number or string that a `Bool` reads or refuses.
    private static func bool(_ random: inout SeededRandom) -> String {
        ["true", "false", "true", "false", "0", "1", "2", "\"true\"", "\"no\""].randomElement(using: &random) ?? "true"
    }

    /// A value of the wrong kind somewhere: `null`, a Boolean, a string, an object, a number or an array.
    private static func wrongValue(_ random: inout SeededRandom) -> String {
        ["null", "true", "\"x\"", "{\"a\": 1}", "7", "1.5", "[]", "[1]", "[\"y\"]"].randomElement(using: &random)
            ?? "null"
    }
}
