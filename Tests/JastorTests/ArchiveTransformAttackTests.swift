import Foundation
import Testing

@testable import Jastor

// MARK: - A base class that migrates while its subclass changed a transform

/// Version 1 of a pet: `name`.
private class PetV1: JastorObject {
    var name = "Rex"

    override class var archiveName: String { "Pet" }
    override class var archiveSubclasses: [JastorObject.Type] { [CatV1.self] }
    override class var properties: [JastorProperty] { register(\.name) }
}

/// Version 1 of a cat: its birth date in milliseconds.
private final class CatV1: PetV1 {
    var born = Date(timeIntervalSince1970: 0)

    override class var archiveName: String { "Cat" }
    override class var properties: [JastorProperty] {
        register { property(\.born, transform: .millisecondsSince1970) }
    }
}

/// Version 2 of a pet: `name` became `title`.
private class PetV2: JastorObject {
    var title = ""

    override class var archiveName: String { "Pet" }
    override class var archiveVersion: Int { 2 }
    override class var archiveSubclasses: [JastorObject.Type] { [CatInSeconds.self] }
    override class var properties: [JastorProperty] { register(\.title) }
    override class func migrate(archivedProperties stored: inout [String: Any], fromVersion version: Int) throws {
        if version < 2 { stored["title"] = stored.removeValue(forKey: "name") }
    }
}

/// A cat still at version 1 that reads its birth date in seconds: its own transform changed at
/// its own, unchanged version, while its base class migrates.
private final class CatInSeconds: PetV2 {
    var born = Date(timeIntervalSince1970: 0)

    override class var archiveName: String { "Cat" }
    override class var archiveVersion: Int { 1 }
    override class var properties: [JastorProperty] {
        register { property(\.born, transform: .secondsSince1970) }
    }
}

// MARK: - A subclass that migrates while its base class changed a transform

/// Version 1 of a visit: when, in milliseconds.
private class VisitV1: JastorObject {
    var at = Date(timeIntervalSince1970: 0)

    override class var archiveName: String { "Visit" }
    override class var archiveSubclasses: [JastorObject.Type] { [CheckupV1.self] }
    override class var properties: [JastorProperty] {
        register { property(\.at, transform: .millisecondsSince1970) }
    }
}

/// Version 1 of a checkup: a free-text weight.
private final class CheckupV1: VisitV1 {
    var weight = "4 kg"

    override class var archiveName: String { "Checkup" }
    override class var properties: [JastorProperty] { register(\.weight) }
}

/// A visit still at version 1 that reads `at` in seconds.
private class VisitInSeconds: JastorObject {
    var at = Date(timeIntervalSince1970: 0)

    override class var archiveName: String { "Visit" }
    override class var archiveSubclasses: [JastorObject.Type] { [CheckupV2.self] }
    override class var properties: [JastorProperty] {
        register { property(\.at, transform: .secondsSince1970) }
    }
}

/// Version 2 of a checkup: the weight in grams.
private final class CheckupV2: VisitInSeconds {
    var grams = 0

    override class var archiveName: String { "Checkup" }
    override class var archiveVersion: Int { 2 }
    override class var properties: [JastorProperty] { register(\.grams) }
    override class func migrate(archivedProperties stored: inout [String: Any], fromVersion version: Int) throws {
        guard version < 2, let weight = stored.removeValue(forKey: "weight") as? String else { return }
        stored["grams"] = Int(weight.split(separator: " ").first ?? "").map { $0 * 1000 }
    }
}

// MARK: - Tables whose values print with their module's name, or an address

/// The writer process's `HeatingMode` (`jastor-archive-writer`, another module), private here: its
/// `String(describing:)` holds this module's name and an address that changes with every launch.
private enum HeatingMode: Sendable {
    case heat, cool
}

/// The writer's `Thermostat`, the same declaration in this module.
private final class Thermostat: JastorObject {
    var mode: HeatingMode? = nil

    override class var properties: [JastorProperty] {
        [.init("mode", \Thermostat.mode, transform: .table(["off": nil, "heat": .heat, "cool": .cool]))]
    }
}

/// A table of dates, one of them NaN seconds (`Date.description` traps on it).
private final class Deadline: JastorObject {
    var due = Date(timeIntervalSince1970: 0)

    override class var properties: [JastorProperty] {
        register {
            property(
                \.due,
                transform: .table(["never": Date(timeIntervalSince1970: .nan), "epoch": Date(timeIntervalSince1970: 0)])
            )
        }
    }
}

// MARK: - A model migrate introduces, with a class marker

/// Version 1 of a house: its pet's name only.
private final class HouseV1: JastorObject {
    var petName = "Rex"

    override class var archiveName: String { "House" }
    override class var properties: [JastorProperty] { register(\.petName) }
}

private class Resident: JastorObject {
    var name = ""

    override class var archiveSubclasses: [JastorObject.Type] { [Hound.self] }
    override class var properties: [JastorProperty] { register(\.name) }
}

private final class Hound: Resident {
    var born = Date(timeIntervalSince1970: 0)

    override class var properties: [JastorProperty] {
        register { property(\.born, transform: .millisecondsSince1970) }
    }
}

/// Version 2: a pet, which `migrate` builds as a `Hound` (a class version-1 archives never list),
/// in the current version's terms.
private final class HouseV2: JastorObject {
    static let born = 1_700_006_400_000

    var pet: Resident?

    override class var archiveName: String { "House" }
    override class var archiveVersion: Int { 2 }
    override class var properties: [JastorProperty] { register(\.pet) }
    override class func migrate(archivedProperties stored: inout [String: Any], fromVersion version: Int) throws {
        guard version < 2, let name = stored.removeValue(forKey: "petName") else { return }
        stored["pet"] = ["$class": "Hound", "name": name, "born": born]
    }
}

// MARK: - Two former classes, merged, recorded with different transforms

/// A badge stamped in milliseconds.
private final class BadgeInMilliseconds: JastorObject {
    var at = Date(timeIntervalSince1970: 0)

    override class var archiveName: String { "Badge" }
    override class var properties: [JastorProperty] {
        register { property(\.at, transform: .millisecondsSince1970) }
    }
}

/// A tag stamped in seconds.
private final class TagInSeconds: JastorObject {
    var at = Date(timeIntervalSince1970: 0)

    override class var archiveName: String { "Tag" }
    override class var properties: [JastorProperty] {
        register { property(\.at, transform: .secondsSince1970) }
    }
}

private final class BoardOfTwo: JastorObject {
    var badge = BadgeInMilliseconds()
    var tag = TagInSeconds()

    override class var archiveName: String { "Board" }
    override class var properties: [JastorProperty] { register(\.badge, \.tag) }
}

/// Badges and tags merged into one class, at the version both had, reading milliseconds.
private final class MergedSticker: JastorObject {
    var at = Date(timeIntervalSince1970: 0)

    override class var archiveName: String { "Sticker" }
    override class var archiveAliases: [String] { ["Badge", "Tag"] }
    override class var properties: [JastorProperty] {
        register { property(\.at, transform: .millisecondsSince1970) }
    }
}

private final class MergedBoard: JastorObject {
    var badge = MergedSticker()
    var tag = MergedSticker()

    override class var archiveName: String { "Board" }
    override class var properties: [JastorProperty] { register(\.badge, \.tag) }
}

// MARK: - Support

@Suite("Attacks on the archive's transform table")
struct ArchiveTransformAttackTests {
    private static let formats: [JastorArchiveFormat] = [.json, .binaryPropertyList]

    /// A date every transform here writes exactly: a whole day.
    private static let day = Date(timeIntervalSince1970: 1_700_006_400)

    /// A subclass at its current version whose own property changed its transform is refused
    /// there, though its base class's older version sends the model through `migrate`: the base's
    /// `migrate` handles the base's properties only, and the subclass's version says its values
    /// are in its current terms.
    @Test func aSubclassPropertysChangedTransformIsReportedWhileItsBaseMigrates() throws {
        let cat = CatV1()
        cat.born = Self.day
        for format in Self.formats {
            let data = try cat.archivedData(format: format)
            let error = try #require(throws: JastorError.self, "\(format)") { try PetV2.unarchive(from: data) }
            #expect(
                error.issues.map(\.description) == [
                    "born: expected a value archived with the transform secondsSince1970, as CatInSeconds "
                        + "(archive version 1) reads it, found one archived with the transform "
                        + "millisecondsSince1970 by the same version: raise CatInSeconds.archiveVersion and "
                        + "convert it in migrate"
                ], "\(format)")
        }
    }

    /// And the other way round: a base class at its current version whose property changed its
    /// transform is refused there, though the subclass's older version migrates the model.
    @Test func aBasePropertysChangedTransformIsReportedWhileItsSubclassMigrates() throws {
        let checkup = CheckupV1()
        checkup.at = Self.day
        for format in Self.formats {
            let data = try checkup.archivedData(format: format)
            let error = try #require(throws: JastorError.self, "\(format)") { try VisitInSeconds.unarchive(from: data) }
            // The property is the base's: its version is the one to raise.
            #expect(
                error.issues.map(\.description) == [
                    "at: expected a value archived with the transform secondsSince1970, as VisitInSeconds "
                        + "(archive version 1) reads it, found one archived with the transform "
                        + "millisecondsSince1970 by the same version: raise VisitInSeconds.archiveVersion and "
                        + "convert it in migrate"
                ], "\(format)")
            #expect(error.issues.map(\.kind) == [.unsupportedVersion], "\(format)")
        }
    }

    /// The migrations still run where no transform changed: the base migrates, the subclass's
    /// values read as they were written.
    @Test func aMigratingChainWithoutChangedTransformsReadsBack() throws {
        let checkup = CheckupV1()
        checkup.at = Self.day
        for format in Self.formats {
            let restored = try #require(
                try VisitV1.unarchive(from: try checkup.archivedData(format: format)) as? CheckupV1)
            #expect(restored.at == Self.day && restored.weight == "4 kg", "\(format)")
        }
    }

    /// The same table declared in another module and process reads back: what the archive
    /// records for it names neither a module nor an address.
    @Test(arguments: formats)
    func aTableDeclaredAlikeInAnotherModuleAndProcessReadsBack(format: JastorArchiveFormat) throws {
        let folder = try TemporaryFolder()
        let file = folder.file("table.archive")
        try ArchiveWriterProcess.write("table", json: format == .json, to: file)
        #expect(try Thermostat.unarchive(from: file).mode == .cool)
        // And in this process, each way round.
        let thermostat = Thermostat()
        thermostat.mode = nil
        #expect(try Thermostat.unarchive(from: try thermostat.archivedData(format: format)).mode == nil)
    }

    /// Planning a class whose table holds a date of NaN seconds does not trap, and the date
    /// archives and reads back.
    @Test func aTableOfDatesIsRecordedWithoutTrapping() throws {
        let deadline = Deadline()
        for format in Self.formats {
            let restored = try Deadline.unarchive(from: try deadline.archivedData(format: format))
            #expect(restored.due == Date(timeIntervalSince1970: 0), "\(format)")
        }
    }

    /// A model `migrate` introduces is in the current version's terms, its class marker included:
    /// its class, which the archive does not list, has no archived transforms to compare.
    @Test func aMarkedModelMigrateIntroducesReadsThroughItsCurrentTransforms() throws {
        for format in Self.formats {
            let house = try HouseV2.unarchive(from: try HouseV1().archivedData(format: format))
            let dog = try #require(house.pet as? Hound, "\(format)")
            #expect(dog.name == "Rex" && dog.born == Self.day, "\(format)")
        }
    }

    /// Models without a class marker, of a class answering to two names the archive lists at one
    /// version but with different transforms: which one each was written as is unknown, so no
    /// transform is guessed: the tag's seconds are never read as milliseconds.
    @Test func unmarkedModelsOfAMergedClassAreNotReadWithAGuessedTransform() throws {
        let board = BoardOfTwo()
        board.badge.at = Self.day
        board.tag.at = Self.day
        for format in Self.formats {
            let data = try board.archivedData(format: format)
            let error = try #require(throws: JastorError.self, "\(format)") { try MergedBoard.unarchive(from: data) }
            #expect(error.issues.map(\.path.description) == ["badge.at", "tag.at"], "\(format): \(error)")
            #expect(error.issues.allSatisfy { $0.kind == .unsupportedVersion }, "\(format)")
            #expect(
                error.issues.first?.found
                    == "one archived, perhaps, under Tag (the model has no class marker saying which of its class's "
                    + "names), with the transform secondsSince1970 by the same version: raise "
                    + "MergedSticker.archiveVersion and convert it in migrate", "\(format)")
        }
    }
}
