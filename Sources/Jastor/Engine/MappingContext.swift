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
    private var trail = IssueTrail()
    private var reportedDeclarations: Set<ObjectIdentifier> = []

    init(input: Input) {
        self.input = input
    }

    /// The problems found so far.
    var issues: [JastorIssue] { trail.issues }

    /// Runs `body` one level down, at `component` of the current object or array.
    mutating func descend<T>(into component: JastorPath.Component, _ body: (inout MappingContext) -> T?) -> T? {
        trail.path.append(component)
        defer { trail.path.removeLast() }
        return body(&self)
    }

    /// Runs `body` at `components` below the current position (a property's key path).
    mutating func descend<T>(into components: [JastorPath.Component], _ body: (inout MappingContext) -> T?) -> T? {
        trail.path += components
        defer { trail.path.removeLast(components.count) }
        return body(&self)
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
        guard !Self.fits(value, levels: Self.maximumDepth - trail.path.count) else { return false }
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
            return value.elements.allSatisfy { fits($0, levels: levels - 1) }
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
        trail.issues += plan.declarationIssues
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
    private var trail = IssueTrail()
    private var modelsBeingWritten: Set<ObjectIdentifier> = []

    init(purpose: Purpose) {
        self.purpose = purpose
    }

    /// The problems found so far.
    var issues: [JastorIssue] { trail.issues }

    /// Runs `body` one level down, at `component` of the current object or array.
    mutating func descend(into component: JastorPath.Component, _ body: (inout EncodingContext) -> JSONValue)
        -> JSONValue
    {
        trail.path.append(component)
        defer { trail.path.removeLast() }
        return body(&self)
    }

    /// Runs `body` at `components` below the current position (a property's key path).
    mutating func descend(
        into components: [JastorPath.Component], _ body: (inout EncodingContext) -> JSONValue
    ) -> JSONValue {
        trail.path += components
        defer { trail.path.removeLast(components.count) }
        return body(&self)
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
        guard modelsBeingWritten.insert(ObjectIdentifier(model)).inserted else {
            record(
                .unencodableValue, expected: "a tree of models",
                found: "a reference back to an enclosing \(type(of: model))")
            return false
        }
        return true
    }

    mutating func endWriting(_ model: AnyObject) {
        modelsBeingWritten.remove(ObjectIdentifier(model))
    }

    /// Records a problem at the current path.
    mutating func record(_ kind: JastorIssue.Kind, expected: String, found: String) {
        trail.record(kind, expected: expected, found: found)
    }
}

/// Where a run is in its data and what went wrong so far; shared by reading and writing.
private struct IssueTrail {
    var path: [JastorPath.Component] = []
    var issues: [JastorIssue] = []

    init() {
        path.reserveCapacity(16)
    }

    mutating func record(_ kind: JastorIssue.Kind, expected: String, found: String) {
        issues.append(JastorIssue(path: JastorPath(path), kind: kind, expected: expected, found: found))
    }

    /// Whether the current path is at the nesting limit (or `force`d); records the issue when it is.
    mutating func isTooDeep(found: String, force: Bool = false) -> Bool {
        guard force || path.count >= MappingContext.maximumDepth else { return false }
        record(.nestingTooDeep, expected: "at most \(MappingContext.maximumDepth) levels of nesting", found: found)
        return true
    }
}
