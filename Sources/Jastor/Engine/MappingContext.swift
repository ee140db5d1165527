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
    /// Whether the run applies the classes' ``JastorKeyPolicy`` and required keys: when models are
    /// created from JSON, not when `update(with:)` applies partial JSON or an archive is read.
    var checksKeys: Bool
    /// How `update(with:)` treats a nested model that the JSON has an object for.
    var nestedModelUpdate = JastorObject.NestedModelUpdate.merge
    /// The plans this run has used.
    var plans = RunPlans()
    private var trail = IssueTrail()
    private var reportedDeclarations: Set<ObjectIdentifier> = []

    init(input: Input, checksKeys: Bool = false) {
        self.input = input
        self.checksKeys = checksKeys && input == .dictionary
    }

    /// The problems found so far.
    var issues: [JastorIssue] { trail.issues }

    /// Runs `body` one level down, at `component` of the current object or array.
    ///
    /// - Returns: What `body` returns: whether it read a value.
    @inline(__always)
    mutating func descend(into component: JastorPath.Component, _ body: (inout MappingContext) -> Bool) -> Bool {
        let mark = trail.enter()
        let result = body(&self)
        trail.leave(component, mark: mark)
        return result
    }

    /// Runs `body` at `components` below the current position (a property's key path).
    ///
    /// - Returns: What `body` returns: whether it read a value.
    @inline(__always)
    mutating func descend(into components: [JastorPath.Component], _ body: (inout MappingContext) -> Bool) -> Bool {
        let mark = trail.enter(components.count)
        let result = body(&self)
        trail.leave(components, mark: mark)
        return result
    }

    /// Whether an object or array at the current path is nested too deeply to read.
    ///
    /// Records the issue when it is. Containers ask this before reading their members.
    mutating func isTooDeep() -> Bool {
        trail.isTooDeep(found: "deeper input")
    }

    /// Whether `value`, kept untyped at the current path, holds an object or array below the
    /// nesting limit (which output could not write back); records the issue when it does.
    mutating func isTooDeep<Source: JSONSource>(untyped value: Source) -> Bool {
        guard !Self.fits(value, levels: Self.maximumDepth - trail.currentDepth) else { return false }
        return trail.isTooDeep(found: "deeper input", force: true)
    }

    /// Whether every object and array in `value` is within `levels` levels (recursion as deep as
    /// the limit at most).
    private static func fits<Source: JSONSource>(_ value: Source, levels: Int) -> Bool {
        switch value.kind {
        case .object:
            guard levels > 0 else { return false }
            var fitting = true
            value.object.forEachMember { _, member in fitting = fitting && fits(member, levels: levels - 1) }
            return fitting
        case .array:
            guard levels > 0 else { return false }
            var fitting = true
            value.forEachElement { element in fitting = fitting && fits(element, levels: levels - 1) }
            return fitting
        case .scalar, .unsupported:
            return true
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
        /// `toDictionary()`: JSON keys, no class markers.
        case dictionary
        /// Archives and `Codable`: JSON keys, class markers where a subclass sits in a base-class slot.
        case archive
        /// Equality, hashing and `description`: property names, every property, every class.
        case inspection
    }

    let purpose: Purpose
    /// The plans this run has used.
    var plans = RunPlans()
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
    mutating func descend(into component: JastorPath.Component, _ body: (inout EncodingContext) -> JSONValue)
        -> JSONValue
    {
        let mark = trail.enter()
        let result = body(&self)
        trail.leave(component, mark: mark)
        return result
    }

    /// Runs `body` at `components` below the current position (a property's key path).
    @inline(__always)
    mutating func descend(
        into components: [JastorPath.Component], _ body: (inout EncodingContext) -> JSONValue
    ) -> JSONValue {
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
    mutating func isTooDeep(found: String, force: Bool = false) -> Bool {
        guard force || depth >= MappingContext.maximumDepth else { return false }
        record(.nestingTooDeep, expected: "at most \(MappingContext.maximumDepth) levels of nesting", found: found)
        return true
    }
}
