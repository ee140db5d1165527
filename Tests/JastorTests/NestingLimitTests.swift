import Foundation
import Jastor
import Testing

private final class UntypedList: JastorObject {
    var items: [Any] = []

    override class var properties: [JastorProperty] {
        register { property(\.items) }
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
