import Foundation
import Jastor
import Testing

private final class UntypedList: JastorObject {
    var items: [Any] = []

    override class var properties: [JastorProperty] {
        register { property(\.items) }
    }
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
        let error = try #require(throws: JastorError.self) { try list.jsonData() }
        #expect(error.issues.map(\.description) == expected)
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
        other.items = [levels[0]]
        _ = list == other
        #expect(list.hashValue == other.hashValue)
        #expect(list.description.hasPrefix("UntypedList(\n  items: [\n    [\n"))
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
        // Under a sanitizer a level takes more stack (several times under AddressSanitizer; under
        // ThreadSanitizer the chain stopped at 126 of 128), and the stack guard stops earlier (with a
        // nestingTooDeep issue) rather than overflow; otherwise the chain is whole.
        #expect(names.count == 128 || (Sanitizers.any && names.count >= 64))
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
}
