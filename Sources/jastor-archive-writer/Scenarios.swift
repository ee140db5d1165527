import Foundation
import Jastor

/// The archives the cross-process tests read.
///
/// `scenario NAME json|plist FILE` archives one graph of this module's models to FILE. The test
/// process declares its own classes of the same archive names in another module, so every
/// scenario also reads across a module rename.
enum Scenarios {
    /// Writes the scenario `arguments` names; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 3, let model = model(arguments[0]) else {
            FileHandle.standardError.write(
                Data("usage: jastor-archive-writer scenario \(names.joined(separator: "|")) json|plist FILE\n".utf8))
            return 2
        }
        do {
            try model.archive(
                to: URL(fileURLWithPath: arguments[2]), format: arguments[1] == "json" ? .json : .binaryPropertyList)
            return 0
        } catch {
            print("error: \(error)")
            return 1
        }
    }

    static let names = [
        "nested", "generic", "private", "private-root", "subclass", "subclass-root", "renamed",
        "version", "newer-version", "table",
    ]

    private static func model(_ name: String) -> JastorObject? {
        switch name {
        case "nested":
            Library.Shelf(dictionary: ["label": "Novels", "books": [["title": "Emma"], ["title": "Persuasion"]]])
        case "generic":
            Page<Entry>(dictionary: ["number": 2, "items": [["text": "first"], ["text": "second"]]])
        case "private":
            Notebook.sample()
        case "private-root":
            Memo(dictionary: ["text": "alone", "pinned": true])
        case "subclass":
            Zoo.sample()
        case "subclass-root":
            Parrot(dictionary: ["name": "Polly", "words": ["hello", "cracker"]])
        case "renamed":
            Customer(dictionary: ["name": "Ada", "address": ["city": "London"]])
        case "version":
            Member(dictionary: ["fullName": "Ada Lovelace", "mail": "ada@example.com", "age": "36"])
        case "newer-version":
            Settings(dictionary: ["theme": "dark"])
        case "table":
            Thermostat.sample()
        default:
            nil
        }
    }
}

/// A namespace, so that its models are nested classes (`Library.Shelf`).
enum Library {
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

final class Entry: JastorObject {
    var text = ""

    override class var properties: [JastorProperty] { [.init("text", \Entry.text)] }
}

/// A generic model class: archived as `Page<Entry>`.
final class Page<Item: JastorObject>: JastorObject {
    var number = 0
    var items: [Item] = []

    override class var properties: [JastorProperty] {
        [.init("number", \Page<Item>.number), .init("items", \Page<Item>.items)]
    }
}

/// A class private to this file: its Swift name holds an address that changes with every launch.
private final class Memo: JastorObject {
    var text = ""
    var pinned = false

    override class var properties: [JastorProperty] { [.init("text", \Memo.text), .init("pinned", \Memo.pinned)] }
}

final class Notebook: JastorObject {
    var owner = ""
    fileprivate var first: Memo?
    fileprivate var memos: [Memo] = []

    override class var properties: [JastorProperty] {
        [.init("owner", \Notebook.owner), .init("first", \Notebook.first), .init("memos", \Notebook.memos)]
    }

    static func sample() -> Notebook {
        Notebook(dictionary: [
            "owner": "Ada", "first": ["text": "buy milk", "pinned": true], "memos": [["text": "a"], ["text": "b"]],
        ])
    }
}

class Creature: JastorObject {
    var name = ""

    override class var properties: [JastorProperty] { [.init("name", \Creature.name)] }
    override class var archiveSubclasses: [JastorObject.Type] { [Parrot.self, Tortoise.self] }
}

final class Parrot: Creature {
    var words: [String] = []

    override class var properties: [JastorProperty] { [.init("words", \Parrot.words)] }
}

final class Tortoise: Creature {
    var age = 0

    override class var properties: [JastorProperty] { [.init("age", \Tortoise.age)] }
}

/// Subclasses in base-class properties, arrays and dictionaries.
final class Zoo: JastorObject {
    var star: Creature?
    var creatures: [Creature] = []
    var byName: [String: Creature] = [:]

    override class var properties: [JastorProperty] {
        [.init("star", \Zoo.star), .init("creatures", \Zoo.creatures), .init("byName", \Zoo.byName)]
    }

    static func sample() -> Zoo {
        let zoo = Zoo()
        let polly = Parrot(dictionary: ["name": "Polly", "words": ["hello"]])
        zoo.star = polly
        zoo.creatures = [Tortoise(dictionary: ["name": "Tess", "age": 120]), Creature(dictionary: ["name": "Blob"])]
        zoo.byName = ["polly": polly]
        return zoo
    }
}

/// What the reading side has renamed `Client`.
final class Customer: JastorObject {
    var name = ""
    var address = PostalAddress()

    override class var properties: [JastorProperty] {
        [.init("name", \Customer.name), .init("address", \Customer.address)]
    }
}

/// What the reading side has renamed `Address`.
final class PostalAddress: JastorObject {
    var city = ""

    override class var properties: [JastorProperty] { [.init("city", \PostalAddress.city)] }
}

/// Version 1 of a model whose reading side is at version 2.
final class Member: JastorObject {
    var fullName = ""
    var mail = ""
    var age = ""

    override class var properties: [JastorProperty] {
        [.init("fullName", \Member.fullName), .init("mail", \Member.mail), .init("age", \Member.age)]
    }
}

/// Version 3 of a model whose reading side is at version 2.
final class Settings: JastorObject {
    var theme = ""

    override class var archiveVersion: Int { 3 }
    override class var properties: [JastorProperty] { [.init("theme", \Settings.theme)] }
}

/// A heating mode, looked up in a table: `Optional(jastor_archive_writer.HeatingMode.heat)` to
/// `String(describing:)`, which names this module.
enum HeatingMode: Sendable {
    case heat, cool
}

/// A model whose property reads through a table holding `nil` ("off").
final class Thermostat: JastorObject {
    var mode: HeatingMode? = nil

    override class var properties: [JastorProperty] {
        [.init("mode", \Thermostat.mode, transform: .table(["off": nil, "heat": .heat, "cool": .cool]))]
    }

    static func sample() -> Thermostat {
        let thermostat = Thermostat()
        thermostat.mode = .cool
        return thermostat
    }
}
