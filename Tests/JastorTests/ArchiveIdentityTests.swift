import Foundation
import Jastor
import Testing

private class Person: JastorObject {
    var name = ""
    override class var archiveName: String { "IdentityPerson" }
    override class var archiveSubclasses: [JastorObject.Type] { [Author.self] }
    override class var properties: [JastorProperty] { register(\.name) }
}

private final class Author: Person {
    var books = 0
    override class var archiveName: String { "IdentityAuthor" }
    override class var properties: [JastorProperty] { register(\.books) }
}

private final class Post: JastorObject {
    var title = ""
    var author = Person()
    var editor: Person?
    override class var archiveName: String { "IdentityPost" }
    override class var properties: [JastorProperty] { register(\.title, \.author, \.editor) }
}

private final class Blog: JastorObject {
    var owner = Person()
    var posts: [Post] = []
    var byTitle: [String: Post] = [:]
    var notes: [String: Any] = [:]
    override class var archiveName: String { "IdentityBlog" }
    override class var properties: [JastorProperty] { register(\.owner, \.posts, \.byTitle) { \.notes } }
}

private final class Item: JastorObject {
    var name = ""
    override class var archiveName: String { "IdentityItem" }
    override class var properties: [JastorProperty] { register(\.name) }
}

/// At version 2: an archive of version 1 goes through `migrate` (which changes nothing).
private final class Holder: JastorObject {
    var item = Item()
    override class var archiveName: String { "IdentityHolder" }
    override class var archiveVersion: Int { 2 }
    override class var properties: [JastorProperty] { register(\.item) }
    override class func migrate(archivedProperties properties: inout [String: Any], fromVersion version: Int) throws {}
}

private final class Node: JastorObject {
    var label = ""
    var children: [Node] = []
    override class var archiveName: String { "IdentityNode" }
    override class var properties: [JastorProperty] { register(\.label, \.children) }
}

/// A blog whose owner wrote every post and edits one, with one post also filed by title.
private func sharedBlog() -> Blog {
    let owner = Author()
    owner.name = "Ada"
    owner.books = 2
    let blog = Blog()
    blog.owner = owner
    for title in ["one", "two", "three"] {
        let post = Post()
        post.title = title
        post.author = owner
        blog.posts.append(post)
    }
    blog.posts[1].editor = owner
    blog.byTitle = ["two": blog.posts[1]]
    return blog
}

@Suite("Archives keep a model held in several places one model")
struct ArchiveIdentityTests {
    private static let formats: [JastorArchiveFormat] = [.json, .binaryPropertyList]

    @Test func aSharedModelComesBackAsOneInstance() throws {
        let blog = sharedBlog()
        for format in Self.formats {
            let copy = try Blog.unarchive(from: try blog.archivedData(format: format))
            #expect(copy == blog, "\(format)")
            let owner = try #require(copy.owner as? Author, "\(format)")
            #expect(owner.books == 2 && owner.name == "Ada")
            #expect(copy.posts.allSatisfy { $0.author === owner }, "\(format)")
            #expect(copy.posts[1].editor === owner, "\(format)")
            #expect(copy.byTitle["two"] === copy.posts[1], "\(format)")
            #expect(copy.posts[0].editor == nil)
            // A change through one place is seen through every other, as before archiving.
            owner.name = "Grace"
            #expect(copy.posts[2].author.name == "Grace")
        }
    }

    @Test func theSharedModelIsWrittenOnceAndTheArchiveIsVersion3() throws {
        let text = String(decoding: try sharedBlog().archivedData(format: .json), as: UTF8.self)
        #expect(text.hasPrefix(#"{"format":"jastor-archive","version":3,"#), "\(text)")
        // Numbered in writing order, the root first; every place holding a shared model refers to
        // it, and the table at the end holds each once, with its class.
        #expect(text.contains(#""owner":{"$ref":2}"#), "\(text)")
        #expect(text.contains(#"{"title":"one","author":{"$ref":2},"editor":null}"#), "\(text)")
        #expect(text.contains(#""byTitle":{"two":{"$ref":4}}"#), "\(text)")
        #expect(
            text.hasSuffix(
                #","shared":{"2":{"$class":"IdentityAuthor","name":"Ada","books":2},"#
                    + #""4":{"$class":"IdentityPost","title":"two","author":{"$ref":2},"editor":{"$ref":2}}}}"#),
            "\(text)")
        #expect(text.components(separatedBy: #""Ada""#).count == 2, "the owner's name written once: \(text)")
    }

    /// An archive with no model held twice is written as before: version 2, no numbers.
    @Test func aTreeIsWrittenAsBefore() throws {
        let blog = Blog()
        let post = Post()
        post.title = "alone"
        blog.posts = [post]
        let text = String(decoding: try blog.archivedData(format: .json), as: UTF8.self)
        #expect(text.hasPrefix(#"{"format":"jastor-archive","version":2,"#), "\(text)")
        #expect(!text.contains("$ref") && !text.contains(#""shared""#), "\(text)")
    }

    /// Sharing many times over stays linear: 40 levels, each holding the one below twice (2^40
    /// paths, which a tree of copies could not write), written once each and read back shared.
    @Test func aDeeplySharedGraphIsWrittenOnceEach() throws {
        var below = Node()
        for level in 1...40 {
            let node = Node()
            node.label = "\(level)"
            node.children = [below, below]
            below = node
        }
        for format in Self.formats {
            let data = try below.archivedData(format: format)
            #expect(data.count < 10_000, "\(format): \(data.count) bytes")
            var copy = try Node.unarchive(from: data)
            for level in (1...40).reversed() {
                #expect(copy.label == "\(level)" && copy.children[0] === copy.children[1])
                copy = copy.children[0]
            }
        }
    }

    /// Many models, each held twice: every one comes back shared with its own twin only.
    @Test func manySharedModelsKeepTheirOwnIdentities() throws {
        let posts = (0..<300).map { index in
            let post = Post()
            post.title = "\(index)"
            return post
        }
        let blog = Blog()
        blog.posts = posts + posts.reversed()
        for format in Self.formats {
            let copy = try Blog.unarchive(from: try blog.archivedData(format: format))
            for index in 0..<300 {
                #expect(copy.posts[index] === copy.posts[599 - index] && copy.posts[index].title == "\(index)")
            }
            #expect(Set(copy.posts.map(ObjectIdentifier.init)).count == 300, "\(format)")
        }
    }

    private static func archive(
        root: String, shared: String? = nil, rootClass: String = "IdentityBlog", version: Int = 3
    ) -> Data {
        let text =
            #"{"format": "jastor-archive", "version": \#(version), "rootClass": "\#(rootClass)", "#
            + #""classes": {"IdentityBlog": 1, "IdentityPost": 1, "IdentityPerson": 1, "IdentityNode": 1}, "#
            + #""transforms": {}, "root": \#(root)"# + (shared.map { #", "shared": \#($0)"# } ?? "") + "}"
        return Data(text.utf8)
    }

    @Test(
        arguments: [
            (
                #"{"posts": [{"$ref": 1}]}"#, nil,
                "posts[0]: expected a shared model numbered 1 in the archive's table, found no table"
            ),
            (
                #"{"posts": [{"$ref": 1}]}"#, #"{"2": {"$class": "IdentityPost"}}"#,
                "posts[0]: expected a shared model numbered 1 in the archive's table, found none"
            ),
            (
                #"{"posts": [{"$ref": 1, "title": "b"}]}"#, #"{"1": {"$class": "IdentityPost"}}"#,
                "posts[0]: expected $ref alone in its object (a shared model), found 1 other member"
            ),
            (
                #"{"posts": [{"$ref": "1"}]}"#, #"{"1": {"$class": "IdentityPost"}}"#,
                #"posts[0]: expected the number of a shared model in $ref, found String "1""#
            ),
            (
                #"{"posts": [{"$ref": 0}]}"#, #"{"0": {"$class": "IdentityPost"}}"#,
                "posts[0]: expected the number of a shared model in $ref, found Number 0"
            ),
            (
                #"{"posts": [{"$ref": 1}]}"#, #"{"1": {"title": "a"}}"#,
                "posts[0]: expected a class marker in shared model 1, found none"
            ),
            (
                #"{"posts": [{"$ref": 1}]}"#, #"{"1": {"$class": "IdentityPerson", "name": "x"}}"#,
                "posts[0]: expected Post or a subclass, found class IdentityPerson"
            ),
            (
                #"{"owner": {"$ref": 1}, "posts": [{"$ref": 1}]}"#,
                #"{"1": {"$class": "IdentityPerson", "name": "x"}}"#,
                "posts[0]: expected Post or a subclass, found a reference ($ref) to a Person"
            ),
            (
                #"{"$ref": 1}"#, #"{"1": {"$class": "IdentityBlog"}}"#,
                "expected the root model written whole, found a reference ($ref)"
            ),
            (#"{"posts": []}"#, "[]", #"expected a table of shared models in "shared", found Array"#),
        ] as [(String, String?, String)])
    func aCraftedReferenceIsRefusedAtItsPath(root: String, shared: String?, message: String) throws {
        let error = try #require(throws: JastorError.self) {
            try Blog.unarchive(from: Self.archive(root: root, shared: shared))
        }
        #expect(error.issues.map(\.description) == [message])
    }

    /// A shared model whose definition holds a reference to itself (a cycle the writer never writes).
    @Test func aSharedModelHoldingItselfIsRefused() throws {
        let data = Self.archive(
            root: #"{"children": [{"$ref": 1}]}"#,
            shared: #"{"1": {"$class": "IdentityNode", "label": "loop", "children": [{"$ref": 1}]}}"#,
            rootClass: "IdentityNode")
        let error = try #require(throws: JastorError.self) { try Node.unarchive(from: data) }
        #expect(
            error.issues.map(\.description) == [
                "children[0].children[0]: expected a shared model that does not hold itself, found model 1 held "
                    + "inside itself"
            ])
    }

    /// Shared models are read where first asked for, whatever order the reading class reads its
    /// properties in (a later version may declare them in another): the table, not the order, says.
    @Test func aSharedModelReadsBackWhicheverPlaceIsReadFirst() throws {
        let data = Self.archive(
            root: #"{"posts": [{"$ref": 3}], "owner": {"$ref": 2}, "byTitle": {"x": {"$ref": 3}}}"#,
            shared: #"{"3": {"$class": "IdentityPost", "title": "x", "author": {"$ref": 2}}, "#
                + #""2": {"$class": "IdentityPerson", "name": "Ada"}}"#)
        let blog = try Blog.unarchive(from: data)
        #expect(blog.posts[0] === blog.byTitle["x"] && blog.posts[0].author === blog.owner)
        #expect(blog.owner.name == "Ada" && blog.posts[0].title == "x")
    }

    /// The shared table is the archive's own content, not what `migrate` handed back: a class it
    /// names that the class table does not list is refused, even when first asked for from
    /// migrated properties (which read such a class as current).
    @Test func aSharedModelAskedForFromMigratedPropertiesIsReadAsArchived() throws {
        let text =
            #"{"format": "jastor-archive", "version": 3, "rootClass": "IdentityHolder", "#
            + #""classes": {"IdentityHolder": 1}, "transforms": {}, "root": {"item": {"$ref": 2}}, "#
            + #""shared": {"2": {"$class": "IdentityItem", "name": "x"}}}"#
        let error = try #require(throws: JastorError.self) { try Holder.unarchive(from: Data(text.utf8)) }
        #expect(
            error.issues.map(\.description) == [
                "item: expected a version for IdentityItem in the archive's class table, found none"
            ])
    }

    /// Version 2 knows no shared models: `$ref` there is an unknown marker, as it always was.
    @Test func version2RefusesTheMarkers() throws {
        let error = try #require(throws: JastorError.self) {
            try Blog.unarchive(from: Self.archive(root: #"{"posts": [{"$ref": 1}]}"#, version: 2))
        }
        #expect(error.issues.first?.kind == .unreadableArchive)
        #expect(error.description.contains(#"the unknown marker "$ref""#), "\(error)")
    }

    @Test func aMarkerInAValuesPlaceIsRefused() throws {
        let error = try #require(throws: JastorError.self) {
            try Blog.unarchive(from: Self.archive(root: #"{"owner": {"name": "$ref"}}"#))
        }
        #expect(error.description.contains(#"the marker "$ref", a key, as a value"#), "\(error)")
    }
}
