import Foundation
import Jastor
import JastorGenerator
import Testing

/// One property of each type the generator gives numbers.
private final class IntProbe: JastorObject {
    var v = 0
    override class var properties: [JastorProperty] { register(\.v) }
}

private final class Int64Probe: JastorObject {
    var v: Int64 = 0
    override class var properties: [JastorProperty] { register(\.v) }
}

private final class DoubleProbe: JastorObject {
    var v = 0.0
    override class var properties: [JastorProperty] { register(\.v) }
}

private final class DecimalProbe: JastorObject {
    var v: Decimal = 0
    override class var properties: [JastorProperty] { register(\.v) }
}

private final class StringProbe: JastorObject {
    var v = ""
    override class var properties: [JastorProperty] { register(\.v) }
}

/// The type the generator gives a sample's numbers is one Jastor takes each of them into exactly,
/// and the narrowest such type.
@Suite struct GeneratorNumberTypingTests {
    /// Numbers no `Double` keeps (`1e-400` reads as `0`; `12345678901234567890.5` as `…7e+19`) and
    /// none a `Decimal` keeps (40 significant digits; `1e-400`): each sample maps into its class
    /// exactly, and a number that is its `Double`'s shortest text stays a `Double`.
    @Test func numbersBeyondDoubleOrDecimalGetATypeThatKeepsThem() throws {
        let source = try GeneratorSupport.source(
            #"""
            {"tiny": 1e-400, "digits": 1234567890123456789012345678901234567891,
             "mixed": [9007199254740993, 0.1234567890123456789012345678901234567891],
             "long": 12345678901234567890.5, "plain": 0.30000000000000004}
            """#)
        #expect(source.contains("    var tiny = \"\"\n"), "\(source)")
        #expect(source.contains("    var digits = \"\"\n"), "\(source)")
        #expect(source.contains("    var mixed: [String] = []\n"), "\(source)")
        #expect(source.contains("    var long: Decimal = 0\n"), "\(source)")
        #expect(source.contains("    var plain = 0.0\n"), "\(source)")
        #expect(source.contains("`String`: `tiny`, `digits`, `mixed`."), "\(source)")
    }

    /// Over random number texts (integers and fractions of 1 to 45 digits, exponents to ±450): the
    /// generated type takes the number without an issue and keeps its value, and a narrower number
    /// type the generator passed over does not (by Jastor's own mapping, not the generator's reasoning).
    @Test(arguments: [UInt64(0x6E80_0801), 0x6E80_0802]) func theTypeKeepsTheNumberAndIsTheNarrowest(
        seed: UInt64
    ) throws {
        print("GeneratorNumberTypingTests seed \(String(seed, radix: 16))")
        var random = SeededRandom(seed: seed)
        var seen: [String: Int] = [:]
        for index in 0..<150 {
            let text = Self.randomNumber(&random)
            let label = "seed \(String(seed, radix: 16)), number \(index): \(text)"
            let type = try Self.generatedType(of: text)
            seen[type, default: 0] += 1
            #expect(try Self.keeps(type, text) == true, "\(label) as \(type)")
            // Integers are `Int` or `Int64` (by 32 bits, for portability) while 64 bits hold them, then
            // `Decimal`; a number with a fraction or exponent is a `Double` unless it says more.
            let isInteger = !text.contains { $0 == "." || $0 == "e" }
            let narrower = type == "String" ? ["Decimal", "Double"] : type == "Decimal" && !isInteger ? ["Double"] : []
            for next in narrower {
                #expect(try Self.keeps(next, text) == false, "\(label): \(next) keeps it too")
            }
        }
        // Every type was reached, so the law was tested for each.
        #expect(Set(seen.keys) == ["Int", "Int64", "Double", "Decimal", "String"], "\(seen)")
    }

    /// The type the generator writes for `{"v": text}`.
    private static func generatedType(of text: String) throws -> String {
        let source = try GeneratorSupport.source(#"{"v": \#(text)}"#)
        let declarations = [
            "    var v = 0\n": "Int", "    var v: Int64 = 0\n": "Int64", "    var v = 0.0\n": "Double",
            "    var v: Decimal = 0\n": "Decimal", "    var v = \"\"\n": "String",
        ]
        return try #require(declarations.first { source.contains($0.key) }?.value, "\(source)")
    }

    /// Whether Jastor takes `text` into a property of `type` without an issue and keeps its value: an
    /// integer's or a `Decimal`'s exact value, a `Double` whose shortest text (or exact integer) is the
    /// number, the text itself.
    private static func keeps(_ type: String, _ text: String) throws -> Bool {
        let json = Data(#"{"v": \#(text)}"#.utf8)
        let parts = try #require(DecimalParts(numberText: text))
        var issues: [JastorIssue] = []
        let kept: Bool
        switch type {
        case "Int": kept = try same(IntProbe(json: json, issues: &issues).v.description, parts)
        case "Int64": kept = try same(Int64Probe(json: json, issues: &issues).v.description, parts)
        case "Double":
            // Its shortest text, or its exact integer digits (`%.0f` writes them all: 2^70 in full).
            let value = try DoubleProbe(json: json, issues: &issues).v
            kept = value.isFinite && (same(value.description, parts) || same(String(format: "%.0f", value), parts))
        case "Decimal": kept = try same(DecimalProbe(json: json, issues: &issues).v.description, parts)
        default: kept = try StringProbe(json: json, issues: &issues).v == text
        }
        return kept && issues.isEmpty
    }

    /// Whether `written` (a Swift number's description) has the value of `parts`; zero has one value.
    private static func same(_ written: String, _ parts: DecimalParts) -> Bool {
        guard let other = DecimalParts(numberText: written) else { return false }
        return other.digits == parts.digits && other.exponent == parts.exponent
            && (parts.isZero || other.negative == parts.negative)
    }

    /// JSON number text: a sign, 1–45 integer digits, maybe a fraction of 1–45 digits, maybe an exponent.
    private static func randomNumber(_ random: inout SeededRandom) -> String {
        func digits(_ count: Int, leadingZero: Bool) -> String {
            String(
                (0..<count).map { index in
                    Character(
                        String(
                            index == 0 && !leadingZero
                                ? Int.random(in: 1...9, using: &random) : Int.random(in: 0...9, using: &random)))
                })
        }
        let lengths = [1, 2, 5, 9, 10, 16, 17, 18, 19, 20, 25, 38, 39, 40, 45]
        var text = Bool.random(using: &random) ? "-" : ""
        let integerLength = lengths.randomElement(using: &random) ?? 1
        text += Int.random(in: 0..<6, using: &random) == 0 ? "0" : digits(integerLength, leadingZero: false)
        if Bool.random(using: &random) {
            text += "." + digits(lengths.randomElement(using: &random) ?? 1, leadingZero: true)
        }
        if Int.random(in: 0..<3, using: &random) == 0 {
            let exponents = [-450, -330, -200, -130, -20, -1, 1, 20, 120, 170, 300, 310, 450]
            text += "e\(exponents.randomElement(using: &random) ?? 1)"
        }
        return text
    }
}
