import Foundation
import Jastor
import Testing

/// The code of `Jastor.docc/DeclaringModels.md`, compiled and run here.
enum DeclaringModelsDoc {
    typealias Product = JastorDoc.Product

    enum Availability: String, JastorValue {
        case inStock = "in_stock"
        case soldOut = "sold_out"
    }

    class Animal: JastorObject {
        var name = ""
        var availability = Availability.inStock

        override class var properties: [JastorProperty] { register(\.name, \.availability) }
    }

    final class Dog: Animal {
        var breed = ""
        weak var owner: Animal?

        override class var properties: [JastorProperty] { register(\.breed) { ignored(\.owner) } }
    }

    final class Shelter: JastorObject {
        var animals: [Animal] = []

        override class var properties: [JastorProperty] { register(\.animals) }
        override class var arrayElementTypes: [String: JastorObject.Type] { ["animals": Dog.self] }
    }

    final class Repository: JastorObject {
        var id = 0
        var fullName = ""
        var stargazersCount = 0
        var homepage: String?

        override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }
        override class var keyPolicy: JastorKeyPolicy { [.requireEveryKey, .reportUnknownKeys] }
        override class var properties: [JastorProperty] {
            register(\.id, \.fullName) {
                property(\.stargazersCount, key: "stargazer_count")
                property(\.homepage, required: false)
            }
        }
    }

    // MARK: Common mistakes (deliberately broken; the article quotes their messages)

    final class Note: JastorObject {
        var title = ""
        var body = ""
        var author = ""

        override class var properties: [JastorProperty] {
            [.init("title", \Note.title), .init("body", \Note.title), .init("title", \Note.title)]
        }
    }

    struct Point: JastorValue {
        var x = 0.0
    }

    final class Shape: JastorObject {
        var origin = Point()

        override class var properties: [JastorProperty] { register(\.origin) }
    }

    enum Mood: String, JastorValue {
        case calm, angry
    }

    class Moods: JastorObject {
        var moods: [Mood] = []

        override class var properties: [JastorProperty] { register { \.moods } }
    }

    @Suite struct DeclaringModelsDocTests {
        @Test func declaringModels() {
            let shelter = Shelter(dictionary: [
                "animals": [["name": "Rex", "breed": "collie", "availability": "sold_out"]]
            ])
            let rex = shelter.animals[0] as? Dog
            print(rex?.breed ?? "", rex?.availability == .soldOut)  // collie true

            #expect(rex?.breed == "collie")
            #expect(rex?.availability == .soldOut)
            #expect(rex?.name == "Rex")
        }

        @Test func declarationsAreChecked() {
            #expect(Product.declarationIssues.isEmpty)
            #expect(Shelter.declarationIssues.isEmpty)
        }

        @Test func requiredAndUnknownKeys() throws {
            do {
                _ = try Repository(validatingJSONString: #"{"id": 1, "stargazers_count": 80}"#)
            } catch let error as JastorError {
                print(error)
                // full_name: expected String (required), found nothing
                // stargazer_count: expected Int (required), found nothing
                // stargazers_count: expected a key Repository maps, found an unknown key
            }

            let error = #expect(throws: JastorError.self) {
                try Repository(validatingJSONString: #"{"id": 1, "stargazers_count": 80}"#)
            }
            #expect(
                error?.description == """
                    full_name: expected String (required), found nothing
                    stargazer_count: expected Int (required), found nothing
                    stargazers_count: expected a key Repository maps, found an unknown key
                    """)
        }

        @Test func commonMistakesGiveTheMessagesTheArticleQuotes() throws {
            let article = try Documentation.text(of: "DeclaringModels")
            for issue in Note.declarationIssues + Shape.declarationIssues { print(issue) }
            // Note.body: expected a key path to body, found \Note.title
            // Note.title: expected one registration in Note.properties, found several: \Note.title (registration 1) and \Note.title (registration 3)
            // Note.author: expected a registration in Note.properties, found an unregistered stored property
            // Shape.origin: expected a transform for Point (transform: or registerAsDefault()), found an empty JastorValue conformance

            var issues: [JastorIssue] = []
            _ = Repository(dictionary: ["id": 1, "full_name": "x", "stargazers_count": 80], issues: &issues)
            let messages = (Note.declarationIssues + Shape.declarationIssues + issues).map(\.description)
            #expect(
                messages == [
                    #"Note.body: expected a key path to body, found \Note.title"#,
                    "Note.title: expected one registration in Note.properties, found several: \\Note.title (registration 1) and \\Note.title (registration 3)",
                    "Note.author: expected a registration in Note.properties, found an unregistered stored property",
                    "Shape.origin: expected a transform for Point (transform: or registerAsDefault()), "
                        + "found an empty JastorValue conformance",
                    "stargazer_count: expected Int (required), found nothing",
                    "stargazers_count: expected a key Repository maps, found an unknown key",
                ])
            for message in messages {
                #expect(article.contains("`\(message)`"), "the Common mistakes table should quote: \(message)")
            }
            for message in messages.prefix(4) {
                #expect(article.contains("// \(message)\n"), "the printed declaration issues should show: \(message)")
            }
            let unnamed = try #require(Moods.declarationIssues.first?.description)
            #expect(unnamed.hasPrefix("Moods.<computed 0x"))
            let quoted = #"(Array<Mood>)>: expected a key path whose stored property Jastor can name, found "#
            #expect(unnamed.contains(quoted) && article.contains(quoted))
            #expect(unnamed.hasSuffix(#"; give the name: JastorProperty("name", \Moods.name)"#))
        }

        /// The compile errors cannot be compiled here; each message the article quotes (up to its
        /// `…`) must be the start of an `@available(*, unavailable, message:)` the library declares.
        @Test func quotedCompileErrorsAreTheLibrarysMessages() throws {
            let article = try Documentation.text(of: "DeclaringModels")
            let quoted = article.components(separatedBy: "is unavailable: ").dropFirst().map { rest in
                var message = String(rest.prefix { $0 != "`" && $0 != "\n" })
                if message.hasSuffix("…") { message.removeLast() }
                return message.trimmingCharacters(in: .whitespaces)
            }
            #expect(quoted.count == 5)
            let sources = Documentation.root.appendingPathComponent("Sources/Jastor")
            let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
            let library = try files.filter { $0.hasSuffix(".swift") }.map {
                try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8)
            }.joined()
            for message in quoted where !message.isEmpty {
                #expect(library.contains("\"\(message)"), "no unavailable declaration says: \(message)")
            }
        }
    }
}
