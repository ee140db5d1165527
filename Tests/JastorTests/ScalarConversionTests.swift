import Foundation
import Jastor
import Testing

private enum Ratio: Double, JastorValue {
    case zero = 0.0
    case half = 0.5
}

private enum Place: String, JastorValue {
    case cafe = "caf\u{E9}"
    case bar
}

private enum Level: Int8, JastorValue {
    case low = 1
    case high = 2
}

private enum Count: UInt, JastorValue {
    case one = 1
    case two = 2
}

/// Enums whose raw values `==` matches in another spelling, and enums of narrow raw types.
private final class Cased: JastorObject {
    var ratio = Ratio.half
    var place = Place.bar
    var places: [Place] = []
    var level = Level.low
    var levels: [Level] = []
    var count = Count.one

    override class var properties: [JastorProperty] {
        register(\.ratio, \.place, \.places, \.level, \.levels, \.count)
    }
}

/// Enums whose own `init?(rawValue:)` folds raw values into cases whose raw values differ, one per
/// raw type: each keeps the case and writes its raw value, not the one read.
private enum FoldedLevel: Int, JastorValue {
    case low = 1
    case high = 2

    init?(rawValue: Int) {
        switch rawValue {
        case ...1: self = .low
        default: self = .high
        }
    }
}

private enum FoldedTiny: Int8, JastorValue {
    case negative = -1
    case positive = 1

    init?(rawValue: Int8) { self = rawValue < 0 ? .negative : .positive }
}

private enum FoldedCount: UInt, JastorValue {
    case few = 1
    case many = 100

    init?(rawValue: UInt) { self = rawValue < 10 ? .few : .many }
}

private enum FoldedAmount: Decimal, JastorValue {
    case one = 1
    case two = 2

    init?(rawValue: Decimal) { self = rawValue < 2 ? .one : .two }
}

private enum FoldedRatio: Double, JastorValue {
    case zero = 0
    case half = 0.5

    init?(rawValue: Double) { self = rawValue < 0.25 ? .zero : .half }
}

/// A `Bool` raw value, which no `enum`'s raw type can be: every value reads as `.on`.
private enum FoldedSwitch: RawRepresentable, JastorValue {
    case on

    init?(rawValue: Bool) { self = .on }
    var rawValue: Bool { true }
}

/// Matches its cases' raw values in any letter case.
private enum FoldedMood: String, JastorValue {
    case calm
    case angry

    init?(rawValue: String) {
        switch rawValue.lowercased() {
        case "calm": self = .calm
        case "angry": self = .angry
        default: return nil
        }
    }
}

/// One property of each folding enum.
private final class Folded: JastorObject {
    var level = FoldedLevel.low
    var levels: [FoldedLevel] = []
    var tiny = FoldedTiny.positive
    var count = FoldedCount.few
    var amount = FoldedAmount.one
    var ratio = FoldedRatio.zero
    var flag = FoldedSwitch.on
    var mood = FoldedMood.calm

    override class var properties: [JastorProperty] {
        register(\.level, \.levels, \.tiny, \.count, \.amount, \.ratio, \.flag, \.mood)
    }
}

/// Every supported type, each coercion, and each coercion's failure.
@Suite struct ScalarConversionTests {
    @Test func mapsEverySupportedType() throws {
        var issues: [JastorIssue] = []
        let model = Everything(dictionary: try Fixtures.dictionary("everything"), issues: &issues)
        #expect(issues.isEmpty, "\(issues)")
        #expect(model.string == "hello")
        #expect(model.bool == true)
        #expect(model.int == -42)
        #expect(model.int8 == -128)
        #expect(model.int16 == 32767)
        #expect(model.int32 == -2_147_483_648)
        #expect(model.int64 == 505_874_924_095_815_681)
        #expect(model.uint == UInt.max)
        #expect(model.uint8 == 255)
        #expect(model.uint16 == 65535)
        #expect(model.uint32 == 4_294_967_295)
        #expect(model.uint64 == UInt64.max)
        #expect(model.double == 68.5)
        #expect(model.float == 0.25)
        #expect(model.decimal == Decimal(string: "19.99"))
        #expect(model.date == Date(timeIntervalSince1970: 1_409_307_120.25))
        #expect(model.url == URL(string: "https://example.com/a?b=c"))
        #expect(model.uuid == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(model.data == Data("Jastor".utf8))
        #expect(model.colour == .green)
        #expect(model.priority == .high)
        #expect(model.optionalString == "set")
        #expect(model.strings == ["a", "b"])
        #expect(model.matrix == [[1, 2], [3], []])
        #expect(model.scores == ["alice": 1.5, "bob": 2])
        #expect(try Fixtures.canonical(model.metadata) == #"{"flag":false,"nested":{"deep":[1,"two",null]}}"#)
        #expect(try Fixtures.canonical(model.anything) == #"[1,"two",{"three":3}]"#)
    }

    /// A `UUID` and `Data` hold values, not spellings.
    ///
    /// A `UUID` in any case reads, and is written back in `uuidString`'s upper case. Base64 whose
    /// unused bits are set (`"QR=="`) reads leniently and is written back canonical (`"QQ=="`).
    /// A case matched by `==` in another spelling of its raw value (`-0.0` for `0.0`, `"cafe\u{301}"`
    /// for `"café"`) is written back in the case's: kept and reported.
    @Test func anEnumCaseReadInAnotherSpellingIsReported() throws {
        var issues: [JastorIssue] = []
        let model = try Cased(
            json: Data("{\"ratio\": -0.0, \"place\": \"cafe\u{301}\", \"places\": [\"bar\", \"cafe\u{301}\"]}".utf8),
            issues: &issues)
        #expect(model.ratio == .zero && model.place == .cafe && model.places == [.bar, .cafe])
        let place =
            "expected Place written back as read, found String \"cafe\u{301}\" (kept as Place.cafe, written \"caf\u{E9}\")"
        #expect(
            issues.map(\.description) == [
                "ratio: expected Ratio written back as read, found Number -0.0 (kept as Ratio.zero, written 0)",
                "place: " + place, "places[1]: " + place,
            ])
        var quiet: [JastorIssue] = []
        _ = try Cased(
            json: Data("{\"ratio\": 0.0, \"place\": \"caf\u{E9}\", \"places\": [\"bar\"]}".utf8), issues: &quiet)
        #expect(quiet.isEmpty, "\(quiet)")
    }

    /// An enum's mismatch names the enum whatever its raw type refused, out of range too.
    @Test func enumMismatchesNameTheEnum() throws {
        var issues: [JastorIssue] = []
        _ = try Cased(json: Data(#"{"level": 300, "levels": [1, 3, -200], "count": -1}"#.utf8), issues: &issues)
        #expect(
            issues.map(\.description) == [
                "level: expected Level, found Number 300", "levels[1]: expected Level, found Number 3",
                "levels[2]: expected Level, found Number -200", "count: expected Count, found Number -1",
            ])
    }

    @Test func uuidAndDataKeepValuesNotSpellings() throws {
        var issues: [JastorIssue] = []
        let model = Everything(
            dictionary: ["uuid": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "data": "QR=="], issues: &issues)
        #expect(issues.isEmpty, "\(issues)")
        #expect(model.uuid == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(model.data == Data([0x41]))
        let written = model.toDictionary()
        #expect(written["uuid"] as? String == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(written["data"] as? String == "QQ==")
    }

    /// A number handed over as a value becomes the text JSON would hold for it: a negative zero
    /// keeps its sign, as `-0` in JSON text does.
    @Test func numbersBecomeTheirJSONTextInStrings() throws {
        let values: [(Any, String)] = [
            (-0.0, "-0"), (0.0, "0"), (Float(-0.0), "-0"), (NSNumber(value: -0.0), "-0"), (2.5, "2.5"),
            (Float(0.1), "0.1"), (-3.0, "-3"),
        ]
        for (value, text) in values {
            #expect(Everything(dictionary: ["string": value]).string == text, "\(value)")
        }
        #expect(try Everything(json: Data(#"{"string": -0}"#.utf8)).string == "-0")
    }

    @Test func coercesLosslessly() throws {
        var issues: [JastorIssue] = []
        let model = Everything(dictionary: try Fixtures.dictionary("everything_coerced"), issues: &issues)
        #expect(issues.isEmpty, "\(issues)")
        #expect(model.string == "94015")
        #expect(model.bool == true)
        #expect(model.int == 225)
        #expect(model.int8 == 12)
        #expect(model.int64 == 505_874_924_095_815_681)
        #expect(model.uint8 == 200)
        #expect(model.double == 68.5)
        #expect(model.float == 3)
        #expect(model.decimal == Decimal(string: "12345678901234567890.123"))
        #expect(model.date == Date(timeIntervalSince1970: 1_409_307_120))
        #expect(model.priority == .low)
    }

    @Test func reportsEveryMismatchAndKeepsDefaults() throws {
        var issues: [JastorIssue] = []
        let model = Everything(dictionary: try Fixtures.dictionary("bad_types"), issues: &issues)
        let expected = [
            #"string: expected String, found Bool true"#,
            #"bool: expected Bool, found Number 2"#,
            #"int: expected Int, found Number 1.5"#,
            #"int8: expected Int8, found Number 300"#,
            #"int64: expected Int64, found String "abc""#,
            #"uint8: expected UInt8, found Number -1"#,
            #"double: expected Double, found String "1e400""#,
            #"float: expected Float, found Number 1e+300"#,
            #"decimal: expected Decimal, found String "12abc""#,
            #"date: expected Date, found String "yesterday""#,
            #"url: expected URL, found String """#,
            #"uuid: expected UUID, found String "not-a-uuid""#,
            #"data: expected Data, found String "%%%""#,
            #"colour: expected Colour, found String "purple""#,
            #"priority: expected Priority, found Number 3"#,
            #"strings: expected [String], found String "not an array""#,
            #"matrix[0][1]: expected Int, found String "x""#,
            #"matrix[1]: expected [Int], found Number 2"#,
            #"scores.alice: expected Double, found String "high""#,
            #"metadata: expected [String: Any], found Array"#,
            #"anything: expected [Any], found Object"#,
        ]
        #expect(issues.map(\.description).sorted() == expected.sorted())
        #expect(model.string == "")
        #expect(model.int8 == 0)
        #expect(model.uint8 == 0)
        #expect(model.double == 0)
        #expect(model.colour == .red)
        #expect(model.priority == nil)
        #expect(model.url == nil)
        #expect(model.matrix == [[1]], "the row that fits is kept, the element and row that do not are left out")
        #expect(model.scores == ["bob": 2])
    }

    @Test func classifiesMismatchKinds() throws {
        var issues: [JastorIssue] = []
        _ = Everything(dictionary: try Fixtures.dictionary("bad_types"), issues: &issues)
        let kinds = Dictionary(issues.map { ($0.path.description, $0.kind) }, uniquingKeysWith: { first, _ in first })
        #expect(kinds["int8"] == .valueOutOfRange)
        #expect(kinds["int"] == .valueOutOfRange)
        #expect(kinds["double"] == .valueOutOfRange)
        #expect(kinds["string"] == .typeMismatch)
        #expect(kinds["int64"] == .invalidValue)
        #expect(kinds["colour"] == .invalidValue)
    }

    @Test(arguments: [("false", false), ("true", true)])
    func readsBooleansFromStrings(text: String, expected: Bool) {
        #expect(Everything(dictionary: ["bool": text]).bool == expected)
    }

    @Test(arguments: ["1", "0", "yes", "TRUE", ""])
    func rejectsOtherBooleanStrings(text: String) {
        var issues: [JastorIssue] = []
        let model = Everything(dictionary: ["bool": text], issues: &issues)
        #expect(model.bool == false)
        #expect(issues.map(\.description) == ["bool: expected Bool, found String \(text.debugDescription)"])
    }

    @Test(arguments: [(0, false), (1, true)])
    func readsBooleansFromZeroAndOne(number: Int, expected: Bool) {
        let model = Everything(dictionary: ["bool": !expected])
        #expect(model.bool == !expected)
        #expect(Everything(dictionary: ["bool": number]).bool == expected)
    }

    @Test func doubleBecomesAnIntegerOnlyWhenExact() {
        #expect(Everything(dictionary: ["int": 42.0]).int == 42)
        #expect(Everything(dictionary: ["int": 42.5]).int == 0)
        #expect(Everything(dictionary: ["int64": 1e19]).int64 == 0, "beyond Int64 is out of range")
        #expect(Everything(dictionary: ["uint64": 1e19]).uint64 == 10_000_000_000_000_000_000)
    }

    @Test func integerBeyondTwoToThe53IsNotRoundedIntoADouble() {
        var issues: [JastorIssue] = []
        let model = Everything(dictionary: ["double": 9_007_199_254_740_993 as Int64], issues: &issues)
        #expect(model.double == 0)
        #expect(issues.map(\.description) == ["double: expected Double, found Number 9007199254740993"])
    }

    @Test func numericStringsFollowJSONGrammar() {
        #expect(Everything(dictionary: ["int": "+5"]).int == 0)
        #expect(Everything(dictionary: ["int": " 5"]).int == 0)
        #expect(Everything(dictionary: ["double": "0x10"]).double == 0)
        #expect(Everything(dictionary: ["double": "nan"]).double == 0)
        #expect(Everything(dictionary: ["double": "-2.5e3"]).double == -2500)
        #expect(Everything(dictionary: ["decimal": "-0.001"]).decimal == Decimal(string: "-0.001"))
    }

    /// A URL is taken as written: text `URL(string:)` would percent-encode first (and older
    /// Foundations refuse) would write back different, so it is an issue.
    @Test(arguments: ["https://example.com/a b", "not a url", "https://example.com/ü"])
    func aURLThatWouldBePercentEncodedIsReported(text: String) throws {
        var issues: [JastorIssue] = []
        let model = Everything(dictionary: ["url": text], issues: &issues)
        #expect(model.url == nil)
        #expect(issues.map(\.description) == ["url: expected URL, found String \(text.debugDescription)"])
        let encoded = "https://example.com/a%20b?q=%C3%BC#f"
        let kept = try Everything(validating: ["url": encoded])
        #expect(kept.url?.absoluteString == encoded)
        #expect(kept.toDictionary()["url"] as? String == encoded)
    }

    @Test func datesAcceptISO8601VariantsAndEpochSeconds() {
        let reference = Date(timeIntervalSince1970: 1_409_307_120)
        #expect(Everything(dictionary: ["date": "2014-08-29T10:12:00Z"]).date == reference)
        #expect(Everything(dictionary: ["date": "2014-08-29T12:12:00+02:00"]).date == reference)
        #expect(Everything(dictionary: ["date": 1_409_307_120.5]).date == reference.addingTimeInterval(0.5))
        #expect(Everything(dictionary: ["date": "2014-08-29T10:12:00.5Z"]).date == reference.addingTimeInterval(0.5))
    }

    @Test func floatRoundsToNearestButRejectsOverflow() {
        #expect(Everything(dictionary: ["float": 0.1]).float == Float(0.1))
        #expect(Everything(dictionary: ["float": 1e39]).float == 0)
    }

    /// A number too small for `Float` (it would read as zero) is out of range, as it is from text;
    /// an integer handed over as a `Decimal` must be exact in `Float`, as its literal must.
    @Test func floatRefusesUnderflowAndInexactIntegersFromEveryInput() throws {
        let inputs: [(Any, String)] = [
            (1e-50, "Number 1e-50"), (Double.leastNonzeroMagnitude, "Number 5e-324"),
            (NSNumber(value: 1e-46), "Number 1e-46"),
            (Decimal(string: "1e-50")!, "Number 0.\(String(repeating: "0", count: 49))1"),
            (NSDecimalNumber(string: "16777217"), "Number 16777217"),
            (Decimal(16_777_217), "Number 16777217"),
            // `Decimal` keeps trailing zeros in its exponent: still an integer, still exact or refused.
            (Decimal(167_772_170), "Number 167772170"),
        ]
        for (value, found) in inputs {
            var issues: [JastorIssue] = []
            let model = Everything(dictionary: ["float": value], issues: &issues)
            #expect(model.float == 0)
            #expect(issues.map(\.description) == ["float: expected Float, found \(found)"], "\(value)")
            #expect(issues.map(\.kind) == [.valueOutOfRange])
        }
        var doubleIssues: [JastorIssue] = []
        _ = Everything(dictionary: ["double": Decimal(string: "90071992547409930")!], issues: &doubleIssues)
        #expect(doubleIssues.map(\.description) == ["double: expected Double, found Number 90071992547409930"])
        // The same text from bytes says the same.
        var issues: [JastorIssue] = []
        _ = try Everything(json: Data(#"{"float": 1e-50}"#.utf8), issues: &issues)
        #expect(issues.map(\.description) == ["float: expected Float, found Number 1e-50"])
        // Subnormal floats and exact integers are kept.
        #expect(Everything(dictionary: ["float": 1e-45]).float == Float(1e-45))
        #expect(Everything(dictionary: ["float": Decimal(16_777_216)]).float == 16_777_216)
    }

    @Test func decimalFromADoubleUsesItsShortestText() {
        #expect(Everything(dictionary: ["decimal": 9.99]).decimal == Decimal(string: "9.99"))
    }

    /// JSON has no NaN: a `Decimal`'s NaN handed over in a dictionary (`Decimal.nan`,
    /// `NSDecimalNumber.notANumber`) is refused as a `Double`'s is, so `toDictionary()` stays JSON.
    @Test func decimalNaNIsRefusedAsADoublesNaNIs() throws {
        for nan in [Decimal.nan as Any, NSDecimalNumber.notANumber] {
            var issues: [JastorIssue] = []
            let model = Everything(dictionary: ["decimal": nan], issues: &issues)
            #expect(model.decimal == 0)
            #expect(issues.map(\.description) == ["decimal: expected a finite Decimal, found Number NaN"])
            #expect(JSONSerialization.isValidJSONObject(model.toDictionary()))
            #expect(throws: JastorError.self) { try Everything(validating: ["decimal": nan]) }
        }
        var issues: [JastorIssue] = []
        _ = Everything(dictionary: ["double": Double.nan], issues: &issues)
        #expect(issues.map(\.description) == ["double: expected a finite Double, found Number nan"])
    }

    /// An enum whose own `init?(rawValue:)` gives a case for another raw value (`7` read as
    /// `.high`, whose raw value is `2`) keeps the case and is reported with what it writes, for
    /// every raw type, leniently and strictly; a case read as its own raw value is quiet.
    @Test func aCaseFoldedFromAnotherRawValueIsReported() throws {
        let json = Data(
            #"{"level": 7, "levels": [1, 0, 2], "tiny": -5, "count": 9, "amount": 1.5, "ratio": 0.1, "flag": false, "mood": "CALM"}"#
                .utf8)
        let expected = [
            "level: expected FoldedLevel written back as read, found Number 7 (kept as FoldedLevel.high, written 2)",
            "levels[1]: expected FoldedLevel written back as read, found Number 0 (kept as FoldedLevel.low, written 1)",
            "tiny: expected FoldedTiny written back as read, found Number -5 (kept as FoldedTiny.negative, written -1)",
            "count: expected FoldedCount written back as read, found Number 9 (kept as FoldedCount.few, written 1)",
            "amount: expected FoldedAmount written back as read, found Number 1.5 (kept as FoldedAmount.one, written 1)",
            "ratio: expected FoldedRatio written back as read, found Number 0.1 (kept as FoldedRatio.zero, written 0)",
            "flag: expected FoldedSwitch written back as read, found Bool false (kept as FoldedSwitch.on, written true)",
            #"mood: expected FoldedMood written back as read, found String "CALM" (kept as FoldedMood.calm, written "calm")"#,
        ]
        var issues: [JastorIssue] = []
        let model = try Folded(json: json, issues: &issues)
        #expect(issues.map(\.description) == expected)
        #expect(model.level == .high && model.levels == [.low, .low, .high] && model.tiny == .negative)
        #expect(model.count == .few && model.amount == .one && model.ratio == .zero && model.mood == .calm)
        #expect(
            String(decoding: try model.jsonData(options: .sortedKeys), as: UTF8.self)
                == #"{"amount":1,"count":1,"flag":true,"level":2,"levels":[1,1,2],"mood":"calm","ratio":0,"tiny":-1}"#)
        let thrown = #expect(throws: JastorError.self) { try Folded(validatingJSON: json) }
        #expect(thrown?.issues.map(\.description) == expected)
        var dictionaryIssues: [JastorIssue] = []
        _ = Folded(
            dictionary: try JSONSerialization.jsonObject(with: json) as? [String: Any] ?? [:], issues: &dictionaryIssues
        )
        #expect(dictionaryIssues.map(\.description) == expected)

        let asWritten = Data(
            #"{"level": 2, "levels": [1], "tiny": -1, "count": 100, "amount": 2, "ratio": 0.5, "flag": true, "mood": "angry"}"#
                .utf8)
        var quiet: [JastorIssue] = []
        let same = try Folded(json: asWritten, issues: &quiet)
        #expect(quiet.isEmpty, "\(quiet)")
        #expect(try Folded(validatingJSON: try same.jsonData()) == same)
    }

    /// Over random raw values of a folding enum: an issue exactly when the value read is not the
    /// kept case's raw value, naming both, and the case's raw value written.
    @Test func aFoldingEnumIsQuietExactlyWhenItsValueIsWrittenBack() throws {
        let seed: UInt64 = 0xF01D_0015
        print("ScalarConversionTests.aFoldingEnumIsQuietExactlyWhenItsValueIsWrittenBack seed \(seed)")
        var random = SeededRandom(seed: seed)
        let words = ["calm", "angry", "calmer", "ANGRY"]
        for index in 0..<2_000 {
            let number = Int.random(in: -4...6, using: &random)
            // A word in random letter case: most read as a case in another spelling.
            let text = String(
                words.randomElement(using: &random)!.map { letter in
                    Bool.random(using: &random) ? Character(letter.uppercased()) : Character(letter.lowercased())
                })
            let json = Data("{\"level\": \(number), \"mood\": \(text.debugDescription)}".utf8)
            var issues: [JastorIssue] = []
            let model = try Folded(json: json, issues: &issues)
            let level = number <= 1 ? FoldedLevel.low : .high
            var expected: [String] = []
            if level.rawValue != number {
                expected.append(
                    "level: expected FoldedLevel written back as read, found Number \(number) "
                        + "(kept as FoldedLevel.\(level), written \(level.rawValue))")
            }
            if let mood = FoldedMood(rawValue: text) {
                #expect(model.mood == mood, "seed \(seed), case \(index): \(text)")
                if mood.rawValue != text {
                    expected.append(
                        "mood: expected FoldedMood written back as read, found String \(text.debugDescription) "
                            + "(kept as FoldedMood.\(mood), written \(mood.rawValue.debugDescription))")
                }
            } else {
                expected.append("mood: expected FoldedMood, found String \(text.debugDescription)")
            }
            #expect(model.level == level, "seed \(seed), case \(index): \(number)")
            #expect(issues.map(\.description) == expected, "seed \(seed), case \(index)")
            let written = try JSONSerialization.jsonObject(with: try model.jsonData()) as? [String: Any]
            #expect(written?["level"] as? Int == level.rawValue, "seed \(seed), case \(index)")
        }
    }
}
