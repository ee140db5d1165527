import Foundation

/// Reads and writes one registered property of a model, type-erased so that a class plan can
/// hold properties of every type.
class PropertyAccessor: @unchecked Sendable {
    // @unchecked: accessors are immutable once built and shared through the plan cache.

    /// Whether the registration reads and writes JSON at all.
    var isMapped: Bool { false }
    /// The registered property type, for messages.
    var valueTypeName: String { "" }
    /// The type a JSON value is read as, for messages: `Int`, `[Label]` (an optional's wrapped type).
    var expectedTypeName: String { valueTypeName }
    /// The class the key path starts from, for messages.
    var rootTypeName: String { "" }

    /// Whether the key path can be applied to instances of `type`.
    func applies(to type: JastorObject.Type) -> Bool { false }
    /// Whether a stored value found by reflection has the registered type.
    func matchesStoredValue(_ value: Any) -> Bool { false }
    /// Reads `source` and stores the value into `model`, recording issues instead when it does not fit.
    ///
    /// - Parameters:
    ///   - source: The JSON value.
    ///   - model: The model to store into.
    ///   - assignment: Whether to write the property's storage or call its setter.
    ///   - context: The mapping run.
    /// - Returns: Whether a value was stored.
    func decode<Source: JSONSource>(
        _ source: Source, into model: JastorObject, by assignment: Assignment, context: inout MappingContext
    ) -> Bool { false }
    /// Reads a value of the byte reader's document into `model`, as ``decode(_:into:by:context:)``
    /// does: the non-generic entry ``DocumentValue`` calls (see ``Codec/decodeDocument(_:into:context:)``).
    func decodeDocument(
        _ source: DocumentValue, into model: JastorObject, by assignment: Assignment, context: inout MappingContext
    ) -> Bool {
        decode(source, into: model, by: assignment, context: &context)
    }
    /// Stores `found` (members of scalar values the mapping kept, for an `.unmappedKeys`
    /// property) straight into the property's storage in `model` when it holds none yet, as
    /// ``decode(_:into:by:context:)`` would store them read as a JSON object (see
    /// ``Codec/storeUntypedScalarMembers(_:into:context:)``).
    ///
    /// - Returns: Whether it stored them; `false` (the default, a model written through setters or
    ///   not of the storage's class, a property holding members already) changes nothing.
    func storeUntypedScalarMembers(
        _ found: [String: Any], into model: JastorObject, context: inout MappingContext
    ) -> Bool { false }
    /// The property's value in `model` as JSON.
    func encode(_ model: JastorObject, context: inout EncodingContext) -> JSONValue { .null }
    /// The property's value in `model` as `toDictionary()` holds it.
    func foundationValue(_ model: JastorObject, context: inout EncodingContext) -> Any {
        encode(model, context: &context).foundationValue
    }
    /// Writes the property's value in `model` as JSON text.
    func writeJSON(_ model: JastorObject, to writer: inout JSONWriter, context: inout EncodingContext) {
        writer.writeTree(encode(model, context: &context), context: &context)
    }
    /// Adds the property to `toDictionary()`'s dictionary as `key`, unless it is left out (empty
    /// as `omitted` says).
    func addMember(
        _ model: JastorObject, omitting omitted: Emptiness, as key: String, to dictionary: inout [String: Any],
        context: inout EncodingContext
    ) {
        if omitted != .notEmpty, emptiness(in: model) == omitted { return }
        dictionary[key] = foundationValue(model, context: &context)
    }
    /// Writes the property as `member` of the object being written, unless it is left out;
    /// returns whether it wrote it.
    func writeMember(
        _ model: JastorObject, _ member: JSONOutputLayout.Member, first: Bool, to writer: inout JSONWriter,
        context: inout EncodingContext
    ) -> Bool {
        let omitted = member.property.omittedEmptiness
        if omitted != .notEmpty, emptiness(in: model) == omitted { return false }
        writer.writeKey(of: member, first: first)
        context.descend(into: member.component) { writeJSON(model, to: &writer, context: &$0) }
        return true
    }
    /// Whether the property's value in `model` is `nil`, an empty collection, or neither.
    func emptiness(in model: JastorObject) -> Emptiness { .notEmpty }
    /// The property's value in `model`, as it is stored.
    func value(in model: JastorObject) -> Any? { nil }
    /// The accessor with `type` built wherever the property builds models, or `nil` if none.
    func replacingModelType(with type: JastorObject.Type) -> PropertyAccessor? { nil }
    /// The accessor with `dates` for its `Date`s (see ``Codec/replacingDates(with:)``), or `nil` if none.
    func replacingDates(with dates: Codec<Date>) -> PropertyAccessor? { nil }
    /// The transform archives write the property with (``Codec/archivedTransform``), if any.
    var archivedTransform: String? { nil }
    /// The accessor reaching the property's storage at `slot` directly, or `nil` when the slot
    /// does not hold exactly the registered type.
    func reachingStorage(at slot: StorageSlot) -> PropertyAccessor? { nil }
    /// The accessor writing a model-typed property straight into its field at `slot` (one of
    /// ``RuntimeLayout/referenceSlots(of:)``), or `nil` unless the field holds exactly the
    /// registered type as plain strong storage, which a write into a blank `modelType` shows.
    func reachingReferenceStorage(at slot: StorageSlot, in modelType: JastorObject.Type) -> PropertyAccessor? {
        nil
    }

    // MARK: Checking the declaration

    /// The key path, to find one registered twice.
    var erasedKeyPath: AnyKeyPath? { nil }
    /// The key path as Swift prints it: `\Issue.title`.
    var keyPathDescription: String { "" }
    /// The registered property type.
    var valueType: Any.Type { Void.self }
    /// Whether the registered type is plain bytes (no references), so that its bit patterns can be
    /// written and read back to see which field a key path reads.
    var valueIsBitwiseCopyable: Bool { false }
    /// What is wrong with the rules of the property's type (a part with neither built-in rules
    /// nor a transform, a transform that cannot write back what it reads), or `nil`.
    var declarationMistake: DeclarationMistake? { nil }
    /// The mistake of a property holding a model that does not keep it, if it is one.
    ///
    /// A mistake if writing a model through the key path into a blank of `modelType` leaves
    /// nothing keeping that model (a `weak` or `unowned` property): mapping would create it and
    /// lose it at once, or, for `unowned`, leave it to trap at the next read. `nil` for other
    /// properties. Each check makes its own blank: a shared one would keep an `unowned` field
    /// pointing at an earlier check's released sample, for the next setter to read.
    func ownershipMistake(in modelType: JastorObject.Type) -> DeclarationMistake? { nil }

    /// The property's value in `model` read through the key path, registered or ignored alike.
    func valueThroughKeyPath(in model: JastorObject) -> Any? { nil }
    /// Closures that each write a distinct value through the key path, to see which field changes.
    func probeWriters() -> [(JastorObject) -> Void] { [] }
    /// A closure that writes back, through the key path, the value `model` holds now.
    ///
    /// It puts back what a probe writer replaced, for a setter that keeps it outside the model (a
    /// property wrapper over `UserDefaults`). It does nothing for a property holding a model, whose
    /// getter may trap (an `unowned` field whose model is gone).
    func probeRestorer(for model: JastorObject) -> () -> Void { {} }
    /// The bytes of the property's value in `model`, read through the key path.
    func valueBytes(in model: JastorObject) -> [UInt8]? { nil }
    /// Whether the key path reads back sample values put into the field at `offset` of `model`.
    ///
    /// The field must hold exactly the registered type and no reference of its own; it is restored.
    func readsSamples(fromFieldAt offset: Int, of model: JastorObject) -> Bool { false }
}
