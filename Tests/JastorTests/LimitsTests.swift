import Foundation
import Jastor
import Testing

/// One property of each scalar type, each with a default that no input below produces.
private final class Limited: JastorObject {
    var int = 7
    var int64: Int64 = 7
    var uint64: UInt64 = 7
    var double = 7.0
    var string = "default"
    var bool = false
    var decimal: Decimal = 7
    var list: [Int] = []
    var anything: [Any] = []
    var child: Limited?

    override class var properties: [JastorProperty] {
        [
            .init("int", \Limited.int), .init("int64", \Limited.int64), .init("uint64", \Limited.uint64),
            .init("double", \Limited.double), .init("string", \Limited.string), .init("bool", \Limited.bool),
            .init("decimal", \Limited.decimal), .init("list", \Limited.list), .init("anything", \Limited.anything),
            .init("child", \Limited.child),
        ]
    }
}

/// Extreme input read from bytes, each with a defined outcome.
///
/// The outcome is a value, the default kept, or an error naming where and what; never a crash, a
/// trap or a stack overflow. The "Guarantees and limits" article lists these outcomes.
@Suite struct LimitsTests {
    /// The type each scalar property of ``Limited`` names in issues.
    private static let typeNames = [
        "int": "Int", "int64": "Int64", "uint64": "UInt64", "double": "Double", "bool": "Bool", "decimal": "Decimal",
    ]

    /// `{"int": V, "int64": V, …}` with the same JSON number or string in every scalar property.
    private func everyScalar(_ value: String) -> Data {
        let keys = ["int", "int64", "uint64", "double", "string", "bool", "decimal"]
        return Data(("{" + keys.map { "\"\($0)\": \(value)" }.joined(separator: ", ") + "}").utf8)
    }

    /// The strict error for `data`, one issue per line, or `nil` when strict mapping succeeds.
    private func strictError(_ data: Data) -> String? {
        do {
            _ = try Limited(validatingJSON: data)
            return nil
        } catch {
            return "\(error)"
        }
    }

    // MARK: Numbers

    @Test(arguments: ["1e400", "-1e400", "123456789e999"])
    func numbersBeyondDoubleAreReportedAtTheirPathAndKeptAsText(number: String) throws {
        let data = everyScalar(number)
        let model = try Limited(json: data)
        #expect(model.string == number)
        #expect(model.int == 7 && model.double == 7 && model.decimal == 7 && model.bool == false)
        #expect(
            strictError(data)
                == ["int", "int64", "uint64", "double", "bool", "decimal"].map {
                    "\($0): expected \(Self.typeNames[$0] ?? ""), found Number \(number)"
                }.joined(separator: "\n"))
        let untyped = try #require(throws: JastorError.self) {
            try Limited(validatingJSON: Data("{\"anything\": [1, \(number)]}".utf8))
        }
        #expect(
            untyped.description
                == "anything[1]: expected a number a Double or Decimal holds exactly (kept as the nearest Double, "
                + "or as text beyond it), found Number \(number)")
        let kept = try Limited(json: Data("{\"anything\": [1, \(number)]}".utf8))
        #expect(kept.anything.last as? String == number)
        #expect(JSONSerialization.isValidJSONObject(kept.toDictionary()))
    }

    @Test func numbersBelowDoubleAreKeptAsTextOrReported() throws {
        let data = everyScalar("1e-400")
        let model = try Limited(json: data)
        #expect(model.int == 7 && model.int64 == 7 && model.uint64 == 7 && model.double == 7 && model.decimal == 7)
        #expect(model.string == "1e-400")
        #expect(
            strictError(data)
                == ["int", "int64", "uint64", "double", "bool", "decimal"].map {
                    "\($0): expected \(Self.typeNames[$0] ?? ""), found Number 1e-400"
                }.joined(separator: "\n"))
    }

    @Test func negativeZeroKeepsItsSignWhereTheTypeHasOne() throws {
        let integer = try Limited(validatingJSON: everyScalar("-0"))
        #expect(integer.int == 0 && integer.int64 == 0 && integer.uint64 == 0 && integer.decimal == 0)
        #expect(integer.double == 0 && integer.double.sign == .minus)
        #expect(integer.string == "-0" && integer.bool == false)
        let double = try Limited(validatingJSON: everyScalar("-0.0"))
        #expect(double.int == 0 && double.int64 == 0 && double.uint64 == 0 && double.decimal == 0)
        #expect(double.double == 0 && double.double.sign == .minus)
        #expect(double.string == "-0.0" && double.bool == false)
    }

    @Test func twoToTheSixtyFourFitsNoIntegerProperty() throws {
        let data = everyScalar("18446744073709551616")
        let model = try Limited(json: data)
        #expect(model.int == 7 && model.int64 == 7 && model.uint64 == 7 && model.bool == false)
        #expect(model.double == 18_446_744_073_709_551_616.0)
        #expect(model.string == "18446744073709551616")
        #expect(model.decimal == Decimal(string: "18446744073709551616"))
        #expect(
            strictError(data) == """
                int: expected Int, found Number 18446744073709551616
                int64: expected Int64, found Number 18446744073709551616
                uint64: expected UInt64, found Number 18446744073709551616
                bool: expected Bool, found Number 18446744073709551616
                """)
    }

    @Test func belowInt64MinIsNotRoundedIntoRange() throws {
        // The nearest double of -9223372036854775809 is Int64.min: the reader keeps the integer's
        // text, so no integer property takes that rounded value, and neither does a Double.
        let data = everyScalar("-9223372036854775809")
        let model = try Limited(json: data)
        #expect(model.int == 7 && model.int64 == 7 && model.uint64 == 7)
        #expect(model.double == 7)
        #expect(model.string == "-9223372036854775809")
        #expect(model.decimal == Decimal(string: "-9223372036854775809"))
        #expect(
            strictError(data) == """
                int: expected Int, found Number -9223372036854775809
                int64: expected Int64, found Number -9223372036854775809
                uint64: expected UInt64, found Number -9223372036854775809
                double: expected Double, found Number -9223372036854775809
                bool: expected Bool, found Number -9223372036854775809
                """)
    }

    @Test func theExtremesOfSixtyFourBitsStayExact() throws {
        let low = try Limited(json: everyScalar("-9223372036854775808"))
        #expect(low.int == .min && low.int64 == .min && low.uint64 == 7)
        let high = try Limited(json: everyScalar("18446744073709551615"))
        #expect(high.uint64 == .max && high.int == 7 && high.double == 7)
        #expect(high.string == "18446744073709551615")
    }

    @Test func longIntegersAreHeldOrReported() throws {
        // 10^59 has 60 digits: a Decimal holds it exactly (one significant digit), a Double as the
        // number its shortest text is (1e+59); 10^59 + 1 no Double holds.
        let digits = "1" + String(repeating: "0", count: 59)
        let model = try Limited(json: everyScalar(digits))
        #expect(model.double == 1e59 && model.int == 7 && model.uint64 == 7)
        let plusOne = try Limited(json: everyScalar("1" + String(repeating: "0", count: 58) + "1"))
        #expect(plusOne.double == 7 && plusOne.decimal == 7)
        #expect(model.decimal == Decimal(sign: .plus, exponent: 59, significand: 1))
        #expect(model.string == digits)
        // 2^70 written out in full is exactly a Double.
        let power = try Limited(json: everyScalar("1180591620717411303424"))
        #expect(power.double == 0x1p70)
    }

    // MARK: Strings

    /// Kept in the `String` with U+FFFD in their place and reported there (`InvalidTextTests`);
    /// every other type refuses the text.
    @Test(arguments: [#""\ud800""#, #""\udc00""#, #""a\ud800b""#, #""\udc00\ud800""#])
    func loneSurrogatesBecomeTheReplacementCharacter(escaped: String) throws {
        let data = everyScalar(escaped)
        let model = try Limited(json: data)
        #expect(model.string.unicodeScalars.contains("\u{FFFD}"))
        #expect(model.int == 7 && model.double == 7 && model.bool == false)
        let expected = model.string.debugDescription
        #expect(
            strictError(data) == """
                int: expected Int, found String \(expected)
                int64: expected Int64, found String \(expected)
                uint64: expected UInt64, found String \(expected)
                double: expected Double, found String \(expected)
                string: \(InvalidTextTests.expected)
                bool: expected Bool, found String \(expected)
                decimal: expected Decimal, found String \(expected)
                """)
    }

    @Test func aFiftyMegabyteStringIsReadWhole() throws {
        var json = Data(#"{"string": ""#.utf8)
        json.append(Data(repeating: UInt8(ascii: "x"), count: 50_000_000))
        json.append(Data(#""}"#.utf8))
        let model = try Limited(validatingJSON: json)
        #expect(model.string.utf8.count == 50_000_000)
        #expect(model.string.utf8.allSatisfy { $0 == UInt8(ascii: "x") })
    }

    // MARK: Arrays, objects and keys

    @Test func aMillionElementArrayIsReadWhole() throws {
        let json = #"{"list": ["# + String(repeating: "1,", count: 999_999) + "2]}"
        let model = try Limited(validatingJSON: Data(json.utf8))
        #expect(model.list.count == 1_000_000)
        #expect(model.list.dropLast().allSatisfy { $0 == 1 } && model.list.last == 2)
    }

    @Test(arguments: ["[", "{\"a\":"])
    func aHundredThousandNestedContainersAreAnError(opening: String) throws {
        let closing = opening == "[" ? "]" : "}"
        let nested = String(repeating: opening, count: 100_000) + String(repeating: closing, count: 100_000)
        let data = Data("{\"anything\": \(nested)}".utf8)
        let column = 14 + 511 * opening.utf8.count  // the root object is the first level
        let expected =
            "expected at most 512 levels of nesting, found '\(opening.prefix(1))' at line 1, column \(column) "
            + "(byte \(column - 1))"
        #expect(try #require(throws: JastorError.self) { try Limited(json: data) }.description == expected)
        #expect(strictError(data) == expected)
        #expect(throws: JastorError.self) { try [Limited](json: Data(nested.utf8)) }
    }

    @Test func modelsNestedBeyondTheMappersLimitAreReportedNotFollowed() throws {
        let depth = 400  // within the reader's 512 levels, beyond the mapper's 256
        let json = String(repeating: #"{"child": "#, count: depth) + "{}" + String(repeating: "}", count: depth)
        let model = try Limited(json: Data(json.utf8))
        var levels = 0
        var node = model
        while let child = node.child {
            node = child
            levels += 1
        }
        #expect(levels == 255)
        let error = try #require(strictError(Data(json.utf8)))
        #expect(error.hasSuffix("child: expected at most 256 levels of nesting, found deeper input"))
        #expect(!error.contains("\n"))
    }

    @Test func untypedValuesNestedBeyondTheMappersLimitAreReportedNotKept() throws {
        func nested(_ depth: Int) -> Data {
            Data(
                (#"{"anything": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}")
                    .utf8)
        }
        // "anything" is one level; 255 more levels of arrays fit within the 256 the mapper follows.
        let deepest = try Limited(validatingJSON: nested(255))
        #expect(deepest.anything.count == 1)
        #expect(Limited(dictionary: deepest.toDictionary()) == deepest)
        var issues: [JastorIssue] = []
        let shallow = Limited(dictionary: ["anything": [[[1]]]], issues: &issues)
        #expect(issues.isEmpty && shallow.anything.count == 1)
        let rejected = try Limited(json: nested(256))
        #expect(rejected.anything.isEmpty)
        #expect(strictError(nested(256)) == "anything: expected at most 256 levels of nesting, found deeper input")
        #expect(strictError(nested(400)) == "anything: expected at most 256 levels of nesting, found deeper input")
    }

    /// The last value of a key given twice counts, and the key is reported (``DuplicateKeyTests``).
    @Test func ofDuplicateKeysTheLastOneCounts() throws {
        var issues: [JastorIssue] = []
        let last = try Limited(json: Data(#"{"int": 1, "string": "a", "int": 2, "string": "b"}"#.utf8), issues: &issues)
        #expect(last.int == 2 && last.string == "b")
        #expect(
            issues.map(\.description) == [
                "int: expected one value for the key, found 2 (the last is kept)",
                "string: expected one value for the key, found 2 (the last is kept)",
            ])
        let badLast = Data(#"{"int": 1, "int": "x"}"#.utf8)
        #expect(try Limited(json: badLast).int == 7)
        let strict = try #require(throws: JastorError.self) { try Limited(validatingJSON: badLast) }
        #expect(
            strict.issues.map(\.description) == [
                #"int: expected Int, found String "x""#,
                "int: expected one value for the key, found 2 (the last is kept)",
            ])
        let badFirst = Data(#"{"int": "x", "int": 2}"#.utf8)
        #expect(try Limited(json: badFirst).int == 2)
        #expect(strictError(badFirst) == "int: expected one value for the key, found 2 (the last is kept)")
    }

    // MARK: Dictionaries built by hand

    @Test func nonFiniteDoublesFromDictionariesAreRefusedButKeptUntyped() {
        // JSON cannot hold NaN or infinity, so no property takes one from a dictionary (toDictionary()
        // must stay writable as JSON); an untyped value keeps it as it is, and archives keep it.
        for value in [Double.nan, .infinity, -.infinity] {
            var issues: [JastorIssue] = []
            let model = Limited(
                dictionary: ["int": value, "int64": value, "string": value, "double": value, "anything": [value]],
                issues: &issues)
            #expect(model.double == 7 && model.int == 7 && model.int64 == 7 && model.string == "default")
            #expect(issues.map(\.path.description) == ["int", "int64", "double", "string"])
            let kept = model.anything.first as? Double
            #expect(kept.map { $0.isNaN ? value.isNaN : $0 == value } == true)
        }
        var issues: [JastorIssue] = []
        _ = Limited(dictionary: ["double": "NaN"], issues: &issues)
        #expect(issues.map(\.description) == [#"double: expected a finite Double, found String "NaN""#])
    }
}
