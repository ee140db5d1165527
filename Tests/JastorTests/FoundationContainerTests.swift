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
}
