import Foundation
import Jastor
import Testing

private final class UntypedList: JastorObject {
    var items: [Any] = []

    override class var properties: [JastorProperty] {
        register { property(\.items) }
    }
}

private final class UntypedNotes: JastorObject {
    var notes: [String: Any] = [:]

    override class var properties: [JastorProperty] { register { property(\.notes) } }
}

/// An untyped array whose elements `arrayElementTypes` builds as ``UntypedList`` models.
private final class TypedList: JastorObject {
    var items: [Any] = []

    override class var properties: [JastorProperty] { register { property(\.items) } }
    override class var arrayElementTypes: [String: JastorObject.Type] { ["items": UntypedList.self] }
}

/// A chain of models, each writing its `value` under as many keys as a key path may hold.
private final class DeepPathNode: JastorObject {
    var value = 0
    var next: DeepPathNode?

    override class var properties: [JastorProperty] {
        register {
            property(\.value, key: JastorPath(Array(repeating: "v", count: 256)))
            property(\.next)
        }
    }
}

/// Swift arrays nested `depth` deep around `1`, built in code, every level kept, outermost first:
/// freeing the list frees one level at a time (freeing the outermost alone would free the levels
/// below it recursively, and overflow the test thread's stack after Jastor is done).
private func nestedSwiftArrays(depth: Int) -> [Any] {
    var levels: [Any] = [1]
    for _ in 0..<depth { levels.append([levels[levels.count - 1]]) }
    return levels.reversed()
}

/// A container of each kind an untyped value may hold, nested in code around `1`.
///
/// Dictionaries whose keys are not all strings are not JSON and kept as they are; a Foundation
/// array is read as an array. On Linux a cast of any of them to a Foundation class (`is NSNull`)
/// bridges the whole value, every level below at once.
enum DeepContainer: String, CaseIterable, Sendable {
    case intKeyedDictionary, hashableKeyedDictionary, numberKeyedNSDictionary, foundationArray

    /// The containers nested `depth` deep, every level kept, outermost first (see
    /// `nestedSwiftArrays(depth:)`).
    func nested(depth: Int) -> [Any] {
        var levels: [Any] = [1]
        for _ in 0..<depth {
            let inner = levels[levels.count - 1]
            switch self {
            case .intKeyedDictionary: levels.append([0: inner] as [Int: Any])
            case .hashableKeyedDictionary: levels.append([AnyHashable(0): inner] as [AnyHashable: Any])
            case .numberKeyedNSDictionary: levels.append(NSDictionary(object: inner, forKey: NSNumber(value: 0)))
            case .foundationArray: levels.append(NSArray(object: inner))
            }
        }
        return levels.reversed()
    }

    /// Where output cuts the containers nested in `items[0]`, and the issue there: a dictionary
    /// JSON has no kind for is written whole or as `null` (it cannot be cut inside), an array is cut
    /// at the limit.
    var cutIssue: String {
        let cut = self == .foundationArray ? "items" + String(repeating: "[0]", count: 255) : "items[0]"
        return "\(cut): expected at most 256 levels of nesting, found deeper data"
    }
}

/// Deep input gets a defined outcome instead of exhausting the stack.
@Suite struct NestingLimitTests {
    @Test func deepFoundationArraysInAnUntypedValueAreReportedNotFollowed() {
        // Casting these to `[Any]` would make Foundation bridge all 100,000 levels at once. Every
        // level is kept in `levels`, outermost first, so that freeing them frees one level at a
        // time (freeing the outermost alone would free the levels below it recursively, and
        // overflow the test thread's stack after Jastor is done).
        var levels = [NSArray()]
        for _ in 0..<100_000 { levels.append(NSArray(object: levels[levels.count - 1])) }
        levels.reverse()
        let nested = levels[0]
        var issues: [JastorIssue] = []
        let list = UntypedList(dictionary: ["items": nested], issues: &issues)
        #expect(issues.map(\.description) == ["items: expected at most 256 levels of nesting, found deeper input"])
        #expect(list.items.isEmpty)
    }

    /// Swift arrays nested 10 000 deep in an `[Any]` built in code are cut at the nesting limit.
    ///
    /// Every output writes them to the limit and reports the cut; equality, hashing and
    /// `description` stop there too. On the test thread's own stack: telling a model from the arrays by a cast
    /// bridged each array to Foundation, every level below at once, before the depth was checked
    /// (a stack overflow here; below the limit, every level bridged again at each level written).
    @Test func deepSwiftArraysInAnUntypedValueAreCutAtTheLimitOnEveryOutput() throws {
        let levels = nestedSwiftArrays(depth: 10_000)
        let list = UntypedList()
        list.items = [levels[0]]
        let cut = "items" + String(repeating: "[0]", count: 255)
        let expected = ["\(cut): expected at most 256 levels of nesting, found deeper data"]
        var issues: [JastorIssue] = []
        let dictionary = list.toDictionary(issues: &issues)
        #expect(issues.map(\.description) == expected)
        var written = dictionary["items"]
        var arrays = 0
        while let array = written as? [Any] {
            arrays += 1
            written = array.first
        }
        let endsInNull = written is NSNull  // outside `#expect`, which would describe the arrays
        #expect(arrays == 255)
        #expect(endsInNull)
        try Self.expectRefusedByEveryWriter(list, holding: levels[0], issues: expected)
        #expect(list.description.hasPrefix("UntypedList(\n  items: [\n    [\n"))
    }

    /// Dictionaries whose keys are not all strings, and Foundation arrays, nested 10 000 deep in an
    /// `[Any]` built in code, are cut at the limit by every output, with the issue.
    ///
    /// Classifying such a value asked `is NSNull`, and `toDictionary(issues:)` handed the whole
    /// dictionary to `JSONSerialization.isValidJSONObject`: on Linux both bridge the whole value to
    /// Foundation, every level below at once (a stack overflow here).
    @Test(arguments: DeepContainer.allCases)
    func deepContainersInAnUntypedValueAreCutAtTheLimitOnEveryOutput(_ container: DeepContainer) throws {
        let levels = container.nested(depth: 10_000)
        let list = UntypedList()
        list.items = [levels[0]]
        let expected = [container.cutIssue]
        var issues: [JastorIssue] = []
        let dictionary = list.toDictionary(issues: &issues)
        #expect(issues.map(\.description) == expected)
        if container != .foundationArray {
            let items = try #require(dictionary["items"] as? [Any])
            let cutToNull = items.count == 1 && type(of: items[0]) is NSNull.Type
            #expect(cutToNull)
        }
        try Self.expectRefusedByEveryWriter(list, holding: levels[0], issues: expected)
        let description = list.description
        #expect(description.hasPrefix("UntypedList(\n  items: [") && description.contains("…"))
    }

    /// The same containers as a member of an untyped `[String: Any]` are cut there too.
    @Test(arguments: DeepContainer.allCases)
    func deepContainersInAnUntypedDictionaryAreCutAtTheLimit(_ container: DeepContainer) throws {
        let levels = container.nested(depth: 10_000)
        let model = UntypedNotes()
        model.notes = ["deep": levels[0]]
        let cut = container == .foundationArray ? "notes.deep" + String(repeating: "[0]", count: 254) : "notes.deep"
        let expected = ["\(cut): expected at most 256 levels of nesting, found deeper data"]
        var issues: [JastorIssue] = []
        _ = model.toDictionary(issues: &issues)
        #expect(issues.map(\.description) == expected)
        let error = try #require(throws: JastorError.self) { try model.jsonData() }
        #expect(error.issues.map(\.description) == expected)
        #expect(model.description.hasPrefix("UntypedNotes(\n  notes: [\n    deep: ["))
    }

    /// The same containers in a hand-built dictionary are left out when mapped, as 257 levels of
    /// JSON are, with the issue at the property.
    @Test(arguments: DeepContainer.allCases)
    func deepContainersInAHandBuiltDictionaryAreReportedNotFollowed(_ container: DeepContainer) {
        let levels = container.nested(depth: 10_000)
        var issues: [JastorIssue] = []
        let list = UntypedList(dictionary: ["items": [levels[0]]], issues: &issues)
        #expect(issues.map(\.description) == ["items: expected at most 256 levels of nesting, found deeper input"])
        #expect(list.items.isEmpty)
    }

    /// Just past the limit (300 levels below `items[1]`) a dictionary whose keys are not all
    /// strings is cut at its own place, every output reporting it there; within the limit (250) it
    /// is kept whole, and `toDictionary(issues:)` reports it as no JSON value.
    @Test func aDictionaryWithOtherKeysJustPastTheLimitIsCutAtItsPlace() throws {
        let past = DeepContainer.intKeyedDictionary.nested(depth: 300)
        let list = UntypedList()
        list.items = ["x", past[0]]
        let expected = ["items[1]: expected at most 256 levels of nesting, found deeper data"]
        var issues: [JastorIssue] = []
        let dictionary = list.toDictionary(issues: &issues)
        #expect(issues.map(\.description) == expected)
        let items = try #require(dictionary["items"] as? [Any])
        #expect(items.first as? String == "x")
        let cutToNull = items.count == 2 && type(of: items[1]) is NSNull.Type
        #expect(cutToNull)
        let error = try #require(throws: JastorError.self) { try list.jsonData() }
        #expect(error.issues.map(\.description) == expected)
        let archiveError = try #require(throws: JastorError.self) { try list.archivedData(format: .json) }
        #expect(archiveError.issues.map(\.description) == expected)

        let within = DeepContainer.intKeyedDictionary.nested(depth: 250)
        list.items = [within[0]]
        issues = []
        let kept = list.toDictionary(issues: &issues)
        #expect(
            issues.map(\.description) == [
                "items[0]: expected a JSON value, found Dictionary<Int, Any>"
            ])
        let keptItems = try #require(kept["items"] as? [Any])
        #expect(keptItems.count == 1 && type(of: keptItems[0]) == [Int: Any].self)
    }

    /// The same arrays as an element of an `[Any]` that `arrayElementTypes` types: reported as no
    /// model of that class (told by its type, never bridged by a cast), and written to the limit.
    @Test func deepSwiftArraysWhereArrayElementTypesWantsAModelAreReportedAndCut() {
        let levels = nestedSwiftArrays(depth: 10_000)
        let list = TypedList()
        list.items = [levels[0]]
        var issues: [JastorIssue] = []
        _ = list.toDictionary(issues: &issues)
        #expect(
            issues.map(\.description) == [
                "items[0]: expected UntypedList or a subclass (arrayElementTypes reads every element back as one), "
                    + "found Array",
                "items" + String(repeating: "[0]", count: 255)
                    + ": expected at most 256 levels of nesting, found deeper data",
            ])
    }

    /// A key path of the most keys a registration may hold (256), in a model nested as deep as
    /// output writes models (255 levels below the root): its value is written 511 levels down,
    /// which the reader takes (512), and every model and value reads back from `jsonData()`.
    @Test func aKeyPathAtItsLimitInTheDeepestModelReadsBack() throws {
        let head = DeepPathNode()
        var node = head
        for index in 1..<256 {
            let next = DeepPathNode()
            next.value = index
            node.next = next
            node = next
        }
        #expect(DeepPathNode.declarationIssues.isEmpty)
        let data = try head.jsonData()
        var read: DeepPathNode? = try DeepPathNode(validatingJSON: data)
        var values: [Int] = []
        while let current = read {
            values.append(current.value)
            read = current.next
        }
        #expect(values == Array(0..<256))
    }

    private func chain(depth: Int) -> [String: Any] {
        var json: [String: Any] = ["name": "leaf"]
        for _ in 0..<depth {
            json = ["name": "node", "children": [json]]
        }
        return json
    }

    @Test func inputDeeperThanTheLimitIsReportedNotFollowed() {
        var issues: [JastorIssue] = []
        // Far deeper nested Swift dictionaries overflow a test thread's stack when they are freed,
        // inside the Swift runtime, before and after Jastor is involved.
        let tree = ProductCategory(dictionary: chain(depth: 1_000), issues: &issues)
        #expect(issues.count == 1)
        #expect(issues.first?.kind == .nestingTooDeep)
        #expect(issues.first?.path.components.count == 256)
        #expect(
            issues.first?.description.hasSuffix(
                "children[0]: expected at most 256 levels of nesting, found deeper input") == true)
        var depth = 0
        var node = tree
        while let child = node.children.first {
            node = child
            depth += 1
        }
        #expect(depth == 127, "the last model within the limit has no children")
    }

    @Test func strictModeThrowsForTooDeepInput() {
        #expect(throws: JastorError.self) { try ProductCategory(validating: chain(depth: 1_000)) }
    }

    /// Mapping, writing and comparing input at the limit fits a 1 MB stack in a debug build
    /// (release builds need about half).
    ///
    /// Mapping takes about 905 KB of it: when a level took
    /// 7.6 KB instead of 6.8, a CI machine held 127 of the 128 levels (its threads start with a
    /// little less of their stack free than this machine's).
    @Test func inputAtTheLimitFitsASmallThreadStack() async {
        let names: [String] = await withCheckedContinuation { continuation in
            let thread = Thread {
                var node = ProductCategory(dictionary: chain(depth: 1_000))
                _ = node.toDictionary()
                _ = node == node
                var names = [node.name]
                while let child = node.children.first {
                    node = child
                    names.append(node.name)
                }
                continuation.resume(returning: names)
            }
            thread.stackSize = 1024 * 1024
            thread.start()
        }
        // Under a sanitizer a level takes more stack (several times under AddressSanitizer, where
        // the chain stopped at 62 of 128 once the key-spelling checks joined the mapping's frames;
        // under ThreadSanitizer at 126), and the stack guard stops earlier (with a nestingTooDeep
        // issue) rather than overflow; otherwise the chain is whole.
        #expect(names.count == 128 || (Sanitizers.any && names.count >= 48), "\(names.count) levels")
        #expect(names.last == "node" || Sanitizers.any)
    }

    /// A Foundation array holding itself, assigned to a model rather than mapped, is written with
    /// `null` where it repeats itself and reported as a cycle at that path, not as too deep.
    @Test func anAssignedArrayHoldingItselfIsReportedAsACycle() throws {
        let list = NSMutableArray(array: ["x"])
        list.add(list)
        defer { list.removeAllObjects() }
        let model = UntypedList()
        model.items = [list]
        var issues: [JastorIssue] = []
        let dictionary = model.toDictionary(issues: &issues)
        #expect(
            issues.map(\.description) == [
                "items[0][1]: expected a value that does not contain itself (written as null where it repeats "
                    + "itself), found an NSArray or NSDictionary that contains itself"
            ])
        let items = try #require(dictionary["items"] as? [Any])
        let inner = try #require(items.first as? [Any])
        #expect(inner.first as? String == "x")
        #expect(inner.last is NSNull)
    }

    /// `jsonData()`, both archive formats and `Codable` refuse `list`, cut at the nesting limit, with
    /// `issues`; equality and hashing of it and of another list holding `first` finish and agree.
    private static func expectRefusedByEveryWriter(_ list: UntypedList, holding first: Any, issues: [String]) throws {
        let error = try #require(throws: JastorError.self) { try list.jsonData() }
        #expect(error.issues.map(\.description) == issues)
        for format in [JastorArchiveFormat.json, .binaryPropertyList] {
            let archiveError = try #require(throws: JastorError.self) { try list.archivedData(format: format) }
            #expect(archiveError.issues.map(\.kind) == [.nestingTooDeep])
        }
        // Not `#expect(throws:)`, which reflects the error's value (the model) down to its last level.
        let encodingFailed: Bool
        do {
            _ = try JSONEncoder().encode(list)
            encodingFailed = false
        } catch {
            encodingFailed = error is EncodingError
        }
        #expect(encodingFailed)
        let other = UntypedList()
        other.items = [first]
        _ = list == other
        #expect(list.hashValue == other.hashValue)
    }
}
