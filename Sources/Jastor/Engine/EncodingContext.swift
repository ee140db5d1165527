import Foundation

/// The state of one output run (`toDictionary()`, archiving, equality, description).
struct EncodingContext {
    /// What the output is for; it decides names, omissions and class markers.
    enum Purpose {
        /// `toDictionary()` and `Codable`: JSON keys, no class markers; a `nil` or empty value is
        /// left out when the property's default is as empty.
        case dictionary
        /// Archives: property names, every property (`nil` and empty values too, so that another
        /// version's defaults do not replace them), class markers where a subclass sits in a
        /// base-class slot.
        case archive
        /// Equality, hashing and `description`: property names, every property, every class.
        case inspection
    }

    let purpose: Purpose
    /// The plans this run has used.
    var plans = RunPlans()
    /// The model classes an archive run has written, with their versions.
    var archivedClasses = ArchivedClasses()
    /// For archives: the models written so far, by number, and those held again.
    var archiveIdentities = ArchiveIdentities()
    /// For `Codable`: whether its encoder writes an untyped `Decimal` as text, which would read
    /// back as a `String` (reported where it is found); `nil` elsewhere.
    var untypedDecimalIsWrittenAsText: ((Decimal) -> Bool)?
    /// Whether a subclass model in a base-class slot is checked to read back as its own class;
    /// off inside that check's own writing, so that each model is checked once.
    var checksClassReadBack = true
    private var trail = IssueTrail()
    /// The classes whose declaration issues this run has reported.
    private var reportedDeclarations: Set<ObjectIdentifier> = []
    /// The models being written, outermost first: a short stack, searched faster than hashed.
    private var modelsBeingWritten: [ObjectIdentifier] = []
    /// The Foundation containers of an untyped value being written, to cut one met again inside
    /// itself.
    private var containersBeingWritten: Set<ObjectIdentifier> = []
    /// What the run may still write (see "The value limit" below).
    private var values: ValueBudget
    /// For equality and hashing: the models met below the one being written, in the order they are
    /// met, each written as its class only (``MappingEngine/encode(_:declaredType:untyped:context:)``);
    /// `nil` in every other run, which writes nested models in full.
    var nestedModels: [JastorObject]?

    init(purpose: Purpose, limits: JastorLimits = JastorLimits.current) {
        self.purpose = purpose
        values = ValueBudget(limit: limits.maximumValueCount)
    }

    /// The problems found so far.
    var issues: [JastorIssue] { trail.issues }

    /// Records the declaration issues of a class's properties, once per class and run.
    ///
    /// Outputs that are read back (dictionaries, JSON text, `Codable`, archives) report them: a
    /// property its declaration leaves out is not written, so the output is not the model.
    /// Equality, hashing and `description` read what the plan holds and report nothing.
    ///
    /// Archives report every one of them: reading an archive maps strictly, so a class with any
    /// would write a file that does not read back.
    mutating func recordDeclarationIssues(of plan: ClassPlan) {
        let issues = purpose == .archive ? plan.archiveDeclarationIssues : plan.propertyDeclarationIssues
        guard !issues.isEmpty, purpose != .inspection,
            reportedDeclarations.insert(ObjectIdentifier(plan.modelType)).inserted
        else { return }
        trail.append(issues)
    }

    /// Whether a model written now is checked to read back as its own class: in JSON output, not
    /// below a property that is only written.
    var checksModelClasses: Bool {
        @inline(__always) get { purpose == .dictionary && checksClassReadBack }
    }

    /// Runs `body`, which writes `property`; below a property that is only written
    /// (`.encodeOnly`), models are not checked to read back as their own class, since mapping
    /// never reads that key back.
    @inline(__always)
    mutating func writing<Result>(
        _ property: PropertyPlan, _ body: (inout EncodingContext) -> Result
    ) -> Result {
        guard property.isWrittenOnly, checksClassReadBack else { return body(&self) }
        checksClassReadBack = false
        defer { checksClassReadBack = true }
        return body(&self)
    }

    /// Runs `body` one level down, at `component` of the current object or array.
    @inline(__always)
    mutating func descend<Result>(
        into component: JastorPath.Component, _ body: (inout EncodingContext) -> Result
    ) -> Result {
        let mark = trail.enter()
        takeValue()
        let result = body(&self)
        trail.leave(component, mark: mark)
        return result
    }

    /// Runs `body` one level down, at the key of `member` of the object being written; the key is
    /// read out of the member only when an issue needs it.
    @inline(__always)
    mutating func descend<Result>(
        into member: JSONOutputLayout.Member, _ body: (inout EncodingContext) -> Result
    ) -> Result {
        let mark = trail.enter()
        takeValue()
        let result = body(&self)
        trail.leave(mark: mark) { member.component }
        return result
    }

    /// Runs `body` at `components` below the current position (a property's key path).
    @inline(__always)
    mutating func descend<Result>(
        into components: [JastorPath.Component], _ body: (inout EncodingContext) -> Result
    ) -> Result {
        let mark = trail.enter(components.count)
        takeValue()
        let result = body(&self)
        trail.leave(components, mark: mark)
        return result
    }

    /// Whether a model or container at the current path is nested too deeply to write, or comes
    /// after the run's value limit.
    ///
    /// Records the nesting issue when it is too deep (the limit's issue is recorded once, where the
    /// limit is passed); the value is then written as `null` (as ``cutValue`` for a tree).
    @inline(__always)
    mutating func isTooDeep() -> Bool {
        values.isPastLimit || trail.isTooDeep(found: "deeper data")
    }

    /// Whether a container at the current path is within the nesting limit and the thread's stack
    /// has room for it, recording nothing (``isTooDeep()`` records the issue).
    var hasRoomForAContainer: Bool { trail.currentDepth < MappingContext.maximumDepth && !trail.isStackLow }

    /// Records at the current path that the value here nests deeper than output writes, and is
    /// written as `null` (a value that cannot be cut inside, cut whole).
    mutating func recordTooDeep() {
        _ = trail.isTooDeep(found: "deeper data", force: true)
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

    /// Marks the Foundation container `identity` of an untyped value as being written; returns
    /// `false` (and records an issue, as mapping does) when it already is: it contains itself,
    /// and is written as `null` there.
    mutating func beginWriting(container identity: ObjectIdentifier) -> Bool {
        guard containersBeingWritten.insert(identity).inserted else {
            record(
                .invalidValue,
                expected: "a value that does not contain itself (written as null where it repeats itself)",
                found: "an NSArray or NSDictionary that contains itself")
            return false
        }
        return true
    }

    /// Ends what ``beginWriting(container:)`` began.
    mutating func endWriting(container identity: ObjectIdentifier) {
        containersBeingWritten.remove(identity)
    }

    /// Whether a model is being written: the model met now is nested in it.
    var isWritingAModel: Bool { !modelsBeingWritten.isEmpty }

    /// How many models up `model` is already being written (`1`: the model just above), or `nil`
    /// when it is not: a cycle closes there.
    func levelsUp(to model: AnyObject) -> Int? {
        modelsBeingWritten.lastIndex(of: ObjectIdentifier(model)).map { modelsBeingWritten.count - $0 }
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

// MARK: - The value limit

/// What an output run may still write: ``JastorLimits/maximumValueCount`` values, counted as a
/// read counts them (each property, array element and dictionary member, a shared model or
/// container at every place it is written).
///
/// Every value written is entered through one of the `descend` methods, which counts it: that is
/// the one place all outputs (`toDictionary()`, `jsonData()`, archives, `Codable`, `description`)
/// share. Past the limit the run records `.tooManyValues` once, at the path where it was passed,
/// and writes every model and container after it as ``EncodingContext/cutValue``, so a model
/// graph that shares models (2^40 paths through 40 models) is written in time proportional to the
/// limit.
struct ValueBudget {
    let limit: Int
    /// How many more values the run may write; negative past the limit.
    var left: Int
    var reported = false

    init(limit: Int) {
        self.limit = limit
        left = limit
    }

    var isPastLimit: Bool {
        @inline(__always) get { left < 0 }
    }
}

extension EncodingContext {
    /// Counts one value written at the current path; records `.tooManyValues` there, once, when
    /// it is one more than the run may write.
    @inline(__always)
    fileprivate mutating func takeValue() {
        values.left &-= 1
        if values.left < 0 { recordValueLimit() }
    }

    /// Counts `count` values written at once (a Swift array of scalars), when they fit; `false`,
    /// counting nothing, when they do not, for the caller to write them one by one, which records
    /// the issue at the element that passes the limit.
    mutating func takeValues(_ count: Int) -> Bool {
        guard values.left >= count else { return false }
        values.left -= count
        return true
    }

    /// Records, once per run, that it passed its value limit.
    @inline(never)
    private mutating func recordValueLimit() {
        guard !values.reported else { return }
        values.reported = true
        record(
            .tooManyValues,
            expected: "at most \(values.limit) values in one run (JastorLimits.maximumValueCount)",
            found: "more, counting a model or container at every place it is written")
    }

    /// Whether the run has passed its value limit.
    var isPastValueLimit: Bool { values.isPastLimit }

    /// What a tree holds in place of a model or container the run does not write: `null`, or for
    /// `description` past the value limit a marker saying that values were left out.
    var cutValue: JSONValue {
        purpose == .inspection && values.isPastLimit ? .opaque(OpaqueValue(value: ValuesLeftOut())) : .null
    }

    /// What a tree holds in place of a typed container (`typeName`: `[Node]`, `[String: Int]`)
    /// nested too deeply to write: for `description` and equality a mark saying it is left out
    /// (`[Node](… left out: nested too deeply)`, as for a model), never `nil`, which reads as a value
    /// the model holds; ``cutValue`` otherwise.
    func typedCut(_ typeName: @autoclosure () -> String) -> JSONValue {
        guard purpose == .inspection, !values.isPastLimit else { return cutValue }
        return .opaque(OpaqueValue(value: InspectionMark(className: typeName(), levelsUp: nil)))
    }

    /// What a tree holds in place of an untyped container nested too deeply to write: for
    /// `description` and equality the value itself (printed and compared by its full text), unless
    /// the run passed its value limit; ``cutValue`` otherwise.
    func untypedCut(_ value: Any) -> JSONValue {
        purpose == .inspection && !values.isPastLimit ? .opaque(OpaqueValue(value: value)) : cutValue
    }

    /// Runs `body` one level down, at `component` of a tree this run has built and counted, to
    /// write it: nothing is counted again.
    @inline(__always)
    mutating func descend<Result>(
        intoBuilt component: JastorPath.Component, _ body: (inout EncodingContext) -> Result
    ) -> Result {
        let mark = trail.enter()
        let result = body(&self)
        trail.leave(component, mark: mark)
        return result
    }
}

/// What `description` shows where the value limit left values out: `ValuesLeftOut()`.
///
/// An object with no fields: equality compares it by its identity, so a model with values left
/// out is never equal to another (they are not known to be equal).
final class ValuesLeftOut: Sendable {}
