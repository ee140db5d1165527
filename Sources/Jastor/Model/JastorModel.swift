import Foundation

/// The short way to register a model's properties: one key path per line, the class inferred.
///
/// Every ``JastorObject`` subclass is a `JastorModel`, so its `properties` can use
/// ``register(_:rules:)`` and the helpers below without naming the class: key paths (`\.title`)
/// for the properties that follow the class's rules, and a call
/// (`property(\.createdAt, transform: .iso8601)`) for each one whose rule differs. The property's
/// name, and from it the JSON key, is read from the key path.
///
/// ```swift
/// final class Issue: JastorObject {
///     var id = 0
///     var title = ""
///     var labels: [Label] = []
///     var createdAt: Date?
///     var htmlURL: URL?
///     var cachedSummary: String?
///
///     override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }
///     override class var properties: [JastorProperty] {
///         register(\.id, \.title, \.labels) {
///             property(\.createdAt, transform: .iso8601)
///             property(\.htmlURL, key: "html_url")
///             ignored(\.cachedSummary)
///         }
///     }
/// }
/// ```
public protocol JastorModel: JastorObject {}

extension JastorObject: JastorModel {}

extension JastorModel {
    /// Registers the properties that follow the class's rules by key path, several to a line, and
    /// the others one per line in the closure.
    ///
    /// Each key path's property name, and from it the JSON key (through ``JastorObject/keyStrategy``),
    /// is read from the key path. The closure's lines are key paths too (`\.metadata`, for
    /// untyped `[String: Any]` and `[Any]` properties, which the list does not take), or calls
    /// for properties with a rule of their own: ``property(_:key:outputKey:direction:required:)-wyns``,
    /// ``ignored(_:)``, ``unmappedKeys(_:)``, or a long-form ``JastorProperty``; `if` and `switch`
    /// work as in any result builder.
    ///
    /// ```swift
    /// override class var properties: [JastorProperty] {
    ///     register(\.id, \.number, \.title, \.user, \.labels) {
    ///         property(\.createdAt, transform: .iso8601)
    ///         property(\.htmlURL, key: "html_url")
    ///         ignored(\.cachedSummary)
    ///     }
    /// }
    ///
    /// override class var properties: [JastorProperty] { register(\.name, \.children) }
    /// ```
    ///
    /// A property whose type Jastor cannot map does not compile: `register(_:rules:)` requires that
    /// the type conform to ``JastorValue``.
    ///
    /// - Parameters:
    ///   - keyPaths: Key paths to stored properties of ``JastorValue`` types that follow the class's rules.
    ///   - rules: The other registrations, one per line.
    /// - Returns: The registrations, in order: the key paths, then the closure's lines.
    public static func register<each Value: JastorValue>(
        _ keyPaths: repeat ReferenceWritableKeyPath<Self, each Value> & Sendable,
        @JastorPropertyBuilder<Self> rules: () -> [JastorProperty] = { [] }
    ) -> [JastorProperty] {
        var registrations: [JastorProperty] = []
        for keyPath in repeat each keyPaths {
            registrations.append(property(keyPath))
        }
        return registrations + rules()
    }

    /// Rejects a list holding a key path Jastor cannot take there, with a message naming ``JastorValue``.
    ///
    /// Without it the compiler would explain a failed conditional conformance instead (`[Int: String]`
    /// gives "requires the types 'Int' and 'String' be equivalent").
    ///
    /// ```swift
    /// register(\.name, \.point)  // error: every key path in register(…) must reach a 'var' of a JastorValue type …
    /// ```
    ///
    /// - Parameters:
    ///   - keyPaths: Key paths to properties.
    ///   - rules: The other registrations.
    /// - Returns: Never: the call does not compile.
    @available(
        *, unavailable,
        message:
            "every key path in register(…) must reach a 'var' of a JastorValue type: declare 'extension MyType: JastorValue {}' (a RawRepresentable enum maps through its raw value); in the closure, give a transform: with property(_:transform:), list untyped [String: Any] and [Any] properties, and ignored(_:) 'let's"
    )
    public static func register<each Value>(
        _ keyPaths: repeat KeyPath<Self, each Value> & Sendable,
        @JastorPropertyBuilder<Self> rules: () -> [JastorProperty] = { [] }
    ) -> [JastorProperty] {
        rules()
    }

    /// Registers a property with a rule of its own: another key, a direction, or whether its key
    /// is required.
    ///
    /// ```swift
    /// property(\.htmlURL, key: "html_url")
    /// property(\.city, key: "address.city")
    /// property(\.email, key: "userEmail", direction: .decodeOnly)
    /// property(\.id, required: true)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: A key path to the stored property; its name is read from it.
    ///   - key: The JSON key or key path to read, if not the one the key strategy derives.
    ///   - outputKey: The JSON key or key path to write, if not `key`.
    ///   - direction: Whether the property is read, written, or both.
    ///   - required: Whether the JSON must have the key; `nil` leaves it to ``JastorObject/keyPolicy``.
    /// - Returns: The registration.
    public static func property<Value: JastorValue>(
        _ keyPath: ReferenceWritableKeyPath<Self, Value> & Sendable, key: JastorPath? = nil,
        outputKey: JastorPath? = nil, direction: JastorProperty.Direction = .both, required: Bool? = nil
    ) -> JastorProperty {
        JastorProperty(
            name: nil, key: key, outputKey: outputKey, direction: direction, isRequired: required,
            accessor: KeyPathAccessor(keyPath: keyPath, codec: Value.codec))
    }

    /// Registers an untyped property (`[String: Any]`, `[Any]` or their optionals) with a rule of
    /// its own.
    ///
    /// ```swift
    /// property(\.metadata, key: "meta")
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: A key path to the stored property; its name is read from it.
    ///   - key: The JSON key or key path to read, if not the one the key strategy derives.
    ///   - outputKey: The JSON key or key path to write, if not `key`.
    ///   - direction: Whether the property is read, written, or both.
    ///   - required: Whether the JSON must have the key; `nil` leaves it to ``JastorObject/keyPolicy``.
    /// - Returns: The registration.
    public static func property<Value: JastorPassthrough>(
        _ keyPath: ReferenceWritableKeyPath<Self, Value> & Sendable, key: JastorPath? = nil,
        outputKey: JastorPath? = nil, direction: JastorProperty.Direction = .both, required: Bool? = nil
    ) -> JastorProperty {
        JastorProperty(
            name: nil, key: key, outputKey: outputKey, direction: direction, isRequired: required,
            accessor: KeyPathAccessor(keyPath: keyPath, codec: Value.codec))
    }

    /// Registers a property that maps through a transform instead of the built-in rules.
    ///
    /// ```swift
    /// property(\.birthDate, transform: .date(format: "MM-dd-yyyy"))
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: A key path to the stored property; its name is read from it.
    ///   - key: The JSON key or key path to read, if not the one the key strategy derives.
    ///   - outputKey: The JSON key or key path to write, if not `key`.
    ///   - direction: Whether the property is read, written, or both.
    ///   - required: Whether the JSON must have the key; `nil` leaves it to ``JastorObject/keyPolicy``.
    ///   - transform: The conversion between JSON and the property's type.
    /// - Returns: The registration.
    public static func property<Value>(
        _ keyPath: ReferenceWritableKeyPath<Self, Value> & Sendable, key: JastorPath? = nil,
        outputKey: JastorPath? = nil, direction: JastorProperty.Direction = .both, required: Bool? = nil,
        transform: JastorTransform<Value>
    ) -> JastorProperty {
        JastorProperty(
            name: nil, key: key, outputKey: outputKey, direction: direction, isRequired: required,
            accessor: KeyPathAccessor(keyPath: keyPath, codec: transform.codec))
    }

    /// Registers an optional property that maps through a transform; `null` reads as `nil`.
    ///
    /// ```swift
    /// property(\.createdAt, transform: .iso8601)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: A key path to the stored property; its name is read from it.
    ///   - key: The JSON key or key path to read, if not the one the key strategy derives.
    ///   - outputKey: The JSON key or key path to write, if not `key`.
    ///   - direction: Whether the property is read, written, or both.
    ///   - required: Whether the JSON must have the key; `nil` leaves it to ``JastorObject/keyPolicy``.
    ///   - transform: The conversion between JSON and the wrapped type.
    /// - Returns: The registration.
    public static func property<Value>(
        _ keyPath: ReferenceWritableKeyPath<Self, Value?> & Sendable, key: JastorPath? = nil,
        outputKey: JastorPath? = nil, direction: JastorProperty.Direction = .both, required: Bool? = nil,
        transform: JastorTransform<Value>
    ) -> JastorProperty {
        JastorProperty(
            name: nil, key: key, outputKey: outputKey, direction: direction, isRequired: required,
            accessor: KeyPathAccessor(keyPath: keyPath, codec: OptionalCodec(wrapped: transform.codec)))
    }

    /// Rejects a property whose type Jastor cannot map, with a message naming ``JastorValue``.
    ///
    /// ```swift
    /// property(\.point)  // error: the property's type must conform to JastorValue …
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: A key path to the stored property.
    ///   - key: The JSON key or key path to read.
    ///   - outputKey: The JSON key or key path to write.
    ///   - direction: Whether the property is read, written, or both.
    ///   - required: Whether the JSON must have the key.
    /// - Returns: Never: the call does not compile.
    @available(
        *, unavailable,
        message:
            "the property's type must conform to JastorValue: declare 'extension MyType: JastorValue {}' (a RawRepresentable enum maps through its raw value) or give a transform:"
    )
    public static func property<Value>(
        _ keyPath: ReferenceWritableKeyPath<Self, Value> & Sendable, key: JastorPath? = nil,
        outputKey: JastorPath? = nil, direction: JastorProperty.Direction = .both, required: Bool? = nil
    ) -> JastorProperty {
        JastorProperty(name: nil, accessor: TypedAccessor(keyPath: keyPath))
    }

    /// Registers a stored property that Jastor leaves alone: never read, written, compared or
    /// archived (caches, `weak` parent links, `let` constants).
    ///
    /// ```swift
    /// ignored(\.parent)
    /// ```
    ///
    /// - Parameter keyPath: A key path to the stored property; its name is read from it.
    /// - Returns: A registration that maps nothing.
    public static func ignored<Value>(_ keyPath: KeyPath<Self, Value> & Sendable) -> JastorProperty {
        JastorProperty(name: nil, accessor: TypedAccessor(keyPath: keyPath))
    }

    /// Registers the `[String: Any]` property that keeps every JSON key the class does not map,
    /// so that `toDictionary()` writes them back.
    ///
    /// ```swift
    /// unmappedKeys(\.extras)
    /// ```
    ///
    /// - Parameter keyPath: A key path to the stored property; its name is read from it.
    /// - Returns: The registration.
    public static func unmappedKeys(_ keyPath: ReferenceWritableKeyPath<Self, [String: Any]> & Sendable)
        -> JastorProperty
    {
        JastorProperty(
            name: nil, accessor: KeyPathAccessor(keyPath: keyPath, codec: PassthroughObjectCodec()),
            collectsUnmappedKeys: true)
    }
}
