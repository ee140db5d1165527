/// Builds a model's registrations from lines of key paths, with the key paths' root inferred.
///
/// It is the builder behind ``JastorModel/register(_:rules:)``'s closure; `Model` is the class
/// being declared, so that `\.title` needs no class name.
///
/// ```swift
/// override class var properties: [JastorProperty] {
///     register {
///         \.title
///         \.metadata
///         property(\.createdAt, transform: .iso8601)
///     }
/// }
/// ```
@resultBuilder
public enum JastorPropertyBuilder<Model: JastorObject> {
    /// A key path to a property of a type Jastor converts (``JastorValue``).
    ///
    /// ```swift
    /// \.title
    /// ```
    ///
    /// - Parameter keyPath: A key path to the stored property; its name is read from it.
    /// - Returns: The registration.
    public static func buildExpression<Value: JastorValue>(
        _ keyPath: ReferenceWritableKeyPath<Model, Value> & Sendable
    ) -> [JastorProperty] {
        [JastorProperty(name: nil, accessor: KeyPathAccessor(keyPath: keyPath, codec: Value.codec))]
    }

    /// A key path to an untyped property: `[String: Any]`, `[Any]` or their optionals.
    ///
    /// ```swift
    /// \.metadata
    /// ```
    ///
    /// - Parameter keyPath: A key path to the stored property; its name is read from it.
    /// - Returns: The registration.
    public static func buildExpression<Value: JastorPassthrough>(
        _ keyPath: ReferenceWritableKeyPath<Model, Value> & Sendable
    ) -> [JastorProperty] {
        [JastorProperty(name: nil, accessor: KeyPathAccessor(keyPath: keyPath, codec: Value.codec))]
    }

    /// Rejects a key path to a property whose type Jastor cannot map, naming ``JastorValue``.
    ///
    /// ```swift
    /// \.point  // error: the property's type must conform to JastorValue …
    /// ```
    ///
    /// - Parameter keyPath: A key path to the stored property.
    /// - Returns: Never: the line does not compile.
    @available(
        *, unavailable,
        message:
            "the property's type must conform to JastorValue: declare 'extension MyType: JastorValue {}' (a RawRepresentable enum maps through its raw value) or give a transform: with property(_:transform:)"
    )
    public static func buildExpression<Value>(
        _ keyPath: ReferenceWritableKeyPath<Model, Value> & Sendable
    ) -> [JastorProperty] {
        []
    }

    /// Rejects a key path to a `let` or a read-only property, which Jastor cannot write.
    ///
    /// ```swift
    /// \.id  // error when `id` is a `let`: register it with ignored(\.id), or make it a `var`
    /// ```
    ///
    /// - Parameter keyPath: A key path to the property.
    /// - Returns: Never: the line does not compile.
    @available(
        *, unavailable,
        message: "Jastor writes the properties it maps: make it a 'var', or register it with ignored(_:)"
    )
    public static func buildExpression<Value>(_ keyPath: KeyPath<Model, Value> & Sendable) -> [JastorProperty] {
        []
    }

    /// A registration written out: `property(…)`, `ignored(…)`, `unmappedKeys(…)` or a long form.
    ///
    /// ```swift
    /// property(\.htmlURL, key: "html_url")
    /// ```
    ///
    /// - Parameter property: The registration.
    /// - Returns: The registration.
    public static func buildExpression(_ property: JastorProperty) -> [JastorProperty] {
        [property]
    }

    /// The lines, in order.
    ///
    /// ```swift
    /// register { \.name; \.children }
    /// ```
    ///
    /// - Parameter lines: Each line's registrations.
    /// - Returns: Every registration.
    public static func buildBlock(_ lines: [JastorProperty]...) -> [JastorProperty] {
        lines.flatMap { $0 }
    }

    /// The lines of an `if` without `else`, when it applies.
    ///
    /// ```swift
    /// if includesDrafts { \.draft }
    /// ```
    ///
    /// - Parameter lines: The registrations, or `nil`.
    /// - Returns: The registrations, or none.
    public static func buildOptional(_ lines: [JastorProperty]?) -> [JastorProperty] {
        lines ?? []
    }

    /// The lines of the first branch of an `if`/`else` or `switch`.
    ///
    /// ```swift
    /// if legacy { property(\.name, key: "title") } else { \.name }
    /// ```
    ///
    /// - Parameter lines: The branch's registrations.
    /// - Returns: The registrations.
    public static func buildEither(first lines: [JastorProperty]) -> [JastorProperty] {
        lines
    }

    /// The lines of the second branch of an `if`/`else` or `switch`.
    ///
    /// ```swift
    /// if legacy { property(\.name, key: "title") } else { \.name }
    /// ```
    ///
    /// - Parameter lines: The branch's registrations.
    /// - Returns: The registrations.
    public static func buildEither(second lines: [JastorProperty]) -> [JastorProperty] {
        lines
    }
}
