import Foundation
import Jastor
import Testing

private final class Cyclic: JastorObject {
    var name = ""
    var next: Cyclic?

    override class var properties: [JastorProperty] { [.init("name", \Cyclic.name), .init("next", \Cyclic.next)] }
}

/// A chain of models, each holding typed containers that reach the nesting limit where a model
/// does not.
private final class Gridded: JastorObject {
    var grid: [[Int]] = [[1]]
    var rows: [String: [Int]] = ["r": [2]]
    var next: Gridded?

    override class var properties: [JastorProperty] {
        register {
            property(\.grid)
            property(\.rows)
            property(\.next)
        }
    }
}

/// Values `toDictionary()` holds but JSON cannot write back: a non-finite number, an untyped
/// `Date`, a kept key a property writes.
private final class Ledger: JastorObject {
    var total = 0.0
    var notes: [String: Any] = [:]
    var extras: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register(\.total) {
            property(\.notes)
            unmappedKeys(\.extras)
        }
    }
}

/// An untyped array whose elements `arrayElementTypes` builds as ``Cyclic`` models.
private final class Herd: JastorObject {
    var members: [Any] = []

    override class var properties: [JastorProperty] { register { \.members } }
    override class var arrayElementTypes: [String: JastorObject.Type] { ["members": Cyclic.self] }
}

/// A transform whose `encode` returns a `Date`: JSON text spells it as ISO-8601, which `decode`
/// reads back; `toDictionary()` keeps the `Date` itself.
private final class Stamp: JastorObject {
    var when = Date(timeIntervalSince1970: 0)

    override class var properties: [JastorProperty] {
        register {
            property(
                \.when,
                transform: JastorTransform(
                    decode: { ($0 as? String).flatMap { try? Date.ISO8601FormatStyle().parse($0) } },
                    encode: { $0 }))
        }
    }
}

/// A transform whose `encode` returns a model: its `decode` gets the model's dictionary back.
private final class Boxed: JastorObject {
    var inner = Cyclic()

    override class var properties: [JastorProperty] {
        register {
            property(
                \.inner,
                transform: JastorTransform(
                    decode: { ($0 as? [String: Any]).map { Cyclic(dictionary: $0) } }, encode: { $0 }))
        }
    }
}

/// A binary node whose two children may be the same model: a shared graph built in code.
private final class SharedPair: JastorObject {
    var value = 0
    var left: SharedPair?
    var right: SharedPair?

    override class var properties: [JastorProperty] { register(\.value, \.left, \.right) }

    /// `depth` models, each holding the one below as both children: `depth` models, 2^depth - 1
    /// paths.
    static func stack(_ depth: Int, bottom: Int = 0) -> SharedPair {
        var node = SharedPair()
        node.value = bottom
        for index in 1..<depth {
            let up = SharedPair()
            up.value = index
            up.left = node
            up.right = node
            node = up
        }
        return node
    }
}

/// A chain of `depth` ``Cyclic`` models named `n0`, `n1`, …; `unlink` frees it one link at a time
/// (freeing the head alone recurses once per link in the runtime).
private func chain(_ depth: Int) -> (head: Cyclic, nodes: [Cyclic]) {
    let nodes = (0..<depth).map { Cyclic(dictionary: ["name": "n\($0)"]) }
    for (node, next) in zip(nodes, nodes.dropFirst()) { node.next = next }
    return (nodes[0], nodes)
}

private func unlink(_ nodes: [Cyclic]) {
    for node in nodes { node.next = nil }
}

/// `toDictionary()`, equality, hashing and `description`, all read through the class plan.
@Suite struct OutputTests {
    /// Equal untyped numbers hash equal, however they were handed over: integers, unsigned
    /// integers, doubles, decimals and `NSNumber`s around 2^53 and 2^63, where the nearest double
    /// is not the integer (`9007199254740993` equals `Decimal(string: "9007199254740993")`).
    @Test(arguments: [UInt64(0x0A5E_0001), 0x0A5E_0002])
    func equalUntypedNumbersHashEqual(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var failures: [String] = []
        for _ in 0..<300 {
            let base: Int64 = [1 << 53, 1 << 54, 1 << 62, Int64.max - 4].randomElement(using: &random) ?? 0
            let integer = (Bool.random(using: &random) ? 1 : -1) * (base + Int64.random(in: -4...4, using: &random))
            var spellings: [Any] = [
                integer, Double(integer), NSNumber(value: integer), Decimal(string: String(integer)) ?? Decimal(),
            ]
            if integer > 0 { spellings.append(UInt64(integer)) }
            let ledgers = spellings.map { value in
                let ledger = Ledger()
                ledger.notes = ["n": value, "list": [value]]
                return ledger
            }
            for (first, a) in ledgers.enumerated() {
                for b in ledgers[first...] where a == b && a.hashValue != b.hashValue {
                    failures.append("\(a.notes["n"] ?? "") == \(b.notes["n"] ?? "") but their hashes differ")
                }
            }
        }
        #expect(failures.isEmpty, "seed \(seed): \(failures.prefix(5))")
    }

    /// `toDictionary(issues:)` reports what `jsonData()` throws, and returns what `toDictionary()` does.
    @Test func toDictionaryReportsWhatDoesNotComeBack() throws {
        let ledger = Ledger(dictionary: ["total": 2.5, "notes": ["a": 1], "kept": "yes"])
        var issues: [JastorIssue] = []
        let clean = ledger.toDictionary(issues: &issues)
        #expect(issues.isEmpty)
        #expect(try Fixtures.canonical(clean) == Fixtures.canonical(ledger.toDictionary()))
        ledger.total = .infinity
        ledger.notes = ["when": Date(timeIntervalSince1970: 0)]
        ledger.extras["total"] = 1
        let error = try #require(throws: JastorError.self) { try ledger.jsonData() }
        let written = ledger.toDictionary(issues: &issues)
        #expect(issues.map(\.description) == error.issues.map(\.description))
        #expect(issues.map(\.path.description).sorted() == ["notes.when", "total", "total"])
        #expect(written["total"] as? Double == .infinity && written["kept"] as? String == "yes")
        #expect(written.keys.sorted() == ledger.toDictionary().keys.sorted())
    }

    /// A value of the dictionary that `JSONSerialization` refuses, where the JSON text has none
    /// (a transform's `Date`), is reported at its path too.
    @Test func toDictionaryReportsWhatJSONSerializationRefuses() throws {
        let stamp = Stamp()
        stamp.when = Date(timeIntervalSince1970: 1_409_307_120)
        #expect(try Stamp(json: stamp.jsonData()) == stamp, "the JSON text comes back")
        var issues: [JastorIssue] = []
        let dictionary = stamp.toDictionary(issues: &issues)
        #expect(dictionary["when"] as? Date == stamp.when)
        #expect(!JSONSerialization.isValidJSONObject(dictionary))
        #expect(
            issues.map(\.description) == [
                "when: expected a value JSONSerialization accepts (toDictionary() keeps a transform's value as it is), "
                    + "found Date 2014-08-29T10:12:00Z"
            ])
    }

    /// A model put into an untyped value reads back as a dictionary: every output but equality
    /// and `description` reports it at its path.
    @Test func aModelInAnUntypedValueIsReported() throws {
        let ledger = Ledger()
        let inner = Ledger()
        inner.total = 1
        ledger.notes = ["inner": inner]
        ledger.extras = ["kept": [inner]]
        let expected = [
            "kept[0]: expected a value that reads back as itself (a model in an untyped value reads back as a "
                + "dictionary: declare a typed property, or arrayElementTypes for an [Any]), found a Ledger model",
            "notes.inner: expected a value that reads back as itself (a model in an untyped value reads back as a "
                + "dictionary: declare a typed property, or arrayElementTypes for an [Any]), found a Ledger model",
        ]
        let error = try #require(throws: JastorError.self) { try ledger.jsonData() }
        #expect(error.issues.map(\.description).sorted() == expected)
        let archiveError = try #require(throws: JastorError.self) { try ledger.archivedData(format: .json) }
        #expect(archiveError.issues.map(\.path.description).sorted() == ["extras.kept[0]", "notes.inner"])
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(ledger) }
        #expect(ledger == ledger && ledger.description.contains("total: 1.0"))
    }

    /// An element of an `[Any]` that `arrayElementTypes` types, which is not a model of that class
    /// (a dictionary, a number, another model class), would read back as one or not at all: every
    /// output reports it, and archives refuse to write it rather than write what they cannot read.
    @Test func anElementTheArraysElementTypeCannotReadBackIsReported() throws {
        let cyclic = Cyclic()
        cyclic.name = "c"
        let herd = Herd()
        herd.members = [cyclic, ["name": "d"] as [String: Any], 1, Ledger()]
        let expected = [
            "members[1]: expected Cyclic or a subclass (arrayElementTypes reads every element back as one), found Object",
            "members[2]: expected Cyclic or a subclass (arrayElementTypes reads every element back as one), found Number 1",
            "members[3]: expected Cyclic or a subclass (arrayElementTypes reads every element back as one), found Ledger",
        ]
        var issues: [JastorIssue] = []
        _ = herd.toDictionary(issues: &issues)
        #expect(issues.map(\.description) == expected)
        let error = try #require(throws: JastorError.self) { try herd.jsonData() }
        #expect(error.issues.map(\.description) == expected)
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(herd) }
        for format in [JastorArchiveFormat.json, .binaryPropertyList] {
            let archiveError = try #require(throws: JastorError.self) { try herd.archivedData(format: format) }
            #expect(archiveError.issues.map(\.path.description) == ["members[1]", "members[2]", "members[3]"])
        }
        herd.members = [cyclic]
        #expect(try Herd(json: herd.jsonData()) == herd)
        #expect(try Herd.unarchive(from: herd.archivedData()) == herd)
    }

    /// A model a transform's `encode` returns reads back through its `decode`: nothing to report.
    @Test func aModelATransformWritesIsNotReported() throws {
        let boxed = Boxed()
        boxed.inner.name = "in"
        let copy = try Boxed(validatingJSON: try boxed.jsonData())
        #expect(copy.inner.name == "in")
        var issues: [JastorIssue] = []
        _ = boxed.toDictionary(issues: &issues)
        #expect(issues.isEmpty)
    }

    @Test func toDictionaryIsValidJSONForEveryType() throws {
        let model = Everything(dictionary: try Fixtures.dictionary("everything"))
        let dictionary = model.toDictionary()
        #expect(JSONSerialization.isValidJSONObject(dictionary))
        let expected = try Fixtures.dictionary("everything").merging([
            "date": "2014-08-29T10:12:00.25Z", "data": "SmFzdG9y", "url": "https://example.com/a?b=c",
        ]) { _, new in new }
        #expect(try Fixtures.canonical(dictionary) == Fixtures.canonical(expected))
    }

    @Test(arguments: ["everything", "everything_coerced", "search_response", "category_tree", "product_with_category"])
    func mappingWhatToDictionaryWroteGivesAnEqualModel(fixture: String) throws {
        let json = try Fixtures.dictionary(fixture)
        let models: [JastorObject] = [
            Everything(dictionary: json), SearchResponse(dictionary: json), ProductCategory(dictionary: json),
            Product(dictionary: json),
        ]
        for model in models {
            let copy = type(of: model).init(dictionary: model.toDictionary())
            #expect(copy == model)
            #expect(copy.hashValue == model.hashValue)
        }
    }

    @Test func nilAndEmptyAreLeftOutOnlyWhenTheDefaultIsNilOrEmpty() {
        let model = Everything()
        model.optionalString = nil
        let dictionary = model.toDictionary()
        #expect(dictionary["optionalString"] is NSNull, "the default is not nil, so nil must be written")
        #expect(dictionary["url"] == nil)
        #expect(dictionary["strings"] == nil)
        #expect(dictionary["metadata"] == nil)
        #expect(dictionary["int"] as? Int == 0, "scalars are always written")
        #expect(Everything(dictionary: dictionary) == model)
    }

    @Test func equalityComparesClassAndEveryValue() throws {
        let json = try Fixtures.dictionary("search_response")
        let a = SearchResponse(dictionary: json)
        let b = SearchResponse(dictionary: json)
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
        b.statuses[1].retweetedStatus?.user.followersCount += 1
        #expect(a != b)
        #expect(Dog(dictionary: ["name": "Rex"]) != Animal(dictionary: ["name": "Rex"]))
        #expect(Puppy(dictionary: ["name": "Rex"]) == Puppy(dictionary: ["name": "Rex"]))
    }

    /// Chains of models built in code, of random lengths up to 700 (beyond the 256 levels output
    /// writes), equal or differing at one random model: `==` answers exactly at any depth, and
    /// equal chains hash alike.
    @Test(arguments: [UInt64(0xE0_0001), 0xE0_0002])
    func equalityIsExactAtAnyDepth(seed: UInt64) {
        print("equalityIsExactAtAnyDepth seed: \(seed)")
        var random = SeededRandom(seed: seed)
        var failures: [String] = []
        for _ in 0..<20 {
            let depth = Int.random(in: 1...700, using: &random)
            let first = chain(depth)
            let second = chain(depth)
            defer {
                unlink(first.nodes)
                unlink(second.nodes)
            }
            let changed = Bool.random(using: &random) ? Int.random(in: 0..<depth, using: &random) : nil
            if let changed { second.nodes[changed].name = "different" }
            let equal = first.head == second.head
            if equal != (changed == nil) {
                failures.append("depth \(depth), changed at \(changed ?? -1): == is \(equal)")
            }
            if equal && first.head.hashValue != second.head.hashValue {
                failures.append("depth \(depth): hashes differ")
            }
        }
        #expect(failures.isEmpty, "seed \(seed): \(failures.prefix(5))")
    }

    /// A model whose `next` is itself is not a model whose `next` is `nil`; it equals another model
    /// holding itself with equal values (a cycle compares as the graph it is), and describes the
    /// cycle as closing one model up.
    @Test func aModelHoldingItselfIsNotEqualToOneHoldingNil() {
        let loop = Cyclic(dictionary: ["name": "loop"])
        loop.next = loop
        let otherLoop = Cyclic(dictionary: ["name": "loop"])
        otherLoop.next = otherLoop
        let renamedLoop = Cyclic(dictionary: ["name": "other"])
        renamedLoop.next = renamedLoop
        defer { [loop, otherLoop, renamedLoop].forEach { $0.next = nil } }
        let open = Cyclic(dictionary: ["name": "loop"])
        #expect(loop != open)
        #expect(loop == otherLoop && loop.hashValue == otherLoop.hashValue)
        #expect(loop != renamedLoop)
        #expect(loop.description == "Cyclic(\n  name: \"loop\",\n  next: Cyclic(↑1)\n)")
        #expect(open.description == "Cyclic(\n  name: \"loop\",\n  next: nil\n)")
    }

    /// Each pair of models is compared once: two copies of a graph of 64 models, each holding the
    /// one below twice (2^64 paths), compare and hash at once, and differ when their last models do.
    @Test func equalityAndHashingOfASharedGraphCompareEachPairOnce() {
        let first = SharedPair.stack(64)
        #expect(first == SharedPair.stack(64))
        #expect(first.hashValue == SharedPair.stack(64).hashValue)
        #expect(first != SharedPair.stack(64, bottom: 1))
        let mixed = SharedPair.stack(64)
        mixed.right = SharedPair.stack(63, bottom: 1)
        #expect(first != mixed)
    }

    /// Untyped values nested deeper than the 256 levels output writes compare to their last level.
    @Test func untypedValuesThatDifferBelowTheNestingLimitAreNotEqual() {
        var same: Any = "same"
        var different: Any = "different"
        for _ in 0..<300 {
            same = [same]
            different = [different]
        }
        let first = Ledger()
        first.notes = ["deep": same]
        let second = Ledger()
        second.notes = ["deep": different]
        let third = Ledger()
        third.notes = ["deep": same]
        #expect(first != second)
        #expect(first == third && first.hashValue == third.hashValue)
    }

    /// A model inside an untyped value is compared as a nested model is, at any depth below it.
    @Test func aModelInAnUntypedValueIsComparedAtAnyDepth() {
        let first = chain(300)
        let second = chain(300)
        defer {
            unlink(first.nodes)
            unlink(second.nodes)
        }
        second.nodes[280].name = "different"
        let firstHerd = Ledger()
        firstHerd.notes = ["head": [first.head]]
        let secondHerd = Ledger()
        secondHerd.notes = ["head": [second.head]]
        #expect(firstHerd != secondHerd)
        second.nodes[280].name = "n280"
        #expect(firstHerd == secondHerd)
    }

    /// `description` stops at the 256 levels output writes and says that the rest is left out,
    /// never writing `nil` where there is a model.
    @Test func descriptionMarksModelsLeftOutBelowTheNestingLimit() {
        let models = chain(300)
        defer { unlink(models.nodes) }
        let text = models.head.description
        #expect(
            text.contains(
                "name: \"n255\",\n" + String(repeating: "  ", count: 256)
                    + "next: Cyclic(… left out: nested too deeply)\n"))
        #expect(!text.contains("nil"))
    }

    /// The very same untyped value is equal to itself at any depth, without a walk.
    ///
    /// Nested 2 000 deep (past where the full-text walk ran out of stack, about 1 400 levels, when
    /// it recursed) two models holding one Swift array, or one `NSArray`, compare equal; they
    /// compared unequal (review 14). Copies built apart compare at any depth too
    /// (`UntypedEqualityTests`).
    @Test func theSameUntypedValueIsEqualToItselfAtAnyDepth() {
        var deep: [Any] = [1]
        for _ in 0..<2_000 { deep = [deep] }
        let first = Everything()
        first.anything = deep
        let second = Everything()
        second.anything = deep
        let swiftArraysEqual = first == second
        #expect(swiftArraysEqual, "the same [Any] nested 2 000 deep")
        var foundation = NSArray(array: [1])
        for _ in 0..<2_000 { foundation = NSArray(array: [foundation]) }
        first.anything = [foundation]
        second.anything = [foundation]
        let foundationArraysEqual = first == second
        #expect(foundationArraysEqual, "the same NSArray nested 2 000 deep")
        second.anything = [NSArray(array: [foundation, 2])]
        let differentEqual = first == second
        #expect(!differentEqual)
    }

    /// A typed array or dictionary that `description` leaves out at the nesting limit is marked
    /// as a model is (`[Int](… left out: nested too deeply)`), never written `nil`, which reads as a
    /// value the model holds.
    @Test func descriptionMarksTypedContainersLeftOutBelowTheNestingLimit() {
        let nodes = (0..<300).map { _ in Gridded() }
        for (node, next) in zip(nodes, nodes.dropFirst()) { node.next = next }
        defer { nodes.forEach { $0.next = nil } }
        let text = nodes[0].description
        let deepest = String(repeating: "  ", count: 255)
        #expect(text.contains("\n" + deepest + "  grid: [[Int]](… left out: nested too deeply),\n"))
        #expect(text.contains("\n" + deepest + "  rows: [String: [Int]](… left out: nested too deeply),\n"))
        #expect(text.contains("[Int](… left out: nested too deeply)"))
        #expect(text.contains("next: Gridded(… left out: nested too deeply)"))
        #expect(!text.contains("nil"))
    }

    @Test func descriptionIsANestedDump() throws {
        let product = Product(dictionary: [
            "name": "foo", "amount": 2, "tags": ["a", "b"], "category": ["name": "toys"],
        ])
        #expect(
            product.description == """
                Product(
                  name: "foo",
                  amount: 2,
                  price: nil,
                  createdAt: nil,
                  category: ProductCategory(
                    name: "toys",
                    children: []
                  ),
                  tags: ["a", "b"]
                )
                """)
        #expect(
            String(describing: [ProductCategory(dictionary: ["name": "x"])])
                == "[ProductCategory(\n  name: \"x\",\n  children: []\n)]")
    }

    /// A dictionary's key is written bare only when it is a plain name; any other key is quoted, so
    /// no key can spell other entries and two unequal models never describe themselves alike.
    @Test func descriptionQuotesKeysThatAreNotPlainNames() {
        let plain = Ledger()
        plain.notes = ["a": 1, "b": 2, "x.y-z_$0": 3]
        let forged = Ledger()
        forged.notes = ["a: 1,\n    b": 2, "x.y-z_$0": 3]
        #expect(plain != forged)
        #expect(plain.description != forged.description)
        #expect(plain.description.contains("\n    a: 1,\n    b: 2,\n    x.y-z_$0: 3\n"), "\(plain.description)")
        #expect(forged.description.contains(#""a: 1,\n    b": 2"#), "\(forged.description)")
        let empty = Ledger()
        empty.notes = ["": 1, "é": 2]
        #expect(empty.description.contains(#""": 1"#) && empty.description.contains(#""é": 2"#))
    }

    /// Generic and nested classes are named as `String(describing:)` writes their types.
    @Test func descriptionNamesGenericAndNestedClasses() throws {
        let box = DescribedBox<Int>(dictionary: ["items": [1, 2]])
        #expect(box.description == "DescribedBox<Int>(\n  items: [1, 2]\n)")
        #expect(box.description.hasPrefix(String(describing: DescribedBox<Int>.self) + "("))
        let outer = DescribedBox<DescribedShelf.Item>(dictionary: ["items": [["name": "a"]]])
        #expect(
            outer.description == """
                DescribedBox<Item>(
                  items: [
                    Item(
                      name: "a"
                    )
                  ]
                )
                """)
        #expect(outer.description.hasPrefix(String(describing: DescribedBox<DescribedShelf.Item>.self) + "("))
        let nested = DescribedBox<DescribedBox<Int>>(dictionary: ["items": [["items": [3]]]])
        #expect(nested.description.hasPrefix("DescribedBox<DescribedBox<Int>>(\n  items: [\n    DescribedBox<Int>(\n"))
    }

    @Test func cyclesEndInsteadOfRecursingForever() throws {
        let a = Cyclic(dictionary: ["name": "a"])
        let b = Cyclic(dictionary: ["name": "b"])
        a.next = b
        b.next = a
        defer { b.next = nil }
        #expect(try Fixtures.canonical(a.toDictionary()) == #"{"name":"a","next":{"name":"b","next":null}}"#)
        let error = #expect(throws: JastorError.self) { try a.archivedData() }
        #expect(
            error?.description == "next.next: expected a tree of models, found a reference back to an enclosing Cyclic")
    }
}

private final class DescribedBox<Element: JastorValue>: JastorObject {
    var items: [Element] = []

    override class var properties: [JastorProperty] { [.init("items", \DescribedBox<Element>.items)] }
}

private enum DescribedShelf {
    final class Item: JastorObject {
        var name = ""

        override class var properties: [JastorProperty] { register(\.name) }
    }
}
