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
///
/// Jastor supplies every conformance; the protocol has no requirements.
public protocol JastorPassthrough {}

extension JastorPassthrough {
    /// The typed codec for `Self`.
    static var codec: Codec<Self> {
        ((Self.self as? any PassthroughCodecSupplying.Type)?.passthroughCodec as? Codec<Self>) ?? Codec<Self>()
    }
}

extension Dictionary: JastorPassthrough where Key == String, Value == Any {}

extension Dictionary: PassthroughCodecSupplying where Key == String, Value == Any {
    /// Keeps a JSON object as `[String: Any]`.
    static var passthroughCodec: AnyCodec { PassthroughObjectCodec() }
}

extension Array: JastorPassthrough where Element == Any {}

extension Array: PassthroughCodecSupplying where Element == Any {
    /// Keeps a JSON array as `[Any]`.
    static var passthroughCodec: AnyCodec { PassthroughArrayCodec() }
}

extension Optional: JastorPassthrough where Wrapped: JastorPassthrough {}

extension Optional: PassthroughCodecSupplying where Wrapped: JastorPassthrough {
    /// Reads `null` as `nil`, anything else as `Wrapped`.
    static var passthroughCodec: AnyCodec { OptionalCodec(wrapped: Wrapped.codec) }
}
