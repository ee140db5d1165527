import Foundation
import Jastor
import Testing

/// `JastorLimits.withCurrent` sets the limits for a scope: nested scopes, the tasks a scope starts
/// (which keep its limits after it ends), and other tasks and threads, which never see them.
@Suite struct LimitsScopeTests {
    /// The issues of mapping five values (`string`, `strings` and its three elements) under the
    /// limits in effect.
    private static func issuesOfMapping() -> [String] {
        var issues: [JastorIssue] = []
        _ = Everything(dictionary: ["string": "s", "strings": ["a", "b", "c"]], issues: &issues)
        return issues.map(\.description)
    }

    private static func cutAt(_ limit: Int, path: String) -> [String] {
        ["\(path): expected at most \(limit) values in one run (JastorLimits.maximumValueCount), found more"]
    }

    private static func limits(_ count: Int) -> JastorLimits { JastorLimits(maximumValueCount: count) }

    @Test func nestedScopesTakeTheInnermostAndRestoreTheOuter() {
        JastorLimits.withCurrent(Self.limits(4)) {
            #expect(JastorLimits.current == Self.limits(4))
            #expect(Self.issuesOfMapping() == Self.cutAt(4, path: "strings[2]"))
            JastorLimits.withCurrent(Self.limits(3)) {
                #expect(JastorLimits.current == Self.limits(3))
                #expect(Self.issuesOfMapping() == Self.cutAt(3, path: "strings[1]"))
            }
            #expect(JastorLimits.current == Self.limits(4), "the outer scope's limits again")
            #expect(Self.issuesOfMapping() == Self.cutAt(4, path: "strings[2]"))
        }
        #expect(JastorLimits.current == JastorLimits(), "the defaults outside every scope")
        #expect(Self.issuesOfMapping().isEmpty)
    }

    /// The scope ends before the task reads its limits: the task still has them (`Task {}` copies
    /// task-local values), which a count of open scopes, dropped to zero, would lose.
    @Test func aTaskStartedInAScopeKeepsItsLimitsAfterTheScopeEnds() async {
        let gate = AsyncGate()
        let task = JastorLimits.withCurrent(Self.limits(4)) {
            Task {
                await gate.wait()
                return (JastorLimits.current, Self.issuesOfMapping())
            }
        }
        #expect(JastorLimits.current == JastorLimits())
        await gate.open()
        let (limits, issues) = await task.value
        #expect(limits == Self.limits(4))
        #expect(issues == Self.cutAt(4, path: "strings[2]"))
    }

    @Test func childTasksInheritAndDetachedTasksDoNot() async {
        await JastorLimits.withCurrent(Self.limits(3)) {
            async let child = Self.issuesOfMapping()
            let grouped = await withTaskGroup(of: [String].self) { group in
                group.addTask { Self.issuesOfMapping() }
                return await group.next() ?? []
            }
            let detached = await Task.detached { (JastorLimits.current, Self.issuesOfMapping()) }.value
            #expect(await child == Self.cutAt(3, path: "strings[1]"))
            #expect(grouped == Self.cutAt(3, path: "strings[1]"))
            #expect(detached.0 == JastorLimits())
            #expect(detached.1.isEmpty)
        }
    }

    /// Tasks mapping at once, each in its own scope (some in none), each see their own limits.
    @Test func concurrentScopesDoNotMix() async {
        let results = await withTaskGroup(of: (Int?, [String]).self) { group in
            for round in 0..<32 {
                let limit: Int? = round % 3 == 0 ? nil : 2 + round % 3
                group.addTask {
                    guard let limit else { return (nil, Self.issuesOfMapping()) }
                    return await JastorLimits.withCurrent(Self.limits(limit)) {
                        await Task.yield()
                        return (limit, Self.issuesOfMapping())
                    }
                }
            }
            var results: [(Int?, [String])] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(results.count == 32)
        for (limit, issues) in results {
            switch limit {
            case nil: #expect(issues.isEmpty)
            case 3?: #expect(issues == Self.cutAt(3, path: "strings[1]"))
            case 4?: #expect(issues == Self.cutAt(4, path: "strings[2]"))
            default: Issue.record("unexpected limit \(String(describing: limit))")
            }
        }
    }

    /// A scope on one thread is not seen by another thread that reads while it is open.
    @Test func aScopeOnOneThreadIsNotSeenOnAnother() {
        let inScope = DispatchSemaphore(value: 0)
        let read = DispatchSemaphore(value: 0)
        let seen = LockedBox<JastorLimits?>(nil)
        let other = Thread {
            inScope.wait()
            seen.set(JastorLimits.current)
            read.signal()
        }
        other.start()
        JastorLimits.withCurrent(Self.limits(3)) {
            inScope.signal()
            read.wait()
            #expect(JastorLimits.current == Self.limits(3))
        }
        #expect(seen.get() == JastorLimits())
    }
}

/// A one-shot gate tasks wait at until it is opened.
private actor AsyncGate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}

/// A value two threads hand over, behind a lock.
private final class LockedBox<Value: Sendable>: @unchecked Sendable {
    // @unchecked: every access to `value` holds `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func set(_ newValue: Value) { lock.withLock { value = newValue } }

    func get() -> Value { lock.withLock { value } }
}
