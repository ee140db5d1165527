import Foundation
import Testing

@testable import Jastor

/// A model with every kind of registration that decides what output writes: key paths sharing a
/// nested object, an array step, a read-only and a write-only property, transforms, snake-case keys,
/// a `[String: Int]` dictionary and kept unmapped keys.
private final class Shaped: JastorObject {
    var id = 0
    var city = ""
    var zip = ""
    var firstReport = ""
    var tags: [String: Int] = [:]
    var secret = ""
    var greeting = "hello/world"
    var birthDate: Date?
    var amount = 0
    var extras: [String: Any] = [:]

    override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }
    override class var properties: [JastorProperty] {
        [
            .init("id", \Shaped.id), .init("city", \Shaped.city, key: "profile.city"),
            .init("zip", \Shaped.zip, key: "profile.zip"),
            .init("firstReport", \Shaped.firstReport, key: "reports[0].description"), .init("tags", \Shaped.tags),
            .init("secret", \Shaped.secret, direction: .decodeOnly),
            .init("greeting", \Shaped.greeting, direction: .encodeOnly),
            .init("birthDate", \Shaped.birthDate, transform: .date(format: "MM-dd-yyyy")),
            .init("amount", \Shaped.amount, transform: .stringEncoded), .unmappedKeys("extras", \Shaped.extras),
        ]
    }
}

/// A streamed model (one key per property) holding what JSON cannot hold, and models below it.
private final class Reading: JastorObject {
    var label = ""
    var value = 0.0
    var precise: Decimal?
    var next: Reading?
    var history: [Reading] = []
    var notes: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register {
            \.label
            \.value
            \.precise
            \.next
            \.history
            \.notes
        }
    }
}

/// `jsonData(options:)`: the JSON `toDictionary()` describes, written by the library's own writer.
///
/// The laws run over generated models (seeds printed on failure): the text is exactly what
/// `JSONSerialization` writes for `toDictionary()` with sorted keys (compact and pretty), the model
/// reads back equal from it, and it is the same bytes every time.
@Suite struct JSONDataTests {
    static let seeds: [UInt64] = [0x0E7_0001, 0x0E7_0002, 0x0E7_0003]
    static let modelsPerSeed = 300

    @Test(arguments: seeds) func sortedTextIsJSONSerializationsTextOfToDictionary(seed: UInt64) throws {
        var generator = LawModelGenerator(seed: seed, includesArchiveOnlyValues: false)
        for index in 0..<Self.modelsPerSeed {
            let model = generator.model()
            let dictionary = model.toDictionary()
            for (ours, theirs) in [
                (JastorJSONOptions.sortedKeys, JSONSerialization.WritingOptions.sortedKeys),
                ([.sortedKeys, .withoutEscapingSlashes], [.sortedKeys, .withoutEscapingSlashes]),
                ([.sortedKeys, .prettyPrinted], [.sortedKeys, .prettyPrinted]),
            ] {
                let expected = try JSONSerialization.data(withJSONObject: dictionary, options: theirs)
                let written = try model.jsonData(options: ours)
                guard written == expected else {
                    Issue.record(
                        "seed \(seed), model \(index), \(ours.rawValue): \(Self.firstDifference(written, expected))")
                    return
                }
            }
        }
    }

    @Test(arguments: seeds) func everyModelReadsBackEqualFromItsText(seed: UInt64) throws {
        var generator = LawModelGenerator(seed: seed, includesArchiveOnlyValues: false)
        for index in 0..<Self.modelsPerSeed {
            let model = generator.model()
            let data = try model.jsonData()
            let copy = try LawModel(json: data)
            // The same bytes every time. (A copy may write some untyped numbers differently: a
            // `Decimal` kept in `[Any]` reads back as the number it wrote, typed as the reader types it.)
            guard copy == model, try model.jsonData() == data
            else {
                let text = String(decoding: data, as: UTF8.self)
                Issue.record("seed \(seed), model \(index): \(RoundTripLawTests.differences(model, copy))\n\(text)")
                return
            }
        }
    }

    @Test func keyPathsDirectionsTransformsAndUnmappedKeysAreToDictionarysJSON() throws {
        let model = try Shaped(json: Fixtures.data("json_output_shapes"))
        let expected = try JSONSerialization.data(withJSONObject: model.toDictionary(), options: .sortedKeys)
        #expect(try model.jsonData(options: .sortedKeys) == expected)
        let text = try model.jsonString(options: [.sortedKeys, .withoutEscapingSlashes])
        #expect(text.contains(#""profile":{"city":"Zürich/ZH","zip":"8001"}"#))
        #expect(text.contains(#""tags":{"a2":1,"a10":10,"b":2}"#))
        #expect(text.contains(#""greeting":"hello/world""#) && !text.contains("secret"))
        #expect(text.contains(#""amount":"1250""#) && text.contains(#""birth_date":"02-29-2000""#))
        #expect(text.contains(#""vendor":{"nested":[1,2.5,null,"x"]}"#))
        // What is read but never written (`secret`) cannot come back; everything written does.
        let copy = try Shaped(json: model.jsonData())
        #expect(try Fixtures.canonical(copy.toDictionary()) == Fixtures.canonical(model.toDictionary()))
    }

    @Test func membersComeInDeclarationOrderUnlessSorted() throws {
        let reading = Reading()
        reading.label = "b/c"
        reading.value = 5
        reading.precise = Decimal(string: "-12345678901234567890.123456789012345678")
        reading.notes = ["z": 1, "a": [true, false]]
        let expected =
            #"{"label":"b\/c","value":5,"precise":-12345678901234567890.123456789012345678,"#
            + #""notes":{"a":[true,false],"z":1}}"#
        #expect(try reading.jsonString() == expected)
        let pretty = try reading.jsonString(options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        #expect(pretty.hasPrefix("{\n  \"label\" : \"b/c\",\n  \"notes\" : {\n    \"a\" : [\n      true,\n"))
        reading.history = [Reading()]
        #expect(
            try reading.jsonString(options: .prettyPrinted).contains(
                "\"history\" : [\n    {\n      \"label\" : \"\",\n      \"value\" : 0\n    }\n  ],"))
    }

    @Test(arguments: [
        (Int64.min, "-9223372036854775808"), (Int64.max, "9223372036854775807"), (0, "0"), (-7, "-7"),
    ])
    func integersAreWrittenInFull(value: Int64, text: String) throws {
        var writer = JSONWriter(escapesSlashes: true)
        writer.writeInteger(value)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == text)
    }

    @Test(arguments: [
        (0.0, "0"), (-0.0, "-0"), (5.0, "5"), (0.1, "0.1"), (0.30000000000000004, "0.30000000000000004"),
        (1e-5, "1e-05"), (1e16, "1e+16"), (.greatestFiniteMagnitude, "1.7976931348623157e+308"),
        (.leastNonzeroMagnitude, "5e-324"), (-123_456.789, "-123456.789"),
    ])
    func doublesAreWrittenAsTheirShortestText(value: Double, text: String) throws {
        var writer = JSONWriter(escapesSlashes: true)
        writer.writeDouble(value, keepsFraction: false)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == text)
        #expect(Double(text) == value && (Double(text)?.sign == value.sign))
    }

    @Test func unsignedExtremesAndFloatsComeBackExactly() throws {
        let model = LawModel()
        model.uint64 = .max
        model.int64 = .min
        model.float = 0.1
        model.double = -0.0
        let text = try model.jsonString()
        #expect(text.contains(#""uint64":18446744073709551615"#) && text.contains(#""int64":-9223372036854775808"#))
        #expect(text.contains(#""float":0.1,"#) && text.contains(#""double":-0,"#))
        #expect(try LawModel(json: Data(text.utf8)) == model)
    }

    /// GuaranteesAndLimits: `-0.0` keeps its sign through Jastor's reader, whichever writer wrote it;
    /// Foundation's reader turns the `-0` that `JSONSerialization` writes into the integer `0`.
    @Test func negativeZeroKeepsItsSignThroughJastorsReaderButNotThroughFoundations() throws {
        let model = LawModel()
        model.double = -0.0
        model.matrix = [[-0.0, 1.5]]
        let foundationText = try JSONSerialization.data(withJSONObject: model.toDictionary())
        for data in [foundationText, try model.jsonData()] {
            let back = try LawModel(json: data)
            #expect(back.double.sign == .minus && back.matrix.first?.first?.sign == .minus)
            #expect(back == model)
        }
        let throughFoundation = try JSONSerialization.jsonObject(with: foundationText) as? [String: Any]
        let back = LawModel(dictionary: try #require(throughFoundation))
        #expect(back.double.sign == .plus && back.matrix.first?.first?.sign == .plus)
    }

    @Test func everyStringIsValidJSONAndReadsBack() throws {
        var strings = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
        strings += ["\u{2028}\u{2029}", "\\/", "é😀", "\u{FEFF}", "\u{10FFFF}", "a\"b\\c"]
        let model = LawModel()
        model.strings = strings
        model.metadata = Dictionary(uniqueKeysWithValues: strings.map { ($0, $0) })
        for options in [JastorJSONOptions(), .withoutEscapingSlashes, .prettyPrinted] {
            let data = try model.jsonData(options: options)
            #expect(try LawModel(json: data) == model)
            #expect(throws: Never.self) { try JSONReader.read(data) }
            #expect(try JSONSerialization.jsonObject(with: data) is [String: Any])
        }
        let sorted = try JSONSerialization.data(withJSONObject: model.toDictionary(), options: .sortedKeys)
        #expect(try model.jsonData(options: .sortedKeys) == sorted)
        #expect(try model.jsonString().contains(#""\u0000","\u0001","#))
        #expect(try model.jsonString().contains(#""\b","\t","\n","\u000b","\f","\r","#))
    }

    @Test func valuesJSONCannotHoldAreRefusedAtTheirPath() throws {
        let reading = Reading()
        reading.next = Reading()
        reading.next?.value = .nan
        reading.history = [Reading(), Reading()]
        reading.history[1].precise = .nan
        reading.history[1].notes = ["when": Date(timeIntervalSince1970: 0), "what": NSObject()]
        reading.notes = ["size": Double.infinity]
        let error = try #require(throws: JastorError.self) { try reading.jsonData() }
        #expect(
            error.issues.map(\.description) == [
                "next.value: expected a value JSON can hold (a finite number; archives keep the others), found Double nan",
                "history[1].precise: expected a value JSON can hold (a finite number; archives keep the others), "
                    + "found Decimal NaN",
                "history[1].notes.when: expected a value JSON can hold (archives keep dates and data in untyped "
                    + "values), found Date 1970-01-01T00:00:00Z",
                "history[1].notes.what: expected a JSON value, found NSObject",
                "notes.size: expected a value JSON can hold (a finite number; archives keep the others), found Double inf",
            ])
        let broken = try #require(reading.next)
        let arrayError = try #require(throws: JastorError.self) { try [Reading(), broken].jsonData() }
        #expect(arrayError.issues.map(\.path.description) == ["[1].value"])
    }

    /// An untyped `Date` or `Data` (property lists and hand-built dictionaries hand them over)
    /// would read back from JSON text as a string: reported at its path; archives keep both.
    @Test func untypedDatesAndDataAreReportedNotWrittenAsStrings() throws {
        let reading = Reading()
        reading.notes = ["when": [Date(timeIntervalSince1970: 1_409_307_120)], "bytes": Data([1, 2])]
        let error = try #require(throws: JastorError.self) { try reading.jsonData() }
        let expected = "expected a value JSON can hold (archives keep dates and data in untyped values)"
        #expect(
            error.issues.map(\.description) == [
                "notes.bytes: \(expected), found Data (2 bytes)",
                "notes.when[0]: \(expected), found Date 2014-08-29T10:12:00Z",
            ])
        #expect(error.issues.allSatisfy { $0.kind == .unencodableValue })
        for format in [JastorArchiveFormat.binaryPropertyList, .json] {
            #expect(try Reading.unarchive(from: reading.archivedData(format: format)) == reading)
        }
        #expect(Reading(dictionary: reading.toDictionary()) == reading)
    }

    @Test func aCycleIsRefusedNotFollowed() throws {
        let reading = Reading()
        reading.history = [Reading()]
        reading.history[0].next = reading
        // The cycle is broken when the test ends, so that LeakSanitizer sees no leak.
        defer { reading.history[0].next = nil }
        let error = try #require(throws: JastorError.self) { try reading.jsonData() }
        #expect(
            error.issues.map(\.description) == [
                "history[0].next: expected a tree of models, found a reference back to an enclosing Reading"
            ])
    }

    @Test func arraysOfModelsAreArraysOfTheirObjects() throws {
        var generator = LawModelGenerator(seed: Self.seeds[0], includesArchiveOnlyValues: false)
        let models = (0..<20).map { _ in generator.model(depth: 1) }
        let expected = try JSONSerialization.data(
            withJSONObject: models.map { $0.toDictionary() }, options: [.sortedKeys, .prettyPrinted])
        #expect(try models.jsonData(options: [.sortedKeys, .prettyPrinted]) == expected)
        #expect(try [LawModel](json: models.jsonData()) == models)
        #expect(try [LawModel]().jsonString() == "[]")
    }

    /// A root array's element that would read back as another class is reported at its index.
    ///
    /// Its elements read back as `Element`, or what its hook picks, as an array property's do. A
    /// root model reads back as the class its reader names, and is not checked.
    @Test func aRootArrayReportsAnElementThatWouldReadBackAsAnotherClass() throws {
        let dog = Dog()
        dog.name = "Rex"
        dog.breed = "collie"
        let animals: [Animal] = [Animal(), dog]
        let error = try #require(throws: JastorError.self) { try animals.jsonData() }
        #expect(
            error.issues.map(\.description) == [
                "[1]: expected a model that reads back as its own class (JSON records none: Animal.modelClass(for:) "
                    + "picks it from its JSON; archives record it), found Dog, which would read back as Animal"
            ])
        #expect(throws: JastorError.self) { try animals.jsonString(options: [.sortedKeys, .prettyPrinted]) }
        // Declared as their own class, or alone, they read back as the class the reader names.
        let dogs = [dog]
        #expect(try [Dog](json: dogs.jsonData()) == dogs)
        #expect(try Dog(json: dog.jsonData()) == dog)
        #expect(try [Animal](json: [Animal(), Animal()].jsonData()).count == 2)
    }

    /// Where two texts first differ, with some context.
    static func firstDifference(_ written: Data, _ expected: Data) -> String {
        let index = Array(zip(written, expected)).firstIndex { $0 != $1 } ?? min(written.count, expected.count)
        let start = max(0, index - 40)
        func around(_ data: Data) -> String { String(decoding: data.dropFirst(start).prefix(100), as: UTF8.self) }
        return "at byte \(index):\n  written  \(around(written))\n  expected \(around(expected))"
    }
}
