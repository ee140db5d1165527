import Foundation
import Jastor
import Testing

private final class Tag: JastorObject {
    var name = ""
    override class var archiveName: String { "AttackTag" }
    override class var properties: [JastorProperty] { register(\.name) }
}

/// A box a transform writes as its tag, a model: its `decode` gets the tag's dictionary back.
private final class Box: JastorObject {
    var tag = Tag()
    override class var archiveName: String { "AttackBox" }
    override class var properties: [JastorProperty] { register(\.tag) }
}

private struct Label: @unchecked Sendable {
    let tag: Tag
}

private final class Shelf: JastorObject {
    var first = Tag()
    var label = Label(tag: Tag())
    override class var archiveName: String { "AttackShelf" }
    override class var properties: [JastorProperty] {
        register(\.first) {
            property(
                \.label,
                transform: JastorTransform<Label>(
                    decode: { value in
                        guard let dictionary = value as? [String: Any], let tag = dictionary["tag"] as? [String: Any],
                            let name = tag["name"] as? String
                        else { return nil }
                        let read = Tag()
                        read.name = name
                        return Label(tag: read)
                    },
                    encode: { label in
                        let box = Box()
                        box.tag = label.tag
                        return box
                    }))
        }
    }
}

private final class Leaf: JastorObject {
    var name = ""
    var children: [Leaf] = []
    override class var archiveName: String { "AttackLeaf" }
    override class var properties: [JastorProperty] { register(\.name, \.children) }
}

@Suite("Attacks on archives keeping shared models one model")
struct ArchiveIdentityAttackTests {
    private static let formats: [JastorArchiveFormat] = [.json, .binaryPropertyList]

    /// A version-3 archive of a `Leaf` whose root holds `children` and whose table is `shared`.
    private static func leafArchive(children: String, shared: String) -> Data {
        Data(
            (#"{"format": "jastor-archive", "version": 3, "rootClass": "AttackLeaf", "classes": {"AttackLeaf": 1}, "#
                + #""transforms": {}, "root": {"children": [\#(children)]}, "shared": {\#(shared)}}"#).utf8)
    }

    /// A model a transform's `encode` returns is an untyped value, read back as a dictionary for the
    /// transform's `decode`: a model below it, also held by a typed property, is written whole there,
    /// never as a reference that the dictionary would hand to `decode` as `["$ref": 2]`.
    @Test func aModelInsideATransformsValueIsWrittenWhole() throws {
        let tag = Tag()
        tag.name = "x"
        let shelf = Shelf()
        shelf.first = tag
        shelf.label = Label(tag: tag)
        for format in Self.formats {
            let data = try shelf.archivedData(format: format)
            let copy = try Shelf.unarchive(from: data)
            #expect(copy.first.name == "x" && copy.label.tag.name == "x", "\(format)")
        }
        let text = String(decoding: try shelf.archivedData(format: .json), as: UTF8.self)
        #expect(text.hasPrefix(#"{"format":"jastor-archive","version":2,"#), "\(text)")
        #expect(text.contains(#""label":{"$class":"AttackBox","tag":{"name":"x"}}"#), "\(text)")
    }

    /// Each shared model is looked up in the table by an index: 20,000 of them, each held twice,
    /// read back shared (a lookup that scanned the table made this take a minute; no timing is
    /// asserted here, instruction counts are the benchmark's).
    @Test func manySharedModelsReadBack() throws {
        let leaves = (0..<20_000).map { index in
            let leaf = Leaf()
            leaf.name = "\(index)"
            return leaf
        }
        let root = Leaf()
        root.children = leaves + leaves
        for format in Self.formats {
            let data = try root.archivedData(format: format)
            let copy = try Leaf.unarchive(from: data)
            #expect(copy.children[19_999] === copy.children[39_999] && copy.children[19_999].name == "19999")
        }
    }

    /// A shared model refused where first held is refused so at every other place, not read again
    /// (20,000 references to one definition of 20,000 members took 50 seconds), with the same issue
    /// at each place.
    @Test func aRefusedSharedModelIsNotReadAgainAtEachPlace() throws {
        let references = Array(repeating: #"{"$ref": 2}"#, count: 20_000).joined(separator: ", ")
        let members = (0..<20_000).map { #""k\#($0)": 0"# }.joined(separator: ", ")
        let data = Self.leafArchive(children: references, shared: #""2": {\#(members), "$class": "Nope"}"#)
        let error = try #require(throws: JastorError.self) { try Leaf.unarchive(from: data) }
        #expect(error.issues.count == 20_000)
        #expect(
            error.issues.prefix(2).map(\.description) == [
                "children[0]: expected Leaf or a subclass, found class Nope",
                "children[1]: expected Leaf or a subclass, found class Nope",
            ])
    }
}
