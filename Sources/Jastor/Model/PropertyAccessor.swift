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
    /// Whether the property's value in `model` is `nil`, an empty collection, or neither.
    func emptiness(in model: JastorObject) -> Emptiness { .notEmpty }
    /// The property's value in `model`, as it is stored.
    func value(in model: JastorObject) -> Any? { nil }
    /// The accessor with `type` built wherever the property builds models, or `nil` if none.
    func replacingModelType(with type: JastorObject.Type) -> PropertyAccessor? { nil }
    /// The accessor with `dates` for its `Date`s (see ``Codec/replacingDates(with:)``), or `nil` if none.
    func replacingDates(with dates: Codec<Date>) -> PropertyAccessor? { nil }
    /// The accessor reaching the property's storage at `slot` directly, or `nil` when the slot
    /// does not hold exactly the registered type.
    func reachingStorage(at slot: StorageSlot) -> PropertyAccessor? { nil }

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
    /// The name of a type in the property's type that has neither built-in rules nor a transform
    /// (an empty ``JastorValue`` conformance), or `nil` when every part has rules.
    var typeWithoutRules: String? { nil }

    /// Closures that each write a distinct value through the key path, to see which field changes.
    func probeWriters() -> [(JastorObject) -> Void] { [] }
    /// The bytes of the property's value in `model`, read through the key path.
    func valueBytes(in model: JastorObject) -> [UInt8]? { nil }
    /// Whether the key path reads back sample values put into the field at `offset` of `model`.
    ///
    /// The field must hold exactly the registered type and no reference of its own; it is restored.
    func readsSamples(fromFieldAt offset: Int, of model: JastorObject) -> Bool { false }
}

/// How a mapped value is stored into its property.
enum Assignment {
    /// Into the property's storage, as an initialiser does: the fast way, for models Jastor
    /// has just created. Property observers (`didSet`) do not run, as in any initialiser.
    case storage
    /// Through the property's setter, so that observers and overrides run: for
    /// ``JastorObject/update(with:)`` on a model the caller already holds.
    case setter
}

/// An accessor that knows its key path's root and value types.
///
/// That is enough to check a registration against the declaration.
///
/// On its own it is the accessor of an ignored property.
class TypedAccessor<Root: JastorObject, Value>: PropertyAccessor, @unchecked Sendable {
    private let keyPath: KeyPath<Root, Value>

    init(keyPath: KeyPath<Root, Value>) {
        self.keyPath = keyPath
    }

    override var valueTypeName: String { String(describing: Value.self) }
    override var rootTypeName: String { String(describing: Root.self) }

    override func applies(to type: JastorObject.Type) -> Bool { type is Root.Type }

    override func matchesStoredValue(_ value: Any) -> Bool {
        type(of: value) == Value.self || (Value.self is AnyObject.Type && value is Value)
    }

    override var erasedKeyPath: AnyKeyPath? { keyPath }
    override var keyPathDescription: String { String(describing: keyPath) }
    override var valueType: Any.Type { Value.self }
    override var valueIsBitwiseCopyable: Bool { _isPOD(Value.self) }

    override func probeWriters() -> [(JastorObject) -> Void] {
        guard let writable = keyPath as? ReferenceWritableKeyPath<Root, Value> else { return [] }
        return ProbeSamples.values(of: Value.self).map { sample in
            { model in (model as? Root)?[keyPath: writable] = sample }
        }
    }

    override func valueBytes(in model: JastorObject) -> [UInt8]? {
        guard let root = model as? Root else { return nil }
        return withUnsafeBytes(of: root[keyPath: keyPath]) { Array($0) }
    }

    override func readsSamples(fromFieldAt offset: Int, of model: JastorObject) -> Bool {
        let samples = ProbeSamples.values(of: Value.self).prefix(2)
        guard let root = model as? Root, samples.count == 2 else { return false }
        return withExtendedLifetime(root) {
            let field = (UnsafeMutableRawPointer(Unmanaged.passUnretained(root).toOpaque()) + offset)
                .assumingMemoryBound(to: Value.self)
            let original = field.move()
            let readsBack = samples.allSatisfy { sample in
                field.initialize(to: sample)
                let read = root[keyPath: keyPath]
                field.deinitialize(count: 1)
                return withUnsafeBytes(of: read) { read in withUnsafeBytes(of: sample) { read.elementsEqual($0) } }
            }
            field.initialize(to: original)
            return readsBack
        }
    }
}

/// Optionals of models, to tell that a property holds a model.
protocol OptionalModel {}

extension Optional: OptionalModel where Wrapped: JastorObject {}

/// The accessor of a mapped property: a key path and the codec of its type, and, where
/// reflection found it, the offset of the property's storage.
///
/// Setting a property through a `ReferenceWritableKeyPath` costs about a thousand instructions
/// in the runtime (a holder object, metadata lookups, an exclusivity check); writing the storage
/// directly costs a few. Only an exact type match at the property's own label gets an offset.
final class KeyPathAccessor<Root: JastorObject, Value>: TypedAccessor<Root, Value>, @unchecked Sendable {
    private let keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable
    private let codec: Codec<Value>
    private let storageOffset: Int?
    /// Whether the property holds a model or an optional model, which `update(with:)` merges into.
    private let mergesModels: Bool

    init(
        keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable, codec: Codec<Value>, storageOffset: Int? = nil
    ) {
        self.keyPath = keyPath
        self.codec = codec
        self.storageOffset = storageOffset
        self.mergesModels = Value.self is JastorObject.Type || Value.self is any OptionalModel.Type
        super.init(keyPath: keyPath)
    }

    override var isMapped: Bool { true }
    override var typeWithoutRules: String? { codec.typeWithoutRules }
    override var expectedTypeName: String { codec.typeName }

    override func decode<Source: JSONSource>(
        _ source: Source, into model: JastorObject, by assignment: Assignment, context: inout MappingContext
    ) -> Bool {
        guard let root = model as? Root else { return false }
        if assignment == .setter, mergesModels, merge(source, into: root, context: &context) { return true }
        // Read into a temporary slot rather than an `Optional<Value>`: unspecialised generic code
        // looks up the metadata of every `Optional<Value>` it touches, on every call.
        return withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
            guard let slot = buffer.baseAddress, codec.decode(source, into: slot, context: &context) else {
                return false
            }
            if assignment == .storage, let storageOffset {
                withStorage(of: root, at: storageOffset) { $0.pointee = slot.move() }
            } else {
                root[keyPath: keyPath] = slot.move()
            }
            return true
        }
    }

    /// Fills the model the property already holds from a JSON object, in place, as
    /// `update(with:)` does unless asked to replace nested models.
    ///
    /// - Returns: Whether it merged; `false` when the property holds no model, the JSON is not an
    ///   object, the class's `modelClass(for:)` picks another class for it, or the run replaces.
    private func merge<Source: JSONSource>(_ source: Source, into root: Root, context: inout MappingContext) -> Bool {
        guard context.nestedModelUpdate == .merge, case .object = source.kind,
            let existing = root[keyPath: keyPath] as? JastorObject
        else { return false }
        let members = source.object
        let existingType = type(of: existing)
        if let chosen = existingType.modelClass(for: members.hookView), chosen != existingType { return false }
        guard !context.isTooDeep() else { return true }
        MappingEngine.fill(existing, from: members, by: .setter, context: &context)
        return true
    }

    override func encode(_ model: JastorObject, context: inout EncodingContext) -> JSONValue {
        guard let root = model as? Root else { return .null }
        guard let storageOffset else { return codec.encode(root[keyPath: keyPath], context: &context) }
        return withStorage(of: root, at: storageOffset) { codec.encode($0.pointee, context: &context) }
    }

    override func writeJSON(_ model: JastorObject, to writer: inout JSONWriter, context: inout EncodingContext) {
        guard let root = model as? Root else { return writer.writeNull() }
        guard let storageOffset else { return codec.writeJSON(root[keyPath: keyPath], to: &writer, context: &context) }
        withStorage(of: root, at: storageOffset) { codec.writeJSON($0.pointee, to: &writer, context: &context) }
    }

    override func foundationValue(_ model: JastorObject, context: inout EncodingContext) -> Any {
        guard let root = model as? Root else { return NSNull() }
        guard let storageOffset else { return codec.foundationValue(root[keyPath: keyPath], context: &context) }
        return withStorage(of: root, at: storageOffset) { codec.foundationValue($0.pointee, context: &context) }
    }

    override func emptiness(in model: JastorObject) -> Emptiness {
        guard let root = model as? Root else { return .notEmpty }
        guard let storageOffset else { return codec.emptiness(root[keyPath: keyPath]) }
        return withStorage(of: root, at: storageOffset) { codec.emptiness($0.pointee) }
    }

    override func value(in model: JastorObject) -> Any? {
        (model as? Root).map { $0[keyPath: keyPath] }
    }

    override func replacingModelType(with type: JastorObject.Type) -> PropertyAccessor? {
        codec.replacingModelType(with: type).map {
            KeyPathAccessor(keyPath: keyPath, codec: $0, storageOffset: storageOffset)
        }
    }

    override func replacingDates(with dates: Codec<Date>) -> PropertyAccessor? {
        codec.replacingDates(with: dates).map {
            KeyPathAccessor(keyPath: keyPath, codec: $0, storageOffset: storageOffset)
        }
    }

    override func reachingStorage(at slot: StorageSlot) -> PropertyAccessor? {
        guard slot.type == Value.self else { return nil }
        return KeyPathAccessor(keyPath: keyPath, codec: codec, storageOffset: slot.offset)
    }

    /// Runs `body` with the property's storage inside `root`, keeping `root` alive meanwhile.
    @inline(__always)
    private func withStorage<Result>(
        of root: Root, at offset: Int, _ body: (UnsafeMutablePointer<Value>) -> Result
    ) -> Result {
        withExtendedLifetime(root) {
            let storage = UnsafeMutableRawPointer(Unmanaged.passUnretained(root).toOpaque()).advanced(by: offset)
            return body(storage.assumingMemoryBound(to: Value.self))
        }
    }
}
