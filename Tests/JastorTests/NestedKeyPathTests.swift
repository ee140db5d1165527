import Foundation
import Jastor
import Testing

private final class RPPerson: JastorObject {
    var givenName = ""
    var familyName = ""
    var yearsOld = 0
    var heightInInches = 0.0
    var phone = ""
    var state = ""
    var city = ""
    var zip: String?
    var ssn: String?
    var birthDate: Date?
    var startDate: Date?

    override class var properties: [JastorProperty] {
        [
            .init("givenName", \RPPerson.givenName, key: "firstName"),
            .init("familyName", \RPPerson.familyName, key: "lastName"),
            .init("yearsOld", \RPPerson.yearsOld, key: "age"),
            .init("heightInInches", \RPPerson.heightInInches),
            .init("phone", \RPPerson.phone, key: "phoneNumber"),
            .init("state", \RPPerson.state), .init("city", \RPPerson.city),
            .init("zip", \RPPerson.zip, transform: .numberEncoded),
            .init("ssn", \RPPerson.ssn, key: "socialSecurityNumber"),
            .init("birthDate", \RPPerson.birthDate, transform: .date(format: "MM-dd-yyyy")),
            .init("startDate", \RPPerson.startDate, transform: .date(format: "MMM dd yyyy")),
        ]
    }
}

/// Reads `years.2024`, a key path whose second step is an index (digits), and the same digits
/// as a key, `scores["2024"]`.
private final class YearScores: JastorObject {
    var score = 0
    var keyed = 0

    override class var properties: [JastorProperty] {
        register {
            property(\.score, key: "years.2024")
            property(\.keyed, key: #"scores["2024"]"#)
        }
    }
}

/// Reads through `rows.0.name`, an index step in the middle of a key path.
private final class FirstRowName: JastorObject {
    var name = "unset"

    override class var properties: [JastorProperty] { register { property(\.name, key: "rows.0.name") } }
}

/// Reads two values through key paths under `address`.
private final class PostalAddress: JastorObject {
    var city = "unset"
    var zip = ""

    override class var properties: [JastorProperty] {
        [.init("city", \PostalAddress.city, key: "address.city"), .init("zip", \PostalAddress.zip, key: "address.zip")]
    }
}

/// Requires every key, and reads `note` through `meta.note`.
private final class RequiredMetaNote: JastorObject {
    var name = ""
    var note: String?

    override class var keyPolicy: JastorKeyPolicy { [.requireEveryKey] }
    override class var properties: [JastorProperty] {
        [.init("name", \RequiredMetaNote.name), .init("note", \RequiredMetaNote.note, key: "meta.note")]
    }
}

private final class PowerLifter: JastorObject {
    var bench = 0
    var squat = 0
    var deadlift = 0

    override class var properties: [JastorProperty] {
        [
            .init("bench", \PowerLifter.bench), .init("squat", \PowerLifter.squat),
            .init("deadlift", \PowerLifter.deadlift),
        ]
    }
}

private final class PowerPack: JastorObject {
    var packName = ""
    var coach: String? = "unassigned"
    var sponsor = "none"
    var lifter = PowerLifter()

    override class var properties: [JastorProperty] {
        [
            .init("packName", \PowerPack.packName), .init("coach", \PowerPack.coach),
            .init("sponsor", \PowerPack.sponsor), .init("lifter", \PowerPack.lifter),
        ]
    }
}

private final class WeatherSummary: JastorObject {
    var weatherDescription = ""
    var secondDescription = ""
    var firstHigh = 0

    override class var properties: [JastorProperty] {
        [
            .init("weatherDescription", \WeatherSummary.weatherDescription, key: "JanuaryWeatherReport.0.description"),
            .init("secondDescription", \WeatherSummary.secondDescription, key: "JanuaryWeatherReport[1].description"),
            .init("firstHigh", \WeatherSummary.firstHigh, key: ["JanuaryWeatherReport", 0, "high"]),
        ]
    }
}

/// Keeps unmapped keys, and reads two values through key paths under `meta`.
private final class PagedNote: JastorObject {
    var title = ""
    var note = ""
    var firstTag = ""
    var extras: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register {
            property(\.title)
            property(\.note, key: "meta.note")
            property(\.firstTag, key: "meta.tags.0.name")
            unmappedKeys(\.extras)
        }
    }
}

/// Reports unknown keys, and reads one value through a key path.
private final class StrictNote: JastorObject {
    var note = ""

    override class var keyPolicy: JastorKeyPolicy { .reportUnknownKeys }
    override class var properties: [JastorProperty] { register { property(\.note, key: "meta.note") } }
}

/// Reads the whole `meta` into an untyped property and one value through a key path under it,
/// as MappingRules suggests to keep what the key path does not read.
private final class WholeMetaNote: JastorObject {
    var meta: [String: Any] = [:]
    var note = ""

    override class var keyPolicy: JastorKeyPolicy { .reportUnknownKeys }
    override class var properties: [JastorProperty] {
        register {
            property(\.meta)
            property(\.note, key: "meta.note", direction: .decodeOnly)
        }
    }
}

/// Writes `x` under `a.x`, which no property reads, beside `a.y`, which `y` reads.
private final class NestedOutput: JastorObject {
    var x = 0
    var y = 0
    var extras: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register {
            property(\.x, outputKey: "a.x")
            property(\.y, key: "a.y")
            unmappedKeys(\.extras)
        }
    }
}

/// Reads the second tag by an index key path, keeping the keys it does not read.
private final class SecondTag: JastorObject {
    var second = ""
    var extras: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register {
            property(\.second, key: "tags[1]")
            unmappedKeys(\.extras)
        }
    }
}

/// Reads the second tag by an index key path, reporting unknown keys.
private final class StrictSecondTag: JastorObject {
    var second = ""

    override class var keyPolicy: JastorKeyPolicy { .reportUnknownKeys }
    override class var properties: [JastorProperty] { register { property(\.second, key: "tags[1]") } }
}

/// Reads a value in the third object of an array under a key: `a.b[2].c`.
private final class ThirdInArray: JastorObject {
    var c = ""

    override class var keyPolicy: JastorKeyPolicy { .reportUnknownKeys }
    override class var properties: [JastorProperty] { register { property(\.c, key: "a.b[2].c") } }
}

/// Nested key paths and array indexes, ported from RPJSONMapper's examples.
@Suite struct NestedKeyPathTests {
    private func utcDate(_ year: Int, _ month: Int, _ day: Int) throws -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return try #require(calendar.date(from: DateComponents(year: year, month: month, day: day)))
    }

    @Test func person() throws {
        var issues: [JastorIssue] = []
        let person = RPPerson(dictionary: try Fixtures.dictionary("person_rpjson"), issues: &issues)
        #expect(issues.isEmpty, "\(issues)")
        #expect(person.givenName == "John")
        #expect(person.familyName == "Jacob")
        #expect(person.yearsOld == 25)
        #expect(person.heightInInches == 68.5)
        #expect(person.phone == "415-555-1234")
        #expect(person.city == "Daly City")
        #expect(person.zip == "94015")
        #expect(person.ssn == nil)
        #expect(person.birthDate == (try utcDate(1988, 11, 8)))
        #expect(person.startDate == (try utcDate(2012, 11, 5)))
    }

    @Test func personWritesBackTheServersShape() throws {
        let input = try Fixtures.dictionary("person_rpjson")
        let output = RPPerson(dictionary: input).toDictionary()
        var expected = input
        expected["socialSecurityNumber"] = nil  // nil, and nil by default: left out
        #expect(try Fixtures.canonical(output) == Fixtures.canonical(expected))
        #expect(output["zip"] as? Int == 94015, "numberEncoded writes the zip back as a number")
    }

    @Test func powerPackKeepsDefaultsForNullsAndUnboxesStrings() throws {
        var issues: [JastorIssue] = []
        let pack = PowerPack(dictionary: try Fixtures.dictionary("power_pack_rpjson"), issues: &issues)
        #expect(pack.packName == "Iron Pack")
        #expect(pack.coach == nil, "null clears an optional")
        #expect(pack.sponsor == "none", "null keeps a non-optional's default")
        #expect(issues.map(\.description) == ["sponsor: expected String, found null"])
        #expect(pack.lifter.bench == 225)
        #expect(pack.lifter.squat == 315)
        #expect(pack.lifter.deadlift == 405)
    }

    @Test func weatherReportsPickedByIndex() throws {
        let summary = WeatherSummary(dictionary: try Fixtures.dictionary("weather_rpjson"))
        #expect(summary.weatherDescription == "Cold and clear")
        #expect(summary.secondDescription == "Colder, with snow")
        #expect(summary.firstHigh == 41)
        #expect(
            try Fixtures.canonical(summary.toDictionary())
                == #"{"JanuaryWeatherReport":[{"description":"Cold and clear","high":41},{"description":"Colder, with snow"}]}"#
        )
    }

    @Test func arrayOfPeople() throws {
        let json = try Fixtures.dictionary("person_rpjson")
        let people = [RPPerson](jsonArray: [json, json, json])
        #expect(people.count == 3)
        #expect(people.allSatisfy { $0.givenName == "John" && $0.zip == "94015" })
        #expect(people[0] !== people[1])
    }

    @Test func childJSONByPath() throws {
        let json = try Fixtures.dictionary("animals_rpjson")
        let child = try #require(JastorPath(["Animals", 1, "Cat", "Babies", 1]).value(in: json) as? [String: Any])
        #expect(try Fixtures.canonical(child) == #"{"Runt":{"Age":"Kitten","Name":"Bobby"}}"#)
        #expect(JastorPath("Animals[1].Cat.Babies[1].Runt.Name").value(in: json) as? String == "Bobby")
        #expect(JastorPath(["Animals", 5, "Cat"]).value(in: json) == nil)
        #expect(JastorPath(["Animals", "Cat"]).value(in: json) == nil)
        #expect(JastorPath(["Animals", 0, "Dog", "Name", "x"]).value(in: json) == nil)
    }

    @Test func childJSONPathErrorsNameTheStep() throws {
        let json = try Fixtures.dictionary("animals_rpjson")
        let outOfRange = try #require(throws: JastorError.self) {
            try JastorPath(["Animals", 5]).requiredValue(in: json)
        }
        #expect(outOfRange.description == "Animals: expected an element [5], found Array of 3 without it")
        let missing = try #require(throws: JastorError.self) {
            try JastorPath(["Animals", 1, "Dog"]).requiredValue(in: json)
        }
        #expect(missing.description == #"Animals[1]: expected a member "Dog", found Object without it"#)
        let scalar = try #require(throws: JastorError.self) {
            try JastorPath("Animals[1].Cat.Babies[1].Runt.Name.first").requiredValue(in: json)
        }
        #expect(scalar.description == #"Animals[1].Cat.Babies[1].Runt.Name: expected Object, found String "Bobby""#)
    }

    /// A value under a key read through a longer path that no property reads is neither kept nor
    /// written back, so a class that keeps or reports unread keys reports it at its path.
    @Test func siblingsOfAKeyPathAreReportedWhenUnreadKeysAreKept() throws {
        var issues: [JastorIssue] = []
        let note = try PagedNote(json: try Fixtures.data("paged_note"), issues: &issues)
        let found = #"found a value under "meta", which note reads through (unmapped keys keep whole keys only)"#
        #expect(
            issues.map(\.description) == [
                "meta.page: expected a key PagedNote maps, \(found)",
                "meta.tags[0].id: expected a key PagedNote maps, \(found)",
                "meta.tags[1]: expected a key PagedNote maps, \(found)",
            ])
        #expect(note.note == "n" && note.firstTag == "a" && note.extras.keys.sorted() == ["k"])
        let output = try note.jsonString(options: .sortedKeys)
        #expect(output == #"{"k":1,"meta":{"note":"n","tags":[{"name":"a"}]},"title":"t"}"#)
        issues = []
        #expect(try PagedNote(json: Data(output.utf8), issues: &issues) == note)
        #expect(issues.isEmpty, "\(issues)")
    }

    @Test func siblingsOfAKeyPathAreKeptByAPropertyReadingTheWholeKey() throws {
        // Strict: no issue, since `meta` keeps `page` and writes it back.
        let model = try WholeMetaNote(validating: ["meta": ["note": "n", "page": 2]])
        #expect(model.note == "n" && model.meta["page"] as? Int == 2)
        #expect(try model.jsonString(options: .sortedKeys) == #"{"meta":{"note":"n","page":2}}"#)
    }

    @Test func aValueAtAPathOnlyWrittenIsReportedWhenItDiffersFromWhatIsWritten() throws {
        var issues: [JastorIssue] = []
        let model = try NestedOutput(json: Data(#"{"x": 1, "a": {"x": 2, "y": 3}}"#.utf8), issues: &issues)
        #expect(model.x == 1 && model.y == 3)
        #expect(
            issues.map(\.description) == [
                #"a.x: expected what x writes at this key path, which no property reads: Number 1, found Number 2"#
            ])
        // Its own output does not read back (`x` reads `x`, not `a.x`): that is said too.
        issues = []
        let output = try model.jsonString(options: .sortedKeys)
        #expect(output == #"{"a":{"x":1,"y":3}}"#)
        let back = try NestedOutput(json: Data(output.utf8), issues: &issues)
        #expect(back.x == 0 && back.y == 3)
        #expect(
            issues.map(\.description) == [
                #"a.x: expected what x writes at this key path, which no property reads: Number 0, found Number 1"#
            ])
        // The same value at both places is quiet.
        issues = []
        _ = try NestedOutput(json: Data(#"{"x": 2, "a": {"x": 2, "y": 3}}"#.utf8), issues: &issues)
        #expect(issues.isEmpty, "\(issues)")
    }

    @Test func siblingsOfAKeyPathAreUnknownKeys() throws {
        let error = try #require(throws: JastorError.self) {
            try StrictNote(validating: ["meta": ["note": "n", "page": 2]])
        }
        #expect(error.issues.map(\.description) == ["meta.page: expected a key StrictNote maps, found an unknown key"])
        #expect(try StrictNote(validating: ["meta": ["note": "n"]]).note == "n")
        var issues: [JastorIssue] = []
        StrictNote(dictionary: ["meta": ["note": "n"]]).update(with: ["meta": ["page": 2]], issues: &issues)
        #expect(issues.isEmpty, "updates are partial: unknown keys are not checked")
    }

    /// The `null`s that output pads an array with before the element an index key path reads are
    /// not reported: the model's own output reads back through every entry point and output.
    @Test func theOwnOutputOfAnIndexKeyPathReadsBack() throws {
        let model = SecondTag()
        model.second = "b"
        let json = try model.jsonData()
        #expect(String(decoding: json, as: UTF8.self) == #"{"tags":[null,"b"]}"#)
        var issues: [JastorIssue] = []
        #expect(try SecondTag(json: json, issues: &issues) == model)
        #expect(issues.isEmpty, "from jsonData(): \(issues)")
        #expect(SecondTag(dictionary: model.toDictionary(), issues: &issues) == model)
        #expect(issues.isEmpty, "from toDictionary(): \(issues)")
        #expect(try SecondTag(validatingJSON: json) == model)
        #expect(try SecondTag(validating: model.toDictionary()) == model)
        #expect(try JSONDecoder().decode(SecondTag.self, from: JSONEncoder().encode(model)) == model)
        for format in [JastorArchiveFormat.binaryPropertyList, .json] {
            #expect(try SecondTag.unarchive(from: model.archivedData(format: format)) == model, "\(format)")
        }

        let strict = StrictSecondTag()
        strict.second = "b"
        #expect(try StrictSecondTag(validatingJSON: strict.jsonData()).second == "b")
        #expect(try StrictSecondTag(validating: strict.toDictionary()).second == "b")
        #expect(try JSONDecoder().decode(StrictSecondTag.self, from: JSONEncoder().encode(strict)).second == "b")
    }

    /// The same through objects in an array: `a.b[2].c` writes `{"a":{"b":[null,null,{"c":…}]}}`.
    @Test func theOwnOutputOfAnIndexInsideAKeyPathReadsBack() throws {
        let model = ThirdInArray()
        model.c = "x"
        let json = try model.jsonData()
        #expect(String(decoding: json, as: UTF8.self) == #"{"a":{"b":[null,null,{"c":"x"}]}}"#)
        #expect(try ThirdInArray(validatingJSON: json) == model)
        #expect(try ThirdInArray(validating: model.toDictionary()) == model)
        #expect(try JSONDecoder().decode(ThirdInArray.self, from: JSONEncoder().encode(model)) == model)
        for format in [JastorArchiveFormat.binaryPropertyList, .json] {
            #expect(try ThirdInArray.unarchive(from: model.archivedData(format: format)) == model, "\(format)")
        }
    }

    /// An element no path reaches that output would not write again is still reported, from
    /// bytes and from dictionaries: a value other than `null`, and a `null` after the last
    /// element read (output writes the array only up to that one).
    @Test func otherElementsNoIndexKeyPathReachesAreStillReported() throws {
        let found = #"found a value under "tags", which second reads through (unmapped keys keep whole keys only)"#
        let expected = [
            "tags[0]: expected a key SecondTag maps, \(found)", "tags[2]: expected a key SecondTag maps, \(found)",
        ]
        var issues: [JastorIssue] = []
        _ = try SecondTag(json: Data(#"{"tags": ["a", "b", null]}"#.utf8), issues: &issues)
        #expect(issues.map(\.description) == expected)
        issues = []
        _ = SecondTag(dictionary: ["tags": ["a", "b", NSNull()]], issues: &issues)
        #expect(issues.map(\.description) == expected)
        issues = []
        _ = SecondTag(dictionary: ["tags": [NSNull(), "b"]], issues: &issues)
        #expect(issues.isEmpty, "\(issues)")

        let strict = try #require(throws: JastorError.self) {
            try StrictSecondTag(validatingJSON: Data(#"{"tags": [1, "b", null]}"#.utf8))
        }
        #expect(
            strict.issues.map(\.description) == [
                "tags[0]: expected a key StrictSecondTag maps, found an unknown key",
                "tags[2]: expected a key StrictSecondTag maps, found an unknown key",
            ])
        let deep = try #require(throws: JastorError.self) {
            try ThirdInArray(validating: ["a": ["b": [NSNull(), ["d": 1], ["c": "x"]]]])
        }
        #expect(deep.issues.map(\.description) == ["a.b[1]: expected a key ThirdInArray maps, found an unknown key"])
        let codable = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(ThirdInArray.self, from: Data(#"{"a": {"b": [null, {"d": 1}, {"c": "x"}]}}"#.utf8))
        }
        guard case .dataCorrupted(let context) = codable else { throw codable }
        #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["a", "b", "1"])
    }

    /// A step of a key path holding a value that cannot hold the next step is reported at the
    /// step, once for the key paths through it, from bytes and from dictionaries alike; the
    /// properties keep their values, and strict mapping throws.
    @Test(arguments: [
        (#"{"address": "Daly City"}"#, #"String "Daly City""#), (#"{"address": ["Daly City"]}"#, "Array"),
        (#"{"address": 94015}"#, "Number 94015"), (#"{"address": true}"#, "Bool true"),
    ])
    func aKeyPathThroughAMistypedStepIsReportedAtTheStep(text: String, found: String) throws {
        let expected = [#"address: expected an object holding "city" (key path address.city), found \#(found)"#]
        var fromBytes: [JastorIssue] = []
        let model = try PostalAddress(json: Data(text.utf8), issues: &fromBytes)
        #expect(fromBytes.map(\.description) == expected)
        #expect(fromBytes.map(\.kind) == [.typeMismatch])
        #expect(model.city == "unset" && model.zip == "", "the defaults are kept")

        let dictionary = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var fromDictionary: [JastorIssue] = []
        _ = PostalAddress(dictionary: dictionary, issues: &fromDictionary)
        #expect(fromDictionary.map(\.description) == expected)
        let strict = try #require(throws: JastorError.self) { try PostalAddress(validating: dictionary) }
        #expect(strict.issues.map(\.description) == expected)
        let strictBytes = try #require(throws: JastorError.self) { try PostalAddress(validatingJSON: Data(text.utf8)) }
        #expect(strictBytes.issues.map(\.description) == expected)
    }

    /// `null` at a step is a missing value, as `null` at the key itself: nothing is read, nothing said.
    @Test func aKeyPathThroughNullOrAMissingStepReadsNothing() throws {
        for text in [#"{"address": null}"#, #"{}"#, #"{"address": {}}"#] {
            var issues: [JastorIssue] = []
            let model = try PostalAddress(json: Data(text.utf8), issues: &issues)
            #expect(issues.isEmpty, "\(text): \(issues)")
            #expect(model.city == "unset")
        }
        var issues: [JastorIssue] = []
        let model = try PostalAddress(json: Data(#"{"address": {"city": "Daly City"}}"#.utf8), issues: &issues)
        #expect(issues.isEmpty && model.city == "Daly City")
    }

    /// A required key path through a mistyped step names the value found there, not `nothing`.
    @Test func aRequiredKeyPathThroughAMistypedStepNamesWhatWasFound() throws {
        let expected = [#"meta: expected an object holding "note" (key path meta.note), found String "a note""#]
        var issues: [JastorIssue] = []
        _ = try RequiredMetaNote(json: Data(#"{"name": "a", "meta": "a note"}"#.utf8), issues: &issues)
        #expect(issues.map(\.description) == expected)
        let strict = try #require(throws: JastorError.self) {
            try RequiredMetaNote(validating: ["name": "a", "meta": "a note"])
        }
        #expect(strict.issues.map(\.description) == expected)
        issues = []
        _ = try RequiredMetaNote(json: Data(#"{"name": "a", "meta": null}"#.utf8), issues: &issues)
        #expect(issues.map(\.description) == ["meta.note: expected String (required), found nothing"])
    }

    /// An index step reads only an array's element, as output writes it: over an object holding
    /// the key of its digits it is a mistyped step, reported at the step with the way to name the
    /// key, from bytes and dictionaries, lenient and strict; the key in brackets reads that key
    /// and writes the object back (review 15D).
    @Test func anIndexStepReadsAnArrayAndNamesTheKeyOfItsDigitsOverAnObject() throws {
        let text = #"{"years": {"2024": 5}, "scores": {"2024": 7}}"#
        let expected = [
            #"years: expected an array holding element 2024 (key path years[2024]; for the key "2024" write "#
                + #"years["2024"]), found Object"#
        ]
        var fromBytes: [JastorIssue] = []
        let model = try YearScores(json: Data(text.utf8), issues: &fromBytes)
        #expect(fromBytes.map(\.description) == expected)
        #expect(fromBytes.map(\.kind) == [.typeMismatch])
        #expect(model.score == 0 && model.keyed == 7)
        let written = try Fixtures.canonical(YearScores(dictionary: ["scores": ["2024": 7]]).toDictionary())
        #expect(written.hasPrefix(#"{"scores":{"2024":7},"years":[null,"#), "\(written.prefix(60))")

        let dictionary = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var fromDictionary: [JastorIssue] = []
        _ = YearScores(dictionary: dictionary, issues: &fromDictionary)
        #expect(fromDictionary.map(\.description) == expected)
        let strict = try #require(throws: JastorError.self) { try YearScores(validating: dictionary) }
        #expect(strict.issues.map(\.description) == expected)
        let strictBytes = try #require(throws: JastorError.self) { try YearScores(validatingJSON: Data(text.utf8)) }
        #expect(strictBytes.issues.map(\.description) == expected)

        // The way the message names the key parses to that key.
        #expect(JastorPath(parsing: #"years["2024"]"#) == [.key("years"), .key("2024")])
        #expect(JastorPath(parsing: "years.2024") == [.key("years"), .index(2024)])
        // An array at the step reads the element, and is written back as an array.
        var issues: [JastorIssue] = []
        let years = Array(repeating: "null", count: 2024).joined(separator: ",")
        let fromArray = try YearScores(json: Data(#"{"years": [\#(years), 5]}"#.utf8), issues: &issues)
        #expect(issues.isEmpty, "\(issues)")
        #expect(fromArray.score == 5)
        #expect((fromArray.toDictionary()["years"] as? [Any])?.count == 2025)
    }

    /// A key step reads only an object's member: the key `"2024"` over an array is a mistyped
    /// step, not its element 2024, which output would write back as an object's key; an index in
    /// the middle of a key path over an object names the whole path with the key quoted.
    @Test func aKeyStepOfDigitsReadsAnObjectAndAnIndexInsideAPathNamesTheWholePath() throws {
        var issues: [JastorIssue] = []
        let model = try YearScores(json: Data(#"{"scores": [1, 2]}"#.utf8), issues: &issues)
        #expect(model.keyed == 0)
        #expect(
            issues.map(\.description) == [
                #"scores: expected an object holding "2024" (key path scores["2024"]), found Array"#
            ])
        issues = []
        let row = try FirstRowName(json: Data(#"{"rows": {"0": {"name": "a"}}}"#.utf8), issues: &issues)
        #expect(row.name == "unset")
        #expect(
            issues.map(\.description) == [
                #"rows: expected an array holding element 0 (key path rows[0].name; for the key "0" write "#
                    + #"rows["0"].name), found Object"#
            ])
        issues = []
        let fromArray = try FirstRowName(json: Data(#"{"rows": [{"name": "a"}]}"#.utf8), issues: &issues)
        #expect(fromArray.name == "a" && issues.isEmpty)
    }

    /// ``JastorPath/value(in:)`` and `requiredValue(in:)` read and never write: an index step there
    /// also finds an object's key of its digits, and a key of digits an array's element, as
    /// RPJSONMapper's `childJSONInJSON:usingPath:` does.
    @Test func valueInJSONReadsAnObjectsKeyOfDigitsForAnIndexStep() throws {
        let json: [String: Any] = ["years": ["2024": 5], "list": [1, 2]]
        #expect(JastorPath("years.2024").value(in: json) as? Int == 5)
        #expect(try JastorPath("years[2024]").requiredValue(in: json) as? Int == 5)
        #expect(JastorPath(["list", "1"]).value(in: json) as? Int == 2)
    }
}
