import Foundation
import Jastor
import Testing

// Twitter-shaped models for `twitter.json`, used only here.

private final class LeakUser: JastorObject {
    var id: Int64 = 0
    var screenName = ""
    var bio = ""
    var followersCount = 0

    override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }
    override class var properties: [JastorProperty] {
        [
            .init("id", \LeakUser.id), .init("screenName", \LeakUser.screenName),
            .init("bio", \LeakUser.bio, key: "description"), .init("followersCount", \LeakUser.followersCount),
        ]
    }
}

private final class LeakStatus: JastorObject {
    var id: Int64 = 0
    var text = ""
    var user = LeakUser()
    var retweetedStatus: LeakStatus?
    var metadata: [String: Any] = [:]

    override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }
    override class var properties: [JastorProperty] {
        [
            .init("id", \LeakStatus.id), .init("text", \LeakStatus.text), .init("user", \LeakStatus.user),
            .init("retweetedStatus", \LeakStatus.retweetedStatus), .init("metadata", \LeakStatus.metadata),
        ]
    }
}

private final class LeakResponse: JastorObject {
    var statuses: [LeakStatus] = []

    override class var properties: [JastorProperty] { [.init("statuses", \LeakResponse.statuses)] }

    /// The response and every model it holds.
    var everyModel: [JastorObject] {
        [self]
            + statuses.flatMap { status in
                [status, status.user] + (status.retweetedStatus.map { [$0, $0.user] } ?? [])
            }
    }
}

/// A tree whose children point back at their parent, `weak`ly, as the "Mapping rules" article recommends.
private final class TreeNode: JastorObject {
    var name = ""
    var children: [TreeNode] = []
    weak var parent: TreeNode?

    override class var properties: [JastorProperty] {
        [.init("name", \TreeNode.name), .init("children", \TreeNode.children), .ignored("parent", \TreeNode.parent)]
    }

    /// Points every child's `parent` at its node, all the way down.
    func linkParents() {
        for child in children {
            child.parent = self
            child.linkParents()
        }
    }

    var everyNode: [TreeNode] { [self] + children.flatMap(\.everyNode) }
}

/// A reference that does not keep its model alive.
private struct WeakModel {
    weak var model: JastorObject?
}

/// Mapped, written and archived graphs are freed when released: no model outlives its graph.
@Suite struct LeakTests {
    /// `twitter.json` beside the repository, or the small search response fixture when it is absent.
    private static func twitter() throws -> (data: Data, name: String) {
        let file = Fixtures.folder.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/bench-data/twitter.json")
        if let data = try? Data(contentsOf: file) { return (data, "twitter.json") }
        print("LeakTests: \(file.path) is absent; using Fixtures/search_response.json")
        return (try Fixtures.data("search_response"), "search_response.json")
    }

    /// Maps, writes and archives `copies` graphs from `data`, checks them, and returns weak
    /// references to every model built on the way, after releasing them all.
    private static func mapAndRelease(_ data: Data, copies: Int) throws -> [WeakModel] {
        let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var graphs: [LeakResponse] = []
        for copy in 0..<copies {
            let fromBytes = try LeakResponse(json: data)
            let fromDictionary = LeakResponse(dictionary: dictionary)
            #expect(fromBytes == fromDictionary)
            if copy == 0 {
                let output = fromBytes.toDictionary()
                #expect((output["statuses"] as? [Any])?.count == fromBytes.statuses.count)
                _ = fromBytes.description
            }
            let unarchived = try LeakResponse.unarchive(from: try fromDictionary.archivedData())
            #expect(unarchived == fromDictionary)
            graphs += [fromBytes, fromDictionary, unarchived]
        }
        #expect(graphs.allSatisfy { !$0.statuses.isEmpty })
        return graphs.flatMap(\.everyModel).map { WeakModel(model: $0) }
    }

    @Test func twitterGraphsAreFreedWhenReleased() throws {
        let (data, name) = try Self.twitter()
        let references = try Self.mapAndRelease(data, copies: name == "twitter.json" ? 100 : 1_000)
        #expect(references.count > 30_000)
        #expect(references.filter { $0.model != nil }.count == 0)
    }

    @Test func treesWithWeakParentLinksAreFreedAndRoundTrip() throws {
        var references: [WeakModel] = []
        do {
            let tree = TreeNode(dictionary: try Fixtures.dictionary("category_tree"))
            tree.linkParents()
            let nodes = tree.everyNode
            #expect(nodes.count > 2)
            #expect(nodes.dropFirst().allSatisfy { $0.parent != nil })
            let copy = try TreeNode.unarchive(from: try tree.archivedData())
            copy.linkParents()
            #expect(copy == tree)
            #expect(Set(copy.toDictionary().keys) == ["name", "children"])
            #expect(copy.children.first?.parent === copy)
            references = (nodes + copy.everyNode).map { WeakModel(model: $0) }
        }
        #expect(references.filter { $0.model != nil }.count == 0)
    }
}
