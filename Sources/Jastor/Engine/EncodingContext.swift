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
    /// For equality and hashing: the models met below the one being written, in the order they are
    /// met, each written as its class only (``MappingEngine/encode(_:declaredType:untyped:context:)``);
    /// `nil` in every other run, which writes nested models in full.
    var nestedModels: [JastorObject]?

    init(purpose: Purpose) {
        self.purpose = purpose
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
