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

private final class UntypedProbe: JastorObject {
    var unmappedKeys: [String: Any] = [:]
    override class var properties: [JastorProperty] { register { unmappedKeys(\.unmappedKeys) } }
}

/// The type the generator gives a sample's numbers is one Jastor takes each of them into exactly,
/// and the narrowest such type.
@Suite struct GeneratorNumberTypingTests {
    /// Numbers no `Double` keeps (`1e-400` reads as `0`; `12345678901234567890.5` as `…7e+19`) and
    /// none a `Decimal` keeps (40 significant digits; `1e-400`) are kept untyped, never as a `String`
    /// (which would write them back as JSON strings), and a number that is its `Double`'s shortest
    /// text stays a `Double`.
    @Test func numbersBeyondDoubleOrDecimalAreKeptUntypedNotAsText() throws {
        let source = try GeneratorSupport.source(
            #"""
            {"tiny": 1e-400, "digits": 1234567890123456789012345678901234567891,
             "mixed": [9007199254740993, 0.1234567890123456789012345678901234567891],
             "long": 12345678901234567890.5, "plain": 0.30000000000000004}
            """#)
        #expect(!source.contains("var tiny") && !source.contains("var digits"), "\(source)")
        #expect(source.contains("    var mixed: [Any] = []\n"), "\(source)")
        #expect(source.contains("    var long: Decimal = 0\n"), "\(source)")
        #expect(source.contains("    var plain = 0.0\n"), "\(source)")
        #expect(!source.contains(" = \"\"") && !source.contains("[String]"), "\(source)")
        #expect(source.contains("is reported): `tiny`, `digits`."), "\(source)")
    }

    /// A place whose numbers no one Swift number type holds (`2.5` and `1e+22` a `Double`,
    /// `9007199254740993` and 30 digits a `Decimal`, `-0.0` and `5e-324` only a `Double`) is kept
    /// untyped in `unmappedKeys` (an array of them is an `[Any]`), not typed `String`: the generated
    /// class maps its sample strictly, and every output writes each number back as the same number.
    @Test func numbersNoOneTypeHoldsComeBackAsTheSameNumbersThroughTheGeneratedClass() throws {
        let source = try GeneratorSupport.source(
            #"[{"amount": 1, "samples": [5e-324]}, {"amount": 2.5, "samples": [9007199254740993]}, "#
                + #"{"amount": -0.0}, {"amount": 5e-324}, {"amount": 123456789012345678901234567890}]"#)
        #expect(!source.contains("var amount"), "\(source)")
        #expect(source.contains("    var samples: [Any]?\n"), "\(source)")
        #expect(source.contains("is reported): `amount`."), "\(source)")
        // The golden `NbItem` is what jastor-gen writes for `Fixtures/generator/numbers.json`.
        let data = try Fixtures.data("generator/numbers")
        let list = try NbNumberList(validatingJSON: data)
        #expect(list.items[1].unmappedKeys["amount"] as? Double == 2.5)
        #expect(list.items[6].unmappedKeys["amount"] is Decimal)
        let expected = try Self.exact(SampleValue(parsing: String(decoding: data, as: UTF8.self)))
        #expect(try Self.exact(SampleValue(parsing: String(decoding: list.jsonData(), as: UTF8.self))) == expected)
        let dictionary = try JSONSerialization.data(withJSONObject: list.toDictionary())
        #expect(try NbNumberList(validatingJSON: dictionary) == list)
        let amounts = list.toDictionary()["items"].flatMap { $0 as? [[String: Any]] }?.compactMap { $0["amount"] }
        #expect(amounts?.count == 8 && amounts?.contains { $0 is String } == false, "\(amounts ?? [])")
        for format in [JastorArchiveFormat.binaryPropertyList, .json] {
            #expect(try NbNumberList.unarchive(from: list.archivedData(format: format)) == list)
        }
        #expect(try JSONDecoder().decode(NbNumberList.self, from: JSONEncoder().encode(list)) == list)
    }

    /// A `-0` among integers makes a `Double`, the one type that keeps its sign (an `Int` would take
    /// it as `0` and write `0` back), so the generated class gives its own sample back.
    @Test func aNegativeZeroAmongIntegersMakesADoubleThatKeepsItsSign() throws {
        #expect(try GeneratorSupport.source(#"[{"v": 0}, {"v": -0}, {"v": 3}]"#).contains("    var v = 0.0\n"))
        #expect(try GeneratorSupport.source(#"{"v": -0}"#).contains("    var v = 0.0\n"))
        #expect(try GeneratorSupport.source(#"[{"v": 0}, {"v": 3}]"#).contains("    var v = 0\n"))
        // Beside a number only a `Decimal` keeps, no one type keeps both: untyped.
        let wide = try GeneratorSupport.source(#"[{"v": -0}, {"v": 12345678901234567890.5}]"#)
        #expect(!wide.contains("var v") && wide.contains("is reported): `v`."), "\(wide)")
        // The golden `NbItem.delta` (`0`, `-0`, `3` … `-8`) maps `-0` with its sign and writes it back.
        let data = try Fixtures.data("generator/numbers")
        let list = try NbNumberList(validatingJSON: data)
        #expect(list.items[1].delta == 0 && list.items[1].delta.sign == .minus)
        #expect(String(decoding: try list.items[1].jsonData(), as: UTF8.self).contains(#""delta":-0,"#))
        let expected = try Self.exact(SampleValue(parsing: String(decoding: data, as: UTF8.self)))
        #expect(try Self.exact(SampleValue(parsing: String(decoding: list.jsonData(), as: UTF8.self))) == expected)
    }

    /// A JSON value with every number as its exact value (sign, digits, exponent: `-0` is not `0`,
    /// `1.50` is `1.5`) and without `null`s and empty arrays and objects, which output leaves out.
    private static func exact(_ value: SampleValue) -> SampleValue? {
        switch value {
        case .null: return nil
        case .number(let text):
            guard let parts = DecimalParts(numberText: text) else { return value }
            let digits = String(decoding: parts.digits, as: UTF8.self)
            return .number((parts.negative ? "-" : "") + digits + "e\(parts.exponent)")
        case .array(let elements):
            return elements.isEmpty ? nil : .array(elements.map { exact($0) ?? .null })
        case .object(let members):
            let kept = members.compactMap { member in exact(member.value).map { (key: member.key, value: $0) } }
            return kept.isEmpty ? nil : .object(kept.sorted { $0.key < $1.key })
        default: return value
        }
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
            let narrower =
                type == "untyped" ? ["Decimal", "Double"] : type == "Decimal" && !isInteger ? ["Double"] : []
            for next in narrower {
                #expect(try Self.keeps(next, text) == false, "\(label): \(next) keeps it too")
            }
        }
        // Every type was reached, so the law was tested for each.
        #expect(Set(seen.keys) == ["Int", "Int64", "Double", "Decimal", "untyped"], "\(seen)")
    }

    /// The type the generator writes for `{"v": text}`.
    private static func generatedType(of text: String) throws -> String {
        let source = try GeneratorSupport.source(#"{"v": \#(text)}"#)
        let declarations = [
            "    var v = 0\n": "Int", "    var v: Int64 = 0\n": "Int64", "    var v = 0.0\n": "Double",
            "    var v: Decimal = 0\n": "Decimal",
        ]
        if source.contains("is reported): `v`.") { return "untyped" }
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
        default:
            // Kept untyped: written back as the same number, or reported (`1e400`, 40 digits).
            let probe = try UntypedProbe(json: json, issues: &issues)
            guard issues.isEmpty else { return true }
            let written = try SampleValue(parsing: String(decoding: probe.jsonData(), as: UTF8.self))
            guard case .object(let members) = written, case .number(let number)? = members.first?.value else {
                return false
            }
            kept = same(number, parts)
        }
        return kept && issues.isEmpty
    }

    /// Whether `written` (a Swift number's description) has the value of `parts`, a zero's sign
    /// included (`-0` is not `0`).
    private static func same(_ written: String, _ parts: DecimalParts) -> Bool {
        guard let other = DecimalParts(numberText: written) else { return false }
        return other.digits == parts.digits && other.exponent == parts.exponent && other.negative == parts.negative
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
