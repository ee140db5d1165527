import Foundation
import Testing

@testable import Jastor

/// Dates read from text: the built-in rule, `.iso8601`, `.iso8601WithFractionalSeconds` and two
/// `.date(format:)` transforms, one property each.
private final class Dated: JastorObject {
    var plain = Date(timeIntervalSince1970: 0)
    var iso = Date(timeIntervalSince1970: 0)
    var fractional = Date(timeIntervalSince1970: 0)
    var twitter = Date(timeIntervalSince1970: 0)
    var day = Date(timeIntervalSince1970: 0)
    var optional: Date?
    var list: [Date] = []
    var untyped: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register(\.plain, \.optional, \.list) {
            \.untyped
            property(\.iso, transform: .iso8601)
            property(\.fractional, transform: .iso8601WithFractionalSeconds)
            property(\.twitter, transform: .date(format: "EEE MMM dd HH:mm:ss Z yyyy"))
            property(\.day, transform: .date(format: "yyyy-MM-dd"))
        }
    }
}

/// Text that a date property reads comes back as it was (ISO-8601: the same instant), or the date
/// read is kept and an issue at its path says what it is written as.
@Suite struct DateTextTests {
    /// Maps `{"<key>": <value>}` leniently from bytes and from a dictionary; both must agree.
    fileprivate static func map(_ key: String, _ value: Any) throws -> (model: Dated, issues: [String]) {
        let dictionary = [key: value]
        let data = try JSONSerialization.data(withJSONObject: dictionary)
        var byteIssues: [JastorIssue] = []
        let model = try Dated(json: data, issues: &byteIssues)
        var dictionaryIssues: [JastorIssue] = []
        let other = Dated(dictionary: dictionary, issues: &dictionaryIssues)
        #expect(byteIssues == dictionaryIssues)
        #expect(model == other)
        return (model, byteIssues.map(\.description))
    }

    /// What `toDictionary()` writes for `key`, with the issues of writing it as JSON.
    fileprivate static func written(_ model: Dated, _ key: String) -> (value: Any?, issues: [JastorIssue]) {
        var issues: [JastorIssue] = []
        let dictionary = model.toDictionary(issues: &issues)
        return (dictionary[key], issues)
    }

    // MARK: ISO-8601

    @Test(arguments: [
        ("plain", "2014-08-29T10:12:00.1234568Z"), ("iso", "2014-08-29T10:12:00.1234568Z"),
        ("fractional", "2014-08-29T10:12:00.1234568Z"),
    ])
    func aTimeWithMoreDigitsThanADateHoldsKeepsTheNearestDateAndIsReported(_ key: String, _ written: String) throws {
        let text = "2014-08-29T10:12:00.123456789Z"
        let (model, issues) = try Self.map(key, text)
        #expect(
            issues == [
                "\(key): expected a date-time that a Date holds exactly, found String \"\(text)\" "
                    + "(kept as the nearest Date, written \"\(written)\")"
            ])
        let kept = try #require(Mirror(reflecting: model).children.first { $0.label == key }?.value as? Date)
        #expect(kept == Date(timeIntervalSinceReferenceDate: 430_999_920.123456789))
        let output = Self.written(model, key)
        #expect(output.value as? String == written)
        #expect(output.issues.isEmpty)
    }

    @Test(arguments: [
        ("2014-08-29T10:12:00.999999999Z", "2014-08-29T10:12:01Z"),
        ("2014-08-29T10:59:59.9999999999Z", "2014-08-29T11:00:00Z"),
        ("2014-12-31T23:59:59.999999999Z", "2015-01-01T00:00:00Z"),
        ("2014-08-29T19:12:00.99999999999+09:00", "2014-08-29T10:12:01Z"),
    ])
    func nanosecondNinesRollingOverASecondAreReported(_ text: String, _ written: String) throws {
        let (model, issues) = try Self.map("plain", text)
        #expect(
            issues == [
                "plain: expected a date-time that a Date holds exactly, found String \"\(text)\" "
                    + "(kept as the nearest Date, written \"\(written)\")"
            ])
        #expect(Self.written(model, "plain").value as? String == written)
    }

    /// The documented normalisations come back as the same instant, with no issue.
    ///
    /// The offset is written as `Z`, trailing zeros of the fraction are dropped (and
    /// `.iso8601WithFractionalSeconds` writes milliseconds), `t` and `z` are upper case.
    @Test(arguments: [
        ("plain", "2014-08-29T10:12:00.123456Z", "2014-08-29T10:12:00.123456Z"),
        ("plain", "2014-08-29T10:12:00.250000Z", "2014-08-29T10:12:00.25Z"),
        ("plain", "2014-08-29T10:12:00.000000000000Z", "2014-08-29T10:12:00Z"),
        ("plain", "2014-08-29T19:12:00.5+09:00", "2014-08-29T10:12:00.5Z"),
        ("plain", "2014-08-29t10:12:00z", "2014-08-29T10:12:00Z"),
        ("plain", "2001-01-01T00:00:00.000000000000001Z", "2001-01-01T00:00:00.000000000000001Z"),
        ("plain", "+12345-01-01T00:00:00Z", "+12345-01-01T00:00:00Z"),
        ("iso", "2014-08-29T10:12:00.1Z", "2014-08-29T10:12:00.1Z"),
        ("fractional", "2014-08-29T10:12:00Z", "2014-08-29T10:12:00.000Z"),
        ("fractional", "2014-08-29T10:12:00.25Z", "2014-08-29T10:12:00.250Z"),
    ])
    func aTimeADateHoldsIsQuietWhateverItsSpelling(_ key: String, _ text: String, _ written: String) throws {
        let (model, issues) = try Self.map(key, text)
        #expect(issues.isEmpty)
        let output = Self.written(model, key)
        #expect(output.value as? String == written)
        #expect(output.issues.isEmpty)
    }

    /// A year so far away that a `Date` does not tell its seconds apart (and the writer spells it as a
    /// number of seconds) is kept as the nearest `Date`, reported.
    @Test func aYearBeyondWhatADateTellsApartIsReported() throws {
        let (_, issues) = try Self.map("plain", "+1000000000-01-01T00:00:01Z")
        #expect(
            issues == [
                "plain: expected a date-time that a Date holds exactly, found String \"+1000000000-01-01T00:00:01Z\" "
                    + "(kept as the nearest Date, written 3.15568898327808e+16)"
            ])
    }

    @Test func anOptionalDateAndAnArrayElementAreReportedAtTheirPaths() throws {
        let text = "2014-08-29T10:12:00.999999999Z"
        let message =
            "expected a date-time that a Date holds exactly, found String \"\(text)\" "
            + "(kept as the nearest Date, written \"2014-08-29T10:12:01Z\")"
        let (optional, optionalIssues) = try Self.map("optional", text)
        #expect(optionalIssues == ["optional: \(message)"])
        #expect(optional.optional == Date(timeIntervalSince1970: 1_409_307_121))
        let (list, listIssues) = try Self.map("list", ["2014-08-29T10:12:00Z", text])
        #expect(listIssues == ["list[1]: \(message)"])
        #expect(list.list.count == 2)
    }

    /// Untyped values keep strings as strings: nothing is read as a date, nothing changes.
    @Test func anUntypedValueKeepsTheTextAsItIs() throws {
        let text = "2014-08-29T10:12:00.999999999Z"
        let (model, issues) = try Self.map("untyped", ["at": text])
        #expect(issues.isEmpty)
        let output = Self.written(model, "untyped")
        #expect((output.value as? [String: Any])?["at"] as? String == text)
        #expect(output.issues.isEmpty)
    }

    @Test func strictMappingThrowsTheIssue() throws {
        let data = Data(#"{"iso": "2014-08-29T10:12:00.123456789Z"}"#.utf8)
        #expect(throws: JastorError.self) { _ = try Dated(validatingJSON: data) }
        #expect(throws: (any Error).self) { _ = try JSONDecoder().decode(Dated.self, from: data) }
    }

    /// Over generated times, years 1–9999 and a few expanded ones, with 0 to 14 fractional digits
    /// (runs of nines and trailing zeros among them): no issue exactly when the text written is the
    /// text read with the fraction's trailing zeros dropped; and the issue names that text.
    @Test(arguments: [UInt64(0xDA7E_0001), 0xDA7E_0002])
    func quietExactlyWhenTheInstantIsWrittenBack(seed: UInt64) throws {
        print("DateTextTests.quietExactlyWhenTheInstantIsWrittenBack seed \(seed)")
        var random = SeededRandom(seed: seed)
        var quiet = 0
        var reported = 0
        for index in 0..<4000 {
            let text = Self.randomTime(&random)
            let (model, issues) = try Self.map("plain", text)
            // The same from bytes (a date read from the input's bytes, ``DocumentValue/plainDate``,
            // falling back to the text) as from a dictionary, in a transform and an array too.
            let transformIssues = try Self.map("iso", text).issues
            let elementIssues = try Self.map("list", [text]).issues
            #expect(transformIssues.count == issues.count && elementIssues.count == issues.count, "\(text)")
            let written = Self.written(model, "plain").value
            let writtenText = (written as? String).map { "\"\($0)\"" } ?? "\(written ?? "nil")"
            if written as? String == Self.withoutTrailingZeros(text) {
                quiet += 1
                #expect(issues.isEmpty, "seed \(seed), case \(index): \(text)")
            } else {
                reported += 1
                #expect(
                    issues.count == 1 && issues[0].hasSuffix("written \(writtenText))"),
                    "seed \(seed), case \(index): \(text) written \(writtenText), issues \(issues)")
            }
        }
        #expect(quiet > 1000)
        #expect(reported > 500)
    }

    /// A UTC time: a year 0001–9999 (one in 50 expanded, up to ten digits), a random time of day,
    /// and 0–14 fractional digits: random, all nines, or a few digits followed by zeros.
    static func randomTime(_ random: inout SeededRandom) -> String {
        func pad(_ value: UInt64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(width - text.count, 0)) + text
        }
        let year: String
        if random.next() % 50 == 0 {
            year = "+" + pad(random.next() % 10_000_000_000, 5)
        } else {
            year = pad(1 + random.next() % 9999, 4)
        }
        let month = 1 + random.next() % 12
        let day = 1 + random.next() % 28
        var text = "\(year)-\(pad(month, 2))-\(pad(day, 2))T"
        text += "\(pad(random.next() % 24, 2)):\(pad(random.next() % 60, 2)):\(pad(random.next() % 60, 2))"
        let count = Int(random.next() % 15)
        if count > 0 {
            var digits = ""
            switch random.next() % 4 {
            case 0: digits = String(repeating: "9", count: count)
            case 1:
                let significant = 1 + Int(random.next() % UInt64(count))
                for _ in 0..<significant { digits += String(random.next() % 10) }
                digits += String(repeating: "0", count: count - significant)
            default:
                for _ in 0..<count { digits += String(random.next() % 10) }
            }
            text += "." + digits
        }
        return text + "Z"
    }

    /// `text` with the fraction's trailing zeros dropped, and the point with them when nothing is left.
    static func withoutTrailingZeros(_ text: String) -> String {
        guard let point = text.firstIndex(of: ".") else { return text }
        var fraction = text[text.index(after: point)...].dropLast()
        while fraction.last == "0" { fraction = fraction.dropLast() }
        return String(text[..<point]) + (fraction.isEmpty ? "" : "." + fraction) + "Z"
    }

    /// Dates set in code, sub-microsecond parts and all, come back as the very same `Date` through
    /// `toDictionary()`, `jsonData()`, both archive formats and `Codable`, with no issue: among them
    /// dates in the last second before 2001 (`-1e-20` s, `-0.1` s, the smallest subnormal), which a
    /// whole second of `-1` plus a fraction cannot hold (`-1e-20` was written `…23:59:59Z`, a
    /// second earlier).
    @Test func aDateSetInCodeComesBackThroughEveryOutput() throws {
        let seed: UInt64 = 0xDA7E_0004
        print("DateTextTests.aDateSetInCodeComesBackThroughEveryOutput seed \(seed)")
        var random = SeededRandom(seed: seed)
        var intervals: [Double] = [
            -1e-20, -0.1, -0.3, -0.5, -0.75, -1e-9, -(0.5).nextDown, -(1.0).nextDown, -Double.leastNonzeroMagnitude,
            -Double.leastNormalMagnitude, -1e-300, 1e-20, -1.1, -978_307_200.000_000_1, 438_000_000.123_456_789,
            Date.distantPast.timeIntervalSinceReferenceDate, Date.distantFuture.timeIntervalSinceReferenceDate,
        ]
        for _ in 0..<400 {
            // Either side of 2001, 2⁻⁷⁰ s to 2³⁹ s (17 000 years: beyond 0–9999), any significand.
            let exponent = Int(random.next() % 109) - 70
            let significand = 1 + Double(random.next() >> 11) / Double(1 << 53)
            intervals.append(
                Double(sign: random.next() % 2 == 0 ? .minus : .plus, exponent: exponent, significand: significand))
        }
        for interval in intervals {
            let date = Date(timeIntervalSinceReferenceDate: interval)
            let model = Dated()
            (model.plain, model.iso, model.fractional, model.optional, model.list) = (date, date, date, date, [date])
            var issues: [JastorIssue] = []
            let dictionary = model.toDictionary(issues: &issues)
            #expect(issues.isEmpty, "seed \(seed): \(interval)")
            var readIssues: [JastorIssue] = []
            let copies = [
                Dated(dictionary: dictionary, issues: &readIssues), try Dated(validatingJSON: model.jsonData()),
                try Dated.unarchive(from: model.archivedData(format: .binaryPropertyList)),
                try Dated.unarchive(from: model.archivedData(format: .json)),
                try JSONDecoder().decode(Dated.self, from: JSONEncoder().encode(model)),
            ]
            #expect(readIssues.isEmpty, "seed \(seed): \(interval) written \(dictionary)")
            for (index, copy) in copies.enumerated() {
                let read: [Date?] = [copy.plain, copy.iso, copy.fractional, copy.optional, copy.list.first]
                #expect(
                    read.allSatisfy { $0?.timeIntervalSinceReferenceDate == interval },
                    "seed \(seed), output \(index): \(interval) written \(dictionary), read \(read)")
            }
        }
    }

    /// A time in the last second before 2001 reads as the `Date` nearest its instant, and is quiet
    /// exactly when that `Date` is written back as the same text:
    /// `2000-12-31T23:59:59.99999999999999999999Z` is `1e-20` s before 2001, not 2001 itself.
    @Test func aTimeInTheLastSecondBefore2001ReadsAsTheNearestDate() throws {
        let text = "2000-12-31T23:59:59.99999999999999999999Z"
        let (model, issues) = try Self.map("plain", text)
        #expect(issues.isEmpty)
        #expect(model.plain.timeIntervalSinceReferenceDate == -1e-20)
        #expect(Self.written(model, "plain").value as? String == text)
        let seed: UInt64 = 0xDA7E_0005
        print("DateTextTests.aTimeInTheLastSecondBefore2001ReadsAsTheNearestDate seed \(seed)")
        var random = SeededRandom(seed: seed)
        var quiet = 0
        for index in 0..<2000 {
            // 1–30 digits, often a run of nines with a few others after it.
            let count = 1 + Int(random.next() % 30)
            let nines = random.next() % 2 == 0 ? Int(random.next() % UInt64(count)) : 0
            var digits = String(repeating: "9", count: nines)
            for _ in nines..<count { digits += String(random.next() % 10) }
            let text = "2000-12-31T23:59:59.\(digits)Z"
            let (model, issues) = try Self.map("plain", text)
            // The same from bytes (a date read from the input's bytes, ``DocumentValue/plainDate``,
            // falling back to the text) as from a dictionary, in a transform and an array too.
            let transformIssues = try Self.map("iso", text).issues
            let elementIssues = try Self.map("list", [text]).issues
            #expect(transformIssues.count == issues.count && elementIssues.count == issues.count, "\(text)")
            let written = try #require(Self.written(model, "plain").value as? String)
            var again: [JastorIssue] = []
            #expect(Dated(dictionary: ["plain": written], issues: &again).plain == model.plain, "\(index): \(text)")
            #expect(again.isEmpty, "seed \(seed), case \(index): \(text) written \(written)")
            if written == Self.withoutTrailingZeros(text) {
                quiet += 1
                #expect(issues.isEmpty, "seed \(seed), case \(index): \(text)")
            } else {
                #expect(
                    issues.count == 1 && issues[0].hasSuffix("written \"\(written)\")"),
                    "seed \(seed), case \(index): \(text) written \(written), issues \(issues)")
            }
        }
        #expect(quiet > 700)
    }

    // MARK: Date formats

    @Test(arguments: [
        ("day", "1582-10-10", "1582-10-20"), ("day", "14-08-29", "0014-08-29"), ("day", "2014-8-9", "2014-08-09"),
        ("twitter", "Mon Aug 31 00:29:15 +0000 2014", "Sun Aug 31 00:29:15 +0000 2014"),
        ("twitter", "Sun Aug 31 09:29:15 +0900 2014", "Sun Aug 31 00:29:15 +0000 2014"),
    ])
    func aFormatTextWrittenBackOtherwiseKeepsTheDateAndIsReported(_ key: String, _ text: String, _ written: String)
        throws
    {
        let format = key == "day" ? "yyyy-MM-dd" : "EEE MMM dd HH:mm:ss Z yyyy"
        let (model, issues) = try Self.map(key, text)
        #expect(
            issues == [
                "\(key): expected text that the format \"\(format)\" writes back as it is, found String \"\(text)\" "
                    + "(kept as the date it reads, written \"\(written)\")"
            ])
        let output = Self.written(model, key)
        #expect(output.value as? String == written)
        #expect(output.issues.isEmpty)
        // The date kept is the one the written text reads as: it comes back from there unchanged.
        var again: [JastorIssue] = []
        #expect(Dated(dictionary: model.toDictionary(), issues: &again) == model)
        #expect(again.isEmpty)
        #expect(throws: JastorError.self) { _ = try Dated(validatingJSON: Data("{\"\(key)\": \"\(text)\"}".utf8)) }
    }

    @Test(arguments: [("day", "2014-08-09"), ("twitter", "Sun Aug 31 00:29:15 +0000 2014")])
    func aFormatTextWrittenBackAsItIsIsQuiet(_ key: String, _ text: String) throws {
        let (model, issues) = try Self.map(key, text)
        #expect(issues.isEmpty)
        #expect(Self.written(model, key).value as? String == text)
    }

    /// Over generated days: the format's own text is quiet; the same day without the leading zeros
    /// of its month and day is reported whenever that spelling differs.
    @Test func aFormatDayIsQuietExactlyWhenSpelledAsTheFormatWritesIt() throws {
        let seed: UInt64 = 0xDA7E_0003
        print("DateTextTests.aFormatDayIsQuietExactlyWhenSpelledAsTheFormatWritesIt seed \(seed)")
        var random = SeededRandom(seed: seed)
        for _ in 0..<300 {
            let (year, month, day) = (1600 + random.next() % 800, 1 + random.next() % 12, 1 + random.next() % 28)
            let padded = String(format: "%04d-%02d-%02d", Int(year), Int(month), Int(day))
            let loose = "\(year)-\(month)-\(day)"
            #expect(try Self.map("day", padded).issues.isEmpty, "seed \(seed): \(padded)")
            #expect(try Self.map("day", loose).issues.count == (loose == padded ? 0 : 1), "seed \(seed): \(loose)")
        }
    }
}
