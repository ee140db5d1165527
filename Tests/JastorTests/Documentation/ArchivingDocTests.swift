import Foundation
import Jastor
import Testing

/// The code of `Jastor.docc/Archiving.md`, compiled and run here.
enum ArchivingDoc {
    typealias Product = JastorDoc.Product
    typealias Event = MappingRulesDoc.Event
    typealias PushEvent = MappingRulesDoc.PushEvent

    final class Contact: JastorObject {
        var givenName = ""
        var familyName = ""

        override class var archiveAliases: [String] { ["Customer"] }
        override class var archiveVersion: Int { 2 }
        override class var properties: [JastorProperty] {
            [.init("givenName", \Contact.givenName), .init("familyName", \Contact.familyName)]
        }
        override class func migrate(archivedProperties stored: inout [String: Any], fromVersion version: Int) throws {
            guard version < 2, let fullName = stored.removeValue(forKey: "fullName") as? String else { return }
            let parts = fullName.split(separator: " ", maxSplits: 1).map(String.init)
            stored["givenName"] = parts.first
            stored["familyName"] = parts.count > 1 ? parts[1] : ""
        }
    }

    final class Reading: JastorObject {
        var takenAt = Date(timeIntervalSince1970: 0)

        override class var archiveVersion: Int { 2 }
        override class var properties: [JastorProperty] {
            register { property(\.takenAt, transform: .secondsSince1970) }
        }
        override class func migrate(archivedProperties stored: inout [String: Any], fromVersion version: Int) throws {
            guard version < 2, let value = stored["takenAt"] else { return }
            let milliseconds = value as? Double ?? (value as? Int).map(Double.init)
            stored["takenAt"] = milliseconds.map { $0 / 1000 }
        }
    }

    /// Version 1 of `Reading`, archived in milliseconds.
    final class ReadingV1: JastorObject {
        var takenAt = Date(timeIntervalSince1970: 0)

        override class var archiveName: String { Reading.archiveName }
        override class var properties: [JastorProperty] {
            register { property(\.takenAt, transform: .millisecondsSince1970) }
        }
    }

    final class Author: JastorObject {
        var name = ""
        override class var properties: [JastorProperty] { register(\.name) }
    }

    final class Post: JastorObject {
        var author = Author()
        override class var properties: [JastorProperty] { register(\.author) }
    }

    final class Blog: JastorObject {
        var posts: [Post] = []
        override class var properties: [JastorProperty] { register(\.posts) }
    }

    /// `Reading` in a release that changed the transform and forgot to raise the version.
    enum VersionNotRaised {
        final class Reading: JastorObject {
            var takenAt = Date(timeIntervalSince1970: 0)

            override class var archiveName: String { ArchivingDoc.Reading.archiveName }
            override class var properties: [JastorProperty] {
                register { property(\.takenAt, transform: .secondsSince1970) }
            }
        }
    }

    @Suite struct ArchivingDocTests {
        /// The quick start's mapped product, for the sections that use it.
        private func mappedProduct() -> Product {
            Product(dictionary: ["name": "foo", "amount": "13", "price": 19.99, "category": ["name": "toys"]])
        }

        @Test func archiving() throws {
            let product = mappedProduct()
            let archive = try product.archivedData(format: .json)
            let restored = try Product.unarchive(from: archive)
            let encoded = try JSONEncoder().encode(product)
            let decoded = try JSONDecoder().decode(Product.self, from: encoded)
            print(restored == product, decoded == product)  // true true

            #expect(restored == product)
            #expect(decoded == product)
        }

        @Test func sharedModelsStayShared() throws {
            let ada = Author()
            ada.name = "Ada"
            let first = Post()
            let second = Post()
            first.author = ada
            second.author = ada
            let blog = Blog()
            blog.posts = [first, second]
            let copy = try Blog.unarchive(from: try blog.archivedData())
            print(copy.posts[0].author === copy.posts[1].author)  // true

            #expect(copy.posts[0].author === copy.posts[1].author)
            #expect(copy.posts[0].author.name == "Ada")
        }

        @Test func polymorphicModelsInYourOwnCodableType() throws {
            struct Feed: Codable {
                @JastorPolymorphic var events: [Event]
                @JastorPolymorphic var pinned: Event?
            }

            let json = Data(#"{"events": [{"type": "PushEvent", "commits": 3}, {"type": "WatchEvent"}]}"#.utf8)
            let feed = try JSONDecoder().decode(Feed.self, from: json)
            let first = (feed.events[0] as? PushEvent)?.commits ?? 0
            print(first, type(of: feed.events[1]), feed.pinned == nil)  // 3 Event true
            let written = try JSONEncoder().encode(feed.events)
            let events = try JSONDecoder().decode(JastorPolymorphic<[Event]>.self, from: written)
            print(events.wrappedValue[0] is PushEvent)  // true

            #expect((feed.events[0] as? PushEvent)?.commits == 3)
            #expect(type(of: feed.events[1]) == Event.self && feed.pinned == nil)
            #expect((events.wrappedValue[0] as? PushEvent)?.commits == 3)
            // Without the wrapper, Foundation asks Event.init(from:), which cannot build a PushEvent.
            struct PlainFeed: Decodable {
                var events: [Event]
            }
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(PlainFeed.self, from: json) }
        }

        @Test func archiveNamesAndVersions() throws {
            let old =
                #"{"format": "jastor-archive", "version": 2, "rootClass": "Customer", "classes": {"Customer": 1}, "#
                + #""root": {"fullName": "Ada Lovelace"}}"#
            let contact = try Contact.unarchive(from: Data(old.utf8))
            print(contact.givenName, contact.familyName)  // Ada Lovelace

            #expect(contact.givenName == "Ada" && contact.familyName == "Lovelace")
        }

        /// A transform changed between versions: the archived milliseconds (whole and not) read back
        /// as the same dates through `migrate`, in both formats.
        @Test(arguments: [JastorArchiveFormat.json, .binaryPropertyList])
        func changedTransformMigrates(format: JastorArchiveFormat) throws {
            for seconds in [1_000_000_000, 1_000_000_000.25] {
                let old = ReadingV1()
                old.takenAt = Date(timeIntervalSince1970: seconds)
                let reading = try Reading.unarchive(from: try old.archivedData(format: format))
                #expect(reading.takenAt == old.takenAt)
            }
        }

        /// The same change without a new version is refused, with the message the article quotes.
        @Test(arguments: [JastorArchiveFormat.json, .binaryPropertyList])
        func changedTransformWithoutANewVersionIsReported(format: JastorArchiveFormat) throws {
            let old = ReadingV1()
            old.takenAt = Date(timeIntervalSince1970: 1_000_000_000)
            let data = try old.archivedData(format: format)
            let error = try #require(throws: JastorError.self) { try VersionNotRaised.Reading.unarchive(from: data) }
            #expect(
                error.issues.map(\.description) == [
                    "takenAt: expected a value archived with the transform secondsSince1970, as Reading (archive "
                        + "version 1) reads it, found one archived with the transform millisecondsSince1970 by the "
                        + "same version: raise Reading.archiveVersion and convert it in migrate"
                ])
        }
    }
}
