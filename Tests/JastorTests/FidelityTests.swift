import Foundation
import Jastor
import Testing

private final class Plugin: JastorObject {
    var name = ""
    var labels: [String]?
    var dependencies: [String: String]?
    var excerpt: String?
    var tags: [String]? = []

    override class var properties: [JastorProperty] {
        [
            .init("name", \Plugin.name), .init("labels", \Plugin.labels),
            .init("dependencies", \Plugin.dependencies), .init("excerpt", \Plugin.excerpt), .init("tags", \Plugin.tags),
        ]
    }
}

private final class UpdateCenter: JastorObject {
    var plugins: [Plugin] = []

    override class var properties: [JastorProperty] { [.init("plugins", \UpdateCenter.plugins)] }
}

private final class Sentinels: JastorObject {
    var text = ""
    var texts: [String] = []
    var anything: [Any] = []
    var metadata: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        [
            .init("text", \Sentinels.text), .init("texts", \Sentinels.texts),
            .init("anything", \Sentinels.anything), .init("metadata", \Sentinels.metadata),
        ]
    }
}

private final class Numbers: JastorObject {
    var fractionIntoUInt64: UInt64 = 7
    var tinyFractionIntoInt = 7
    var piIntoDecimal: Decimal = 7
    var piIntoString = ""
    var nineties39IntoDecimal: Decimal = 7
    var nineties39IntoString = ""
    var digits43IntoString = ""
    var digits43IntoDecimal: Decimal = 7
    var tinyIntoString = ""
    var tinyIntoDecimal: Decimal = 7
    var twoPow53PlusOneIntoDouble = 7.0
    var twoPow53PlusOneTextIntoDouble = 7.0
    var wholeFractionIntoInt = 7
    var decimalText45: Decimal = 7
    var nan = Decimal.nan

    override class var properties: [JastorProperty] {
        [
            .init("fractionIntoUInt64", \Numbers.fractionIntoUInt64),
            .init("tinyFractionIntoInt", \Numbers.tinyFractionIntoInt),
            .init("piIntoDecimal", \Numbers.piIntoDecimal), .init("piIntoString", \Numbers.piIntoString),
            .init("nineties39IntoDecimal", \Numbers.nineties39IntoDecimal),
            .init("nineties39IntoString", \Numbers.nineties39IntoString),
            .init("digits43IntoString", \Numbers.digits43IntoString),
            .init("digits43IntoDecimal", \Numbers.digits43IntoDecimal),
            .init("tinyIntoString", \Numbers.tinyIntoString), .init("tinyIntoDecimal", \Numbers.tinyIntoDecimal),
            .init("twoPow53PlusOneIntoDouble", \Numbers.twoPow53PlusOneIntoDouble),
            .init("twoPow53PlusOneTextIntoDouble", \Numbers.twoPow53PlusOneTextIntoDouble),
            .init("wholeFractionIntoInt", \Numbers.wholeFractionIntoInt),
            .init("decimalText45", \Numbers.decimalText45), .init("nan", \Numbers.nan),
        ]
    }
}

private final class Amount: JastorObject {
    var value: Decimal = 0

    override class var properties: [JastorProperty] { [.init("value", \Amount.value)] }
}

private final class Zip: JastorObject {
    var zip = ""

    override class var properties: [JastorProperty] { [.init("zip", \Zip.zip, transform: .numberEncoded)] }
}

private final class Stamp: JastorObject {
    var at = Date(timeIntervalSince1970: 0)
    var seen: [Date] = []

    override class var properties: [JastorProperty] { [.init("at", \Stamp.at), .init("seen", \Stamp.seen)] }
}

private final class EpochStamp: JastorObject {
    var at = Date(timeIntervalSince1970: 0)
    var seen: [Date]?
    var iso = Date(timeIntervalSince1970: 0)

    override class var dateTransform: JastorTransform<Date>? { .secondsSince1970 }
    override class var properties: [JastorProperty] {
        [
            .init("at", \EpochStamp.at), .init("seen", \EpochStamp.seen),
            .init("iso", \EpochStamp.iso, transform: .iso8601),
        ]
    }
}

private final class PropertyListRecord: JastorObject {
    var date = Date(timeIntervalSince1970: 0)
    var data = Data()
    var extra: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        [
            .init("date", \PropertyListRecord.date), .init("data", \PropertyListRecord.data),
            .init("extra", \PropertyListRecord.extra),
        ]
    }
}

/// What goes in comes back: through `toDictionary()`, both archive formats and equality, every value
/// is the one handed over, or an issue names it.
@Suite struct FidelityTests {
    private static let formats: [JastorArchiveFormat] = [.json, .binaryPropertyList]

    private func archived<Model: JastorObject>(_ model: Model, _ format: JastorArchiveFormat) throws -> Model {
        try Model.unarchive(from: try model.archivedData(format: format))
    }

    // MARK: Empty is not nil

    @Test func anEmptyOptionalCollectionIsNotNil() throws {
        let center = UpdateCenter(dictionary: try Fixtures.dictionary("fidelity/jenkins_plugins"))
        let ant = try #require(center.plugins.first)
        #expect(ant.labels == [] && ant.dependencies == [:] && ant.excerpt == "")
        #expect(center.plugins[2].labels == nil && center.plugins[2].dependencies == nil)
        let written = try #require(center.toDictionary()["plugins"] as? [[String: Any]])
        #expect(written[0]["labels"] as? [String] == [] && written[0]["dependencies"] as? [String: String] == [:])
        #expect(written[0]["excerpt"] as? String == "")
        #expect(written[2]["labels"] == nil && written[2]["excerpt"] == nil)
        let copies =
            [UpdateCenter(dictionary: center.toDictionary())] + (try Self.formats.map { try archived(center, $0) })
        for copy in copies {
            #expect(copy == center)
            #expect(copy.plugins.map(\.labels) == [[], ["scm"], nil])
            #expect(copy.plugins.map(\.excerpt) == ["", "Git for Jenkins", nil])
        }
    }

    @Test func nilIsWrittenWhenTheDefaultIsAnEmptyCollection() throws {
        let plugin = Plugin()
        plugin.tags = nil
        #expect(plugin.toDictionary()["tags"] is NSNull)
        #expect(Plugin(dictionary: plugin.toDictionary()).tags == nil)
        #expect(Plugin().toDictionary()["tags"] == nil)
        #expect(Plugin() != plugin)
        for format in Self.formats {
            #expect(try archived(plugin, format).tags == nil)
        }
    }

    // MARK: Sentinel-like strings

    @Test func stringsThatLookLikeArchiveMarkersComeBackAsStrings() throws {
        let json = try Fixtures.dictionary("fidelity/sentinel_strings")
        let model = try Sentinels(validating: json)
        for format in Self.formats {
            let copy = try archived(model, format)
            #expect(copy == model)
            #expect(copy.text == "$null")
            #expect(copy.texts == json["texts"] as? [String])
            #expect(try Fixtures.canonical(copy.anything) == Fixtures.canonical(json["anything"] as Any))
            #expect(try Fixtures.canonical(copy.metadata) == Fixtures.canonical(json["metadata"] as Any))
        }
    }

    @Test func anUnknownMarkerInAnArchiveIsAnError() throws {
        let model = Sentinels()
        model.text = "plain"
        let text = String(decoding: try model.archivedData(format: .json), as: UTF8.self)
        let crafted = Data(text.replacingOccurrences(of: "\"plain\"", with: "\"$what\"").utf8)
        let error = try #require(throws: JastorError.self) { try Sentinels.unarchive(from: crafted) }
        #expect(error.description.contains(#"the unknown marker "$what""#))
    }

    /// A marker where an object key goes (only strings do) makes the archive unreadable in both
    /// formats: it is never read as some other key (it was read as the empty key, silently).
    @Test(arguments: ["$null", "$nan", "$inf", "$-inf", "$decimal:1", "$date:0.0", "$data:AQI=", #"\u0024nan"#])
    func aMarkerAsAnObjectKeyInAnArchiveIsAnError(key: String) throws {
        let model = Sentinels()
        model.metadata = ["plain": 1, "other": 2]
        let text = String(decoding: try model.archivedData(format: .json), as: UTF8.self)
        let crafted = Data(text.replacingOccurrences(of: "\"plain\"", with: "\"\(key)\"").utf8)
        let error = try #require(throws: JastorError.self) { try Sentinels.unarchive(from: crafted) }
        let shown = key.replacingOccurrences(of: #"\u0024"#, with: "$")
        #expect(error.description.contains("the marker \"\(shown)\" as an object key"), "\(error)")

        let tree = try JSONSerialization.jsonObject(with: crafted)
        let propertyList = try PropertyListSerialization.data(fromPropertyList: tree, format: .binary, options: 0)
        let plistError = try #require(throws: JastorError.self) { try Sentinels.unarchive(from: propertyList) }
        #expect(plistError.description.contains("a dictionary key that is not a string"), "\(plistError)")
    }

    /// The class marker where a value goes (the writer spells a string `"$class"` as `"$$class"`)
    /// makes the archive unreadable in both formats: it is never read as the string `"$class"`.
    @Test func theClassMarkerAsAValueInAnArchiveIsAnError() throws {
        let model = Sentinels()
        model.text = "plain"
        model.texts = ["first"]
        for original in [#""plain""#, #""first""#] {
            let text = String(decoding: try model.archivedData(format: .json), as: UTF8.self)
            let crafted = Data(text.replacingOccurrences(of: original, with: #""$class""#).utf8)
            let error = try #require(throws: JastorError.self) { try Sentinels.unarchive(from: crafted) }
            #expect(error.description.contains(#"the class marker "$class" as a value"#), "\(error)")

            let tree = try JSONSerialization.jsonObject(with: crafted)
            let propertyList = try PropertyListSerialization.data(fromPropertyList: tree, format: .binary, options: 0)
            let plistError = try #require(throws: JastorError.self) { try Sentinels.unarchive(from: propertyList) }
            #expect(plistError.description.contains(#"the class marker "$class" as a value"#), "\(plistError)")
        }
        // Escaped, it is the string.
        model.text = "$class"
        for format in Self.formats { #expect(try archived(model, format).text == "$class") }
    }

    /// An escaped key (`"$$nan"`, the writer's spelling of the key `"$nan"`) reads back as that key.
    @Test func aKeyThatLooksLikeAMarkerComesBack() throws {
        let model = Sentinels()
        model.metadata = ["$nan": 1, "$$x": 2, "$class": 3]
        for format in Self.formats {
            #expect(try Fixtures.canonical(archived(model, format).metadata) == Fixtures.canonical(model.metadata))
        }
    }

    // MARK: Untyped numbers, dates and data

    @Test func untypedValuesKeepTheirKindAndValueThroughArchives() throws {
        let model = Sentinels()
        let date = Date(timeIntervalSinceReferenceDate: 430_000_000.123_456_7)
        model.anything = [
            NSDecimalNumber(string: "12345678901234567890123"), Decimal(string: "0.30000000000000000001") as Any,
            Double.nan, Double.infinity, -Double.infinity, -0.0, 1e300, Int64.min, UInt64.max, date, Data([0, 1, 255]),
            Decimal.nan,
        ]
        model.metadata = ["when": date, "bytes": Data("Jastor".utf8)]
        for format in Self.formats {
            let copy = try archived(model, format)
            #expect(copy == model)
            let values = copy.anything
            #expect((values[0] as? Decimal) == Decimal(string: "12345678901234567890123"))
            #expect((values[1] as? Decimal) == Decimal(string: "0.30000000000000000001"))
            #expect((values[2] as? Double)?.isNaN == true)
            #expect(values[3] as? Double == .infinity && values[4] as? Double == -.infinity)
            #expect((values[5] as? Double).map { $0 == 0 && $0.sign == .minus } == true)
            #expect(values[6] as? Double == 1e300 && values[7] as? Int == Int(Int64.min))
            #expect(values[8] as? UInt64 == UInt64.max)
            #expect(values[9] as? Date == date && values[10] as? Data == Data([0, 1, 255]))
            #expect((values[11] as? Decimal)?.isNaN == true)
            #expect(copy.metadata["when"] as? Date == date && copy.metadata["bytes"] as? Data == Data("Jastor".utf8))
        }
    }

    @Test func longNumbersFromJSONSerializationStayNumbers() throws {
        let data = Data(
            #"{"anything": [12345678901234567890123, -65.613616999999977, 1.000000000000000005, 0.1]}"#.utf8)
        let fromFoundation = Sentinels(
            dictionary: try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
        let fromBytes = try Sentinels(validatingJSON: data)
        for model in [fromFoundation, fromBytes] {
            for format in Self.formats {
                let values = try archived(model, format).anything
                #expect(values.count == 4)
                #expect(values.allSatisfy { !($0 is String) })
                #expect((values[2] as? Decimal) == Decimal(string: "1.000000000000000005"))
                #expect(values[3] as? Double == 0.1)
            }
        }
        #expect((fromBytes.anything[1] as? Decimal) == Decimal(string: "-65.613616999999977"))
    }

    @Test func aModelHoldingDecimalNaNArchivesAndReadsBack() throws {
        let model = Numbers()
        for format in Self.formats {
            #expect(try archived(model, format).nan.isNaN)
        }
    }

    /// A `Decimal` holds 39 significant digits below 2^128 (`Decimal.greatestFiniteMagnitude` has
    /// them): every output writes them, so every input must read them back.
    @Test(arguments: [
        "170141183460469231731687303715884105727", "-340282366920938463463374607431768211455e127",
        "123456789012345678901234567890123456789e-128",
    ])
    func aDecimalOf39DigitsComesBackThroughEveryOutput(text: String) throws {
        let value = try #require(Decimal(string: text))
        let model = Amount()
        model.value = value
        for format in Self.formats {
            #expect(try archived(model, format) == model)
        }
        #expect(try Amount(validating: model.toDictionary()) == model)
        #expect(try Amount(validatingJSON: try model.jsonData()) == model)
        #expect(try JSONDecoder().decode(Amount.self, from: try JSONEncoder().encode(model)) == model)
        #expect(try Amount(validatingJSONString: #"{"value": \#(text)}"#).value == value)
    }

    @Test func aDecimalFrom2To128IsReportedNotRounded() throws {
        var issues: [JastorIssue] = []
        let model = try Numbers(
            jsonString: #"{"piIntoDecimal": 340282366920938463463374607431768211456}"#, issues: &issues)
        #expect(model.piIntoDecimal == 7)
        #expect(
            issues.map(\.description) == [
                "piIntoDecimal: expected Decimal, found Number 340282366920938463463374607431768211456"
            ])
    }

    @Test func datesAndDataInPropertyListDictionariesAreAccepted() throws {
        let date = Date(timeIntervalSince1970: 1_409_307_120.25)
        let plist: [String: Any] = ["date": date, "data": Data([1, 2]), "extra": ["when": date, "raw": Data([3])]]
        let model = try PropertyListRecord(validating: plist)
        #expect(model.date == date && model.data == Data([1, 2]))
        #expect(model.extra["when"] as? Date == date && model.extra["raw"] as? Data == Data([3]))
        for format in Self.formats {
            #expect(try archived(model, format) == model)
        }
    }

    // MARK: Text that came in is the text that goes out

    @Test(arguments: ["02134", "1.50", "-0", "1e3", "007", "2134", "2.5", "-12", "18446744073709551615"])
    func numberEncodedTextComesBackAsItCameIn(text: String) throws {
        let model = try Zip(validating: ["zip": text])
        let written = model.toDictionary()["zip"]
        let writesNumber = ["2134", "2.5", "-12", "18446744073709551615"].contains(text)
        #expect((written is String) == !writesNumber)
        #expect(Zip(dictionary: model.toDictionary()).zip == text)
        #expect(
            try Zip(validatingJSON: JSONSerialization.data(withJSONObject: model.toDictionary())).zip == text)
        for format in Self.formats {
            #expect(try archived(model, format).zip == text)
        }
    }

    @Test func numberEncodedTextsThatDifferAreNotEqual() throws {
        let padded = try Zip(validating: ["zip": "02134"])
        let plain = try Zip(validating: ["zip": "2134"])
        #expect(padded != plain)
        #expect(Set([padded, plain]).count == 2)
    }

    // MARK: Dates

    @Test func aDateIsWrittenAsTheISO8601TextItWasReadFrom() throws {
        let model = try Stamp(validating: [
            "at": "2014-08-29T10:12:00Z", "seen": [1_409_307_120.5, "2014-08-29T10:12:00.123456Z"],
        ])
        let written = model.toDictionary()
        #expect(written["at"] as? String == "2014-08-29T10:12:00Z")
        #expect(written["seen"] as? [String] == ["2014-08-29T10:12:00.5Z", "2014-08-29T10:12:00.123456Z"])
        #expect(Stamp(dictionary: written) == model)
        let odd = Stamp()
        odd.at = Date(timeIntervalSinceReferenceDate: 0.1 + 0.2)
        odd.seen = [Date(timeIntervalSinceReferenceDate: -1e12), Date(timeIntervalSinceReferenceDate: 1e12 + 0.25)]
        let copy = Stamp(dictionary: odd.toDictionary())
        #expect(copy.at == odd.at && copy.seen == odd.seen)
        let seen = odd.toDictionary()["seen"] as? [String]
        // 10^12 s before 2001 is 2312-04-06 22:13:20 less 80 Gregorian cycles of 400 years (Python's datetime).
        #expect(seen?.first == "-29688-04-06T22:13:20Z")
    }

    @Test func aClassLevelDateTransformCoversEveryDateProperty() throws {
        let model = try EpochStamp(
            validating: ["at": 1_409_307_120, "seen": [0, 1.5], "iso": "2014-08-29T10:12:00Z"])
        let written = model.toDictionary()
        #expect(written["at"] as? Int == 1_409_307_120)
        #expect(try Fixtures.canonical(written["seen"] as Any) == "[0,1.5]")
        #expect(written["iso"] as? String == "2014-08-29T10:12:00Z")
        #expect(EpochStamp(dictionary: written) == model)
        var issues: [JastorIssue] = []
        _ = EpochStamp(dictionary: ["at": "2014-08-29T10:12:00Z"], issues: &issues)
        #expect(
            issues.map(\.description) == [
                #"at: expected Date (seconds since 1970), found String "2014-08-29T10:12:00Z""#
            ])
    }

    @Test func impossibleDatesAreRefusedEverywhere() throws {
        let texts = try #require(
            try JSONSerialization.jsonObject(with: Fixtures.data("fidelity/impossible_dates")) as? [String])
        for text in texts {
            var issues: [JastorIssue] = []
            let model = Stamp(dictionary: ["at": text], issues: &issues)
            #expect(model.at == Date(timeIntervalSince1970: 0), "\(text)")
            #expect(issues.map(\.description) == ["at: expected Date, found String \(text.debugDescription)"])
            #expect(throws: JastorError.self) { try Stamp(validatingJSON: Data("{\"at\": \"\(text)\"}".utf8)) }
        }
    }

    @Test func possibleDatesReadAsTheirInstant() throws {
        let dates = try Fixtures.dictionary("fidelity/possible_dates")
        for (text, seconds) in dates {
            let model = try Stamp(validating: ["at": text])
            #expect(model.at.timeIntervalSince1970 == (seconds as? Double), "\(text)")
        }
    }

    // MARK: Numbers

    @Test func longNumbersAreExactOrReported() throws {
        let data = try Fixtures.data("fidelity/long_numbers")
        var issues: [JastorIssue] = []
        let model = Numbers(dictionary: [:])
        _ = model
        let lenient = try Numbers(json: data)
        #expect(lenient.fractionIntoUInt64 == 7 && lenient.tinyFractionIntoInt == 7)
        #expect(lenient.piIntoDecimal == Decimal(string: "3.141592653589793238462643383279"))
        #expect(lenient.piIntoDecimal.description == "3.141592653589793238462643383279")
        #expect(lenient.piIntoString == "3.141592653589793238462643383279")
        #expect(lenient.nineties39IntoDecimal == 7)
        #expect(lenient.nineties39IntoString == String(repeating: "9", count: 39))
        #expect(lenient.digits43IntoString == "1234567890123456789012345678901234567890123")
        #expect(lenient.digits43IntoDecimal == 7)
        #expect(lenient.tinyIntoString == "1e-400" && lenient.tinyIntoDecimal == 7)
        #expect(lenient.twoPow53PlusOneIntoDouble == 7 && lenient.twoPow53PlusOneTextIntoDouble == 7)
        #expect(lenient.wholeFractionIntoInt == 9_007_199_254_740_993)
        #expect(lenient.decimalText45 == 7)
        let error = try #require(throws: JastorError.self) { try Numbers(validatingJSON: data) }
        issues = error.issues
        #expect(
            issues.map(\.description) == [
                "fractionIntoUInt64: expected UInt64, found Number 12345678901234567890.123",
                "tinyFractionIntoInt: expected Int, found Number 1.000000000000000005",
                "nineties39IntoDecimal: expected Decimal, found Number \(String(repeating: "9", count: 39))",
                "digits43IntoDecimal: expected Decimal, found Number 1234567890123456789012345678901234567890123",
                "tinyIntoDecimal: expected Decimal, found Number 1e-400",
                "twoPow53PlusOneIntoDouble: expected Double, found Number 9007199254740993",
                #"twoPow53PlusOneTextIntoDouble: expected Double, found String "9007199254740993""#,
                #"decimalText45: expected Decimal, found String "123456789012345678901234567890123456789012345""#,
            ])
    }

    @Test func whatMappingAcceptsJSONSerializationCanWrite() throws {
        var issues: [JastorIssue] = []
        let model = Everything(
            dictionary: ["double": "Infinity", "float": "NaN", "scores": ["a": "-Infinity"]], issues: &issues)
        #expect(issues.map(\.path.description) == ["double", "float", "scores.a"])
        #expect(JSONSerialization.isValidJSONObject(model.toDictionary()))
    }
}
