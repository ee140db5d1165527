import Foundation

/// A Swift type whose values Jastor can read from JSON and write back.
///
/// Jastor supplies the conformance for `String`, `Bool`, every `Int` and `UInt` width, `Double`,
/// `Float`, `Decimal`, `Date`, `URL`, `UUID`, `Data`, every ``JastorObject`` subclass, and
/// optionals, arrays and `[String: Value]` dictionaries of those. A `RawRepresentable` enum
/// whose raw value is one of them conforms with an empty extension:
///
/// ```swift
/// enum Availability: String, JastorValue {
///     case inStock = "in_stock"
///     case soldOut = "sold_out"
/// }
/// ```
public protocol JastorValue {
    /// How Jastor reads and writes values of this type; supplied by the library.
    static var jastorCodec: JastorCodec { get }
}

extension JastorValue {
    /// A type with no built-in rules maps through the transform registered for it with
    /// ``JastorTransform/registerAsDefault()``, or through a per-property transform.
    public static var jastorCodec: JastorCodec { Codec<Self>() }

    /// The typed codec for `Self`: the registered default transform, else the built-in rules.
    static var codec: Codec<Self> {
        DefaultTransforms.shared.codec(for: Self.self) ?? (jastorCodec as? Codec<Self>) ?? Codec<Self>()
    }
}

extension Optional: JastorValue where Wrapped: JastorValue {
    /// Reads `null` as `nil`, anything else as `Wrapped`.
    public static var jastorCodec: JastorCodec { OptionalCodec(wrapped: Wrapped.codec) }
}

extension Array: JastorValue where Element: JastorValue {
    /// Reads a JSON array element by element.
    public static var jastorCodec: JastorCodec { ArrayCodec(element: Element.codec) }
}

extension Dictionary: JastorValue where Key == String, Value: JastorValue {
    /// Reads a JSON object member by member.
    public static var jastorCodec: JastorCodec { DictionaryCodec(value: Value.codec) }
}

extension JastorValue where Self: RawRepresentable, RawValue: JastorValue {
    /// Reads the raw value, then the case with that raw value.
    public static var jastorCodec: JastorCodec { RawValueCodec<Self>(raw: RawValue.codec) }
}
