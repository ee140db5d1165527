import Foundation
import Jastor
import Testing

/// `NSArray` subclasses as Foundation documents them: their own storage, `count` and
/// `object(at:)`.
private class ListedArray: NSArray {
    var stored: [Any] { [] }
    override var count: Int { stored.count }
    override func object(at index: Int) -> Any { stored[index] }
}

private final class Tags: ListedArray {
    override var stored: [Any] { ["a", "b"] }
}

private final class Items: ListedArray {
    override var stored: [Any] { [1, "two", true, Tags()] }
}

/// `NSDictionary` subclasses as Foundation documents them: `count`, `object(forKey:)`,
/// `keyEnumerator()`.
private class ListedDictionary: NSDictionary {
    var stored: [String: Any] { [:] }
    override var count: Int { stored.count }
    override func object(forKey key: Any) -> Any? { (key as? String).flatMap { stored[$0] } }
    override func keyEnumerator() -> NSEnumerator { NSArray(array: Array(stored.keys)).objectEnumerator() }
}

private final class Inner: ListedDictionary {
    override var stored: [String: Any] { ["n": 1] }
}

private final class Meta: ListedDictionary {
    override var stored: [String: Any] { ["k": Inner(), "list": Items()] }
}

/// An `NSArray` subclass keeping its elements in Swift storage, which may hold the array itself.
private final class SelfListing: NSArray {
    var stored: [Any] = []
    override var count: Int { stored.count }
    override func object(at index: Int) -> Any { stored[index] }
}

/// An `NSDictionary` subclass keeping its members in Swift storage, which may hold it.
private final class SelfTable: NSDictionary {
    var stored: [String: Any] = [:]
    override var count: Int { stored.count }
    override func object(forKey key: Any) -> Any? { (key as? String).flatMap { stored[$0] } }
    override func keyEnumerator() -> NSEnumerator { NSArray(array: Array(stored.keys)).objectEnumerator() }
}

private final class Shelf: JastorObject {
    var tags: [String] = []
    var items: [Any] = []
    var meta: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register(\.tags) {
            property(\.items)
            property(\.meta)
        }
    }
}

/// Foundation's arrays and dictionaries, their subclasses included, are read one level at a time
/// through the methods every subclass implements: what they hold is mapped, described and
/// compared as a Swift array or dictionary holding the same would be.
@Suite struct FoundationContainerTests {
    @Test func subclassesAreReadThroughTheirOwnMethods() throws {
        var issues: [JastorIssue] = []
        let shelf = Shelf(
            dictionary: [
                "tags": Tags(), "items": Items(), "meta": Meta(),
            ], issues: &issues)
        #expect(issues.isEmpty, "\(issues)")
        #expect(shelf.tags == ["a", "b"])
        let plain = Shelf(
            dictionary: [
                "tags": ["a", "b"], "items": [1, "two", true, ["a", "b"]] as [Any],
                "meta": ["k": ["n": 1], "list": [1, "two", true, ["a", "b"]] as [Any]],
            ])
        #expect(shelf == plain)
        #expect(shelf.description == plain.description)
        #expect(try shelf.jsonString() == plain.jsonString())
        #expect(Shelf(dictionary: shelf.toDictionary()) == plain)
    }

    /// A subclass met again inside itself is cut as Foundation's own containers are: `null` there,
    /// and an issue naming the path; one nested past the limit is reported as too deep.
    @Test func subclassesHoldingThemselvesAreCutWhereTheyRepeat() throws {
        let list = SelfListing()
        let table = SelfTable()
        let outer = NSMutableArray(array: ["y"])
        list.stored = ["x", list, outer]
        table.stored = ["again": table, "list": list]
        outer.add(list)
        // The test's own cycles are broken once it is done (LeakSanitizer would report them).
        defer {
            list.stored = []
            table.stored = [:]
            outer.removeAllObjects()
        }
        var issues: [JastorIssue] = []
        let shelf = Shelf(dictionary: ["items": list, "meta": table], issues: &issues)
        let message =
            "expected a value that does not contain itself (kept as null where it repeats itself), "
            + "found an NSArray or NSDictionary that contains itself"
        #expect(
            Set(issues.map(\.description)) == [
                "items[1]: " + message, "items[2][1]: " + message, "meta.again: " + message,
                "meta.list[1]: " + message, "meta.list[2][1]: " + message,
            ])
        #expect(shelf.items.count == 3)
        #expect(shelf.items[1] is NSNull)
        #expect((shelf.items[2] as? [Any])?.first as? String == "y")
        #expect((shelf.items[2] as? [Any])?.last is NSNull)
        #expect(shelf.meta["again"] is NSNull)

        var levels = [SelfListing()]
        for _ in 0..<1_000 {
            let level = SelfListing()
            level.stored = [levels[levels.count - 1]]
            levels.append(level)
        }
        levels.reverse()
        issues = []
        let deep = Shelf(dictionary: ["items": levels[0]], issues: &issues)
        #expect(issues.map(\.description) == ["items: expected at most 256 levels of nesting, found deeper input"])
        #expect(deep.items.isEmpty)
    }

    /// A dictionary has no order, and Swift's iteration order changes with its capacity and from
    /// one process to the next: its members are read in the order of their keys, so equal
    /// dictionaries give the same issues in the same order and, under a value limit, keep the same
    /// members (random keys and capacities, seed printed).
    @Test(arguments: [UInt64(0x5EED_D001), 0x5EED_D002])
    func equalDictionariesGiveTheSameIssuesInOneOrder(seed: UInt64) throws {
        print("FoundationContainerTests seed \(String(seed, radix: 16))")
        var random = SeededRandom(seed: seed)
        for _ in 0..<8 {
            let keys = (0..<Int.random(in: 2..<40, using: &random)).map { index in
                "k" + String(Int.random(in: 0..<1_000_000, using: &random), radix: 36) + "\(index)"
            }
            var small: [String: Any] = [:]
            var large: [String: Any] = [:]
            large.reserveCapacity(Int.random(in: 64..<4_096, using: &random))
            for key in keys {
                small[key] = "x"
                large[key] = "x"
            }
            var fromSmall: [JastorIssue] = []
            var fromLarge: [JastorIssue] = []
            _ = Everything(dictionary: ["scores": small], issues: &fromSmall)
            _ = Everything(dictionary: ["scores": large], issues: &fromLarge)
            let sortedKeys = keys.sorted()
            #expect(fromSmall.map(\.path) == sortedKeys.map { ["scores", .key($0)] }, "seed \(seed)")
            #expect(fromLarge.map(\.path) == fromSmall.map(\.path), "seed \(seed)")
            let limit = Int.random(in: 2..<(keys.count + 2), using: &random)
            var numbers: [String: Any] = [:]
            var reserved: [String: Any] = [:]
            reserved.reserveCapacity(4_096)
            for (index, key) in keys.enumerated() {
                numbers[key] = Double(index)
                reserved[key] = Double(index)
            }
            try JastorLimits.withCurrent(JastorLimits(maximumValueCount: limit)) {
                var issues: [JastorIssue] = []
                let first = Everything(dictionary: ["scores": numbers], issues: &issues)
                let second = Everything(dictionary: ["scores": reserved])
                #expect(first.scores == second.scores, "seed \(seed): limit \(limit)")
                if limit <= keys.count {
                    #expect(issues.map(\.kind) == [.tooManyValues], "seed \(seed)")
                    #expect(Set(first.scores.keys).isSubset(of: sortedKeys.prefix(limit)), "seed \(seed)")
                }
                _ = try #require(first.scores.count <= keys.count)
            }
        }
    }
}
