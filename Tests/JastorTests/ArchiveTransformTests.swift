import Foundation
import Testing

@testable import Jastor

/// A transform a `Stamp` may read its date with (`nil`: the built-in `Date` rule).
private protocol StampTransform {
    static var transform: JastorTransform<Date>? { get }
}

private enum BuiltInDates: StampTransform { static var transform: JastorTransform<Date>? { nil } }
private enum ISODates: StampTransform { static var transform: JastorTransform<Date>? { .iso8601 } }
private enum FractionalISODates: StampTransform {
    static var transform: JastorTransform<Date>? { .iso8601WithFractionalSeconds }
}
private enum Seconds: StampTransform { static var transform: JastorTransform<Date>? { .secondsSince1970 } }
private enum Milliseconds: StampTransform { static var transform: JastorTransform<Date>? { .millisecondsSince1970 } }
private enum DayDates: StampTransform { static var transform: JastorTransform<Date>? { .date(format: "yyyy-MM-dd") } }

/// One class per transform, all archived as `Stamp` at version 1: as if one app's `Stamp` changed
/// its date's transform between two releases without raising its version.
private final class Stamp<Dates: StampTransform>: JastorObject {
    var at = Date(timeIntervalSince1970: 0)
    var note = ""

    override class var archiveName: String { "Stamp" }
    override class var properties: [JastorProperty] {
        if let transform = Dates.transform {
            return register(\.note) { property(\.at, transform: transform) }
        }
        return register(\.at, \.note)
    }
}

/// An amount archived as plain cents by version 1 of `Price`.
private final class PriceInCents: JastorObject {
    var amount = 0
    override class var archiveName: String { "Price" }
    override class var properties: [JastorProperty] { register(\.amount) }
}

/// The same class after a release that reads `amount` through a transform, same version.
private final class PriceThroughTransform: JastorObject {
    var amount = 0
    override class var archiveName: String { "Price" }
    override class var properties: [JastorProperty] {
        register {
            property(
                \.amount,
                transform: JastorTransform(
                    typeName: "Cents", decode: { ($0 as? Int).map { $0 * 100 } }, encode: { $0 / 100 }))
        }
    }
}

/// `Reading` version 1 stored milliseconds.
private final class ReadingV1: JastorObject {
    var takenAt = Date(timeIntervalSince1970: 0)
    override class var archiveName: String { "Reading" }
    override class var properties: [JastorProperty] {
        register { property(\.takenAt, transform: .millisecondsSince1970) }
    }
}

/// `Reading` version 2 stores seconds, and converts version 1's milliseconds in `migrate`.
private final class ReadingV2: JastorObject {
    var takenAt = Date(timeIntervalSince1970: 0)
    override class var archiveName: String { "Reading" }
    override class var archiveVersion: Int { 2 }
    override class var properties: [JastorProperty] {
        register { property(\.takenAt, transform: .secondsSince1970) }
    }
    override class func migrate(archivedProperties stored: inout [String: Any], fromVersion version: Int) throws {
        guard version < 2, let value = stored["takenAt"] else { return }
        stored["takenAt"] = (value as? Double ?? (value as? Int).map(Double.init)).map { $0 / 1000 }
    }
}

private enum Gender: String, Sendable { case female, male }

private final class PersonV1: JastorObject {
    var gender = Gender.female
    override class var archiveName: String { "Person" }
    override class var properties: [JastorProperty] {
        register { property(\.gender, transform: .table(["f": Gender.female, "m": .male])) }
    }
}

/// The same table strings, standing for the other values.
private final class PersonSwapped: JastorObject {
    var gender = Gender.female
    override class var archiveName: String { "Person" }
    override class var properties: [JastorProperty] {
        register { property(\.gender, transform: .table(["f": Gender.male, "m": .female])) }
    }
}

/// A holder whose nested model's class changed its transform: the issue is at the nested path.
private final class Album: JastorObject {
    var stamps: [Stamp<Seconds>] = []
    override class var archiveName: String { "Album" }
    override class var properties: [JastorProperty] { register(\.stamps) }
}

private final class AlbumRead: JastorObject {
    var stamps: [Stamp<Milliseconds>] = []
    override class var archiveName: String { "Album" }
    override class var properties: [JastorProperty] { register(\.stamps) }
}

/// An optional date, archived in milliseconds and read in seconds by a later release.
private final class MaybeInMilliseconds: JastorObject {
    var at: Date?
    override class var archiveName: String { "Maybe" }
    override class var properties: [JastorProperty] { register { property(\.at, transform: .millisecondsSince1970) } }
}

private final class MaybeInSeconds: JastorObject {
    var at: Date?
    override class var archiveName: String { "Maybe" }
    override class var properties: [JastorProperty] { register { property(\.at, transform: .secondsSince1970) } }
}

@Suite("Archives record the transforms they were written with")
struct ArchiveTransformTests {
    private static let formats: [JastorArchiveFormat] = [.json, .binaryPropertyList]

    /// A date every transform above writes exactly: a whole day.
    private static let day = Date(timeIntervalSince1970: 1_700_006_400)

    private static func stamp<Dates>(_: Dates.Type) -> Stamp<Dates> {
        let stamp = Stamp<Dates>()
        stamp.at = day
        stamp.note = "kept"
        return stamp
    }

    private static func unarchived<Dates>(
        _ data: Data, as _: Dates.Type
    ) -> Result<Stamp<Dates>, JastorError> {
        do throws(JastorError) {
            return .success(try Stamp<Dates>.unarchive(from: data))
        } catch {
            return .failure(error)
        }
    }

    /// Every archive written by one transform and read by another, each format: the same
    /// transform reads the date back exactly; any other is refused at `at`, naming both.
    @Test func anArchiveReadsBackOnlyThroughTheTransformsItWasWrittenWith() throws {
        let writers: [(name: String?, archive: (JastorArchiveFormat) throws -> Data)] = [
            (nil, { try Self.stamp(BuiltInDates.self).archivedData(format: $0) }),
            ("iso8601", { try Self.stamp(ISODates.self).archivedData(format: $0) }),
            ("iso8601WithFractionalSeconds", { try Self.stamp(FractionalISODates.self).archivedData(format: $0) }),
            ("secondsSince1970", { try Self.stamp(Seconds.self).archivedData(format: $0) }),
            ("millisecondsSince1970", { try Self.stamp(Milliseconds.self).archivedData(format: $0) }),
            (
                #"date(format: "yyyy-MM-dd", timeZone: GMT, locale: en_US_POSIX)"#,
                { try Self.stamp(DayDates.self).archivedData(format: $0) }
            ),
        ]
        let readers: [(name: String?, read: (Data) -> Result<(Date, String), JastorError>)] = [
            (nil, { Self.unarchived($0, as: BuiltInDates.self).map { ($0.at, $0.note) } }),
            ("iso8601", { Self.unarchived($0, as: ISODates.self).map { ($0.at, $0.note) } }),
            (
                "iso8601WithFractionalSeconds",
                { Self.unarchived($0, as: FractionalISODates.self).map { ($0.at, $0.note) } }
            ),
            ("secondsSince1970", { Self.unarchived($0, as: Seconds.self).map { ($0.at, $0.note) } }),
            ("millisecondsSince1970", { Self.unarchived($0, as: Milliseconds.self).map { ($0.at, $0.note) } }),
            (
                #"date(format: "yyyy-MM-dd", timeZone: GMT, locale: en_US_POSIX)"#,
                { Self.unarchived($0, as: DayDates.self).map { ($0.at, $0.note) } }
            ),
        ]
        for format in Self.formats {
            for writer in writers {
                let data = try writer.archive(format)
                for reader in readers {
                    let pair = "\(writer.name ?? "built-in") → \(reader.name ?? "built-in"), \(format)"
                    switch reader.read(data) {
                    case .success(let (date, note)):
                        #expect(writer.name == reader.name, "\(pair): read without an issue")
                        #expect(date == Self.day && note == "kept", "\(pair)")
                    case .failure(let error):
                        #expect(writer.name != reader.name, "\(pair): \(error)")
                        let issue = try #require(error.issues.first, "\(pair)")
                        #expect(error.issues.count == 1, "\(pair): \(error)")
                        #expect(issue.path.description == "at", "\(pair)")
                        #expect(issue.kind == .unsupportedVersion, "\(pair)")
                        let archived = writer.name.map { "the transform \($0)" } ?? "its type's built-in rules"
                        let current = reader.name.map { "the transform \($0)" } ?? "its type's built-in rules"
                        #expect(issue.expected.hasPrefix("a value archived with \(current), as Stamp"), "\(pair)")
                        #expect(
                            issue.found.hasPrefix("one archived with \(archived) by the same version: raise Stamp<"),
                            "\(pair): \(issue.found)")
                    }
                }
            }
        }
    }

    @Test func theEnvelopeRecordsEachClassesTransformsByPropertyName() throws {
        let text = String(decoding: try Self.stamp(Milliseconds.self).archivedData(format: .json), as: UTF8.self)
        #expect(text.contains(#""transforms":{"Stamp":{"at":"millisecondsSince1970"}}"#), "\(text)")
        // A class without transforms is left out; the entry is still there, so a reader knows
        // the archive records them.
        let plain = String(decoding: try Self.stamp(BuiltInDates.self).archivedData(format: .json), as: UTF8.self)
        #expect(plain.contains(#""transforms":{}"#), "\(plain)")
    }

    @Test func aPropertyThatGainedAClosureTransformIsReported() throws {
        let price = PriceInCents()
        price.amount = 1999
        for format in Self.formats {
            let data = try price.archivedData(format: format)
            let error = try #require(throws: JastorError.self) { try PriceThroughTransform.unarchive(from: data) }
            #expect(
                error.issues.map(\.description) == [
                    "amount: expected a value archived with the transform closure transform to Cents, as "
                        + "PriceThroughTransform (archive version 1) reads it, found one archived with its type's "
                        + "built-in rules by the same version: raise PriceThroughTransform.archiveVersion and "
                        + "convert it in migrate"
                ], "\(format)")
            // And back: the closure's archive read by the class without it.
            let through = PriceThroughTransform()
            through.amount = 1999
            let back = try #require(throws: JastorError.self) {
                try PriceInCents.unarchive(from: try through.archivedData(format: format))
            }
            #expect(back.issues.map(\.path.description) == ["amount"])
        }
    }

    @Test func aTableWhoseStringsStandForOtherValuesIsReported() throws {
        let person = PersonV1()
        person.gender = .male
        for format in Self.formats {
            let data = try person.archivedData(format: format)
            #expect(try PersonV1.unarchive(from: data).gender == .male)
            let error = try #require(throws: JastorError.self) { try PersonSwapped.unarchive(from: data) }
            #expect(error.issues.map(\.path.description) == ["gender"])
            #expect(error.issues.first?.found.contains("table of 2 strings (") == true)
        }
    }

    /// Raising the version hands the stored value to `migrate`, which converts it: no issue.
    @Test func aRaisedVersionMigratesInsteadOfReporting() throws {
        let reading = ReadingV1()
        reading.takenAt = Self.day
        for format in Self.formats {
            let restored = try ReadingV2.unarchive(from: try reading.archivedData(format: format))
            #expect(restored.takenAt == Self.day, "\(format)")
        }
    }

    @Test func theIssueIsAtTheNestedModelsPath() throws {
        let album = Album()
        album.stamps = [Self.stamp(Seconds.self), Self.stamp(Seconds.self)]
        let error = try #require(throws: JastorError.self) {
            try AlbumRead.unarchive(from: try album.archivedData(format: .json))
        }
        #expect(error.issues.map(\.path.description) == ["stamps[0].at", "stamps[1].at"])
    }

    /// Archives written before the table existed record no transforms: read as before.
    @Test func anArchiveWithoutATransformTableReadsAsBefore() throws {
        let old =
            #"{"format": "jastor-archive", "version": 2, "rootClass": "Price", "classes": {"Price": 1}, "#
            + #""root": {"amount": 19}}"#
        #expect(try PriceThroughTransform.unarchive(from: Data(old.utf8)).amount == 1900)
    }

    /// `nil` is archived as `null`, which reads back as `nil` through any transform: not refused.
    @Test func aNilOptionalIsNotRefused() throws {
        for format in Self.formats {
            let empty = try MaybeInSeconds.unarchive(from: try MaybeInMilliseconds().archivedData(format: format))
            #expect(empty.at == nil, "\(format)")
            let dated = MaybeInMilliseconds()
            dated.at = Self.day
            let error = try #require(throws: JastorError.self) {
                try MaybeInSeconds.unarchive(from: try dated.archivedData(format: format))
            }
            #expect(error.issues.map(\.path.description) == ["at"], "\(format)")
        }
    }

    /// A value the archived object does not hold is not read, so nothing is misread.
    @Test func aMissingMemberIsNotReported() throws {
        let text =
            #"{"format": "jastor-archive", "version": 2, "rootClass": "Stamp", "classes": {"Stamp": 1}, "#
            + #""transforms": {"Stamp": {"at": "millisecondsSince1970"}}, "root": {"note": "kept"}}"#
        let stamp = try Stamp<Seconds>.unarchive(from: Data(text.utf8))
        #expect(stamp.note == "kept" && stamp.at == Date(timeIntervalSince1970: 0))
    }

    @Test(arguments: [
        (#""transforms": []"#, "Array"),
        (#""transforms": {"Stamp": 3}"#, #"Number 3 for "Stamp""#),
        (#""transforms": {"Stamp": {"at": 1}}"#, "Number 1 for Stamp.at"),
    ])
    func aDamagedTransformTableIsUnreadable(entry: String, found: String) throws {
        let text =
            #"{"format": "jastor-archive", "version": 2, "rootClass": "Stamp", "classes": {"Stamp": 1}, "#
            + entry + #", "root": {"note": "kept"}}"#
        let error = try #require(throws: JastorError.self) { try Stamp<Seconds>.unarchive(from: Data(text.utf8)) }
        let issue = try #require(error.issues.first)
        #expect(issue.kind == .unreadableArchive)
        #expect(issue.found.hasPrefix(found), "\(issue.found)")
    }

    /// The table's digest is FNV-1a: the same in every process (a value computed outside Swift).
    @Test func theTableDigestIsStableAcrossProcesses() {
        var digest = StableDigest()
        digest.add("a")
        #expect(digest.text == "089be207b544f1e4")
    }
}
