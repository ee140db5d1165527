import Foundation
import Jastor
import Testing

/// Numbers a property keeps as its nearest value, or as the number a string spells, but writes back
/// as other text: kept, and reported at their paths, never in silence.
@Suite struct NumberSpellingTests {
    final class Measured: JastorObject {
        enum Level: Int, JastorValue { case low = 1, high = 7 }

        var ratio = 0.0
        var ratios: [Double] = []
        var single: Float = 0
        var count = 0
        var amount = Decimal(0)
        var level = Level.low
        var at = Date(timeIntervalSince1970: 0)
        var stamp = Date(timeIntervalSince1970: 0)
        var zip = ""

        override class var properties: [JastorProperty] {
            [
                .init("ratio", \Measured.ratio), .init("ratios", \Measured.ratios),
                .init("single", \Measured.single), .init("count", \Measured.count),
                .init("amount", \Measured.amount), .init("level", \Measured.level), .init("at", \Measured.at),
                .init("stamp", \Measured.stamp, transform: .millisecondsSince1970),
                .init("zip", \Measured.zip, transform: .numberEncoded),
            ]
        }
    }

    /// Maps `json` from bytes and, where it has no number a dictionary could not hand over as
    /// written, from its `JSONSerialization` dictionary too; returns the model from bytes and the
    /// issues, which both ways must agree on.
    private static func map(_ json: String, dictionaryToo: Bool = false) throws -> (Measured, [String]) {
        var issues: [JastorIssue] = []
        let model = try Measured(json: Data(json.utf8), issues: &issues)
        if dictionaryToo {
            let dictionary = try #require(
                try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            var dictionaryIssues: [JastorIssue] = []
            _ = Measured(dictionary: dictionary, issues: &dictionaryIssues)
            #expect(dictionaryIssues.map(\.description) == issues.map(\.description))
        }
        return (model, issues.map(\.description))
    }

    @Test func aLiteralWithMoreDigitsThanADoubleHoldsIsKeptAndReported() throws {
        let (model, issues) = try Self.map(#"{"ratio": 0.1234567890123456789}"#)
        #expect(model.ratio == 0.12345678901234568)
        #expect(
            issues == [
                "ratio: expected Double written back as read, found Number 0.1234567890123456789 "
                    + "(kept as the nearest Double, written 0.12345678901234568)"
            ])
        #expect(throws: JastorError.self) { _ = try Measured(validatingJSONString: #"{"ratio": 1.0000000000000001}"#) }
    }

    /// A `Double`'s shortest and 17-digit texts (as `%.17g` writes, and `canada.json` holds) are that
    /// `Double`; the 16 digits of a value whose rounding to 17 does not end in zero are not.
    @Test(arguments: [
        ("-65.613616999999977", true), ("-65.613617", true), ("0.30000000000000004", true),
        ("0.1000000000000000055511151231257827", false), ("1.0000000000000001", false),
        ("9.000000000000001", false), ("9.000000000000002", true), ("1.7976931348623157e308", true),
        ("4.9406564584124654e-324", true), ("5e-324", true), ("1.23456789012345e-320", false),
        ("1.235e-320", true), ("123456789012345678e-5", false), ("1.2345678901234567e+200", true),
    ])
    func aLiteralIsQuietExactlyWhenItSpellsItsDouble(_ literal: String, _ quiet: Bool) throws {
        let (model, issues) = try Self.map("{\"ratio\": \(literal), \"ratios\": [0.5, \(literal)]}")
        let nearest = try #require(Double(literal))
        #expect(model.ratio == nearest)
        #expect(model.ratios == [0.5, nearest])
        #expect(issues.count == (quiet ? 0 : 2), "\(issues)")
        if !quiet { #expect(issues[1].hasPrefix("ratios[1]: expected Double written back as read")) }
    }

    @Test func aFloatIsQuietForItsShortestAndNineDigitTexts() throws {
        #expect(try Self.map(#"{"single": 0.1}"#).1.isEmpty)
        #expect(try Self.map(#"{"single": 0.100000001}"#).1.isEmpty)
        let (model, issues) = try Self.map(#"{"single": 0.10000000149011612}"#)
        #expect(model.single == Float(0.1))
        #expect(
            issues == [
                "single: expected Float written back as read, found Number 0.10000000149011612 "
                    + "(kept as the nearest Float, written 0.1)"
            ])
    }

    /// A numeric string is the number it spells when that number is written back as the string;
    /// otherwise it is kept and reported, from bytes and dictionaries alike.
    @Test func aNumericStringSpelledOtherwiseIsKeptAndReported() throws {
        let (quiet, none) = try Self.map(
            #"{"count": "13", "ratio": "19.9", "amount": "19.90", "level": "7"}"#, dictionaryToo: true)
        #expect(
            none == [
                "amount: expected Decimal written back as read, found String \"19.90\" (kept as the number it spells, written 19.9)"
            ])
        #expect(quiet.count == 13 && quiet.ratio == 19.9 && quiet.level == .high)
        let (model, issues) = try Self.map(
            #"{"count": "007", "ratio": "19.90", "level": "07", "single": "1.50"}"#, dictionaryToo: true)
        #expect(model.count == 7 && model.ratio == 19.9 && model.level == .high && model.single == 1.5)
        #expect(
            issues.sorted() == [
                "count: expected Int written back as read, found String \"007\" (kept as the number it spells, written 7)",
                "level: expected Level written back as read, found String \"07\" (kept as the number it spells, written 7)",
                "ratio: expected Double written back as read, found String \"19.90\" (kept as the nearest Double, written 19.9)",
                "single: expected Float written back as read, found String \"1.50\" (kept as the nearest Float, written 1.5)",
            ])
    }

    /// An enum's raw value that has no case reports the enum, not a rewrite of a value not kept.
    @Test func aRawValueWithNoCaseIsOneIssue() throws {
        let (model, issues) = try Self.map(#"{"level": "03"}"#)
        #expect(model.level == .low)
        #expect(issues == ["level: expected Level, found String \"03\""])
    }

    @Test func secondsADateRoundsAreKeptAndReported() throws {
        #expect(try Self.map(#"{"at": 1409307120.25, "stamp": 1409307120250}"#).1.isEmpty)
        let (model, issues) = try Self.map(#"{"at": 1409307120.123456789, "stamp": 1409307120123.456789}"#)
        #expect(model.at == Date(timeIntervalSince1970: 1_409_307_120.123456789))
        #expect(issues.count == 2, "\(issues)")
        #expect(
            issues.first?.hasPrefix(
                "at: expected a date-time that a Date holds exactly, found Number 1409307120.123456789 "
                    + "(kept as the nearest Date, written \"2014-08-29T10:12:00.") == true)
        #expect(
            issues.last?.hasPrefix(
                "stamp: expected a number of milliseconds since 1970 that a Date holds exactly, "
                    + "found Number 1409307120123.456789 (kept as the nearest Date, written 1409307120123.45") == true)
    }

    @Test func numberEncodedReportsANumberItWritesAsAString() throws {
        let (quiet, none) = try Self.map(#"{"zip": 19.9}"#)
        #expect(none.isEmpty && quiet.zip == "19.9")
        let (model, issues) = try Self.map(#"{"zip": 19.90}"#)
        #expect(model.zip == "19.90")
        #expect(
            issues == [
                "zip: expected a number .numberEncoded writes back as a number, found Number 19.90 "
                    + "(kept as its text, written \"19.90\")"
            ])
        #expect(try Self.map(#"{"zip": "19.90"}"#).1.isEmpty)
    }

    /// The digits and power of ten of number text (`-1.50e3` is `15`, `2`), for the law below.
    private static func digitsAndExponent(_ text: String) -> (String, Int) {
        let lowered = text.lowercased().replacingOccurrences(of: "-", with: "", options: .anchored)
        let parts = lowered.split(separator: "e")
        let mantissa = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        let fraction = mantissa.count > 1 ? String(mantissa[1]) : ""
        var digits = Substring(String(mantissa[0]) + fraction).drop { $0 == "0" }
        var exponent =
            (parts.count > 1 ? Int(parts[1].replacingOccurrences(of: "+", with: "")) ?? 0 : 0) - fraction.count
        while digits.last == "0" {
            digits = digits.dropLast()
            exponent += 1
        }
        return (String(digits), exponent)
    }

    /// The law over values in everyday ranges, where the byte reader decides in 64-bit words: a
    /// literal is quiet exactly when it is its value's shortest text or its 17-digit (9 for `Float`)
    /// text, as C's `%.16e` (`%.8e`) prints it; its shortest, 16- and 17-digit texts and those with
    /// the last digit moved, from bytes, for `Double` and `Float`.
    @Test(arguments: [UInt64(0x5E11_0001), 0x5E11_0002])
    func aLiteralIsQuietExactlyWhenCsFormattingWritesIt(seed: UInt64) throws {
        print("NumberSpellingTests.aLiteralIsQuietExactlyWhenCsFormattingWritesIt seed \(seed)")
        var random = SeededRandom(seed: seed)
        var quiet = 0
        var reported = 0
        for index in 0..<6000 {
            let isFloat = index % 3 == 0
            let power = Double(Int.random(in: -30...30, using: &random))
            let double =
                Double.random(in: 1..<10, using: &random) * pow(10, power) * (Bool.random(using: &random) ? 1 : -1)
            let value = isFloat ? Double(Float(double)) : double
            let formats = isFloat ? ["%.8e", "%.7e", "%.6e"] : ["%.16e", "%.15e", "%.14e"]
            var text =
                Int.random(in: 0..<4, using: &random) == 0
                ? (isFloat ? Float(value).description : value.description)
                : String(format: formats.randomElement(using: &random) ?? "%.16e", value)
            if Bool.random(using: &random), let exponent = text.firstIndex(where: { $0 == "e" }) {
                let last = text.index(before: exponent)
                if let digit = text[last].wholeNumberValue {
                    text.replaceSubrange(
                        last...last, with: String((digit + Int.random(in: 1...9, using: &random)) % 10))
                }
            }
            let written = Self.digitsAndExponent(text)
            let key = isFloat ? "single" : "ratio"
            let (model, issues) = try Self.map("{\"\(key)\": \(text)}")
            let spellings: [String]
            if isFloat {
                let nearest = try #require(Float(text))
                #expect(model.single.bitPattern == nearest.bitPattern, "seed \(seed), \(text)")
                spellings = [nearest.description, String(format: "%.8e", Double(nearest))]
            } else {
                let nearest = try #require(Double(text))
                #expect(model.ratio.bitPattern == nearest.bitPattern, "seed \(seed), \(text)")
                spellings = [nearest.description, String(format: "%.16e", nearest)]
            }
            let isSpelling = spellings.contains { Self.digitsAndExponent($0) == written }
            #expect(issues.isEmpty == isSpelling, "seed \(seed), \(key) \(text): \(issues)")
            if isSpelling { quiet += 1 } else { reported += 1 }
        }
        #expect(quiet > 1000 && reported > 1000, "\(quiet) quiet, \(reported) reported")
    }

    /// Whatever was kept with an issue is written back as the issue says, and reads back quietly.
    @Test func whatIsKeptReadsBackQuietly() throws {
        let (model, issues) = try Self.map(
            #"{"ratio": 0.1234567890123456789, "count": "007", "single": 0.10000000149011612, "zip": 19.90}"#)
        #expect(issues.count == 4)
        var again: [JastorIssue] = []
        let copy = try Measured(json: try model.jsonData(), issues: &again)
        #expect(again.isEmpty, "\(again)")
        #expect(copy == model)
    }
}
