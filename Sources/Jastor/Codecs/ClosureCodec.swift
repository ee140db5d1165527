import Foundation

/// The codec of a closure-pair transform.
final class ClosureCodec<Value>: Codec<Value>, @unchecked Sendable {
    // @unchecked: `Codec` is a non-final class; this one holds only `let`s: a name and `@Sendable` closures.
    private let name: String
    private let decodeValue: @Sendable (Any) -> Value?
    private let encodeValue: @Sendable (Value) -> Any

    init(typeName: String, decode: @escaping @Sendable (Any) -> Value?, encode: @escaping @Sendable (Value) -> Any) {
        self.name = typeName
        self.decodeValue = decode
        self.encodeValue = encode
    }

    override var typeName: String { name }
    /// A closure is recorded by the type name it was given: what its closures do is not seen.
    override var archivedTransform: String? { "closure transform to \(name)" }

    override func decode<Source: JSONSource>(
        _ source: Source, into slot: UnsafeMutablePointer<Value>, context: inout MappingContext
    ) -> Bool {
        let node = source.kind
        let input: Any
        switch node {
        case .scalar(let scalar):
            // A number no Foundation number holds is handed over as the nearest: reported, as an
            // untyped value reports it (the check below compares with what was handed over).
            if case .number(let literal) = scalar, literal.untypedValue == nil {
                context.recordNumberNotHeld(literal)
            }
            input = scalar.jsonValue.foundationValue
        case .object, .array, .unsupported:
            // Counted and measured as an untyped value is, before it is copied for the closure: a
            // container shared by many places (built in code) is refused at the limit, not walked.
            guard !context.exceedsLimits(untyped: source) else { return false }
            input = source.foundationValue
        }
        guard let value = decodeValue(input) else {
            context.record(.invalidValue, expected: name, found: node.summary)
            return false
        }
        // What `encode` writes for the value must be what was read, or the output would change it
        // in silence (`35` written as `3`, a number rounded, a string in another spelling).
        if let written = WrittenBackAsRead.rewrite(of: input, as: encodeValue(value)) {
            context.record(
                .invalidValue, expected: "\(name) written back as read", found: "\(node.summary) (written \(written))")
        }
        slot.initialize(to: value)
        return true
    }

    override func encode(_ value: Value, context: inout EncodingContext) -> JSONValue {
        let written = MappingEngine.encodeUntyped(encodeValue(value), transformed: true, context: &context)
        guard case .null = written, !Self.isNil(value) else { return written }
        // `null` reads back as `nil` (or the default), not as this value: reported where output
        // reports issues, and told apart from `nil` by equality and `description`.
        guard context.purpose != .inspection else { return .opaque(OpaqueValue(value: WrittenAsNull(value: value))) }
        context.record(
            .unencodableValue, expected: "a value that \(name)'s transform writes as other than null",
            found: ValueDescription.describing(value))
        return .null
    }

    /// Whether `value` is an optional holding nothing (a transform of an optional type), which
    /// `null` stands for; asked only of values `encode` wrote as `null`.
    private static func isNil(_ value: Value) -> Bool {
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }
}

/// What equality and `description` see of a value a transform's `encode` writes as `null`: the
/// value itself, marked, so that it is told apart from `nil` and from a string of its text
/// (`WrittenAsNull(value: 3)`).
struct WrittenAsNull {
    let value: Any
}
