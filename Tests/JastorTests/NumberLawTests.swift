import Foundation
import Jastor
import Testing

/// A property of every numeric type, each with a default no literal below produces.
private final class NumberBox: JastorObject {
    var int = 7
    var int8: Int8 = 7
    var int64: Int64 = 7
    var uint8: UInt8 = 7
    var uint64: UInt64 = 7
    var double = 7.5
    var float: Float = 7.5
    var decimal = Decimal(string: "7.25") ?? 7
    var string = "default"

    static let keys = ["int", "int8", "int64", "uint8", "uint64", "double", "float", "decimal", "string"]

    override class var properties: [JastorProperty] {
        [
            .init("int", \NumberBox.int), .init("int8", \NumberBox.int8), .init("int64", \NumberBox.int64),
            .init("uint8", \NumberBox.uint8), .init("uint64", \NumberBox.uint64), .init("double", \NumberBox.double),
            .init("float", \NumberBox.float), .init("decimal", \NumberBox.decimal), .init("string", \NumberBox.string),
        ]
    }
}

/// The exact value of a decimal literal, by string arithmetic only: the reference the law checks
/// against (it shares no code with the library, and never rounds through `Double`).
private struct ExactNumber: Equatable {
    var negative: Bool
    /// Significant digits, no leading or trailing zeros; empty for zero.
    var digits: [Character]
    /// The value is `digits × 10^exponent`.
    var exponent: Int

    init(negative: Bool, digits: [Character], exponent: Int) {
        var digits = Array(digits.drop { $0 == "0" })
        var exponent = exponent
        while digits.last == "0" {
            digits.removeLast()
            exponent += 1
        }
        self.negative = negative
        self.digits = digits
        self.exponent = digits.isEmpty ? 0 : exponent
    }

    /// Parses `-12.50e3`, `1e-05`, `1.5e+300`, `0.0001`.
    init?(_ text: String) {
        var rest = Substring(text)
        let negative = rest.first == "-"
        if negative { rest = rest.dropFirst() }
        let mantissa = rest.prefix { $0 != "e" && $0 != "E" }
        let exponentText = rest.dropFirst(mantissa.count + (mantissa.count < rest.count ? 1 : 0))
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, whole.allSatisfy(\.isNumber) else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.allSatisfy(\.isNumber) else { return nil }
        var exponent = 0
        if mantissa.count < rest.count {
            guard let value = Int(exponentText.hasPrefix("+") ? exponentText.dropFirst() : exponentText) else {
                return nil
            }
            exponent = value
        }
        self.init(negative: negative, digits: Array(whole + fraction), exponent: exponent - fraction.count)
    }

    var isZero: Bool { digits.isEmpty }
    var isInteger: Bool { exponent >= 0 }

    /// The integer's digits, when it is an integer of at most `limit` digits.
    func integerDigits(atMost limit: Int) -> String? {
        guard isInteger, digits.count + exponent <= limit else { return nil }
        return isZero ? "0" : String(digits) + String(repeating: "0", count: exponent)
    }

    /// The value as `Integer`, when it is an integer in its range.
    func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) -> Integer? {
        guard let text = integerDigits(atMost: 40) else { return nil }
        return Integer((negative && !isZero ? "-" : "") + text)
    }

    /// Whether `value`'s shortest text is this number, or (for an integer) `value` is exactly it.
    func isWritten(by value: Double) -> Bool {
        guard value.isFinite, let shortest = ExactNumber(value.description) else { return false }
        if shortest.digits == digits && shortest.exponent == exponent { return true }
        guard isInteger, value == value.rounded(.towardZero) else { return false }
        return ExactNumber.exactInteger(of: value).map { $0.digits == digits && $0.exponent == exponent } == true
    }

    /// The exact integer a `Double` is, by doubling its significand in decimal digits.
    static func exactInteger(of value: Double) -> ExactNumber? {
        guard value.isFinite, value == value.rounded(.towardZero) else { return nil }
        if abs(value) < 0x1p63 {
            return ExactNumber(negative: value < 0, digits: Array(String(UInt64(abs(value)))), exponent: 0)
        }
        var digits = Array(String(UInt64(value.significandBitPattern | (1 << 52))).reversed()).map {
            Int(String($0)) ?? 0
        }
        for _ in 0..<(Int(value.exponent) - 52) {
            var carry = 0
            for index in digits.indices {
                let doubled = digits[index] * 2 + carry
                digits[index] = doubled % 10
                carry = doubled / 10
            }
            if carry > 0 { digits.append(carry) }
        }
        return ExactNumber(negative: value < 0, digits: Array(digits.reversed().map(String.init).joined()), exponent: 0)
    }

    /// Whether this number is `value`'s shortest text or its text of 17 significant digits (C's
    /// `%.16e`, which prints the exact binary value correctly rounded).
    func isSpelling(_ value: Double) -> Bool {
        [value.description, String(format: "%.16e", value)].contains { text in
            ExactNumber(text).map { $0.digits == digits && $0.exponent == exponent } == true
        }
    }

    /// Whether this number is `value`'s shortest text or its text of 9 significant digits.
    func isSpelling(_ value: Float) -> Bool {
        [value.description, String(format: "%.8e", Double(value))].contains { text in
            ExactNumber(text).map { $0.digits == digits && $0.exponent == exponent } == true
        }
    }

    /// Whether `value`'s shortest text is this number, or (for an integer) `value` is exactly it.
    func isWritten(by value: Float) -> Bool {
        guard value.isFinite, let shortest = ExactNumber(value.description) else { return false }
        if shortest.digits == digits && shortest.exponent == exponent { return true }
        return isWritten(by: Double(value)) && ExactNumber.exactInteger(of: Double(value)) != nil
            && ExactNumber.exactInteger(of: Double(value)).map { $0.digits == digits && $0.exponent == exponent }
                == true
    }
}

/// The number law: for every numeric literal form (integers to 400 digits, fractions, exponents to
/// ±9999, signs, `-0`, and the shortest and 17-digit texts of random doubles, a last digit moved)
/// and every numeric property type, from bytes and from numeric text, the property gets the exact
/// value, or keeps it with an issue naming its path when it is written back as other text, or keeps
/// its default with an issue, checked against ``ExactNumber`` and C's formatting.
@Suite struct NumberLawTests {
    static let seeds: [UInt64] = [0x4E55_0001, 0x4E55_0002]
    static let literalsPerSeed = 1_500

    /// The literals every run checks, beside the generated ones.
    static let edges = [
        "0", "-0", "-0.0", "0e9999", "1e-400", "1e400", "-1e400", "9007199254740993", "9007199254740993.0",
        "-9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616", "255", "256",
        "-128", "-129", "1.000000000000000005", "12345678901234567890.123", "3.141592653589793238462643383279",
        String(repeating: "9", count: 38), String(repeating: "9", count: 39), "1" + String(repeating: "0", count: 59),
        "1180591620717411303424", "1e22", "10000000000000000000000", "2.5e1", "1.5E-3", "5e-324", "1e-5", "16777217",
        "0.1", "-65.613616999999977", "1e127", "1e128", "123456789012345678901234567890123456789e100",
    ]

    private struct LiteralGenerator {
        var random: SeededRandom

        mutating func digits(_ count: Int, leadingNonzero: Bool) -> String {
            String(
                (0..<count).map { index in
                    Character(String(Int.random(in: (index == 0 && leadingNonzero ? 1 : 0)...9, using: &random)))
                })
        }

        /// The shortest, 17-digit or 16-digit text of a random finite double (the spellings writers
        /// use, which read back exactly), or one with its last digit moved (which does not).
        mutating func doubleText() -> String {
            var value = Double.nan
            while !value.isFinite || value == 0 {
                value = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &random))
            }
            if Bool.random(using: &random), Float(value).isFinite, Float(value) != 0 { value = Double(Float(value)) }
            let format = ["%.16e", "%.15e", "%.8e", "%.7e"].randomElement(using: &random) ?? "%.16e"
            var text = Int.random(in: 0..<3, using: &random) == 0 ? value.description : String(format: format, value)
            if Int.random(in: 0..<3, using: &random) == 0, let exponent = text.firstIndex(where: { $0 == "e" }) {
                let last = text.index(before: exponent)
                if let digit = text[last].wholeNumberValue {
                    let moved = (digit + Int.random(in: 1...9, using: &random)) % 10
                    text.replaceSubrange(last...last, with: String(moved))
                }
            }
            return text
        }

        mutating func literal() -> String {
            if Int.random(in: 0..<10, using: &random) < 3 { return doubleText() }
            var text = Int.random(in: 0..<10, using: &random) < 3 ? "-" : ""
            let length = [1, 1, 2, 5, 10, 17, 19, 20, 38, 39, 60, 400].randomElement(using: &random) ?? 1
            text += Int.random(in: 0..<10, using: &random) == 0 ? "0" : digits(length, leadingNonzero: true)
            if Int.random(in: 0..<10, using: &random) < 4 {
                text += "." + digits(Int.random(in: 1...40, using: &random), leadingNonzero: false)
            }
            if Int.random(in: 0..<10, using: &random) < 3 {
                text += ["e", "E", "e+", "e-", "E-"].randomElement(using: &random) ?? "e"
                text += String(
                    Int.random(in: 0...([3, 40, 400, 9999].randomElement(using: &random) ?? 3), using: &random))
            }
            return text
        }
    }

    @Test(arguments: seeds) func everyLiteralIsExactOrAnIssue(seed: UInt64) throws {
        var generator = LiteralGenerator(random: SeededRandom(seed: seed))
        let literals = Self.edges + (0..<Self.literalsPerSeed).map { _ in generator.literal() }
        for literal in literals {
            for quoted in [false, true] {
                let failures = try Self.check(literal, quoted: quoted)
                if !failures.isEmpty {
                    Issue.record("seed \(seed), literal \(literal)\(quoted ? " (as text)" : ""): \(failures)")
                    return
                }
            }
        }
    }

    /// The text `jsonData()` writes for each numeric property of `model`.
    private static func writtenTexts(of model: NumberBox) throws -> [String: String] {
        let text = String(decoding: try model.jsonData(), as: UTF8.self)
        var texts: [String: String] = [:]
        for key in NumberBox.keys where key != "string" {
            guard let range = text.range(of: "\"\(key)\":") else { continue }
            texts[key] = String(text[range.upperBound...].prefix { $0 != "," && $0 != "}" })
        }
        return texts
    }

    /// What disagrees with the reference for one literal, as a number or as numeric text.
    private static func check(_ literal: String, quoted: Bool) throws -> [String] {
        let exact = try #require(ExactNumber(literal))
        let value = quoted ? "\"\(literal)\"" : literal
        let json = Data(("{" + NumberBox.keys.map { "\"\($0)\": \(value)" }.joined(separator: ", ") + "}").utf8)
        let model = try NumberBox(json: json)
        let reported: Set<String>
        do {
            _ = try NumberBox(validatingJSON: json)
            reported = []
        } catch let error as JastorError {
            reported = Set(error.issues.map(\.path.description))
        }
        // What each property is written back as: a value read from numeric text is kept and
        // reported when that is not the text; a number, when its literal is neither the shortest nor
        // the 17-digit (9 for `Float`) text of the `Double` (`Float`) it reads as.
        let written = try Self.writtenTexts(of: model)
        var failures: [String] = []
        func expect<Value: Equatable>(
            _ key: String, _ actual: Value, _ expected: Value?, default: Value, numberIsRewritten: Bool = false
        ) {
            if let expected {
                // A `String` property keeps the text as it is: it is never rewritten.
                let rewritten = key != "string" && (quoted ? written[key] != literal : numberIsRewritten)
                if actual != expected || reported.contains(key) != rewritten {
                    failures.append(
                        "\(key): \(actual) ≠ \(expected) or \(rewritten ? "no issue" : "an issue"), written \(written[key] ?? "")"
                    )
                }
            } else if actual != `default` || !reported.contains(key) {
                failures.append("\(key): \(actual) without an issue")
            }
        }
        expect("int", model.int, exact.integer(Int.self), default: 7)
        expect("int8", model.int8, exact.integer(Int8.self), default: 7)
        expect("int64", model.int64, exact.integer(Int64.self), default: 7)
        expect("uint8", model.uint8, exact.integer(UInt8.self), default: 7)
        expect("uint64", model.uint64, exact.integer(UInt64.self), default: 7)
        expect("string", model.string, literal, default: "default")
        // Decimal: a significand below 2^128 (38 digits, or 39 up to 2^128 - 1), after moving the
        // power of ten into Decimal's range (-128...127) with zeros, exactly.
        let padded = exact.digits + Array(repeating: "0", count: max(0, exact.exponent - 127))
        let decimalFits =
            exact.isZero
            || (exact.exponent >= -128
                && (padded.count <= 38
                    || (padded.count == 39 && String(padded) <= "340282366920938463463374607431768211455")))
        if decimalFits {
            let decimalText = ExactNumber(model.decimal.description)
            let same = decimalText.map { $0.digits == exact.digits && $0.exponent == exact.exponent } == true
            let rewritten = quoted && written["decimal"] != literal
            if !same || reported.contains("decimal") != rewritten { failures.append("decimal: \(model.decimal)") }
        } else if model.decimal != Decimal(string: "7.25") || !reported.contains("decimal") {
            failures.append("decimal: \(model.decimal) without an issue")
        }
        // Double: an integer literal must be written by its Double; a fraction or exponent is the
        // nearest Double unless out of range or a nonzero number that would read as zero.
        let nearest = Double(literal) ?? .nan
        let integerForm = !literal.contains(".") && !literal.lowercased().contains("e")
        // A number the Double is exactly is quiet however it is written (2^70 with a fraction).
        let doubleFits =
            nearest.isFinite
            && (integerForm ? exact.isWritten(by: nearest) : (nearest != 0 || exact.isZero))
        expect(
            "double", model.double.bitPattern, doubleFits ? nearest.bitPattern : nil, default: (7.5).bitPattern,
            numberIsRewritten: !integerForm && !exact.isZero && !exact.isSpelling(nearest)
                && !exact.isWritten(by: nearest))
        // Float: an integer literal the Float is exactly but does not write as that integer is kept
        // and reported (2^63 is written -9.223372e+18).
        let nearestFloat = Float(literal) ?? .nan
        let floatFits =
            nearestFloat.isFinite
            && (integerForm ? exact.isWritten(by: nearestFloat) : (nearestFloat != 0 || exact.isZero))
        let floatShortest = ExactNumber(nearestFloat.description)
        let isFloatShortest = floatShortest?.digits == exact.digits && floatShortest?.exponent == exact.exponent
        expect(
            "float", model.float.bitPattern, floatFits ? nearestFloat.bitPattern : nil,
            default: Float(7.5).bitPattern,
            numberIsRewritten: !exact.isZero && (integerForm ? !isFloatShortest : !exact.isSpelling(nearestFloat)))
        return failures
    }
}
