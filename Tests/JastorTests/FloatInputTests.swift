import Foundation
import Testing

@testable import Jastor

/// A `Float` handed over in a dictionary (or as `NSNumber(value: Float)`) converts as the `Double`
/// of the same value, except where text is made, which is the `Float`'s own shortest text.
@Suite struct FloatInputTests {
    @Test func aStringGetsTheFloatsOwnText() {
        var issues: [JastorIssue] = []
        let model = FloatTargets(dictionary: ["string": Float(0.1)], issues: &issues)
        #expect(issues.isEmpty, "\(issues)")
        #expect(model.string == "0.1")
        let fromNumber = FloatTargets(dictionary: ["string": NSNumber(value: Float(0.1))], issues: &issues)
        #expect(fromNumber.string == "0.1")
        let integral = FloatTargets(dictionary: ["string": Float(1e10)], issues: &issues)
        // Written as Jastor writes the `Double` of the same shortest digits.
        #expect(integral.string == "10000000000")
        #expect(integral.string == FloatTargets(dictionary: ["string": Double(1e10)], issues: &issues).string)
        let large = FloatTargets(dictionary: ["string": Float(123_456_789)], issues: &issues)
        #expect(large.string == "123456790")
        let huge = FloatTargets(dictionary: ["string": Float.greatestFiniteMagnitude], issues: &issues)
        #expect(huge.string == "3.4028235e+38")
        let small = FloatTargets(dictionary: ["string": Float(16_777_216)], issues: &issues)
        #expect(small.string == "16777216")
        #expect(issues.isEmpty, "\(issues)")
    }

    /// `Float` exactly; `Double` the exact value of the `Float` (a `Double` property holds every
    /// `Float`); `Decimal` by the `Float`'s shortest text, as a `Double` is by its own.
    @Test func numbersGetTheFloatsValue() {
        var issues: [JastorIssue] = []
        let model = FloatTargets(
            dictionary: ["float": Float(0.1), "double": Float(0.1), "decimal": Float(0.1), "int": Float(1e10)],
            issues: &issues)
        #expect(issues.isEmpty, "\(issues)")
        #expect(model.float == Float(0.1))
        #expect(model.double == Double(Float(0.1)))
        #expect(model.double == 0.100000001490116119384765625)
        #expect(model.decimal == Decimal(string: "0.1"))
        #expect(model.int == 10_000_000_000)
        let flags = FloatTargets(dictionary: ["bool": Float(1)], issues: &issues)
        #expect(flags.bool == true)
        #expect(issues.isEmpty, "\(issues)")
    }

    @Test func issuesNameTheFloatsText() {
        var issues: [JastorIssue] = []
        _ = FloatTargets(dictionary: ["int": Float(0.1), "bool": Float(0.5)], issues: &issues)
        #expect(
            issues.map(\.description).sorted() == [
                "bool: expected Bool, found Number 0.5",
                "int: expected Int, found Number 0.1",
            ])
    }

    /// An untyped `Float` is written as the `Double` with its shortest text, as a `Float` property
    /// is, by every output; each reads back as that number.
    @Test func anUntypedFloatIsWrittenAsItsText() throws {
        var issues: [JastorIssue] = []
        let model = FloatTargets(
            dictionary: ["any": ["f": Float(0.1), "n": NSNumber(value: Float(2.5))]], issues: &issues)
        #expect(issues.isEmpty, "\(issues)")
        let output = model.toDictionary()["any"] as? [String: Any]
        #expect(output?["f"] as? Double == 0.1)
        #expect(output?["n"] as? Double == 2.5)
        #expect(
            try model.jsonString()
                == #"{"string":"unset","float":7,"double":7,"decimal":7,"int":7,"bool":false,"any":{"f":0.1,"n":2.5}}"#)
        for format in [JastorArchiveFormat.json, .binaryPropertyList] {
            let copy = try FloatTargets.unarchive(from: try model.archivedData(format: format))
            let any = copy.any
            #expect(any["f"] as? Double == 0.1, "\(format)")
            #expect(any["n"] as? Double == 2.5, "\(format)")
        }
        let decoded = try JSONDecoder().decode(FloatTargets.self, from: try JSONEncoder().encode(model))
        #expect(decoded.any["f"] as? Double == 0.1)
    }

    /// The law: a random `Float` into each target type gives what its shortest text in JSON bytes
    /// gives, or the same issue; a `Double` target holds the `Float`'s exact value.
    @Test(arguments: [UInt64(0xF10A_0001), 0xF10A_0002])
    func aFloatConvertsAsItsText(seed: UInt64) throws {
        print("FloatInputTests seed \(seed)")
        var random = SeededRandom(seed: seed)
        let specials: [Float] = [
            0, -0.0, 1, -1, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
            -.greatestFiniteMagnitude, 0.1, 1e10, 16_777_216, Float(16_777_216).nextUp, .nan, .infinity, -.infinity,
        ]
        let randoms = (0..<2_000).map { _ in Float(bitPattern: UInt32.random(in: 0...UInt32.max, using: &random)) }
        for value in specials + randoms {
            var dictionaryIssues: [JastorIssue] = []
            let fromDictionary = FloatTargets(dictionary: FloatTargets.keys(value), issues: &dictionaryIssues)
            #expect(fromDictionary.double.bitPattern == (value.isFinite ? Double(value) : 7).bitPattern, "\(value)")
            guard value.isFinite else {
                // An untyped dictionary keeps a non-finite number (archives write it; JSON output
                // reports it).
                #expect(
                    dictionaryIssues.map(\.path.description) == [
                        "string", "float", "double", "decimal", "int", "bool",
                    ],
                    "\(value): \(dictionaryIssues)")
                continue
            }
            // `-0` keeps its sign in JSON text, and in a string.
            let text = NumberText.text(value)
            var textIssues: [JastorIssue] = []
            let fields = FloatTargets.keys(value).keys.sorted().map {
                $0 == "any" ? #""any":{"f":\#(text)}"# : #""\#($0)":\#(text)"#
            }
            let fromText = try FloatTargets(json: Data("{\(fields.joined(separator: ","))}".utf8), issues: &textIssues)
            // The text's `Double` is the nearest to the text, not the `Float`'s value; an integer is
            // the `Float`'s value too (`6.1304726e+14` is the text of the `Float` 613047257268224).
            textIssues.removeAll { ["double", "int"].contains($0.path.description) }
            let intIssues = dictionaryIssues.filter { $0.path.description == "int" }
            dictionaryIssues.removeAll { $0.path.description == "int" }
            #expect(fromDictionary.int == Int(exactly: value) ?? 7, "seed \(seed), \(value)")
            #expect(intIssues.count == (Int(exactly: value) == nil ? 1 : 0), "seed \(seed), \(value)")
            #expect(
                dictionaryIssues.map(\.description) == textIssues.map(\.description), "seed \(seed), \(value)")
            #expect(fromDictionary.float.bitPattern == fromText.float.bitPattern, "seed \(seed), \(value)")
            #expect(fromDictionary.float.bitPattern == value.bitPattern, "seed \(seed), \(value)")
            #expect(fromDictionary.string == fromText.string, "seed \(seed), \(value)")
            #expect(fromDictionary.bool == fromText.bool, "seed \(seed), \(value)")
            #expect(fromDictionary.decimal == fromText.decimal, "seed \(seed), \(value)")
            #expect(
                Self.number(in: fromDictionary) == Self.number(in: fromText), "seed \(seed), \(value)")
            #expect(
                Self.number(in: try FloatTargets(json: try fromDictionary.jsonData())) == Self.number(in: fromText),
                "seed \(seed), \(value)")
        }
    }

    /// The number under `any.f` in `toDictionary()`, whether held as an integer or not.
    private static func number(in model: FloatTargets) -> Double? {
        let number = (model.toDictionary()["any"] as? [String: Any])?["f"]
        return (number as? Double) ?? (number as? Int).flatMap { Double(exactly: $0) }
    }
}

/// One property of each type a `Float` may be handed to.
final class FloatTargets: JastorObject {
    var string = "unset"
    var float: Float = 7
    var double: Double = 7
    var decimal: Decimal = 7
    var int = 7
    var bool = false
    var any: [String: Any] = [:]

    /// The value under each key.
    static func keys(_ value: Float) -> [String: Any] {
        [
            "string": value, "float": value, "double": value, "decimal": value, "int": value, "bool": value,
            "any": ["f": value],
        ]
    }

    override class var properties: [JastorProperty] {
        register {
            \.string
            \.float
            \.double
            \.decimal
            \.int
            \.bool
            \.any
        }
    }
}
