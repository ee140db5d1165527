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
        // Numbered in writing order, the root first; only the models written again carry theirs.
        #expect(text.contains(#""owner":{"$id":2,"$class":"IdentityAuthor","name":"Ada","books":2}"#), "\(text)")
        #expect(text.contains(#""author":{"$ref":2}"#), "\(text)")
        #expect(text.contains(#"{"$id":4,"title":"two","author":{"$ref":2},"editor":{"$ref":2}}"#), "\(text)")
        #expect(text.components(separatedBy: #""Ada""#).count == 2, "the owner's name written once: \(text)")
        #expect(text.contains(#""byTitle":{"two":{"$ref":4}}"#), "\(text)")
    }

    /// An archive with no model held twice is written as before: version 2, no numbers.
    @Test func aTreeIsWrittenAsBefore() throws {
        let blog = Blog()
        let post = Post()
        post.title = "alone"
        blog.posts = [post]
        let text = String(decoding: try blog.archivedData(format: .json), as: UTF8.self)
        #expect(text.hasPrefix(#"{"format":"jastor-archive","version":2,"#), "\(text)")
        #expect(!text.contains("$id") && !text.contains("$ref"), "\(text)")
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

    private static func archive(root: String, version: Int = 3) -> Data {
        let text =
            #"{"format": "jastor-archive", "version": \#(version), "rootClass": "IdentityBlog", "#
            + #""classes": {"IdentityBlog": 1, "IdentityPost": 1, "IdentityPerson": 1}, "transforms": {}, "#
            + #""root": \#(root)}"#
        return Data(text.utf8)
    }

    @Test(arguments: [
        (
            #"{"posts": [{"$ref": 1}]}"#,
            "posts[0]: expected the number of a model written before in $ref, found 1, which no model read before has"
        ),
        (
            #"{"posts": [{"$id": 1, "title": "a"}, {"$ref": 1, "title": "b"}]}"#,
            "posts[1]: expected $ref alone in its object (a model written before), found 1 other member"
        ),
        (
            #"{"posts": [{"$id": 1, "title": "a"}, {"$ref": "1"}]}"#,
            #"posts[1]: expected the number of a model written before in $ref, found String "1""#
        ),
        (
            #"{"posts": [{"$id": 1, "title": "a"}, {"$id": 1, "title": "b"}]}"#,
            "posts[1]: expected one model numbered 1 ($id), found another model with that number"
        ),
        (
            #"{"posts": [{"$id": 0, "title": "a"}]}"#,
            "posts[0]: expected a model's number in $id, found Number 0"
        ),
        (
            #"{"owner": {"$id": 1, "name": "x"}, "posts": [{"$ref": 1}]}"#,
            "posts[0]: expected Post or a subclass, found a reference ($ref) to a Person"
        ),
        (
            #"{"posts": [{"$id": 1, "title": "a", "author": {"$ref": 1}}]}"#,
            "posts[0].author: expected the number of a model written before in $ref, found 1, which no model read before has"
        ),
        (#"{"$ref": 1}"#, "expected the root model written whole, found a reference ($ref)"),
    ])
    func aCraftedReferenceIsRefusedAtItsPath(root: String, message: String) throws {
        let error = try #require(throws: JastorError.self) { try Blog.unarchive(from: Self.archive(root: root)) }
        #expect(error.issues.map(\.description) == [message])
    }

    /// Version 2 knows no numbers: `$id` and `$ref` there are unknown markers, as they always were.
    @Test func version2RefusesTheMarkers() throws {
        let error = try #require(throws: JastorError.self) {
            try Blog.unarchive(from: Self.archive(root: #"{"posts": [{"$ref": 1}]}"#, version: 2))
        }
        #expect(error.issues.first?.kind == .unreadableArchive)
        #expect(error.description.contains(#"the unknown marker "$ref""#), "\(error)")
    }

    @Test func aMarkerInAValuesPlaceIsRefused() throws {
        let error = try #require(throws: JastorError.self) {
            try Blog.unarchive(from: Self.archive(root: #"{"owner": {"name": "$id"}}"#))
        }
        #expect(error.description.contains(#"the marker "$id", a key, as a value"#), "\(error)")
    }
}
