import Foundation

/// How deep a run is in its data and what went wrong so far; shared by reading and writing.
///
/// The path of an issue is assembled only when there is one: an issue is recorded with an empty
/// path, and each level it was recorded under adds its key or index as the run leaves that level.
/// So the common case (no issue) keeps no path at all, only a depth.
struct IssueTrail {
    /// An issue whose path is complete only once the run is back at the top.
    struct Entry {
        var issue: JastorIssue
        /// The components the issue was found under, innermost first (added while leaving).
        var reversedPath: [JastorPath.Component] = []
        /// Whether the levels being left add to the path (not for issues that carry their own,
        /// such as declaration issues).
        var isRelative: Bool
    }

    private var entries: [Entry] = []
    private var depth = 0
    /// Where this thread's stack is too low for another level (see ``StackGuard``).
    private let stackLimit = StackGuard.currentLimit()

    /// The issues recorded so far, with the paths from the top (complete once the run is back there).
    var issues: [JastorIssue] {
        entries.map { entry in
            guard entry.isRelative else { return entry.issue }
            let issue = entry.issue
            return JastorIssue(
                path: JastorPath(entry.reversedPath.reversed() + issue.path.components), kind: issue.kind,
                expected: issue.expected, found: issue.found)
        }
    }

    /// Whether the first issue is about a value of the input, its path leading to it; `false`
    /// when there is none, or it carries its own path (a declaration issue names a class and a
    /// property, not a place in the data).
    var firstIssueIsInTheData: Bool { entries.first?.isRelative ?? false }

    /// Goes `levels` down; returns the mark ``leave(_:mark:)`` needs.
    @inline(__always)
    mutating func enter(_ levels: Int = 1) -> Int {
        depth += levels
        return entries.count
    }

    /// Comes back up from `component`, adding it to the paths of the issues recorded below it.
    @inline(__always)
    mutating func leave(_ component: JastorPath.Component, mark: Int) {
        depth -= 1
        if entries.count != mark { prefix([component], since: mark) }
    }

    /// Comes back up from `components`, adding them to the paths of the issues recorded below them.
    @inline(__always)
    mutating func leave(_ components: [JastorPath.Component], mark: Int) {
        depth -= components.count
        if entries.count != mark { prefix(components, since: mark) }
    }

    /// Comes back up one level, asking for its component only when issues were recorded below
    /// it: copying a component out of a shared plan retains its key, on every value written.
    @inline(__always)
    mutating func leave(mark: Int, component: () -> JastorPath.Component) {
        depth -= 1
        if entries.count != mark { prefix([component()], since: mark) }
    }

    private mutating func prefix(_ components: [JastorPath.Component], since mark: Int) {
        for index in mark..<entries.count where entries[index].isRelative {
            entries[index].reversedPath.append(contentsOf: components.reversed())
        }
    }

    mutating func record(_ kind: JastorIssue.Kind, expected: String, found: String) {
        entries.append(
            Entry(issue: JastorIssue(path: [], kind: kind, expected: expected, found: found), isRelative: true))
    }

    /// How many issues have been recorded: a mark for ``renameExpected(since:to:)``.
    var count: Int { entries.count }

    /// Names `expected` as what the type mismatches, invalid values and values out of range
    /// recorded at this level since `mark` expected:
    /// a raw value's codec speaks of its raw type where the property holds an enum (`300` for an
    /// `Int8`-backed enum is `expected Level`, not `expected Int8`).
    mutating func renameExpected(since mark: Int, to expected: String) {
        for index in mark..<entries.count
        where entries[index].isRelative && entries[index].reversedPath.isEmpty
            && [.typeMismatch, .invalidValue, .valueOutOfRange].contains(entries[index].issue.kind)
        {
            let issue = entries[index].issue
            entries[index].issue = JastorIssue(
                path: issue.path, kind: issue.kind, expected: expected, found: issue.found)
        }
    }

    /// Takes back the issues recorded since `mark` (a ``count``): a rewrite a raw value's codec
    /// reported for a value its caller then refuses or reports in its own words.
    mutating func discard(since mark: Int) {
        if mark < entries.count { entries.removeSubrange(mark...) }
    }

    /// The issues recorded since `mark` (a ``count``) whose paths lead from the current level, as
    /// they are now: to record again at another place (``recordAgain(_:)``).
    func relativeEntries(since mark: Int) -> [Entry] {
        entries[mark...].filter(\.isRelative)
    }

    /// Records again, at the current level, issues ``relativeEntries(since:)`` gave.
    mutating func recordAgain(_ recorded: [Entry]) {
        entries += recorded
    }

    /// Adds issues that carry their own paths.
    mutating func append(_ issues: [JastorIssue]) {
        entries += issues.map { Entry(issue: $0, isRelative: false) }
    }

    /// How many keys and indexes deep the run is.
    var currentDepth: Int { depth }

    /// Whether the current depth is at the nesting limit (or `force`d); records the issue when it is.
    ///
    /// A thread whose stack is nearly used up is at the limit too (a small thread in a debug
    /// build holds fewer levels): the issue then says how many levels it held.
    ///
    /// Inlined: every object and array read asks, and almost always the answer is no, which
    /// takes a comparison of the depth and one of the stack's address.
    @inline(__always)
    mutating func isTooDeep(found: String, force: Bool = false) -> Bool {
        guard force || depth >= MappingContext.maximumDepth || isStackLow else { return false }
        return recordTooDeep(found: found, force: force)
    }

    /// Records why the current depth is too deep, for ``isTooDeep(found:force:)``; returns `true`.
    @inline(never)
    private mutating func recordTooDeep(found: String, force: Bool) -> Bool {
        if force || depth >= MappingContext.maximumDepth {
            record(.nestingTooDeep, expected: "at most \(MappingContext.maximumDepth) levels of nesting", found: found)
            return true
        }
        record(
            .nestingTooDeep, expected: "at most \(depth) levels of nesting, as many as this thread's stack holds",
            found: found)
        return true
    }

    /// Whether the thread's stack has too little room left for another level.
    var isStackLow: Bool {
        @inline(__always) get { StackGuard.isLow(stackLimit) }
    }
}
