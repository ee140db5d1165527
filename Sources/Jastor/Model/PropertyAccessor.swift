import Foundation

/// Reads and writes one registered property of a model, type-erased so that a class plan can
/// hold properties of every type.
class PropertyAccessor: @unchecked Sendable {
    // @unchecked: accessors are immutable once built and shared through the plan cache.
    let name: String

    init(name: String) {
        self.name = name
    }

    /// Whether the registration reads and writes JSON at all.
    var isMapped: Bool { false }
    /// The registered property type, for messages.
    var valueTypeName: String { "" }
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
    /// Whether the property's value in `model` is `nil` or an empty collection.
    func isEmpty(in model: JastorObject) -> Bool { true }
    /// The property's value in `model`, as it is stored.
    func value(in model: JastorObject) -> Any? { nil }
    /// The accessor with `type` built wherever the property builds models, or `nil` if none.
    func replacingModelType(with type: JastorObject.Type) -> PropertyAccessor? { nil }
    /// The accessor reaching the property's storage at `slot` directly, or `nil` when the slot
    /// does not hold exactly the registered type.
    func reachingStorage(at slot: StorageSlot) -> PropertyAccessor? { nil }
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
    override var valueTypeName: String { String(describing: Value.self) }
    override var rootTypeName: String { String(describing: Root.self) }

    override func applies(to type: JastorObject.Type) -> Bool { type is Root.Type }

    override func matchesStoredValue(_ value: Any) -> Bool {
        type(of: value) == Value.self || (Value.self is AnyObject.Type && value is Value)
    }
}

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

    init(
        name: String, keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable, codec: Codec<Value>,
        storageOffset: Int? = nil
    ) {
        self.keyPath = keyPath
        self.codec = codec
        self.storageOffset = storageOffset
        super.init(name: name)
    }

    override var isMapped: Bool { true }

    override func decode<Source: JSONSource>(
        _ source: Source, into model: JastorObject, by assignment: Assignment, context: inout MappingContext
    ) -> Bool {
        guard let root = model as? Root else { return false }
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

    override func encode(_ model: JastorObject, context: inout EncodingContext) -> JSONValue {
        guard let root = model as? Root else { return .null }
        guard let storageOffset else { return codec.encode(root[keyPath: keyPath], context: &context) }
        return withStorage(of: root, at: storageOffset) { codec.encode($0.pointee, context: &context) }
    }

    override func isEmpty(in model: JastorObject) -> Bool {
        guard let root = model as? Root else { return true }
        guard let storageOffset else { return codec.isEmpty(root[keyPath: keyPath]) }
        return withStorage(of: root, at: storageOffset) { codec.isEmpty($0.pointee) }
    }

    override func value(in model: JastorObject) -> Any? {
        (model as? Root).map { $0[keyPath: keyPath] }
    }

    override func replacingModelType(with type: JastorObject.Type) -> PropertyAccessor? {
        codec.replacingModelType(with: type).map {
            KeyPathAccessor(name: name, keyPath: keyPath, codec: $0, storageOffset: storageOffset)
        }
    }

    override func reachingStorage(at slot: StorageSlot) -> PropertyAccessor? {
        guard slot.type == Value.self else { return nil }
        return KeyPathAccessor(name: name, keyPath: keyPath, codec: codec, storageOffset: slot.offset)
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
