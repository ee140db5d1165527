import Foundation

/// A JSON container that a property holds untyped: `[String: Any]`, `[Any]`, or their optionals.
///
/// Such a property receives the JSON as `JSONSerialization` would produce it, so data the model
/// does not describe can still be kept:
///
/// ```swift
/// final class Event: JastorObject {
///     var metadata: [String: Any] = [:]
///     override class var properties: [JastorProperty] { register { \.metadata } }
/// }
/// ```
public protocol JastorPassthrough {
    /// How Jastor reads and writes values of this type; supplied by the library.
    static var jastorPassthroughCodec: JastorCodec { get }
}

extension JastorPassthrough {
    /// The typed codec for `Self`.
    static var codec: Codec<Self> { (jastorPassthroughCodec as? Codec<Self>) ?? Codec<Self>() }
}

extension Dictionary: JastorPassthrough where Key == String, Value == Any {
    /// Keeps a JSON object as `[String: Any]`.
    public static var jastorPassthroughCodec: JastorCodec { PassthroughObjectCodec() }
}

extension Array: JastorPassthrough where Element == Any {
    /// Keeps a JSON array as `[Any]`.
    public static var jastorPassthroughCodec: JastorCodec { PassthroughArrayCodec() }
}

extension Optional: JastorPassthrough where Wrapped: JastorPassthrough {
    /// Reads `null` as `nil`, anything else as `Wrapped`.
    public static var jastorPassthroughCodec: JastorCodec { OptionalCodec(wrapped: Wrapped.codec) }
}
