import Foundation

/// The registration of one stored property of a ``JastorObject`` subclass.
///
/// Swift cannot write a property by name, so each stored property is registered once, with its
/// name and a key path the compiler checks. The property's type decides how JSON is read:
///
/// ```swift
/// final class Product: JastorObject {
///     var name = ""
///     var price: Decimal?
///     weak var owner: Shop?
///
///     override class var properties: [JastorProperty] {
///         [.init("name", \Product.name), .init("price", \Product.price), .ignored("owner", \Product.owner)]
///     }
/// }
/// ```
public struct JastorProperty: Sendable {
    /// Which way a property maps between JSON and the model.
    ///
    /// ```swift
    /// .init("email", \User.email, key: "userEmail", direction: .decodeOnly)
    /// ```
    public enum Direction: Sendable, Hashable {
        /// Read from JSON and written back (the default).
        case both
        /// Read from JSON, never written by `toDictionary()`.
        case decodeOnly
        /// Written by `toDictionary()`, never read from JSON.
        case encodeOnly
    }

    /// The stored property's name.
    public let name: String
    /// The JSON key or key path the property reads, when it is not the name.
    public let key: JastorPath?
    /// The JSON key or key path the property is written to, when it differs from ``key``.
    public let outputKey: JastorPath?
    /// Which way the property maps.
    public let direction: Direction
    let accessor: PropertyAccessor
    /// Whether the property collects the JSON keys no other property maps.
    let collectsUnmappedKeys: Bool

    /// Registers a property of a type Jastor converts (``JastorValue``).
    ///
    /// By default the property reads and writes the JSON key that is its name (or the key the
    /// class's ``JastorObject/keyStrategy`` derives from it). A `key` can name another key, a key
    /// path into nested objects, or an array element:
    ///
    /// ```swift
    /// .init("children", \ProductCategory.children)
    /// .init("givenName", \Person.givenName, key: "firstName")
    /// .init("firstName", \User.firstName, key: "personInfo.firstName")
    /// .init("summary", \Weather.summary, key: "reports.0.description")
    /// ```
    ///
    /// - Parameters:
    ///   - name: The stored property's name, as declared.
    ///   - keyPath: A key path to that property.
    ///   - key: The JSON key or key path to read, if not the name.
    ///   - outputKey: The JSON key or key path to write, if not `key`.
    ///   - direction: Whether the property is read, written, or both.
    public init<Root: JastorObject, Value: JastorValue>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable, key: JastorPath? = nil,
        outputKey: JastorPath? = nil, direction: Direction = .both
    ) {
        self.init(
            name: name, key: key, outputKey: outputKey, direction: direction,
            accessor: KeyPathAccessor(name: name, keyPath: keyPath, codec: Value.codec))
    }

    /// Registers a property that keeps JSON untyped: `[String: Any]`, `[Any]` or their optionals.
    ///
    /// ```swift
    /// .init("metadata", \Event.metadata)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The stored property's name, as declared.
    ///   - keyPath: A key path to that property.
    ///   - key: The JSON key or key path to read, if not the name.
    ///   - outputKey: The JSON key or key path to write, if not `key`.
    ///   - direction: Whether the property is read, written, or both.
    public init<Root: JastorObject, Value: JastorPassthrough>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable, key: JastorPath? = nil,
        outputKey: JastorPath? = nil, direction: Direction = .both
    ) {
        self.init(
            name: name, key: key, outputKey: outputKey, direction: direction,
            accessor: KeyPathAccessor(name: name, keyPath: keyPath, codec: Value.codec))
    }

    /// Registers a property that maps through a transform instead of the built-in rules.
    ///
    /// ```swift
    /// .init("birthDate", \Person.birthDate, transform: .date(format: "MM-dd-yyyy"))
    /// ```
    ///
    /// - Parameters:
    ///   - name: The stored property's name, as declared.
    ///   - keyPath: A key path to that property.
    ///   - key: The JSON key or key path to read, if not the name.
    ///   - outputKey: The JSON key or key path to write, if not `key`.
    ///   - direction: Whether the property is read, written, or both.
    ///   - transform: The conversion between JSON and the property's type.
    public init<Root: JastorObject, Value>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable, key: JastorPath? = nil,
        outputKey: JastorPath? = nil, direction: Direction = .both, transform: JastorTransform<Value>
    ) {
        self.init(
            name: name, key: key, outputKey: outputKey, direction: direction,
            accessor: KeyPathAccessor(name: name, keyPath: keyPath, codec: transform.codec))
    }

    /// Registers an optional property that maps through a transform; `null` reads as `nil`.
    ///
    /// ```swift
    /// .init("startDate", \Person.startDate, transform: .date(format: "MMM dd yyyy"))
    /// ```
    ///
    /// - Parameters:
    ///   - name: The stored property's name, as declared.
    ///   - keyPath: A key path to that property.
    ///   - key: The JSON key or key path to read, if not the name.
    ///   - outputKey: The JSON key or key path to write, if not `key`.
    ///   - direction: Whether the property is read, written, or both.
    ///   - transform: The conversion between JSON and the wrapped type.
    public init<Root: JastorObject, Value>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Value?> & Sendable, key: JastorPath? = nil,
        outputKey: JastorPath? = nil, direction: Direction = .both, transform: JastorTransform<Value>
    ) {
        self.init(
            name: name, key: key, outputKey: outputKey, direction: direction,
            accessor: KeyPathAccessor(name: name, keyPath: keyPath, codec: OptionalCodec(wrapped: transform.codec)))
    }

    init(
        name: String, key: JastorPath? = nil, outputKey: JastorPath? = nil, direction: Direction = .both,
        accessor: PropertyAccessor, collectsUnmappedKeys: Bool = false
    ) {
        self.name = name
        self.key = key
        self.outputKey = outputKey
        self.direction = direction
        self.accessor = accessor
        self.collectsUnmappedKeys = collectsUnmappedKeys
    }

    /// Registers a `[String: Any]` property that keeps every JSON key the class does not map, so
    /// that `toDictionary()` writes them back and a round trip through the model loses nothing.
    ///
    /// ```swift
    /// .unmappedKeys("extras", \Profile.extras)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The stored property's name, as declared.
    ///   - keyPath: A key path to that property.
    /// - Returns: The registration.
    public static func unmappedKeys<Root: JastorObject>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Root, [String: Any]> & Sendable
    ) -> JastorProperty {
        JastorProperty(
            name: name, accessor: KeyPathAccessor(name: name, keyPath: keyPath, codec: PassthroughObjectCodec()),
            collectsUnmappedKeys: true)
    }

    /// Registers a stored property that Jastor leaves alone.
    ///
    /// The property is never read from JSON nor written out, compared or archived. Use it for
    /// caches and `weak` parent links.
    ///
    /// ```swift
    /// .ignored("parent", \Node.parent)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The stored property's name, as declared.
    ///   - keyPath: A key path to that property, to check that the name and type are right.
    /// - Returns: A registration that maps nothing.
    public static func ignored<Root: JastorObject, Value>(
        _ name: String, _ keyPath: KeyPath<Root, Value> & Sendable
    ) -> JastorProperty {
        JastorProperty(name: name, accessor: TypedAccessor<Root, Value>(name: name))
    }
}

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
            KeyPathAccessor(name: name, keyPath: keyPath, codec: $0, storageOffset: storageOffset)
        }
    }

    override func replacingDates(with dates: Codec<Date>) -> PropertyAccessor? {
        codec.replacingDates(with: dates).map {
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
