import Foundation

// How a type's codec is found. `JastorValue` and `JastorPassthrough` are public marker protocols
// with no requirements, so codecs stay internal: the types Jastor maps conform to these internal
// protocols as well, and `JastorValue.codec` finds a codec by asking, once per registration, which
// of them a type conforms to. A user's `RawRepresentable` enum, which cannot conform to an
// internal protocol, is recognised by its raw value's type instead.

/// A type whose codec Jastor supplies: the scalars of the conversion table, models, and
/// optionals, arrays and dictionaries of `JastorValue`s.
protocol CodecSupplying {
    /// A new codec for the type (callers cast it to `Codec<Self>`).
    static var suppliedCodec: AnyCodec { get }
}

/// A JSON container held untyped (`[String: Any]`, `[Any]`, their optionals), whose codec Jastor
/// supplies.
protocol PassthroughCodecSupplying {
    /// A new codec for the type (callers cast it to `Codec<Self>`).
    static var passthroughCodec: AnyCodec { get }
}

enum CodecLookup {
    /// The codec Jastor's rules give `Value`: a supplied one, or the raw-value codec of a
    /// `RawRepresentable` whose raw value is a `JastorValue`; `nil` if there are no rules.
    static func builtInCodec<Value>(for type: Value.Type) -> Codec<Value>? {
        if let supplying = type as? any CodecSupplying.Type {
            return supplying.suppliedCodec as? Codec<Value>
        }
        if let rawRepresentable = type as? any RawRepresentable.Type {
            return rawValueCodec(rawRepresentable) as? Codec<Value>
        }
        return nil
    }

    private static func rawValueCodec<Value: RawRepresentable>(_: Value.Type) -> AnyCodec? {
        guard let rawType = Value.RawValue.self as? any JastorValue.Type else { return nil }
        return rawValueCodec(Value.self, raw: rawType)
    }

    private static func rawValueCodec<Value: RawRepresentable, Raw: JastorValue>(
        _: Value.Type, raw: Raw.Type
    ) -> AnyCodec? {
        guard let rawCodec = Raw.codec as? Codec<Value.RawValue> else { return nil }
        return RawValueCodec<Value>(raw: rawCodec)
    }
}
