import Foundation
import Jastor
import Testing

private final class Scrapbook: JastorObject {
    var title = ""
    var notes: [String: Any] = [:]
    var items: [Any] = []
    var extra: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register(\.title) {
            property(\.notes)
            property(\.items)
            property(\.extra)
        }
    }
}

/// Untyped values keep no object the caller may change after mapping: mutable Foundation objects
/// in the dictionary handed over are copied, at any depth, so the model's values (and its hash)
/// stay what was mapped.
@Suite struct UntypedValueDetachingTests {
    /// An `NSDictionary` whose keys `NSString` tells apart but Swift's `String` calls equal (`"é"`
    /// composed and decomposed) cannot be a `[String: Any]` whole: one value is kept, and an issue
    /// at its path says which keys lost values, never in silence.
    @Test func dictionaryKeysEqualAsStringsAreReported() throws {
        let table = SpelledKeysDictionary()
        var issues: [JastorIssue] = []
        let book = Scrapbook(dictionary: ["notes": ["t": table], "items": [table]], issues: &issues)
        #expect((book.notes["t"] as? [String: Any])?.count == 1, "\(book.notes)")
        #expect(issues.map(\.path.description) == ["notes.t", "items[0]"], "\(issues)")
        #expect(issues.first?.found.contains(#""é""#) == true, "\(issues)")
        // A dictionary whose keys differ as strings has no such issue.
        issues = []
        _ = Scrapbook(dictionary: ["notes": ["t": NSDictionary(dictionary: ["a": 1, "b": 2])]], issues: &issues)
        #expect(issues.isEmpty, "\(issues)")
    }

    @Test func mutableFoundationObjectsAreCopiedAtEveryDepth() throws {
        let text = NSMutableString(string: "before")
        let bytes = NSMutableData(data: Data([1, 2]))
        let list = NSMutableArray(array: ["x", text])
        let table = NSMutableDictionary(dictionary: ["k": "v", "text": text])
        let strings: [NSMutableString] = [text]
        let input: [String: Any] = [
            "title": text,
            "notes": ["text": text, "list": list, "table": table, "bytes": bytes, "strings": strings],
            "items": [text, list, [table] as [Any]],
            "extra": table,
        ]
        let scrapbook = Scrapbook(dictionary: input)
        let before = try scrapbook.archivedData(format: .json)
        let hash = scrapbook.hashValue
        text.setString("after")
        bytes.append(Data([3]))
        list.add("y")
        table["k2"] = "v2"
        #expect(try scrapbook.archivedData(format: .json) == before)
        #expect(scrapbook.hashValue == hash)
        #expect(scrapbook.title == "before")
        #expect(scrapbook.notes["text"] as? String == "before")
    }

    @Test func valuesWithoutMutableObjectsAreKeptAsTheyAre() throws {
        let json = try #require(
            try JSONSerialization.jsonObject(
                with: Data(#"{"notes": {"a": [1, "b", {"c": null}]}, "items": [true, 2.5]}"#.utf8))
                as? [String: Any])
        let scrapbook = Scrapbook(dictionary: json)
        let copy = Scrapbook(dictionary: scrapbook.toDictionary())
        #expect(copy == scrapbook)
        #expect((scrapbook.notes["a"] as? [Any])?.count == 3)
        #expect(scrapbook.items.count == 2)
    }

    /// A mutable object inside an `Optional` (a dictionary literal's `nick as Any`), a set, an
    /// ordered set, an attributed string and a dictionary with keys that are not strings (not
    /// JSON: reported, and still kept) are copied too.
    @Test func otherMutableObjectsAndOptionalsAreCopied() throws {
        let nick: NSMutableString? = NSMutableString(string: "before")
        let set = NSMutableSet(array: ["a"])
        let ordered = NSMutableOrderedSet(array: ["a"])
        let attributed = NSMutableAttributedString(string: "a")
        let numbered = NSMutableDictionary(dictionary: [1: "one"])
        var notes: [String: Any] = [:]
        notes["nick"] = nick as Any
        let scrapbook = Scrapbook(
            dictionary: ["notes": notes, "items": [set, ordered, attributed, numbered, nick as Any]])
        let before = scrapbook.description
        let hash = scrapbook.hashValue
        let nickText = try #require((scrapbook.toDictionary()["notes"] as? [String: Any])?["nick"] as? String)
        nick?.setString("after")
        set.add("b")
        ordered.add("b")
        attributed.append(NSAttributedString(string: "b"))
        numbered[2] = "two"
        #expect(scrapbook.description == before)
        #expect(scrapbook.hashValue == hash)
        #expect(nickText == "before")
        #expect((scrapbook.toDictionary()["notes"] as? [String: Any])?["nick"] as? String == "before")
    }

    @Test func aFoundationContainerHoldingItselfIsKeptWithNullWhereItRepeats() throws {
        let shared = NSArray(array: [1, 2])
        let list = NSMutableArray(array: ["x"])
        list.add(list)
        list.add(shared)
        list.add(shared)
        let table = NSMutableDictionary(dictionary: ["k": "v"])
        table["again"] = table
        // The test's own cycles are broken once it is done (LeakSanitizer would report them).
        defer {
            list.removeAllObjects()
            table.removeAllObjects()
        }
        var issues: [JastorIssue] = []
        let scrapbook = Scrapbook(dictionary: ["items": list, "notes": ["table": table]], issues: &issues)
        let message =
            "expected a value that does not contain itself (kept as null where it repeats itself), "
            + "found an NSArray or NSDictionary that contains itself"
        #expect(issues.map(\.description) == ["notes.table.again: " + message, "items[1]: " + message])
        #expect(issues.allSatisfy { $0.kind == .invalidValue })
        #expect(scrapbook.items.count == 4)
        #expect(scrapbook.items.first as? String == "x")
        #expect(scrapbook.items[1] is NSNull)
        // A container met twice, not inside itself, is kept whole both times.
        #expect(scrapbook.items[2] as? [Int] == [1, 2])
        #expect(scrapbook.items[3] as? [Int] == [1, 2])
        let keptTable = try #require(scrapbook.notes["table"] as? [String: Any])
        #expect(keptTable["k"] as? String == "v")
        #expect(keptTable["again"] is NSNull)
        #expect(Scrapbook(dictionary: scrapbook.toDictionary()) == scrapbook)
    }

    /// A mutable object inside an immutable `NSSet` or `NSOrderedSet`, a Swift set or a
    /// dictionary whose keys are not strings is copied too: sets are copied to every level.
    @Test func mutableObjectsInsideSetsAreCopied() throws {
        let text = NSMutableString(string: "before")
        let list = NSMutableArray(array: ["x"])
        let set = NSSet(array: [text, list])
        let ordered = NSOrderedSet(array: [text])
        let swiftSet: Set<AnyHashable> = [text]
        let numbered: [AnyHashable: Any] = [1: text, 2: [text] as [Any]]
        let scrapbook = Scrapbook(dictionary: ["items": [set, ordered, swiftSet, numbered, NSSet(array: [set])]])
        let before = scrapbook.description
        let hash = scrapbook.hashValue
        text.setString("after")
        list.add("y")
        #expect(scrapbook.description == before)
        #expect(scrapbook.hashValue == hash)
        #expect(!before.contains("after"))
        let keptSet = try #require(scrapbook.items.first as? NSSet)
        #expect(keptSet.count == 2)
        #expect(keptSet.contains("before"))
        #expect((scrapbook.items[2] as? Set<AnyHashable>)?.contains("before") == true)
        #expect((scrapbook.items[3] as? [AnyHashable: Any])?[1] as? String == "before")
    }

    /// A set that holds itself (through an array) is cut there as an array is, with the issue
    /// naming the element's place.
    @Test func aSetHoldingItselfIsCutWhereItRepeats() throws {
        let list = NSMutableArray(array: ["x"])
        let set = NSMutableSet(array: [list])
        list.add(set)
        defer {
            list.removeAllObjects()
            set.removeAllObjects()
        }
        var issues: [JastorIssue] = []
        let scrapbook = Scrapbook(dictionary: ["items": [set]], issues: &issues)
        #expect(
            issues.map(\.description) == [
                "items[0][0][1]: expected a value that does not contain itself (kept as null where it repeats itself), "
                    + "found an NSArray or NSDictionary that contains itself"
            ])
        let keptSet = try #require(scrapbook.items.first as? NSSet)
        let keptList = try #require(keptSet.anyObject() as? [Any])
        #expect(keptList.first as? String == "x")
        #expect(keptList.last is NSNull)
    }
}
