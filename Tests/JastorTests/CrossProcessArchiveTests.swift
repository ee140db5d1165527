import Foundation
import Jastor
import Testing

// The reading side of the `jastor-archive-writer` scenarios. These classes live in another module
// than the writer's (JastorTests, not jastor_archive_writer), all of them private to this file.

private enum Library {
    final class Book: JastorObject {
        var title = ""

        override class var properties: [JastorProperty] { [.init("title", \Book.title)] }
    }

    final class Shelf: JastorObject {
        var label = ""
        var books: [Book] = []

        override class var properties: [JastorProperty] {
            [.init("label", \Shelf.label), .init("books", \Shelf.books)]
        }
    }
}

private final class Entry: JastorObject {
    var text = ""

    override class var properties: [JastorProperty] { [.init("text", \Entry.text)] }
}

private final class Page<Item: JastorObject>: JastorObject {
    var number = 0
    var items: [Item] = []

    override class var properties: [JastorProperty] {
        [.init("number", \Page<Item>.number), .init("items", \Page<Item>.items)]
    }
}

private final class Memo: JastorObject {
    var text = ""
    var pinned = false

    override class var properties: [JastorProperty] { [.init("text", \Memo.text), .init("pinned", \Memo.pinned)] }
}

private final class Notebook: JastorObject {
    var owner = ""
    var first: Memo?
    var memos: [Memo] = []

    override class var properties: [JastorProperty] {
        [.init("owner", \Notebook.owner), .init("first", \Notebook.first), .init("memos", \Notebook.memos)]
    }
}

private class Creature: JastorObject {
    var name = ""

    override class var properties: [JastorProperty] { [.init("name", \Creature.name)] }
    override class var archiveSubclasses: [JastorObject.Type] { [Parrot.self, Tortoise.self] }
}

private final class Parrot: Creature {
    var words: [String] = []

    override class var properties: [JastorProperty] { [.init("words", \Parrot.words)] }
}

private final class Tortoise: Creature {
    var age = 0

    override class var properties: [JastorProperty] { [.init("age", \Tortoise.age)] }
}

private final class Zoo: JastorObject {
    var star: Creature?
    var creatures: [Creature] = []
    var byName: [String: Creature] = [:]

    override class var properties: [JastorProperty] {
        [.init("star", \Zoo.star), .init("creatures", \Zoo.creatures), .init("byName", \Zoo.byName)]
    }
}

/// The writer's `Customer`, renamed.
private final class Client: JastorObject {
    var name = ""
    var address = Address()

    override class var archiveAliases: [String] { ["Customer"] }
    override class var properties: [JastorProperty] {
        [.init("name", \Client.name), .init("address", \Client.address)]
    }
}

/// The writer's `PostalAddress`, renamed.
private final class Address: JastorObject {
    var city = ""

    override class var archiveAliases: [String] { ["PostalAddress"] }
    override class var properties: [JastorProperty] { [.init("city", \Address.city)] }
}

/// Version 2 of the writer's `Member`: `fullName` split in two, `mail` renamed, `age` an `Int`.
private final class Member: JastorObject {
    var givenName = ""
    var familyName = ""
    var email = ""
    var age = 0

    override class var archiveVersion: Int { 2 }
    override class var properties: [JastorProperty] {
        [
            .init("givenName", \Member.givenName), .init("familyName", \Member.familyName),
            .init("email", \Member.email), .init("age", \Member.age),
        ]
    }

    override class func migrate(archivedProperties properties: inout [String: Any], fromVersion version: Int) throws {
        guard version == 1 else { return }
        if let fullName = properties.removeValue(forKey: "fullName") as? String {
            let parts = fullName.split(separator: " ", maxSplits: 1).map(String.init)
            properties["givenName"] = parts.first
            properties["familyName"] = parts.count > 1 ? parts[1] : ""
        }
        properties["email"] = properties.removeValue(forKey: "mail")
    }
}

/// Version 2 of a class the writer has at version 3.
private final class Settings: JastorObject {
    var theme = ""

    override class var archiveVersion: Int { 2 }
    override class var properties: [JastorProperty] { [.init("theme", \Settings.theme)] }
}

/// Archives written by another process (`jastor-archive-writer`, another module) read here.
@Suite struct CrossProcessArchiveTests {
    static let formats: [JastorArchiveFormat] = [.binaryPropertyList, .json]

    /// The archive the writer process makes of `scenario`.
    private func archive(_ scenario: String, _ format: JastorArchiveFormat) throws -> Data {
        let folder = try TemporaryFolder()
        let file = folder.file("\(scenario).archive")
        try ArchiveWriterProcess.write(scenario, json: format == .json, to: file)
        return try Data(contentsOf: file)
    }

    @Test(arguments: formats)
    func nestedClasses(format: JastorArchiveFormat) throws {
        let shelf = try Library.Shelf.unarchive(from: try archive("nested", format))
        #expect(shelf.label == "Novels")
        #expect(shelf.books.map(\.title) == ["Emma", "Persuasion"])
    }

    @Test(arguments: formats)
    func genericClass(format: JastorArchiveFormat) throws {
        let page = try Page<Entry>.unarchive(from: try archive("generic", format))
        #expect(page.number == 2)
        #expect(page.items.map(\.text) == ["first", "second"])
    }

    @Test(arguments: formats)
    func classesPrivateAtFileScope(format: JastorArchiveFormat) throws {
        let notebook = try Notebook.unarchive(from: try archive("private", format))
        #expect(notebook.owner == "Ada")
        #expect(notebook.first?.text == "buy milk" && notebook.first?.pinned == true)
        #expect(notebook.memos.map(\.text) == ["a", "b"])
        let memo = try Memo.unarchive(from: try archive("private-root", format))
        #expect(memo.text == "alone" && memo.pinned)
    }

    @Test(arguments: formats)
    func subclassesInBaseClassSlots(format: JastorArchiveFormat) throws {
        let zoo = try Zoo.unarchive(from: try archive("subclass", format))
        let star = try #require(zoo.star as? Parrot)
        #expect(star.name == "Polly" && star.words == ["hello"])
        #expect(zoo.creatures.map { String(describing: type(of: $0)) } == ["Tortoise", "Creature"])
        #expect((zoo.creatures[0] as? Tortoise)?.age == 120)
        #expect((zoo.byName["polly"] as? Parrot)?.words == ["hello"])
        // The writer's zoo holds one Polly in two places: one instance here too.
        #expect(zoo.byName["polly"] === zoo.star)
        let root = try Creature.unarchive(from: try archive("subclass-root", format))
        #expect((root as? Parrot)?.words == ["hello", "cracker"])
    }

    @Test(arguments: formats)
    func renamedClassesReadThroughTheirAliases(format: JastorArchiveFormat) throws {
        let client = try Client.unarchive(from: try archive("renamed", format))
        #expect(client.name == "Ada")
        #expect(client.address.city == "London")
    }

    @Test(arguments: formats)
    func olderVersionIsMigratedBeforeMapping(format: JastorArchiveFormat) throws {
        let member = try Member.unarchive(from: try archive("version", format))
        #expect(member.givenName == "Ada" && member.familyName == "Lovelace")
        #expect(member.email == "ada@example.com")
        #expect(member.age == 36, "the archived String \"36\" is converted as mapping converts it")
    }

    @Test(arguments: formats)
    func newerVersionIsRefused(format: JastorArchiveFormat) throws {
        let data = try archive("newer-version", format)
        let error = try #require(throws: JastorError.self) { try Settings.unarchive(from: data) }
        #expect(
            error.description
                == "expected Settings of archive version 2 or earlier, found version 3, written by a newer version of the class"
        )
        #expect(error.issues.first?.kind == .unsupportedVersion)
    }
}
