import Foundation

/// The state of one mapping run: where the engine is in the input, what went wrong so far,
/// and how deep it has descended.
struct MappingContext {
    /// Whether the input is a Jastor archive, whose `$class` markers may choose a subclass.
    ///
    /// Plain dictionaries never choose classes: data from a network must not pick what is built.
    enum Input {
        case dictionary
        case archive
    }

    /// How many keys and indexes deep the engine follows the input before it stops descending.
    ///
    /// The limit keeps hostile input from exhausting a thread's stack: mapping takes about 1.3 KB
    /// of stack per level in release builds (2.5 KB in debug builds), so input at the limit fits
    /// a 512 KB secondary thread. Real-world JSON rarely nests deeper than twenty levels.
    static let maximumDepth = 256

    let input: Input
    /// The archive being read, when ``input`` is `.archive`: how its class names resolve and
    /// which version of each class it holds.
    var archive: ArchiveReading?
    /// Whether the run applies the classes' ``JastorKeyPolicy`` and required keys: when models are
    /// created from JSON, not when `update(with:)` applies partial JSON or an archive is read.
    var checksKeys: Bool
    /// How `update(with:)` treats a nested model that the JSON has an object for.
    var nestedModelUpdate = JastorObject.NestedModelUpdate.merge
    /// The plans this run has used.
    var plans = RunPlans()
    private var trail = IssueTrail()
    private var reportedDeclarations: Set<ObjectIdentifier> = []
    /// The most values this run may read (``JastorLimits/maximumValueCount``), and how many more it may.
    private let valueLimit: Int
    private var valuesLeft: Int
    private var reportedValueLimit = false

    init(input: Input, checksKeys: Bool = false, limits: JastorLimits = JastorLimits.current) {
        self.input = input
        self.checksKeys = checksKeys && input == .dictionary
        valueLimit = limits.maximumValueCount
        valuesLeft = limits.maximumValueCount
    }

    /// A run reading an archive.
    init(archive: ArchiveReading, limits: JastorLimits = JastorLimits.current) {
        self.init(input: .archive, limits: limits)
        self.archive = archive
    }

    /// The problems found so far.
    var issues: [JastorIssue] { trail.issues }

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
    /// exactly (a 40-digit fraction): it is kept as the nearest `Double`, and the issue says so.
    mutating func exceedsLimits<Source: JSONSource>(untyped value: Source) -> Bool {
        var hasInexactNumber = false
        switch measure(value, levels: Self.maximumDepth - trail.currentDepth, hasInexactNumber: &hasInexactNumber) {
        case .fits:
            if hasInexactNumber { recordInexactNumbers(in: value) }
            return false
        case .tooDeep: return trail.isTooDeep(found: "deeper input", force: true)
        case .tooManyValues: return !recordValueLimit()
        }
    }

    /// What ``measure(_:levels:)`` found.
    private enum Measure {
        case fits, tooDeep, tooManyValues
    }

    /// Whether every object and array in `value` is within `levels` levels, and its values within
    /// the run's limit, counting them (recursion as deep as the nesting limit at most); notes any
    /// number literal no Foundation number holds exactly.
    private mutating func measure<Source: JSONSource>(
        _ value: Source, levels: Int, hasInexactNumber: inout Bool
    ) -> Measure {
        var result = Measure.fits
        switch value.kind {
        case .object:
            guard levels > 0, !trail.isStackLow else { return .tooDeep }
            value.object.forEachMember { _, member in
                if result == .fits {
                    result = measureMember(member, levels: levels - 1, hasInexactNumber: &hasInexactNumber)
                }
            }
        case .array:
            guard levels > 0, !trail.isStackLow else { return .tooDeep }
            value.forEachElement { element in
                if result == .fits {
                    result = measureMember(element, levels: levels - 1, hasInexactNumber: &hasInexactNumber)
                }
            }
        case .scalar(.number(let literal)):
            if literal.untypedValue == nil { hasInexactNumber = true }
        case .scalar, .unsupported:
            break
        }
        return result
    }

    private mutating func measureMember<Source: JSONSource>(
        _ member: Source, levels: Int, hasInexactNumber: inout Bool
    ) -> Measure {
        guard valuesLeft > 0 else { return .tooManyValues }
        valuesLeft -= 1
        return measure(member, levels: levels, hasInexactNumber: &hasInexactNumber)
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

    /// Records each number in `value` (which fits the nesting limit) that no Foundation number holds.
    private mutating func recordInexactNumbers<Source: JSONSource>(in value: Source) {
        switch value.kind {
        case .object:
            value.object.forEachMember { key, member in
                _ = descend(into: .key(key)) { context in
                    context.recordInexactNumbers(in: member)
                    return true
                }
            }
        case .array:
            var index = 0
            value.forEachElement { element in
                _ = descend(into: .index(index)) { context in
                    context.recordInexactNumbers(in: element)
                    return true
                }
                index += 1
            }
        case .scalar(.number(let literal)) where literal.untypedValue == nil:
            record(
                .valueOutOfRange,
                expected: "a number a Double or Decimal holds exactly "
                    + "(kept as the nearest Double, or as text beyond it)",
                found: JSONScalar.number(literal).summary)
        case .scalar, .unsupported:
            break
        }
    }

    /// Records a problem at the current path.
    mutating func record(_ kind: JastorIssue.Kind, expected: String, found: String) {
        trail.record(kind, expected: expected, found: found)
    }

    /// Records a class's declaration issues, once per class and run.
    mutating func recordDeclarationIssues(of plan: ClassPlan) {
        guard !plan.declarationIssues.isEmpty,
            reportedDeclarations.insert(ObjectIdentifier(plan.modelType)).inserted
        else { return }
        trail.append(plan.declarationIssues)
    }
}

/// The state of one output run (`toDictionary()`, archiving, equality, description).
struct EncodingContext {
    /// What the output is for; it decides names, omissions and class markers.
    enum Purpose {
        /// `toDictionary()` and `Codable`: JSON keys, no class markers.
        case dictionary
        /// Archives: property names, class markers where a subclass sits in a base-class slot.
        case archive
        /// Equality, hashing and `description`: property names, every property, every class.
        case inspection
    }

    let purpose: Purpose
    /// The plans this run has used.
    var plans = RunPlans()
    /// The model classes an archive run has written, with their versions.
    var archivedClasses = ArchivedClasses()
    private var trail = IssueTrail()
    /// The models being written, outermost first: a short stack, searched faster than hashed.
    private var modelsBeingWritten: [ObjectIdentifier] = []

    init(purpose: Purpose) {
        self.purpose = purpose
    }

    /// The problems found so far.
    var issues: [JastorIssue] { trail.issues }

    /// Runs `body` one level down, at `component` of the current object or array.
    @inline(__always)
    mutating func descend<Result>(
        into component: JastorPath.Component, _ body: (inout EncodingContext) -> Result
    ) -> Result {
        let mark = trail.enter()
        let result = body(&self)
        trail.leave(component, mark: mark)
        return result
    }

    /// Runs `body` at `components` below the current position (a property's key path).
    @inline(__always)
    mutating func descend<Result>(
        into components: [JastorPath.Component], _ body: (inout EncodingContext) -> Result
    ) -> Result {
        let mark = trail.enter(components.count)
        let result = body(&self)
        trail.leave(components, mark: mark)
        return result
    }

    /// Whether a model or container at the current path is nested too deeply to write.
    ///
    /// Records the issue when it is; the value is then written as `null`.
    mutating func isTooDeep() -> Bool {
        trail.isTooDeep(found: "deeper data")
    }

    /// Marks `model` as being written; returns `false` (and records an issue) when it already
    /// is, which means the graph has a cycle that JSON cannot represent.
    mutating func beginWriting(_ model: AnyObject) -> Bool {
        let identifier = ObjectIdentifier(model)
        guard !modelsBeingWritten.contains(identifier) else {
            record(
                .unencodableValue, expected: "a tree of models",
                found: "a reference back to an enclosing \(type(of: model))")
            return false
        }
        modelsBeingWritten.append(identifier)
        return true
    }

    /// Ends what ``beginWriting(_:)`` began; calls nest, so the model is the last one begun.
    mutating func endWriting(_ model: AnyObject) {
        if modelsBeingWritten.last == ObjectIdentifier(model) { modelsBeingWritten.removeLast() }
    }

    /// Records a problem at the current path.
    mutating func record(_ kind: JastorIssue.Kind, expected: String, found: String) {
        trail.record(kind, expected: expected, found: found)
    }
}

/// The class plans one run has used, so that each class takes the shared cache's lock once per
/// run rather than once per model: with several threads mapping at once, a lock taken per model is
/// contended and parks threads in the kernel.
struct RunPlans {
    /// The classes seen most recently; a run uses few, and a short array is searched faster than
    /// a dictionary is hashed.
    private var known: [(type: ObjectIdentifier, plan: ClassPlan)] = []
    private static let capacity = 16

    /// The plan of `type`, from this run's classes or else the shared cache.
    mutating func plan(for type: JastorObject.Type) -> ClassPlan {
        let identifier = ObjectIdentifier(type)
        for entry in known where entry.type == identifier {
            return entry.plan
        }
        let plan = PlanCache.shared.plan(for: type)
        if known.count == Self.capacity { known.removeFirst() }
        known.append((identifier, plan))
        return plan
    }
}

/// How deep a run is in its data and what went wrong so far; shared by reading and writing.
///
/// The path of an issue is assembled only when there is one: an issue is recorded with an empty
/// path, and each level it was recorded under adds its key or index as the run leaves that level.
/// So the common case (no issue) keeps no path at all, only a depth.
private struct IssueTrail {
    /// An issue whose path is complete only once the run is back at the top.
    private struct Entry {
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

    private mutating func prefix(_ components: [JastorPath.Component], since mark: Int) {
        for index in mark..<entries.count where entries[index].isRelative {
            entries[index].reversedPath.append(contentsOf: components.reversed())
        }
    }

    mutating func record(_ kind: JastorIssue.Kind, expected: String, found: String) {
        entries.append(
            Entry(issue: JastorIssue(path: [], kind: kind, expected: expected, found: found), isRelative: true))
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
    mutating func isTooDeep(found: String, force: Bool = false) -> Bool {
        if force || depth >= MappingContext.maximumDepth {
            record(.nestingTooDeep, expected: "at most \(MappingContext.maximumDepth) levels of nesting", found: found)
            return true
        }
        guard isStackLow else { return false }
        record(
            .nestingTooDeep, expected: "at most \(depth) levels of nesting, as many as this thread's stack holds",
            found: found)
        return true
    }

    /// Whether the thread's stack has too little room left for another level.
    var isStackLow: Bool { StackGuard.isLow(stackLimit) }
}
