import Foundation

/// Optionals of models, to tell that a property holds a model.
protocol OptionalModel {
    /// The model class the optional wraps.
    static var wrappedModelType: JastorObject.Type { get }
    /// `model` wrapped, when it is an instance of ``wrappedModelType``.
    static func wrapping(_ model: JastorObject) -> Self?
}

extension Optional: OptionalModel where Wrapped: JastorObject {
    static var wrappedModelType: JastorObject.Type { Wrapped.self }
    static func wrapping(_ model: JastorObject) -> Self? { (model as? Wrapped).map { .some($0) } }
}

/// The accessor of a mapped property: a key path and the codec of its type, and, where
/// reflection found it, the offset of the property's storage.
///
/// Setting a property through a `ReferenceWritableKeyPath` costs about a thousand instructions
/// in the runtime (a holder object, metadata lookups, an exclusivity check); writing the storage
/// directly costs a few. Only an exact type match at the property's own label gets an offset.
final class KeyPathAccessor<Root: JastorObject, Value>: TypedAccessor<Root, Value>, @unchecked Sendable {
    // @unchecked: every stored property is a `let` (a `Sendable` key path, an immutable codec, an offset,
    // a flag); the accessor is built once per class plan and only read afterwards.
    private let keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable
    private let codec: Codec<Value>
    private let storageOffset: Int?
    /// The class whose layout gave ``storageOffset`` (the plan's own): a model of exactly this class
    /// is written without a cast.
    private let storageOwner: JastorObject.Type?
    /// Whether the property holds a model or an optional model, which `update(with:)` merges into.
    private let mergesModels: Bool

    init(
        keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable, codec: Codec<Value>, storage: StorageSlot? = nil
    ) {
        self.keyPath = keyPath
        self.codec = codec
        self.storageOffset = storage?.offset
        self.storageOwner = storage?.owner
        self.mergesModels = Self.heldModelType != nil
        super.init(keyPath: keyPath)
    }

    override var isMapped: Bool { true }
    override var declarationMistake: DeclarationMistake? { codec.declarationMistake }
    override var expectedTypeName: String { codec.typeName }

    // Into the storage the plan found, through the codec's own write (compiled for scalars'
    // types); else `decode` below, inlined and so compiled for the byte reader's values.
    override func decodeDocument(
        _ source: DocumentValue, into model: JastorObject, by assignment: Assignment, context: inout MappingContext
    ) -> Bool {
        if assignment == .storage, let storageOffset {
            // The engine fills a model through the plan of its own class, whose layout gave the
            // offset: one comparison of classes instead of a dynamic cast (and the retain of its
            // result) per property. Any other model is cast.
            if let storageOwner, ObjectIdentifier(type(of: model)) == ObjectIdentifier(storageOwner) {
                return withStorage(of: model, at: storageOffset) {
                    codec.updateDocument(source, storage: $0, context: &context)
                }
            }
            guard let root = model as? Root else { return false }
            return withStorage(of: root, at: storageOffset) {
                codec.updateDocument(source, storage: $0, context: &context)
            }
        }
        return decode(source, into: model, by: assignment, context: &context)
    }

    // Always inlined, so that `decodeDocument` above holds a copy compiled for the byte reader's
    // values (a generic class's method is not specialised while the class's own parameters are not).
    @inline(__always)
    override func decode<Source: JSONSource>(
        _ source: Source, into model: JastorObject, by assignment: Assignment, context: inout MappingContext
    ) -> Bool {
        guard let root = model as? Root else { return false }
        if assignment == .setter, mergesModels, merge(source, into: root, context: &context) { return true }
        // Read into a temporary slot rather than an `Optional<Value>`: unspecialised generic code
        // looks up the metadata of every `Optional<Value>` it touches, on every call.
        return withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
            guard let slot = buffer.baseAddress, source.read(through: codec, into: slot, context: &context) else {
                return false
            }
            store(slot, into: root, by: assignment)
            return true
        }
    }

    /// Moves the value read into `slot` into `root`'s property.
    ///
    /// A function of its own: `decode`'s closure is on the stack while a nested value is read, and a debug build gives each of its
    /// locals a slot, taken or not (deep input at the nesting limit fits a small thread's stack,
    /// `NestingLimitTests`).
    @inline(__always)
    private func store(_ slot: UnsafeMutablePointer<Value>, into root: Root, by assignment: Assignment) {
        if assignment == .storage, let storageOffset {
            withStorage(of: root, at: storageOffset) { $0.pointee = slot.move() }
        } else {
            root[keyPath: keyPath] = slot.move()
        }
    }

    // Only into the storage of a model of exactly the storage's class, as `decodeDocument` writes it.
    override func storeUntypedScalarMembers(
        _ found: [String: Any], into model: JastorObject, context: inout MappingContext
    ) -> Bool {
        guard let storageOffset, let storageOwner, ObjectIdentifier(type(of: model)) == ObjectIdentifier(storageOwner)
        else { return false }
        return withStorage(of: model, at: storageOffset) {
            codec.storeUntypedScalarMembers(found, into: $0, context: &context)
        }
    }

    /// Fills the model the property already holds from a JSON object, in place, as
    /// `update(with:)` does unless asked to replace nested models.
    ///
    /// - Returns: Whether it merged; `false` when the property holds no model, the JSON is not an
    ///   object, the class's `modelClass(for:)` picks another class for it, or the run replaces.
    private func merge<Source: JSONSource>(_ source: Source, into root: Root, context: inout MappingContext) -> Bool {
        guard context.policy.nestedModelUpdate == .merge, case .object = source.kind,
            let existing = root[keyPath: keyPath] as? JastorObject
        else { return false }
        let members = source.object
        let existingType = type(of: existing)
        if let chosen = members.pickedClass(by: { existingType.modelClass(for: $0) }), chosen != existingType {
            return false
        }
        guard !context.isTooDeep() else { return true }
        context.recordKeysEqualAsStrings(in: source)
        MappingEngine.fill(existing, from: members, by: .setter, context: &context)
        return true
    }

    override func encode(_ model: JastorObject, context: inout EncodingContext) -> JSONValue {
        guard let root = model as? Root else { return .null }
        return codec.encode(read(root), context: &context)
    }

    override func writeJSON(_ model: JastorObject, to writer: inout JSONWriter, context: inout EncodingContext) {
        guard let root = model as? Root else { return writer.writeNull() }
        codec.writeJSON(read(root), to: &writer, context: &context)
    }

    override func foundationValue(_ model: JastorObject, context: inout EncodingContext) -> Any {
        guard let root = model as? Root else { return NSNull() }
        return codec.foundationValue(read(root), context: &context)
    }

    override func addMember(
        _ model: JastorObject, omitting omitted: Emptiness, as key: String, to dictionary: inout [String: Any],
        context: inout EncodingContext
    ) {
        guard let root = model as? Root else {
            return super.addMember(model, omitting: omitted, as: key, to: &dictionary, context: &context)
        }
        codec.addMember(read(root), omitting: omitted, as: key, to: &dictionary, context: &context)
    }

    override func writeMember(
        _ model: JastorObject, _ member: JSONOutputLayout.Member, first: Bool, to writer: inout JSONWriter,
        context: inout EncodingContext
    ) -> Bool {
        guard let root = model as? Root else {
            return super.writeMember(model, member, first: first, to: &writer, context: &context)
        }
        return codec.writeMember(read(root), member, first: first, to: &writer, context: &context)
    }

    override func emptiness(in model: JastorObject) -> Emptiness {
        guard let root = model as? Root else { return .notEmpty }
        return codec.emptiness(read(root))
    }

    override func value(in model: JastorObject) -> Any? {
        (model as? Root).map { $0[keyPath: keyPath] }
    }

    /// The slot the accessor writes, for the accessors built from it.
    private var storage: StorageSlot? {
        guard let storageOffset, let storageOwner else { return nil }
        return StorageSlot(offset: storageOffset, type: Value.self, owner: storageOwner)
    }

    override func replacingModelType(with type: JastorObject.Type) -> PropertyAccessor? {
        codec.replacingModelType(with: type).map {
            KeyPathAccessor(keyPath: keyPath, codec: $0, storage: storage)
        }
    }

    override var archivedTransform: String? { codec.archivedTransform }

    override func replacingDates(with dates: Codec<Date>) -> PropertyAccessor? {
        codec.replacingDates(with: dates).map {
            KeyPathAccessor(keyPath: keyPath, codec: $0, storage: storage)
        }
    }

    override func reachingStorage(at slot: StorageSlot) -> PropertyAccessor? {
        guard slot.type == Value.self else { return nil }
        return KeyPathAccessor(keyPath: keyPath, codec: codec, storage: slot)
    }

    /// The model class the property holds, itself or in an optional; `nil` for other values.
    private static var heldModelType: JastorObject.Type? {
        (Value.self as? JastorObject.Type) ?? (Value.self as? any OptionalModel.Type)?.wrappedModelType
    }

    override func ownershipMistake(in modelType: JastorObject.Type) -> DeclarationMistake? {
        guard let valueModelType = Self.heldModelType else { return nil }
        var sample = valueModelType.init()
        var blank = modelType.init() as? Root
        guard let holder = blank, Self.store(sample, into: holder, through: keyPath) else { return nil }
        // Only `sample` holds the model unless the property (or a setter it has) kept it.
        let kept = withExtendedLifetime(holder) { !isKnownUniquelyReferenced(&sample) }
        // The blank goes first: an `unowned` field of it still points at `sample`.
        blank = nil
        return withExtendedLifetime(sample) { kept ? nil : .propertyKeepsNoModel(valueModelType) }
    }

    /// Writes `model` through `keyPath`; the reference made for the cast ends with the call.
    @inline(never)
    private static func store(
        _ model: JastorObject, into root: Root, through keyPath: ReferenceWritableKeyPath<Root, Value>
    ) -> Bool {
        guard let value = held(model) else { return false }
        root[keyPath: keyPath] = value
        return true
    }

    /// `model` as the property's value, the model itself or an optional holding it; `nil` when it
    /// is not an instance of the class the property holds.
    ///
    /// An optional is made by casting to its model class: a cast of a class instance straight to
    /// an `Optional` first fails as a class cast, and that failure makes the runtime look
    /// `Foundation.__SwiftValue` up by name, paging in code mapping never needs otherwise
    /// (Performance, "Peak memory (11)").
    private static func held(_ model: JastorObject) -> Value? {
        if let optional = Value.self as? any OptionalModel.Type {
            return optional.wrapping(model).flatMap { $0 as? Value }
        }
        return model as? Value
    }

    override func reachingReferenceStorage(at slot: StorageSlot, in modelType: JastorObject.Type) -> PropertyAccessor? {
        guard slot.type == Value.self,
            let valueModelType = Self.heldModelType,
            let root = modelType.init() as? Root
        else { return nil }
        let sample = valueModelType.init()
        let spare = valueModelType.init()
        guard let value = Self.held(sample) else { return nil }
        let isStrong = withExtendedLifetime((root, sample, spare, value)) {
            RuntimeLayout.isStrongStorage(at: slot.offset, of: root, holding: sample, spare: spare) {
                root[keyPath: keyPath] = value
            }
        }
        return isStrong ? KeyPathAccessor(keyPath: keyPath, codec: codec, storage: slot) : nil
    }

    /// The property's value, for output: from its storage when the plan found it, else through
    /// its key path.
    @inline(__always)
    private func read(_ root: Root) -> Value {
        guard let storageOffset else { return root[keyPath: keyPath] }
        return RuntimeLayout.value(of: root, at: storageOffset, as: Value.self)
    }

    /// Runs `body` with the property's storage inside `root`, a `Root` or an instance of exactly
    /// the storage's owner (see ``RuntimeLayout``: the offset came from its slots, for a field of
    /// exactly `Value`).
    @inline(__always)
    private func withStorage<Result>(
        of root: JastorObject, at offset: Int, _ body: (UnsafeMutablePointer<Value>) -> Result
    ) -> Result {
        RuntimeLayout.withStorage(of: root, at: offset, as: Value.self, body)
    }
}
