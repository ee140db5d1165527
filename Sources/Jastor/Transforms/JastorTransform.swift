import Foundation

/// A two-way conversion between JSON and a property's type, used instead of the built-in rules.
///
/// Give one to a registration, or make it the default for every property of its type:
///
/// ```swift
/// property(\.birthDate, transform: .date(format: "MM-dd-yyyy"))
/// property(\.tier, transform: JastorTransform(decode: { Tier(code: $0 as? String) }, encode: { $0.code }))
///
/// JastorTransform.table(["female": Gender.female, "male": .male]).registerAsDefault()
/// ```
public struct JastorTransform<Value>: Sendable {
    let codec: Codec<Value>

    init(codec: Codec<Value>) {
        self.codec = codec
    }

    /// A transform made of two closures over Foundation JSON values.
    ///
    /// `decode` receives the JSON value as `JSONSerialization` would produce it, with JSON booleans
    /// as `Bool` and numbers as `Int`, `UInt64` or `Double` (so `as? Int` never matches `true`), and
    /// returns `nil` when the value does not fit. `encode` returns a Foundation JSON value.
    ///
    /// ```swift
    /// let cents = JastorTransform<Int>(decode: { ($0 as? Double).map { Int($0 * 100) } }, encode: { Double($0) / 100 })
    /// ```
    ///
    /// - Parameters:
    ///   - typeName: The name used for the expected type in issues; the type's name by default.
    ///   - decode: Converts a JSON value, or returns `nil` when it does not fit.
    ///   - encode: Converts a value back to a Foundation JSON value.
    public init(
        typeName: String? = nil, decode: @escaping @Sendable (Any) -> Value?,
        encode: @escaping @Sendable (Value) -> Any
    ) {
        self.codec = ClosureCodec(typeName: typeName ?? String(describing: Value.self), decode: decode, encode: encode)
    }

    /// Makes this transform the one every property of type `Value` uses, unless its registration
    /// names its own (as SFObjectMapping's `registerMapper:forClass:`).
    ///
    /// Register before the first model using the type is mapped: a class's plan is built once, on
    /// first use, with the transforms registered at that moment. A later registration replaces
    /// an earlier one for classes planned after it.
    ///
    /// ```swift
    /// JastorTransform.table(["female": Gender.female, "male": .male]).registerAsDefault()
    /// ```
    public func registerAsDefault() {
        DefaultTransforms.shared.register(codec, for: Value.self)
    }
}

/// The process-wide default transforms, by type.
final class DefaultTransforms: Sendable {
    static let shared = DefaultTransforms()

    private let codecs = Locked<[ObjectIdentifier: JastorCodec]>([:])

    func register<Value>(_ codec: Codec<Value>, for type: Value.Type) {
        codecs.withLock { $0[ObjectIdentifier(type)] = codec }
    }

    func codec<Value>(for type: Value.Type) -> Codec<Value>? {
        codecs.withLock { $0[ObjectIdentifier(type)] } as? Codec<Value>
    }
}

/// The codec of a closure-pair transform.
final class ClosureCodec<Value>: Codec<Value>, @unchecked Sendable {
    private let name: String
    private let decodeValue: @Sendable (Any) -> Value?
    private let encodeValue: @Sendable (Value) -> Any

    init(typeName: String, decode: @escaping @Sendable (Any) -> Value?, encode: @escaping @Sendable (Value) -> Any) {
        self.name = typeName
        self.decodeValue = decode
        self.encodeValue = encode
    }

    override var typeName: String { name }

    override func decode<Source: JSONSource>(
        _ source: Source, into slot: UnsafeMutablePointer<Value>, context: inout MappingContext
    ) -> Bool {
        let node = source.kind
        let input: Any
        switch node {
        case .scalar(let scalar): input = scalar.jsonValue.foundationValue
        case .object, .array, .unsupported: input = source.foundationValue
        }
        guard let value = decodeValue(input) else {
            context.record(.invalidValue, expected: name, found: node.summary)
            return false
        }
        slot.initialize(to: value)
        return true
    }

    override func encode(_ value: Value, context: inout EncodingContext) -> JSONValue {
        MappingEngine.encodeUntyped(encodeValue(value), context: &context)
    }
}

/// The codec of a scalar type or a built-in transform: a rule over JSON scalars and a rule back
/// (a row of the conversion table, or a transform's).
final class ScalarTransformCodec<Value>: Codec<Value>, @unchecked Sendable {
    // @unchecked: immutable; the rules capture only immutable values or thread-safe formatters.
    private let name: String
    private let decodeScalar: (JSONScalar, UnsafeMutablePointer<Value>) -> JastorIssue.Kind?
    private let encodeValue: (Value) -> JSONValue
    /// For `Double` and `Float`: whether a value is one that JSON cannot hold, which only archives
    /// may bring back.
    private let isNonFinite: ((Value) -> Bool)?
    private let builtIn: Bool

    // Always inlined, so that the closure wrapping `decode` is compiled where `Value` is known:
    // unspecialised, it would look up `ScalarConversion<Value>`'s metadata on every value.
    @inline(__always)
    init(
        typeName: String, decode: @escaping (JSONScalar) -> ScalarConversion<Value>,
        encode: @escaping (Value) -> JSONValue, isNonFinite: ((Value) -> Bool)? = nil, isBuiltIn: Bool = false
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
            guard let isNonFinite, scalar.mayBeNonFinite, context.input != .archive, isNonFinite(slot.pointee) else {
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
