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
///
/// Any other type that conforms maps through the transform registered for it with
/// ``JastorTransform/registerAsDefault()`` or through a per-property transform; without one, its
/// properties are reported as declaration mistakes (``JastorObject/declarationIssues``).
/// The protocol has no requirements: how a type maps is Jastor's business, found once per class.
public protocol JastorValue {}

extension JastorValue {
    /// The typed codec for `Self`: the registered default transform, else the built-in rules, else
    /// the codec that reports a type without rules.
    static var codec: Codec<Self> {
        DefaultTransforms.shared.codec(for: Self.self) ?? CodecLookup.builtInCodec(for: Self.self) ?? Codec<Self>()
    }
}

extension Optional: JastorValue where Wrapped: JastorValue {}

extension Optional: CodecSupplying where Wrapped: JastorValue {
    /// Reads `null` as `nil`, anything else as `Wrapped`.
    static var suppliedCodec: AnyCodec { OptionalCodec(wrapped: Wrapped.codec) }
}

extension Array: JastorValue where Element: JastorValue {}

extension Array: CodecSupplying where Element: JastorValue {
    /// Reads a JSON array element by element.
    static var suppliedCodec: AnyCodec { ArrayCodec(element: Element.codec) }
}

extension Dictionary: JastorValue where Key == String, Value: JastorValue {}

extension Dictionary: CodecSupplying where Key == String, Value: JastorValue {
    /// Reads a JSON object member by member.
    static var suppliedCodec: AnyCodec { DictionaryCodec(value: Value.codec) }
}
