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

/// An opaque description of how one Swift type maps to JSON and back.
///
/// Jastor builds codecs; user code never needs to create or inspect one.
public class JastorCodec: @unchecked Sendable {
    // @unchecked: codecs are immutable once built and shared by every thread that maps.
    init() {}
}

/// The typed codec behind ``JastorCodec``.
///
/// This base class is the codec of a type Jastor cannot map: it reports every value as a declaration
/// problem, so a mistake never traps.
class Codec<Value>: JastorCodec, @unchecked Sendable {
    /// The type's name in messages: `Int64`, `[Product]`.
    var typeName: String { String(describing: Value.self) }

    /// The name of the type this codec (or a codec inside it) cannot map, if any.
    ///
    /// Such a type has neither rules nor a transform. Checked once, when the class plan is built.
    var typeWithoutRules: String? { type(of: self) == Codec<Value>.self ? typeName : nil }

    /// Reads a value into `slot`, or records why it cannot.
    ///
    /// Codecs read into a caller's slot instead of returning `Value?` because unspecialised
    /// generic code looks up the metadata of every `Optional<Value>` it touches, on every call.
    ///
    /// - Parameters:
    ///   - source: The JSON to read.
    ///   - slot: Uninitialised memory for one value; initialised when the read succeeds, left
    ///     uninitialised otherwise.
    ///   - context: The mapping run.
    /// - Returns: Whether `slot` now holds a value.
    func decode<Source: JSONSource>(
        _ source: Source, into slot: UnsafeMutablePointer<Value>, context: inout MappingContext
    ) -> Bool {
        context.record(.invalidDeclaration, expected: "a transform for \(typeName)", found: "none registered")
        return false
    }

    /// Reads a value, or records why it cannot and returns `nil`; for callers off the hot path.
    final func decode<Source: JSONSource>(_ source: Source, context: inout MappingContext) -> Value? {
        withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
            guard let slot = buffer.baseAddress, decode(source, into: slot, context: &context) else { return nil }
            return slot.move()
        }
    }

    /// Writes a value.
    func encode(_ value: Value, context: inout EncodingContext) -> JSONValue {
        context.record(.invalidDeclaration, expected: "a transform for \(typeName)", found: "none registered")
        return .null
    }

    /// Writes a value as JSON text (``JastorObject/jsonData(options:)``): by default the tree
    /// ``encode(_:context:)`` builds; containers and models stream instead.
    func writeJSON(_ value: Value, to writer: inout JSONWriter, context: inout EncodingContext) {
        writer.writeTree(encode(value, context: &context), context: &context)
    }

    /// A value as `toDictionary()` holds it: by default the tree ``encode(_:context:)`` builds, as
    /// Foundation values; containers and models build theirs directly.
    func foundationValue(_ value: Value, context: inout EncodingContext) -> Any {
        encode(value, context: &context).foundationValue
    }

    /// Whether `value` is `nil`, an empty collection, or neither: output leaves a property out
    /// only when its value is empty in the same way as the class's default (`nil` is not `[]`).
    func emptiness(_ value: Value) -> Emptiness { .notEmpty }

    /// The same codec building `type` wherever it builds models (for `arrayElementTypes`), or
    /// `nil` when it builds no models or `type` does not fit.
    func replacingModelType(with type: JastorObject.Type) -> Codec<Value>? { nil }

    /// The same codec with `dates` for its `Date`s, or `nil` when it has none to replace.
    ///
    /// Replaced are the `Date`s read and written by the built-in rule or the process-wide default
    /// (for a class's ``JastorObject/dateTransform``); a transform given to a property is kept.
    func replacingDates(with dates: Codec<Date>) -> Codec<Value>? {
        guard Value.self == Date.self, isBuiltInRule || self === DefaultTransforms.shared.codec(for: Date.self) else {
            return nil
        }
        return dates as? Codec<Value>
    }

    /// Whether this is a type's built-in rule rather than a transform.
    var isBuiltInRule: Bool { false }

    /// Records that `source` does not have the shape this codec reads.
    func recordMismatch<Source: JSONSource>(_ source: Source, context: inout MappingContext) {
        context.record(.typeMismatch, expected: typeName, found: source.kind.summary)
    }
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

extension JastorPassthrough {
    /// The typed codec for `Self`.
    static var codec: Codec<Self> { (jastorPassthroughCodec as? Codec<Self>) ?? Codec<Self>() }
}

/// How a value is empty, for leaving a property's default out of the output.
enum Emptiness {
    case notEmpty
    /// `nil`.
    case none
    /// An empty array or dictionary (also inside an optional).
    case emptyCollection
}

// MARK: - Containers

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

// MARK: - Pass-through containers

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
