import Foundation
import Synchronization
import Testing

@testable import Jastor

private final class Stamped: JastorObject {
    var formatted: Date?
    var localFormatted: Date?
    var iso = Date(timeIntervalSince1970: 0)
    var isoFraction = Date(timeIntervalSince1970: 0)
    var seconds = Date(timeIntervalSince1970: 0)
    var milliseconds = Date(timeIntervalSince1970: 0)
    var boxedInt = 0
    var boxedDouble = 0.0
    var unboxed = ""
    var cents = 0

    override class var properties: [JastorProperty] {
        [
            .init("formatted", \Stamped.formatted, transform: .date(format: "yyyy-MM-dd HH:mm:ss")),
            .init(
                "localFormatted", \Stamped.localFormatted,
                transform: .date(format: "dd MMM yyyy HH:mm", timeZone: TimeZone(identifier: "Europe/Paris") ?? .gmt)),
            .init("iso", \Stamped.iso, transform: .iso8601),
            .init("isoFraction", \Stamped.isoFraction, transform: .iso8601WithFractionalSeconds),
            .init("seconds", \Stamped.seconds, transform: .secondsSince1970),
            .init("milliseconds", \Stamped.milliseconds, transform: .millisecondsSince1970),
            .init("boxedInt", \Stamped.boxedInt, transform: .stringEncoded),
            .init("boxedDouble", \Stamped.boxedDouble, transform: .stringEncoded),
            .init("unboxed", \Stamped.unboxed, transform: .numberEncoded),
            .init(
                "cents", \Stamped.cents,
                transform: JastorTransform(
                    decode: { ($0 as? Double).map { Int(($0 * 100).rounded()) } }, encode: { Double($0) / 100 })),
        ]
    }
}

/// A date format without a time of day or an era: `yyyy-MM-dd`.
private final class Daily: JastorObject {
    var day = Date(timeIntervalSince1970: 0)

    override class var properties: [JastorProperty] {
        register { property(\.day, transform: .date(format: "yyyy-MM-dd")) }
    }
}

/// A format that writes a month's initial, which it cannot read back: `MMMMM yyyy` ("A 2014").
private final class Monthly: JastorObject {
    var month = Date(timeIntervalSince1970: 0)

    override class var properties: [JastorProperty] {
        register { property(\.month, transform: .date(format: "MMMMM yyyy")) }
    }
}

private enum Shade: String, Equatable, Sendable {
    case light, dark, unlisted
}

/// A table that does not list every value of its type.
private final class Shaded: JastorObject {
    var shade = Shade.light

    override class var properties: [JastorProperty] {
        register { property(\.shade, transform: .table(["light": Shade.light, "dark": .dark])) }
    }
}

/// A table that gives one value two strings: the one read could not be written back.
private final class DoublyShaded: JastorObject {
    var shade = Shade.light

    override class var properties: [JastorProperty] {
        register { property(\.shade, transform: .table(["Light": Shade.light, "light": .light, "dark": .dark])) }
    }
}

/// A table with aliases: other spellings read, the table's string written.
private final class AliasShaded: JastorObject {
    var shade = Shade.dark
    var other = Shade.light

    override class var properties: [JastorProperty] {
        register {
            property(\.shade, transform: Self.shades)
            property(\.other, transform: Self.shades)
        }
    }

    private static let shades = JastorTransform.table(
        ["light": Shade.light, "dark": .dark], aliases: ["L": .light, "Light": .light, "D": .dark])
}

/// An alias that is also a table string.
private final class AliasInTable: JastorObject {
    var shade = Shade.light

    override class var properties: [JastorProperty] {
        register {
            property(\.shade, transform: .table(["light": Shade.light, "dark": .dark], aliases: ["dark": .light]))
        }
    }
}

/// An alias for a value the table does not write.
private final class AliasUnwritable: JastorObject {
    var shade = Shade.light

    override class var properties: [JastorProperty] {
        register {
            property(\.shade, transform: .table(["light": Shade.light, "dark": .dark], aliases: ["U": .unlisted]))
        }
    }
}

/// What a closure transform's `decode` and a class hook were handed, as type and value.
private let handedValues = Mutex<[String]>([])

private func handed(_ value: Any?) -> String {
    guard let value else { return "nil" }
    return "\(type(of: value)) \(value)"
}

/// A closure transform that notes what it is handed, beside a model whose class hook does.
private final class Noted: JastorObject {
    var reading = 0.0
    var looked: Looked?

    override class var properties: [JastorProperty] {
        [
            .init(
                "reading", \Noted.reading,
                transform: JastorTransform(
                    decode: { value in
                        handedValues.withLock { $0.append(handed(value)) }
                        return value as? Double
                    }, encode: { $0 })),
            .init("looked", \Noted.looked),
        ]
    }
}

/// A class hook that notes what its view hands it.
private class Looked: JastorObject {
    override class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? {
        handedValues.withLock { $0.append(handed(json["reading"])) }
        return nil
    }
}

/// A closure transform whose `encode` writes `null` for a value.
private final class NullWritten: JastorObject {
    var count: Int?

    override class var properties: [JastorProperty] {
        register {
            property(\.count, transform: JastorTransform<Int>(decode: { $0 as? Int }, encode: { _ in NSNull() }))
        }
    }
}

/// A closure transform that writes `"x"` as `null`.
private final class XAsNull: JastorObject {
    var tag = ""

    override class var properties: [JastorProperty] {
        register {
            property(
                \.tag,
                transform: JastorTransform<String>(
                    decode: { $0 as? String }, encode: { $0 == "x" ? NSNull() as Any : $0 }))
        }
    }
}

/// The example of `JastorTransform.init(typeName:decode:encode:)`'s documentation, as written there.
private final class DocumentedCents: JastorObject {
    var cents = 0

    override class var properties: [JastorProperty] {
        register {
            property(
                \.cents,
                transform: JastorTransform<Int>(
                    decode: { ($0 as? Double ?? ($0 as? Int).map(Double.init)).map { Int(($0 * 100).rounded()) } },
                    encode: { Double($0) / 100 }))
        }
    }
}

/// A table whose string has another Unicode spelling (`"café"`, `"cafe\u{301}"`).
private final class Accented: JastorObject {
    var shade = Shade.light

    override class var properties: [JastorProperty] {
        register { property(\.shade, transform: .table(["caf\u{E9}": Shade.light, "dark": .dark])) }
    }
}

/// `.stringEncoded` numbers.
private final class Boxed: JastorObject {
    var count = 0
    var price = 0.0

    override class var properties: [JastorProperty] {
        register {
            property(\.count, transform: .stringEncoded)
            property(\.price, transform: .stringEncoded)
        }
    }
}

/// Every built-in transform and a closure transform, in both directions.
@Suite struct TransformTests {
    /// Closure transforms and class hooks are handed a number exactly, as an untyped property
    /// keeps it: an integer as `Int`, a number a `Double` holds as written as that `Double`, any
    /// other as the exact `Decimal`, and one nothing holds as its text (which a `Double` transform
    /// refuses, with an issue, never infinity); on Linux, the same from bytes as from the
    /// dictionary `JSONSerialization` reads from them.
    @Test func closuresAndHooksAreHandedNumbersExactly() throws {
        let cases = [
            ("-65.613616999999977", "Decimal -65.613616999999977"), ("12", "Int 12"), ("1.5", "Double 1.5"),
            ("1e3", "Double 1000.0"), ("-0", "Double -0.0"), ("1e400", "String 1e400"),
            ("123456789012345678901234567890", "Decimal 123456789012345678901234567890"),
            ("true", "Bool true"), (#""x""#, "String x"),
        ]
        for (text, expected) in cases {
            let document = Data(#"{"reading": \#(text), "looked": {"reading": \#(text)}}"#.utf8)
            handedValues.withLock { $0 = [] }
            var issues: [JastorIssue] = []
            let noted = try Noted(json: document, issues: &issues)
            #expect(handedValues.withLock { $0 } == [expected, expected], "\(text)")
            #expect(noted.reading.isFinite)
            #expect(issues.isEmpty == expected.hasPrefix("Double"), "\(text): \(issues)")
            #if os(Linux)
            guard text != "1e400", text != "-0" else { continue }
            handedValues.withLock { $0 = [] }
            let dictionary = try #require(try JSONSerialization.jsonObject(with: document) as? [String: Any])
            _ = Noted(dictionary: dictionary)
            #expect(handedValues.withLock { $0 } == [expected, expected], "\(text) from JSONSerialization")
            #endif
        }
    }

    private let json: [String: Any] = [
        "formatted": "2013-05-17 12:30:00",
        "localFormatted": "17 May 2013 14:30",
        "iso": "2014-08-29T12:12:00+02:00",
        "isoFraction": "2014-08-29T10:12:00.25Z",
        "seconds": 1_409_307_120,
        "milliseconds": 1_409_307_120_250 as Int64,
        "boxedInt": "225",
        "boxedDouble": 68.5,
        "unboxed": 94015,
        "cents": 19.99,
    ]

    @Test func everyTransformReads() {
        var issues: [JastorIssue] = []
        let model = Stamped(dictionary: json, issues: &issues)
        #expect(issues.isEmpty, "\(issues)")
        #expect(model.formatted == Date(timeIntervalSince1970: 1_368_793_800))
        #expect(model.localFormatted == Date(timeIntervalSince1970: 1_368_793_800), "14:30 in Paris is 12:30 UTC")
        #expect(model.iso == Date(timeIntervalSince1970: 1_409_307_120))
        #expect(model.isoFraction == Date(timeIntervalSince1970: 1_409_307_120.25))
        #expect(model.seconds == Date(timeIntervalSince1970: 1_409_307_120))
        #expect(model.milliseconds == Date(timeIntervalSince1970: 1_409_307_120.25))
        #expect(model.boxedInt == 225)
        #expect(model.boxedDouble == 68.5)
        #expect(model.unboxed == "94015")
        #expect(model.cents == 1999)
    }

    @Test func everyTransformWritesBack() throws {
        let output = Stamped(dictionary: json).toDictionary()
        #expect(output["formatted"] as? String == "2013-05-17 12:30:00")
        #expect(output["localFormatted"] as? String == "17 May 2013 14:30")
        #expect(output["iso"] as? String == "2014-08-29T10:12:00Z")
        #expect(output["isoFraction"] as? String == "2014-08-29T10:12:00.250Z")
        #expect(output["seconds"] as? Int == 1_409_307_120)
        #expect(output["milliseconds"] as? Int == 1_409_307_120_250)
        #expect(output["boxedInt"] as? String == "225")
        #expect(output["boxedDouble"] as? String == "68.5")
        #expect(output["unboxed"] as? Int == 94015)
        #expect(output["cents"] as? Double == 19.99)
        #expect(Stamped(dictionary: output) == Stamped(dictionary: json))
    }

    @Test func transformsReportWhatDoesNotFit() {
        var issues: [JastorIssue] = []
        _ = Stamped(
            dictionary: ["formatted": "17/05/2013", "iso": 5, "seconds": "soon", "cents": "many", "boxedInt": "2.5"],
            issues: &issues)
        #expect(
            issues.map(\.description) == [
                #"formatted: expected Date (yyyy-MM-dd HH:mm:ss), found String "17/05/2013""#,
                "iso: expected ISO-8601 Date, found Number 5",
                #"seconds: expected Date (seconds since 1970), found String "soon""#,
                #"boxedInt: expected Int, found String "2.5""#,
                #"cents: expected Int, found String "many""#,
            ])
    }

    @Test func dateFormattersAreSafeAcrossThreads() async {
        let results = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    (0..<200).allSatisfy { round in
                        let day = (task + round) % 28 + 1
                        let model = Stamped(dictionary: ["formatted": String(format: "2013-05-%02d 12:30:00", day)])
                        return model.toDictionary()["formatted"] as? String
                            == String(format: "2013-05-%02d 12:30:00", day)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
    }

    @Test func transformsSurviveArchives() throws {
        let model = Stamped(dictionary: json)
        #expect(try Stamped.unarchive(from: try model.archivedData()) == model)
    }

    /// A closure transform whose `encode` writes a value as `null`, which reads back as `nil`: reported
    /// at its path by every output that reports issues, and not equal to `nil`.
    @Test func anEncodeThatWritesNullForAValueIsReported() throws {
        let model = NullWritten(dictionary: ["count": 3])
        #expect(model.count == 3)
        let message = "count: expected a value that Int's transform writes as other than null, found 3"
        var issues: [JastorIssue] = []
        let dictionary = model.toDictionary(issues: &issues)
        #expect(issues.map(\.description) == [message])
        #expect(dictionary["count"] is NSNull)
        #expect(throws: JastorError.self) { try model.jsonData() }
        #expect(throws: (any Error).self) { try JSONEncoder().encode(model) }
        #expect(model != NullWritten())
        #expect(model != NullWritten(dictionary: ["count": 4]))
        var empty: [JastorIssue] = []
        _ = NullWritten().toDictionary(issues: &empty)
        #expect(empty.isEmpty, "nil is written as null quietly: \(empty)")
    }

    /// Equality and `description` tell a value written as `null` from a string holding its text:
    /// it stands as itself, marked (`WrittenAsNull(value: "x")`), not as that text (review 14B).
    @Test func aValueWrittenAsNullIsNotEqualToItsText() {
        let written = XAsNull(dictionary: ["tag": "x"])
        let text = XAsNull(dictionary: ["tag": #""x""#])
        #expect(written.tag != text.tag)
        #expect(written.description != text.description, "\(written) vs \(text)")
        let equal = written == text
        #expect(!equal)
    }

    /// The example of `JastorTransform.init(typeName:decode:encode:)`'s documentation keeps the amount:
    /// `19.99` is 1999 cents and written back `19.99`; `19.00`, read as the `Int` 19, is 1900.
    @Test func theDocumentedCentsExampleKeepsTheAmount() throws {
        for (input, cents) in [("19.99", 1999), ("0.29", 29), ("19.00", 1900), ("1.15", 115)] {
            var issues: [JastorIssue] = []
            let model = try DocumentedCents(json: Data(#"{"cents": \#(input)}"#.utf8), issues: &issues)
            #expect(issues.isEmpty, "\(issues)")
            #expect(model.cents == cents, "\(input)")
            let back = try DocumentedCents(json: try model.jsonData())
            #expect(back.cents == cents, "\(input)")
        }
    }

    /// A table string found in another Unicode spelling (`String`'s equality) is written back in the
    /// table's: kept and reported.
    @Test func aTableStringInAnotherUnicodeSpellingIsReported() throws {
        var issues: [JastorIssue] = []
        let model = try Accented(json: Data("{\"shade\": \"cafe\u{301}\"}".utf8), issues: &issues)
        #expect(model.shade == .light)
        #expect(
            issues.map(\.description) == [
                "shade: expected a string of the table of Shade's transform, spelled as in the table, found String "
                    + "\"cafe\u{301}\" (kept as the table's value, written \"caf\u{E9}\")"
            ])
        var quiet: [JastorIssue] = []
        _ = try Accented(json: Data("{\"shade\": \"caf\u{E9}\"}".utf8), issues: &quiet)
        #expect(quiet.isEmpty, "\(quiet)")
    }

    /// `.stringEncoded` writes a number's own text: a string spelled otherwise (`"007"`, `"5.0"`,
    /// `"1.50"`) is kept and reported; one spelled so is quiet.
    @Test func stringEncodedTextWrittenOtherwiseIsReported() throws {
        let rewritten = [
            (#"{"count": "007"}"#, #"count: expected Int written back as read, found String "007" (written "7")"#),
            (#"{"count": "5.0"}"#, #"count: expected Int written back as read, found String "5.0" (written "5")"#),
            (
                #"{"price": "1.50"}"#,
                #"price: expected Double written back as read, found String "1.50" (written "1.5")"#
            ),
        ]
        for (input, message) in rewritten {
            var issues: [JastorIssue] = []
            _ = try Boxed(json: Data(input.utf8), issues: &issues)
            #expect(issues.map(\.description) == [message], "\(input)")
        }
        var quiet: [JastorIssue] = []
        let model = try Boxed(json: Data(#"{"count": "7", "price": "1.5"}"#.utf8), issues: &quiet)
        #expect(quiet.isEmpty, "\(quiet)")
        #expect(
            String(decoding: try model.jsonData(options: .sortedKeys), as: UTF8.self) == #"{"count":"7","price":"1.5"}"#
        )
    }

    /// A `.stringEncoded` `Double` holding NaN or an infinity (set in code, or read from an archive)
    /// is what JSON cannot hold, as without the transform: JSON outputs report it at its path,
    /// never write `"nan"` or `"inf"` (which read back as a mismatch), and archives keep it.
    @Test func stringEncodedNonFiniteNumbersAreReportedNotWrittenAsText() throws {
        for (value, found) in [(Double.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf")] {
            let model = Boxed()
            model.price = value
            let message =
                "price: expected a value JSON can hold (a finite number; archives keep the others), found Double \(found)"
            let thrown = #expect(throws: JastorError.self) { try model.jsonData() }
            #expect(thrown?.issues.map(\.description) == [message])
            var issues: [JastorIssue] = []
            _ = model.toDictionary(issues: &issues)
            #expect(issues.map(\.description) == [message])
            #expect(throws: EncodingError.self) { try JSONEncoder().encode(model) }
            for format in [JastorArchiveFormat.json, .binaryPropertyList] {
                let copy = try Boxed.unarchive(from: try model.archivedData(format: format))
                #expect(copy == model, "\(format)")
                #expect(copy.price.isNaN == value.isNaN && (value.isNaN || copy.price == value), "\(format)")
            }
        }
    }

    @Test func aValueMissingFromItsTableIsReportedByEveryOutput() throws {
        let model = Shaded()
        model.shade = .unlisted
        let message = "shade: expected a value in the table of Shade's transform, found Shade.unlisted"
        let thrown = #expect(throws: JastorError.self) { try model.jsonData() }
        #expect(thrown?.issues.map(\.description) == [message])
        var issues: [JastorIssue] = []
        let dictionary = model.toDictionary(issues: &issues)
        #expect(dictionary["shade"] is NSNull)
        #expect(issues.map(\.description) == [message])
        for format in [JastorArchiveFormat.json, .binaryPropertyList] {
            let refused = #expect(throws: JastorError.self) { try model.archivedData(format: format) }
            #expect(refused?.issues.map(\.description) == [message])
        }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(model) }
        model.shade = .dark
        #expect(try Shaded(json: try model.jsonData()).shade == .dark)
    }

    @Test func valuesMissingFromTheTableStayApartInEquality() {
        let listed = Shaded()
        let unlisted = Shaded()
        unlisted.shade = .unlisted
        #expect(listed != unlisted)
        #expect(unlisted.description.contains("unlisted"))
    }

    @Test func aTableWithTwoStringsForOneValueIsADeclarationMistake() {
        let message =
            #"DoublyShaded.shade: expected a table of Shade with one string per value (other spellings go in aliases:), found light under "Light" and "light""#
        #expect(DoublyShaded.declarationIssues.map(\.description) == [message])
        #expect(throws: JastorError.self) { try DoublyShaded(validating: ["shade": "Light"]) }
        #expect(Shaded.declarationIssues.isEmpty)
    }

    @Test func aliasesReadAndTheTableStringIsWrittenBack() throws {
        #expect(AliasShaded.declarationIssues.isEmpty)
        let json = Data(#"{"shade": "L", "other": "D"}"#.utf8)
        let model = try AliasShaded(validatingJSON: json)
        #expect(model.shade == .light)
        #expect(model.other == .dark)
        let written = try JSONSerialization.jsonObject(with: try model.jsonData()) as? [String: Any]
        #expect(written?["shade"] as? String == "light")
        #expect(written?["other"] as? String == "dark")
        #expect(model.toDictionary()["shade"] as? String == "light")
        #expect(try AliasShaded(validatingJSON: try model.jsonData()) == model)
        #expect(throws: JastorError.self) { try AliasShaded(validating: ["shade": "l"]) }
    }

    @Test func anAliasThatIsATableStringOrCannotBeWrittenIsADeclarationMistake() {
        #expect(
            AliasInTable.declarationIssues.map(\.description) == [
                #"AliasInTable.shade: expected aliases of Shade that are not strings of its table, found "dark" in both"#
            ])
        #expect(
            AliasUnwritable.declarationIssues.map(\.description) == [
                #"AliasUnwritable.shade: expected aliases of Shade whose values the table writes, found unlisted under alias "U" only"#
            ])
        #expect(throws: JastorError.self) { try AliasUnwritable(validating: ["shade": "U"]) }
    }

    /// A date its format cannot write is reported where JSON goes and kept whole in archives.
    ///
    /// A time of day under `yyyy-MM-dd`, a date before year 1 with no era: written as the format's
    /// text, with an issue saying what it reads back as; equality sees the `Date`. A date the format
    /// writes exactly has no issue.
    @Test func aDateItsFormatCannotWriteIsReportedAndArchivedWhole() throws {
        let exact = Daily()
        exact.day = Date(timeIntervalSince1970: 1_409_270_400)  // 2014-08-29, midnight UTC
        var issues: [JastorIssue] = []
        #expect(exact.toDictionary(issues: &issues)["day"] as? String == "2014-08-29")
        #expect(issues.isEmpty, "\(issues)")
        #expect(try Daily(json: exact.jsonData()) == exact)

        for seconds in [1_409_307_120.5, -62_135_596_800.0 - 400 * 86_400] {
            let model = Daily()
            model.day = Date(timeIntervalSince1970: seconds)
            issues = []
            let written = model.toDictionary(issues: &issues)
            #expect(issues.map(\.path.description) == ["day"], "\(seconds): \(issues)")
            #expect(issues.first?.kind == .unencodableValue)
            #expect(issues.first?.expected == #"a date that the format "yyyy-MM-dd" writes exactly"#)
            let copy = Daily(dictionary: written)
            #expect(copy.day != model.day)
            #expect(copy != model, "equality sees the Date, not its text")
            #expect(throws: JastorError.self) { try model.jsonData() }
            #expect(throws: EncodingError.self) { try JSONEncoder().encode(model) }
            for format in [JastorArchiveFormat.json, .binaryPropertyList] {
                let archived = try Daily.unarchive(from: try model.archivedData(format: format))
                #expect(archived.day == model.day, "\(seconds) \(format)")
                #expect(archived == model)
            }
        }
        // Text the format does not read at all: reported, and archives keep the Date.
        let monthly = Monthly()
        monthly.month = Date(timeIntervalSince1970: 1_409_307_120)
        issues = []
        #expect(monthly.toDictionary(issues: &issues)["month"] as? String == "A 2014")
        #expect(
            issues.map(\.description) == [
                #"month: expected a date that the format "MMMMM yyyy" writes exactly, found 2014-08-29T10:12:00Z, written "A 2014", which the format does not read"#
            ])
        for format in [JastorArchiveFormat.json, .binaryPropertyList] {
            #expect(try Monthly.unarchive(from: try monthly.archivedData(format: format)) == monthly)
        }

        let model = Daily()
        model.day = Date(timeIntervalSince1970: 1_409_307_120.5)
        issues = []
        _ = model.toDictionary(issues: &issues)
        #expect(
            issues.map(\.description) == [
                #"day: expected a date that the format "yyyy-MM-dd" writes exactly, found 2014-08-29T10:12:00.5Z, written "2014-08-29", which reads back as 2014-08-29T00:00:00Z"#
            ])
    }

    /// An epoch transform writes back the number it read, whenever that number is the shortest one
    /// for its date (every integer of milliseconds and every number of seconds with up to six
    /// decimals in 1900–2100): a `Date` holds seconds since 2001, whose seconds since 1970 often
    /// differ in their last bits (`0.1` came back `0.10000002384185791`, 1.3% of integer
    /// millisecond timestamps with a fraction).
    @Test(arguments: [UInt64(0xE90C_0001), 0xE90C_0002])
    func epochTransformsWriteBackTheNumberTheyRead(seed: UInt64) throws {
        print("epochTransformsWriteBackTheNumberTheyRead seed \(String(seed, radix: 16))")
        var random = SeededRandom(seed: seed)
        let range = Int64(-2_208_988_800_000)...Int64(4_102_444_800_000)  // 1900 to 2100, in milliseconds
        for round in 0..<2_000 {
            let milliseconds = Int64.random(in: range, using: &random)
            var whole = milliseconds / 1_000
            if whole == 0 { whole = 1 }
            let digits = String(
                (0..<Int.random(in: 1...6, using: &random)).map { _ in "0123456789".randomElement(using: &random) ?? "1"
                })
            // The seconds as a `Double` writes them: its shortest text.
            let seconds = try #require(Double("\(whole).\(digits)"))
            let secondsText = seconds == seconds.rounded() ? "\(Int64(seconds))" : "\(seconds)"
            let samples: [(key: String, text: String)] = [
                ("milliseconds", "\(milliseconds)"), ("milliseconds", "\(Double(milliseconds) + 0.5)"),
                ("seconds", secondsText), ("seconds", "\(whole)"),
            ]
            for sample in samples {
                let json = "{\"\(sample.key)\":\(sample.text)}"
                let stamped = try Stamped(validatingJSONString: json)
                let written = String(decoding: try stamped.jsonData(), as: UTF8.self)
                let member = "\"\(sample.key)\":\(sample.text)"
                #expect(
                    written.contains(member + ",") || written.contains(member + "}"),
                    "round \(round): read \(json), wrote \(written)")
                let output = stamped.toDictionary()[sample.key].map { "\($0)" }
                #expect(output == sample.text, "round \(round): read \(json)")
            }
        }
    }

    /// A date no number since 1970 stands for is reported where JSON goes and archived whole.
    ///
    /// A date set in code such as 0.1 s after 2001 is written as the nearest number with an issue
    /// saying what it reads back as; archives keep the `Date` itself. Every other date comes back
    /// exactly, negative and far ones included.
    @Test func anEpochDateNoNumberStandsForIsReportedAndArchivedWhole() throws {
        let inexact = Date(timeIntervalSinceReferenceDate: 0.1)
        let stamped = Stamped()
        stamped.seconds = inexact
        var issues: [JastorIssue] = []
        let dictionary = stamped.toDictionary(issues: &issues)
        #expect(
            issues.map(\.description) == [
                "seconds: expected a date that seconds since 1970 stand for exactly, found 2001-01-01T00:00:00.1Z, "
                    + "written \(try #require(dictionary["seconds"] as? Double)), which reads back as "
                    + (ISO8601Text.string(from: Stamped(dictionary: dictionary).seconds) ?? "")
            ])
        #expect(throws: JastorError.self) { try stamped.jsonData() }
        for format in [JastorArchiveFormat.json, .binaryPropertyList] {
            #expect(try Stamped.unarchive(from: stamped.archivedData(format: format)).seconds == inexact)
        }
        let exact: [Date] = [
            Date(timeIntervalSince1970: -0.1), Date(timeIntervalSince1970: -1_234_567.891),
            Date(timeIntervalSince1970: 1e15), Date(timeIntervalSince1970: -1e15),
            Date(timeIntervalSince1970: 1_700_000_000.123), .distantFuture, .distantPast,
        ]
        for date in exact {
            stamped.seconds = date
            stamped.milliseconds = date
            var issues: [JastorIssue] = []
            let back = Stamped(dictionary: stamped.toDictionary(issues: &issues))
            #expect(issues.isEmpty && back.seconds == date && back.milliseconds == date, "\(date)")
        }
    }
}
