import Foundation

/// The state of one mapping run: where the engine is in the input, what went wrong so far,
/// and how deep it has descended.
struct MappingContext {
    /// How many keys and indexes deep the engine follows the input before it stops descending.
    ///
    /// The limit keeps hostile input from exhausting a thread's stack: mapping takes about 1.3 KB
    /// of stack per level in release builds (2.5 KB in debug builds), so input at the limit fits
    /// a 512 KB secondary thread. Real-world JSON rarely nests deeper than twenty levels.
    static let maximumDepth = 256

    /// What kind of run this is: keys or names, class markers, key checks, nested updates.
    let policy: ReadPolicy
    /// The archive being read, when the policy is ``ReadPolicy/archive``: how its class names
    /// resolve and which version of each class it holds.
    var archive: ArchiveReading?
    /// The plans this run has used.
    var plans = RunPlans()
    private var trail = IssueTrail()
    private var reportedDeclarations: Set<ObjectIdentifier> = []
    /// The most values this run may read (``JastorLimits/maximumValueCount``), and how many more it may.
    private let valueLimit: Int
    private var valuesLeft: Int
    private var reportedValueLimit = false

    init(policy: ReadPolicy, limits: JastorLimits = JastorLimits.current) {
        self.policy = policy
        valueLimit = limits.maximumValueCount
        valuesLeft = limits.maximumValueCount
    }

    /// A run reading an archive.
    init(archive: ArchiveReading, limits: JastorLimits = JastorLimits.current) {
        self.init(policy: .archive, limits: limits)
        self.archive = archive
    }

    /// The problems found so far.
    var issues: [JastorIssue] { trail.issues }

    /// Whether the first issue's path leads to a value of the input (see ``IssueTrail``).
    var firstIssueIsInTheData: Bool { trail.firstIssueIsInTheData }

    /// Runs `body` one level down, at `component` of the current object or array.
    ///
    /// The value there counts against the run's value limit; past the limit `body` is not run.
    ///
    /// - Returns: What `body` returns: whether it read a value.
    @inline(__always)
    mutating func descend(into component: JastorPath.Component, _ body: (inout MappingContext) -> Bool) -> Bool {
        let mark = trail.enter()
        let result = takeValue() ? body(&self) : false
        trail.leave(component, mark: mark)
        return result
    }

    /// Runs `body` at `components` below the current position (a property's key path).
    ///
    /// - Returns: What `body` returns: whether it read a value.
    @inline(__always)
    mutating func descend(into components: [JastorPath.Component], _ body: (inout MappingContext) -> Bool) -> Bool {
        let mark = trail.enter(components.count)
        let result = takeValue() ? body(&self) : false
        trail.leave(components, mark: mark)
        return result
    }

    /// Whether an object or array at the current path is nested too deeply to read.
    ///
    /// Records the issue when it is. Containers ask this before reading their members.
    @inline(__always)
    mutating func isTooDeep() -> Bool {
        trail.isTooDeep(found: "deeper input")
    }

    /// Whether `value`, to be kept untyped at the current path, is beyond the run's limits.
    ///
    /// That is, whether it nests objects or arrays below the nesting limit (which output could
    /// not write back) or holds more values than the run may still read; records the issue when
    /// it does. Its values count against the run's limit.
    ///
    /// Also records, without refusing the value, each number in it that no Foundation number holds
    /// exactly (a 40-digit fraction): it is kept as the nearest `Double`, and the issue says so;
    /// each Foundation array, dictionary or set met again inside itself, kept as `null` there; and
    /// each `NSDictionary` with keys Swift's `String` calls equal, of which one value is kept.
    /// Sets and dictionaries whose keys are not strings count as arrays of their parts.
    mutating func exceedsLimits<Source: JSONSource>(untyped value: Source) -> Bool {
        var scan = UntypedScan()
        switch measure(value, levels: Self.maximumDepth - trail.currentDepth, scan: &scan) {
        case .fits:
            if scan.hasInexactNumber || scan.hasCycle || scan.hasKeysEqualAsStrings {
                // Its values were counted by the measure: not again.
                var containersAbove: Set<ObjectIdentifier> = []
                withValuesCounted { $0.recordChanges(in: value, containersAbove: &containersAbove) }
            }
            return false
        case .tooDeep: return trail.isTooDeep(found: "deeper input", force: true)
        case .tooManyValues: return !recordValueLimit()
        }
    }

    /// Runs `body`, which reads again values this run has already counted (the members kept in
    /// `.unmappedKeys`, counted one by one where they were met), without counting them twice.
    mutating func withValuesCounted(_ body: (inout MappingContext) -> Void) {
        let left = valuesLeft
        valuesLeft = Int.max
        body(&self)
        valuesLeft = left
    }

    /// Counts an object of `count` scalar members, to be kept untyped at the current path,
    /// against the run's limits exactly as ``exceedsLimits(untyped:)`` counts it (one value a
    /// member, the object one level below the current one); `false`, counting and recording
    /// nothing, when it would not fit, for the caller to take that path, which records why.
    ///
    /// A scalar has no values, levels or containers inside it, and none that Foundation reads
    /// back is a number literal no Foundation number holds: nothing else of the scan can differ.
    mutating func takeUntypedScalarMembers(_ count: Int) -> Bool {
        guard Self.maximumDepth - trail.currentDepth > 0, !trail.isStackLow, valuesLeft >= count else { return false }
        valuesLeft -= count
        return true
    }

    /// What ``measure(_:levels:scan:)`` found.
    private enum Measure {
        case fits, tooDeep, tooManyValues
    }

    /// What ``measure(_:levels:scan:)`` noted on its way: the Foundation containers above the
    /// current value, and whether the value holds a number no Foundation number holds exactly or a
    /// container that holds itself.
    private struct UntypedScan {
        var containersAbove: Set<ObjectIdentifier> = []
        var hasInexactNumber = false
        var hasCycle = false
        var hasKeysEqualAsStrings = false
    }

    /// Whether every object and array in `value` is within `levels` levels, and its values within
    /// the run's limit, counting them (recursion as deep as the nesting limit at most); notes any
    /// number literal no Foundation number holds exactly, and any Foundation container met again
    /// inside itself (not descended into again).
    private mutating func measure<Source: JSONSource>(
        _ value: Source, levels: Int, scan: inout UntypedScan
    ) -> Measure {
        var result = Measure.fits
        var parts: [Source]?
        switch value.kind {
        case .object, .array:
            break
        case .unsupported:
            // A set or a dictionary with keys that are not strings: kept as it is, so its parts
            // count as an array's do.
            guard let otherParts = value.otherParts else { return .fits }
            parts = otherParts
        case .scalar(.number(let literal)):
            if literal.untypedValue == nil { scan.hasInexactNumber = true }
            return .fits
        case .scalar:
            return .fits
        }
        guard levels > 0, !trail.isStackLow else { return .tooDeep }
        let identity = value.containerIdentity
        if let identity {
            guard scan.containersAbove.insert(identity).inserted else {
                scan.hasCycle = true
                return .fits
            }
        }
        defer { identity.map { _ = scan.containersAbove.remove($0) } }
        if let parts {
            for part in parts where result == .fits {
                result = measureMember(part, levels: levels - 1, scan: &scan)
            }
        } else if case .object = value.kind {
            if value.hasKeysEqualAsStrings { scan.hasKeysEqualAsStrings = true }
            value.object.forEachMemberInAnyOrder { _, member in
                if result == .fits { result = measureMember(member, levels: levels - 1, scan: &scan) }
            }
        } else {
            value.forEachElement { element in
                if result == .fits { result = measureMember(element, levels: levels - 1, scan: &scan) }
            }
        }
        return result
    }

    private mutating func measureMember<Source: JSONSource>(
        _ member: Source, levels: Int, scan: inout UntypedScan
    ) -> Measure {
        guard valuesLeft > 0 else { return .tooManyValues }
        valuesLeft -= 1
        return measure(member, levels: levels, scan: &scan)
    }

    /// Counts one value read; `false`, with the issue recorded once, when the run has read as
    /// many as it may.
    @inline(__always)
    private mutating func takeValue() -> Bool {
        guard valuesLeft > 0 else { return recordValueLimit() }
        valuesLeft -= 1
        return true
    }

    /// Records, once per run, that the run reached its value limit; returns `false`.
    @inline(never)
    private mutating func recordValueLimit() -> Bool {
        if !reportedValueLimit {
            reportedValueLimit = true
            trail.record(
                .tooManyValues, expected: "at most \(valueLimit) values in one run (JastorLimits.maximumValueCount)",
                found: "more")
        }
        return false
    }

    /// Records each number in `value` (which fits the nesting limit) that no Foundation number
    /// holds, and each Foundation container met again inside itself (`containersAbove` holds those
    /// on the way down): the untyped value keeps `null` in its place.
    private mutating func recordChanges<Source: JSONSource>(
        in value: Source, containersAbove: inout Set<ObjectIdentifier>
    ) {
        let identity = value.containerIdentity
        if let identity {
            guard containersAbove.insert(identity).inserted else {
                return record(
                    .invalidValue,
                    expected: "a value that does not contain itself (kept as null where it repeats itself)",
                    found: "an NSArray or NSDictionary that contains itself")
            }
        }
        defer { identity.map { _ = containersAbove.remove($0) } }
        switch value.kind {
        case .object:
            recordKeysEqualAsStrings(in: value)
            // Of a key the bytes give more than once, only the last member is kept: only it is looked at.
            value.object.forEachKeptMember { key, member in
                _ = descend(into: .key(key)) { context in
                    context.recordChanges(in: member, containersAbove: &containersAbove)
                    return true
                }
            }
        case .array:
            var index = 0
            value.forEachElement { element in
                _ = descend(into: .index(index)) { context in
                    context.recordChanges(in: element, containersAbove: &containersAbove)
                    return true
                }
                index += 1
            }
        case .scalar(.number(let literal)) where literal.untypedValue == nil:
            recordNumberNotHeld(literal)
        case .unsupported:
            // A set's elements, or the keys and values of a dictionary with keys that are not
            // strings, in turn: named by their place in that order.
            for (index, part) in (value.otherParts ?? []).enumerated() {
                _ = descend(into: .index(index)) { context in
                    context.recordChanges(in: part, containersAbove: &containersAbove)
                    return true
                }
            }
        case .scalar:
            break
        }
    }

    /// Records, at the current path, that no Foundation number holds `literal`, which an untyped
    /// value or a closure transform's `decode` gets as the nearest `Double` (`1e-400` as `0`), or as
    /// its text beyond a `Double`'s range (`1e400`).
    mutating func recordNumberNotHeld(_ literal: DocumentNumber) {
        record(
            .valueOutOfRange,
            expected: "a number a Double or Decimal holds exactly (kept as the nearest Double, or as text beyond it)",
            found: JSONScalar.number(literal).summary)
    }

    /// Records, at the current path, that `value` is a Foundation dictionary of which only one
    /// value of some keys is read (``JSONSource/keysEqualAsStringsIssue``); nothing for others.
    @inline(__always)
    mutating func recordKeysEqualAsStrings<Source: JSONSource>(in value: Source) {
        guard let issue = value.keysEqualAsStringsIssue else { return }
        record(.invalidValue, expected: issue.expected, found: issue.found)
    }

    /// Records, at the current path (a key), that the object gave the key `count` values, of which
    /// the last is kept: `int: expected one value for the key, found 2 (the last is kept)`.
    mutating func recordDuplicateKey(count: Int) {
        record(.invalidValue, expected: "one value for the key", found: "\(count) (the last is kept)")
    }

    /// Records, at `path` below the current one (the key as read), that the object gave `key` in
    /// another Unicode spelling.
    ///
    /// `String` calls `spelling` and `key` equal: the value is read, and `key` is what output
    /// writes. `cafe\u{301}: expected the key written back as read, found
    /// "cafe\u{301}", another Unicode spelling of the key "café" (written "café")`.
    mutating func recordRespelledKey(_ spelling: String, of key: String, at path: [JastorPath.Component]) {
        _ = descend(into: path) { context in
            context.record(
                .invalidValue, expected: "the key written back as read",
                found: "\(JastorPath.quotedKey(spelling)), another Unicode spelling of the key "
                    + "\(JastorPath.quotedKey(key)) (written \(JastorPath.quotedKey(key)))")
            return false
        }
    }

    /// Records, at the current path (a value whose objects were read whole, an untyped value), that
    /// objects in it gave `keys` more than once, the last value of each being kept.
    mutating func recordDuplicateKeys(_ keys: [String]) {
        var seen: Set<String> = []
        let distinct = keys.filter { seen.insert($0).inserted }
        record(
            .invalidValue, expected: "one value for each key (the last is kept)",
            found: distinct.map(\.debugDescription).joined(separator: ", ") + " given more than once")
    }

    /// Records, at the current path, a string read with U+FFFD in place of text a Swift `String`
    /// cannot hold (invalid UTF-8, a lone surrogate escape such as `\ud800`), kept so.
    mutating func recordRepairedText() {
        record(
            .invalidValue,
            expected: "text a Swift String holds as written (valid UTF-8, no lone surrogate escape such as \\ud800)",
            found: "text that is not, kept with U+FFFD in its place")
    }

    /// The Foundation value of `source`, to be kept untyped at the current path, or `nil` when it
    /// is beyond the run's limits (``exceedsLimits(untyped:)``, which records why); from bytes, a
    /// string in it read with U+FFFD is reported at its own path
    /// (``DocumentValue/untypedValue(context:)``).
    mutating func untypedValue<Source: JSONSource>(of source: Source) -> Any? {
        guard let value = source as? DocumentValue else {
            return exceedsLimits(untyped: source) ? nil : source.foundationValue
        }
        return value.untypedValue(context: &self)
    }

    /// Records a problem at the current path.
    mutating func record(_ kind: JastorIssue.Kind, expected: String, found: String) {
        trail.record(kind, expected: expected, found: found)
    }

    /// How many issues have been recorded so far (a mark for ``renameExpected(since:to:)``).
    var issueCount: Int { trail.count }

    /// Says `expected` in the type mismatches and invalid values recorded at the current path since
    /// `mark`: what a value's enum expected, where its raw value's codec named the raw type.
    mutating func renameExpected(since mark: Int, to expected: String) {
        trail.renameExpected(since: mark, to: expected)
    }

    /// The issues recorded at or below the current level since `mark` (an ``issueCount``), to
    /// record again at another place (``recordAgain(_:)``).
    func recordedIssues(since mark: Int) -> [IssueTrail.Entry] {
        trail.relativeEntries(since: mark)
    }

    /// Records again, at the current path, issues ``recordedIssues(since:)`` gave.
    mutating func recordAgain(_ issues: [IssueTrail.Entry]) {
        trail.recordAgain(issues)
    }

    /// Takes back the issues recorded since `mark` (an ``issueCount``).
    mutating func discardIssues(since mark: Int) {
        trail.discard(since: mark)
    }

    /// Records a class's declaration issues, once per class and run.
    mutating func recordDeclarationIssues(of plan: ClassPlan) {
        guard !plan.declarationIssues.isEmpty,
            reportedDeclarations.insert(ObjectIdentifier(plan.modelType)).inserted
        else { return }
        trail.append(plan.declarationIssues)
    }
}
