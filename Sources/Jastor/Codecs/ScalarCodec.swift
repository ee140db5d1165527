import Foundation

/// The codec of a scalar type or a built-in transform: a rule over JSON scalars and a rule back
/// (a row of the conversion table, or a transform's).
final class ScalarCodec<Value>: Codec<Value>, @unchecked Sendable {
    // @unchecked: `Codec` is a non-final class; this one holds only `let`s, and its rules are
    // `@Sendable` closures (they capture immutable values or thread-safe formatters).
    private let name: String
    private let decodeScalar: @Sendable (JSONScalar, UnsafeMutablePointer<Value>) -> JastorIssue.Kind?
    private let encodeValue: @Sendable (Value) -> JSONValue
    /// For `Double` and `Float`: whether a value is one that JSON cannot hold, which only archives
    /// may bring back.
    private let isNonFinite: (@Sendable (Value) -> Bool)?
    private let builtIn: Bool

    // Always inlined, so that the closure wrapping `decode` is compiled where `Value` is known:
    // unspecialised, it would look up `ScalarConversion<Value>`'s metadata on every value.
    @inline(__always)
    init(
        typeName: String, decode: @escaping @Sendable (JSONScalar) -> ScalarConversion<Value>,
        encode: @escaping @Sendable (Value) -> JSONValue, isNonFinite: (@Sendable (Value) -> Bool)? = nil,
        isBuiltIn: Bool = false
    ) {
        self.name = typeName
        self.decodeScalar = { scalar, slot in
            switch decode(scalar) {
            case .success(let value):
                slot.initialize(to: value)
                return nil
            case .failure(let kind):
                return kind
            }
        }
        self.encodeValue = encode
        self.isNonFinite = isNonFinite
        self.builtIn = isBuiltIn
    }

    override var typeName: String { name }

    override var isBuiltInRule: Bool { builtIn }

    override func decode<Source: JSONSource>(
        _ source: Source, into slot: UnsafeMutablePointer<Value>, context: inout MappingContext
    ) -> Bool {
        guard case .scalar(let scalar) = source.kind else {
            recordMismatch(source, context: &context)
            return false
        }
        guard let kind = decodeScalar(scalar, slot) else {
            guard let isNonFinite, scalar.mayBeNonFinite, !context.policy.acceptsNonFiniteNumbers,
                isNonFinite(slot.pointee)
            else {
                return true
            }
            // What mapping accepts, output must be able to write: JSON has no NaN or infinity.
            slot.deinitialize(count: 1)
            context.record(.valueOutOfRange, expected: "a finite \(name)", found: scalar.summary)
            return false
        }
        context.record(kind, expected: name, found: scalar.summary)
        return false
    }

    override func encode(_ value: Value, context: inout EncodingContext) -> JSONValue {
        encodeValue(value)
    }
}
