import Foundation

/// The registration of one stored property of a ``JastorObject`` subclass.
///
/// Swift cannot write a property by name, so each stored property is registered once, with a
/// key path the compiler checks; the class plan reads the property's name from it. The short form
/// is ``JastorModel/register(_:rules:)``, whose lines are key paths; the initialisers below are the long
/// form, which also spells the name (checked against the key path). The property's type decides
/// how JSON is read:
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

    /// The stored property's name as the registration gives it; empty for a registration by key
    /// path alone (`\.title` in ``JastorModel/register(_:rules:)``), whose name the class plan reads from
    /// the key path.
    public var name: String { givenName ?? "" }
    /// The name the registration spells, if it spells one.
    let givenName: String?
    /// Whether the JSON must have the property's key: `true`, `false`, or `nil` for the class's
    /// ``JastorObject/keyPolicy``.
    public let isRequired: Bool?
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
    ///   - required: Whether the JSON must have the key; `nil` leaves it to the class's
    ///     ``JastorObject/keyPolicy``.
    public init<Root: JastorObject, Value: JastorValue>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable, key: JastorPath? = nil,
        outputKey: JastorPath? = nil, direction: Direction = .both, required: Bool? = nil
    ) {
        self.init(
            name: name, key: key, outputKey: outputKey, direction: direction, isRequired: required,
            accessor: KeyPathAccessor(keyPath: keyPath, codec: Value.codec))
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
    ///   - required: Whether the JSON must have the key; `nil` leaves it to the class's
    ///     ``JastorObject/keyPolicy``.
    public init<Root: JastorObject, Value: JastorPassthrough>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable, key: JastorPath? = nil,
        outputKey: JastorPath? = nil, direction: Direction = .both, required: Bool? = nil
    ) {
        self.init(
            name: name, key: key, outputKey: outputKey, direction: direction, isRequired: required,
            accessor: KeyPathAccessor(keyPath: keyPath, codec: Value.codec))
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
    ///   - required: Whether the JSON must have the key; `nil` leaves it to the class's
    ///     ``JastorObject/keyPolicy``.
    ///   - transform: The conversion between JSON and the property's type.
    public init<Root: JastorObject, Value>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable, key: JastorPath? = nil,
        outputKey: JastorPath? = nil, direction: Direction = .both, required: Bool? = nil,
        transform: JastorTransform<Value>
    ) {
        self.init(
            name: name, key: key, outputKey: outputKey, direction: direction, isRequired: required,
            accessor: KeyPathAccessor(keyPath: keyPath, codec: transform.codec))
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
    ///   - required: Whether the JSON must have the key; `nil` leaves it to the class's
    ///     ``JastorObject/keyPolicy``.
    ///   - transform: The conversion between JSON and the wrapped type.
    public init<Root: JastorObject, Value>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Value?> & Sendable, key: JastorPath? = nil,
        outputKey: JastorPath? = nil, direction: Direction = .both, required: Bool? = nil,
        transform: JastorTransform<Value>
    ) {
        self.init(
            name: name, key: key, outputKey: outputKey, direction: direction, isRequired: required,
            accessor: KeyPathAccessor(keyPath: keyPath, codec: OptionalCodec(wrapped: transform.codec)))
    }

    /// Rejects a property whose type Jastor cannot map, with a message naming ``JastorValue``.
    ///
    /// Without it the compiler would explain why the type is not one of the pass-through
    /// containers (`[String: Any]`, `[Any]`), a protocol users never need.
    @available(
        *, unavailable,
        message:
            "the property's type must conform to JastorValue: declare 'extension MyType: JastorValue {}' (a RawRepresentable enum maps through its raw value) or give a transform:"
    )
    public init<Root: JastorObject, Value>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable, key: JastorPath? = nil,
        outputKey: JastorPath? = nil, direction: Direction = .both, required: Bool? = nil
    ) {
        self.init(name: name, accessor: TypedAccessor(keyPath: keyPath))
    }

    init(
        name: String?, key: JastorPath? = nil, outputKey: JastorPath? = nil, direction: Direction = .both,
        isRequired: Bool? = nil, accessor: PropertyAccessor, collectsUnmappedKeys: Bool = false
    ) {
        self.givenName = name
        self.isRequired = isRequired
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
            name: name, accessor: KeyPathAccessor(keyPath: keyPath, codec: PassthroughObjectCodec()),
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
        JastorProperty(name: name, accessor: TypedAccessor(keyPath: keyPath))
    }
}
