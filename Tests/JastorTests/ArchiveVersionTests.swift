import Foundation
import Jastor
import Synchronization
import Testing

/// Version 3 of a note: version 1 called `text` `body`; versions 1 and 2 spelled `priority` as a word.
private final class Note: JastorObject {
    enum MigrationError: Error {
        case unknownPriority(String)
    }

    static let migrations = Mutex<[Int]>([])

    var text = ""
    var priority = 0

    override class var archiveVersion: Int { 3 }
    override class var properties: [JastorProperty] { [.init("text", \Note.text), .init("priority", \Note.priority)] }

    override class func migrate(archivedProperties properties: inout [String: Any], fromVersion version: Int) throws {
        migrations.withLock { $0.append(version) }
        if version < 2 { properties["text"] = properties.removeValue(forKey: "body") }
        if version < 3, let word = properties["priority"] as? String {
            guard let level = ["low": 0, "normal": 1, "high": 2][word] else {
                throw MigrationError.unknownPriority(word)
            }
            properties["priority"] = level
        }
    }
}

private final class Journal: JastorObject {
    var title = ""
    var notes: [Note] = []

    override class var properties: [JastorProperty] {
        [.init("title", \Journal.title), .init("notes", \Journal.notes)]
    }
}

/// Version 1 of a label: its words were `text`.
private final class LabelV1: JastorObject {
    var text = ""

    override class var archiveName: String { "Label" }
    override class var properties: [JastorProperty] { register(\.text) }
}

/// Version 2 of a label: `text` became `caption`.
private final class LabelV2: JastorObject {
    var caption = ""

    override class var archiveName: String { "Label" }
    override class var archiveVersion: Int { 2 }
    override class var properties: [JastorProperty] { register(\.caption) }
    override class func migrate(archivedProperties properties: inout [String: Any], fromVersion version: Int) throws {
        if version < 2 { properties["caption"] = properties.removeValue(forKey: "text") }
    }
}

/// Version 1 of a task: its owner was a name; its label a nested model of version 1.
private final class TaskV1: JastorObject {
    var title = ""
    var ownerName = ""
    var label: LabelV1?

    override class var archiveName: String { "Task" }
    override class var properties: [JastorProperty] { register(\.title, \.ownerName, \.label) }
}

private final class Person: JastorObject {
    var name = ""

    override class var properties: [JastorProperty] { register(\.name) }
}

/// Version 2 of a task: `migrate` turns the old owner's name into a `Person` (a class version-1
/// archives never list), and keeps the archived label, which migrates on its own.
private final class TaskV2: JastorObject {
    var title = ""
    var owner: Person?
    var label: LabelV2?

    override class var archiveName: String { "Task" }
    override class var archiveVersion: Int { 2 }
    override class var properties: [JastorProperty] { register(\.title, \.owner, \.label) }
    override class func migrate(archivedProperties properties: inout [String: Any], fromVersion version: Int) throws {
        guard version < 2, let name = properties.removeValue(forKey: "ownerName") as? String else { return }
        properties["owner"] = ["name": name]
    }
}

/// Version 1 of a user profile: every property at an empty default.
private final class UserProfileV1: JastorObject {
    var nick: String?
    var tags: [String] = []
    var scores: [String: Int] = [:]

    override class var archiveName: String { "UserProfile" }
    override class var properties: [JastorProperty] { register(\.nick, \.tags, \.scores) }
}

/// The next launch's profile: same names, same types, new defaults.
private final class UserProfileV2: JastorObject {
    var nick: String? = "anonymous"
    var tags: [String] = ["new"]
    var scores: [String: Int] = ["base": 1]

    override class var archiveName: String { "UserProfile" }
    override class var properties: [JastorProperty] { register(\.nick, \.tags, \.scores) }
}

/// Version 1 of a pet: its words were `name`.
private class PetV1: JastorObject {
    var name = "Rex"

    override class var archiveName: String { "Pet" }
    override class var archiveSubclasses: [JastorObject.Type] { [CatV1.self] }
    override class var properties: [JastorProperty] { [.init("name", \PetV1.name)] }
}

private final class CatV1: PetV1 {
    var legs = 4
    var lives = "nine"

    override class var archiveName: String { "Cat" }
    override class var properties: [JastorProperty] { [.init("legs", \CatV1.legs), .init("lives", \CatV1.lives)] }
}

/// Version 2 of a pet: `name` became `title`.
///
/// Each class's migration logs its class and version.
private class PetV2: JastorObject {
    static let migrations = Mutex<[String]>([])

    var title = ""

    override class var archiveName: String { "Pet" }
    override class var archiveVersion: Int { 2 }
    override class var archiveSubclasses: [JastorObject.Type] { [CatV2.self] }
    override class var properties: [JastorProperty] { [.init("title", \PetV2.title)] }
    override class func migrate(archivedProperties properties: inout [String: Any], fromVersion version: Int) throws {
        migrations.withLock { $0.append("Pet \(version)") }
        if version < 2 { properties["title"] = properties.removeValue(forKey: "name") }
    }
}

/// Version 2 of a cat: `lives` became a number; it reads `title`, in the base's current terms.
private final class CatV2: PetV2 {
    var legs = 0
    var lives = 0
    var titleSeen = ""

    override class var archiveName: String { "Cat" }
    override class var archiveVersion: Int { 2 }
    override class var properties: [JastorProperty] {
        [.init("legs", \CatV2.legs), .init("lives", \CatV2.lives), .init("titleSeen", \CatV2.titleSeen)]
    }
    override class func migrate(archivedProperties properties: inout [String: Any], fromVersion version: Int) throws {
        migrations.withLock { $0.append("Cat \(version)") }
        if version < 2 {
            properties["lives"] = properties["lives"] as? String == "nine" ? 9 : 0
            properties["titleSeen"] = properties["title"]
        }
    }
}

private final class PenV1: JastorObject {
    var animal: PetV1 = CatV1()
    var cat = CatV1()

    override class var archiveName: String { "Pen" }
    override class var properties: [JastorProperty] { register(\.animal, \.cat) }
}

private final class PenV2: JastorObject {
    var animal = PetV2()
    var cat = CatV2()

    override class var archiveName: String { "Pen" }
    override class var properties: [JastorProperty] { register(\.animal, \.cat) }
}

/// Version 1 of a badge: its words were `text`.
private final class BadgeV1: JastorObject {
    var text = "hello"

    override class var archiveName: String { "Badge" }
    override class var properties: [JastorProperty] { [.init("text", \BadgeV1.text)] }
}

/// Version 3 of a tag: its words were `caption` already.
private final class TagV3: JastorObject {
    var caption = "tagged"

    override class var archiveName: String { "Tag" }
    override class var archiveVersion: Int { 3 }
    override class var properties: [JastorProperty] { [.init("caption", \TagV3.caption)] }
}

private final class BoardV1: JastorObject {
    var badge = BadgeV1()
    var tag = TagV3()

    override class var archiveName: String { "Board" }
    override class var properties: [JastorProperty] { register(\.badge, \.tag) }
}

/// Badges (version 1, `text`) and tags (version 3, `caption`) became one class, version 4.
private final class Sticker: JastorObject {
    var caption = ""

    override class var archiveAliases: [String] { ["Badge", "Tag"] }
    override class var archiveVersion: Int { 4 }
    override class var properties: [JastorProperty] { [.init("caption", \Sticker.caption)] }
    override class func migrate(archivedProperties properties: inout [String: Any], fromVersion version: Int) throws {
        if version < 2 { properties["caption"] = properties.removeValue(forKey: "text") }
    }
}

private final class BoardV2: JastorObject {
    var badge = Sticker()
    var tag = Sticker()

    override class var archiveName: String { "Board" }
    override class var properties: [JastorProperty] { register(\.badge, \.tag) }
}

/// Items of a board, version 1: badges (`text`) and tags (version 3, `caption`) as subclasses.
private class ItemV1: JastorObject {
    override class var archiveName: String { "Item" }
    override class var archiveSubclasses: [JastorObject.Type] { [BadgeItem.self, TagItem.self] }
    override class var properties: [JastorProperty] { [] }
}

private final class BadgeItem: ItemV1 {
    var text = "hello"

    override class var archiveName: String { "Badge" }
    override class var properties: [JastorProperty] { [.init("text", \BadgeItem.text)] }
}

private final class TagItem: ItemV1 {
    var caption = "tagged"

    override class var archiveName: String { "Tag" }
    override class var archiveVersion: Int { 3 }
    override class var properties: [JastorProperty] { [.init("caption", \TagItem.caption)] }
}

/// Items, version 2: badges and tags became stickers, version 4.
private class ItemV2: JastorObject {
    override class var archiveName: String { "Item" }
    override class var archiveSubclasses: [JastorObject.Type] { [StickerItem.self] }
    override class var properties: [JastorProperty] { [] }
}

private final class StickerItem: ItemV2 {
    var caption = ""

    override class var archiveAliases: [String] { ["Badge", "Tag"] }
    override class var archiveVersion: Int { 4 }
    override class var properties: [JastorProperty] { [.init("caption", \StickerItem.caption)] }
    override class func migrate(archivedProperties properties: inout [String: Any], fromVersion version: Int) throws {
        if version < 2 { properties["caption"] = properties.removeValue(forKey: "text") }
    }
}

private final class ItemListV1: JastorObject {
    var items: [ItemV1] = [BadgeItem(), TagItem()]

    override class var archiveName: String { "ItemList" }
    override class var properties: [JastorProperty] { register(\.items) }
}

private final class ItemListV2: JastorObject {
    var items: [ItemV2] = []

    override class var archiveName: String { "ItemList" }
    override class var properties: [JastorProperty] { register(\.items) }
}

/// Archive format versions and model class versions: old archives read, older class versions
/// migrate, newer ones are refused with an issue.
///
/// Serialized: the models record the migrations they run in shared statics (`Note.migrations`,
/// `PetV2.migrations`), which tests running side by side (the two formats of one test) would mix.
@Suite(.serialized) struct ArchiveVersionTests {
    private func kennel() -> Kennel {
        let puppy = Puppy(dictionary: ["name": "Rex", "breed": "collie", "ageInWeeks": 9])
        let kennel = Kennel()
        kennel.resident = puppy
        kennel.residents = [
            Dog(dictionary: ["name": "Fido", "breed": "pug"]), Animal(dictionary: ["name": "Tom", "legs": 3]), puppy,
        ]
        kennel.byName = ["rex": puppy]
        return kennel
    }

    /// A JSON archive of a journal of two notes, with `replacements` applied to its text.
    private func journalArchive(_ replacements: [(String, String)]) throws -> Data {
        let journal = Journal(dictionary: [
            "title": "log", "notes": [["text": "first", "priority": 2], ["text": "second", "priority": 0]],
        ])
        var text = String(decoding: try journal.archivedData(format: .json), as: UTF8.self)
        for (original, replacement) in replacements {
            #expect(text.contains(original))
            text = text.replacingOccurrences(of: original, with: replacement)
        }
        return Data(text.utf8)
    }

    private func readError(_ data: Data) throws -> JastorError {
        try #require(throws: JastorError.self) { try Journal.unarchive(from: data) }
    }

    @Test(arguments: [JastorArchiveFormat.json, .binaryPropertyList])
    func archivedNilAndEmptyValuesSurviveANewDefault(format: JastorArchiveFormat) throws {
        let data = try UserProfileV1().archivedData(format: format)
        let next = try UserProfileV2.unarchive(from: data)
        #expect(next.nick == nil)
        #expect(next.tags == [])
        #expect(next.scores == [:])
        // A `nil` read from an archive replaces a default that is not `nil`, in the same version too.
        let cleared = UserProfileV2()
        cleared.nick = nil
        cleared.tags = []
        cleared.scores = [:]
        let copy = try UserProfileV2.unarchive(from: try cleared.archivedData(format: format))
        #expect(copy.nick == nil && copy.tags == [] && copy.scores == [:])
    }

    @Test func archivesRecordNilAsNullAndEmptyCollectionsAsThemselves() throws {
        let text = String(decoding: try UserProfileV1().archivedData(format: .json), as: UTF8.self)
        #expect(text.hasSuffix(#""root":{"nick":null,"tags":[],"scores":{}}}"#), "\(text)")
        let propertyList = try UserProfileV1().archivedData(format: .binaryPropertyList)
        let envelope = try #require(
            try PropertyListSerialization.propertyList(from: propertyList, format: nil) as? [String: Any])
        let root = try #require(envelope["root"] as? [String: Any])
        #expect(root["nick"] as? String == "$null")
        #expect((root["tags"] as? [Any])?.isEmpty == true)
        #expect((root["scores"] as? [String: Any])?.isEmpty == true)
    }

    /// Archives written before nil and empty values were recorded left them out: absent, a
    /// property keeps the reading class's default.
    @Test func oldArchivesWithoutNilAndEmptyValuesReadTheDefaults() throws {
        let url = Fixtures.folder.appendingPathComponent("archives/user_profile_without_empty_values.json")
        let next = try UserProfileV2.unarchive(from: try Data(contentsOf: url))
        #expect(next.nick == "anonymous")
        #expect(next.tags == ["new"])
        #expect(next.scores == ["base": 1])
        let first = try UserProfileV1.unarchive(from: try Data(contentsOf: url))
        #expect(first.nick == nil && first.tags == [] && first.scores == [:])
    }

    @Test(arguments: [JastorArchiveFormat.json, .binaryPropertyList])
    func migrationMayIntroduceANestedModelBesideArchivedOnes(format: JastorArchiveFormat) throws {
        let old = TaskV1()
        old.title = "ship"
        old.ownerName = "Ada"
        old.label = LabelV1(dictionary: ["text": "urgent"])
        let data = try old.archivedData(format: format)
        let task = try TaskV2.unarchive(from: data)
        #expect(task.title == "ship")
        // New in `migrate`'s result, of a class the archive does not list: read as current.
        #expect(task.owner?.name == "Ada")
        // Beside it, the archive's own nested label, listed at version 1: migrated.
        #expect(task.label?.caption == "urgent")
    }

    @Test func classMissingFromTheClassTableOfArchivedDataIsAnIssue() throws {
        let task = TaskV2()
        task.owner = Person(dictionary: ["name": "Ada"])
        var text = String(decoding: try task.archivedData(format: .json), as: UTF8.self)
        #expect(text.contains(#","Person":1"#))
        text = text.replacingOccurrences(of: #","Person":1"#, with: "")
        let error = try #require(throws: JastorError.self) { try TaskV2.unarchive(from: Data(text.utf8)) }
        #expect(error.description == "owner: expected a version for Person in the archive's class table, found none")
    }

    @Test(arguments: ["kennel_v1.json", "kennel_v1.plist", "kennel_v1_old_module.json"])
    func formatVersion1ArchivesStillRead(fixture: String) throws {
        let data = try Data(contentsOf: Fixtures.folder.appendingPathComponent("archives/\(fixture)"))
        let copy = try Kennel.unarchive(from: data)
        #expect(copy == kennel())
        #expect((copy.resident as? Puppy)?.ageInWeeks == 9)
        #expect(copy.residents.map { String(describing: type(of: $0)) } == ["Dog", "Animal", "Puppy"])
    }

    @Test func archivesRecordFormatVersion2AndTheirClassTable() throws {
        let text = String(decoding: try kennel().archivedData(format: .json), as: UTF8.self)
        #expect(
            text.hasPrefix(
                #"{"format":"jastor-archive","version":3,"rootClass":"Kennel","#
                    + #""classes":{"Kennel":1,"Puppy":1,"Dog":1,"Animal":1},"transforms":{},"#
                    + #""root":{"resident":{"$ref":2},"#))
    }

    @Test func olderClassVersionsAreMigratedOnlyThen() throws {
        Note.migrations.withLock { $0 = [] }
        let current = try Journal.unarchive(from: try journalArchive([]))
        #expect(current.notes.map(\.text) == ["first", "second"])
        #expect(Note.migrations.withLock { $0 }.isEmpty, "the current version needs no migration")

        let version1 = try journalArchive([
            (#""Note":3"#, #""Note":1"#), (#""text":"#, #""body":"#), (#""priority":2"#, #""priority":"high""#),
            (#""priority":0"#, #""priority":"low""#),
        ])
        let migrated = try Journal.unarchive(from: version1)
        #expect(migrated.notes.map(\.text) == ["first", "second"])
        #expect(migrated.notes.map(\.priority) == [2, 0])
        #expect(Note.migrations.withLock { $0 } == [1, 1])

        let version2 = try journalArchive([(#""Note":3"#, #""Note":2"#), (#""priority":2"#, #""priority":"urgent""#)])
        let error = try readError(version2)
        #expect(
            error.description
                == #"notes[0]: expected Note.migrate to read version 2 of Note, found an error: unknownPriority("urgent")"#
        )
        #expect(error.issues.first?.kind == .unsupportedVersion)
    }

    @Test func newerClassVersionIsAnIssueAtEachModel() throws {
        let error = try readError(try journalArchive([(#""Note":3"#, #""Note":7"#)]))
        #expect(
            error.issues.map(\.description)
                == [0, 1].map {
                    "notes[\($0)]: expected Note of archive version 3 or earlier, found version 7, written by a newer "
                        + "version of the class"
                })
    }

    @Test func classMissingFromTheClassTable() throws {
        let error = try readError(try journalArchive([(#","Note":3"#, "")]))
        #expect(
            error.issues.first?.description
                == "notes[0]: expected a version for Note in the archive's class table, found none")
    }

    /// The class table lists each class's superclasses below `JastorObject`, and reading migrates
    /// each class of a model's chain from its own archived version, base class first: the root, a
    /// subclass marked in a base-class property, and one of its declared class.
    @Test(arguments: [JastorArchiveFormat.json, .binaryPropertyList])
    func aSubclassReadsItsBaseClassesRenamedProperty(format: JastorArchiveFormat) throws {
        let data = try PenV1().archivedData(format: format)
        if format == .json {
            #expect(String(decoding: data, as: UTF8.self).contains(#""classes":{"Pen":1,"Cat":1,"Pet":1}"#))
        }
        PetV2.migrations.withLock { $0 = [] }
        let pen = try PenV2.unarchive(from: data)
        for cat in [pen.animal as? CatV2, pen.cat] {
            #expect(cat?.title == "Rex")
            #expect(cat?.legs == 4)
            #expect(cat?.lives == 9)
            #expect(cat?.titleSeen == "Rex")
        }
        #expect(PetV2.migrations.withLock { $0 } == ["Pet 1", "Cat 1", "Pet 1", "Cat 1"])
        let root = try PetV2.unarchive(from: try CatV1().archivedData(format: format))
        #expect(root.title == "Rex")
        #expect((root as? CatV2)?.lives == 9)
    }

    /// Archives written before base classes were recorded list none: their inherited properties
    /// read as the base's current version, as they did then.
    @Test func archivesWithoutBaseClassVersionsReadTheBaseAsCurrent() throws {
        var text = String(decoding: try CatV1().archivedData(format: .json), as: UTF8.self)
        #expect(text.contains(#","Pet":1"#))
        text = text.replacingOccurrences(of: #","Pet":1"#, with: "")
        PetV2.migrations.withLock { $0 = [] }
        let cat = try #require(try PetV2.unarchive(from: Data(text.utf8)) as? CatV2)
        #expect(cat.title == "")
        #expect(cat.lives == 9)
        #expect(PetV2.migrations.withLock { $0 } == ["Cat 1"])
    }

    @Test func aNewerBaseClassVersionIsAnIssue() throws {
        var text = String(decoding: try PenV1().archivedData(format: .json), as: UTF8.self)
        text = text.replacingOccurrences(of: #""Pet":1"#, with: #""Pet":3"#)
        let error = try #require(throws: JastorError.self) { try PenV2.unarchive(from: Data(text.utf8)) }
        #expect(
            error.issues.map(\.description)
                == ["animal", "cat"].map {
                    "\($0): expected PetV2 (base of CatV2) of archive version 2 or earlier, found version 3, "
                        + "written by a newer version of the class"
                })
    }

    /// A class answering to two names the table lists at different versions reads a model under
    /// the name it was written as (the root's); one without a class marker is an issue, not a guess.
    @Test(arguments: [JastorArchiveFormat.json, .binaryPropertyList])
    func aClassAnsweringToTwoTabledNamesReadsEachAtItsVersion(format: JastorArchiveFormat) throws {
        #expect(try Sticker.unarchive(from: try BadgeV1().archivedData(format: format)).caption == "hello")
        #expect(try Sticker.unarchive(from: try TagV3().archivedData(format: format)).caption == "tagged")
        let error = try #require(throws: JastorError.self) {
            try BoardV2.unarchive(from: try BoardV1().archivedData(format: format))
        }
        #expect(
            error.issues.map(\.description)
                == ["badge", "tag"].map {
                    "\($0): expected a class marker saying which of Badge (version 1) and Tag (version 3) this "
                        + "Sticker was archived as, found none, and the archive lists those names at different versions"
                })
        #expect(error.issues.allSatisfy { $0.kind == .unreadableArchive })
    }

    /// Models whose class markers name two former classes now merged into one read each at the
    /// version of the name its marker gives.
    @Test(arguments: [JastorArchiveFormat.json, .binaryPropertyList])
    func markedModelsOfAMergedClassReadAtTheirMarkersVersions(format: JastorArchiveFormat) throws {
        let list = try ItemListV2.unarchive(from: try ItemListV1().archivedData(format: format))
        #expect(list.items.map { ($0 as? StickerItem)?.caption } == ["hello", "tagged"])
    }

    @Test(arguments: [
        (
            #"{"format": "jastor-archive", "version": 2, "rootClass": "Journal", "root": {}}"#,
            #"expected a complete Jastor archive, found no "classes" entry"#
        ),
        (
            #"{"format": "jastor-archive", "version": 2, "rootClass": "Journal", "classes": [1], "root": {}}"#,
            #"expected a class table object in "classes", found Array"#
        ),
        (
            #"{"format": "jastor-archive", "version": 2, "rootClass": "Journal", "classes": {"Journal": 0}, "root": {}}"#,
            #"expected class versions of 1 or more in "classes", found Number 0 for "Journal""#
        ),
        (
            #"{"format": "jastor-archive", "version": 2, "rootClass": "Journal", "classes": {"Journal": 1.5}}"#,
            #"expected class versions of 1 or more in "classes", found Number 1.5 for "Journal""#
        ),
        // Whole and positive, but more than any class's archiveVersion (an Int) holds: never "below 1".
        (
            #"{"format": "jastor-archive", "version": 2, "rootClass": "Journal", "classes": {"Journal": 9223372036854775808}}"#,
            #"expected class versions of at most 9223372036854775807 in "classes" (the most an archiveVersion holds), found Number 9223372036854775808 for "Journal", written by a newer version of the class"#
        ),
        (
            #"{"format": "jastor-archive", "version": 2, "rootClass": "Journal", "classes": {"Journal": 99999999999999999999}}"#,
            #"expected class versions of at most 9223372036854775807 in "classes" (the most an archiveVersion holds), found Number 99999999999999999999 for "Journal", written by a newer version of the class"#
        ),
        (
            #"{"format": "jastor-archive", "version": 0, "rootClass": "Journal", "classes": {}, "root": {}}"#,
            "expected a format version of 1 or more, found version 0, which is invalid"
        ),
    ])
    func damagedEnvelopes(json: String, message: String) throws {
        #expect(try readError(Data(json.utf8)).description == message)
    }
}
