import Foundation

/// Reads `null` as `nil` and anything else through the wrapped codec.
final class OptionalCodec<Wrapped>: Codec<Wrapped?>, @unchecked Sendable {
    // @unchecked: `Codec` is a non-final class; this one holds only an immutable `let` wrapped codec.
    private let wrapped: Codec<Wrapped>
    /// The wrapped scalar's direct output, which also writes its optionals without unwrapping
    /// them here.
    private let scalarOutput: ScalarOutput<Wrapped>?

    init(wrapped: Codec<Wrapped>) {
        self.wrapped = wrapped
        self.scalarOutput = (wrapped as? ScalarCodec<Wrapped>)?.direct
    }

    override var typeName: String { wrapped.typeName }
    override var typeWithoutRules: String? { wrapped.typeWithoutRules }

    // The byte reader's values: `decode` below, inlined and so compiled for them.
    override func decodeDocument(
        _ source: DocumentValue, into slot: UnsafeMutablePointer<Wrapped?>, context: inout MappingContext
    ) -> Bool {
        decode(source, into: slot, context: &context)
    }

    // Always inlined, so that `decodeDocument` above holds a copy compiled for the byte reader's
    // values (a generic class's method is not specialised while the class's own parameters are not).
    @inline(__always)
    override func decode<Source: JSONSource>(
        _ source: Source, into slot: UnsafeMutablePointer<Wrapped?>, context: inout MappingContext
    ) -> Bool {
        if case .scalar(.null) = source.kind {
            slot.initialize(to: nil)
            return true
        }
        return withUnsafeTemporaryAllocation(of: Wrapped.self, capacity: 1) { buffer in
            guard let wrappedSlot = buffer.baseAddress,
                source.read(through: wrapped, into: wrappedSlot, context: &context)
            else { return false }
            slot.initialize(to: wrappedSlot.move())
            return true
        }
    }

    // `if let` rather than `Optional.map`: the generic `map` looks up `Optional`'s metadata per call.
    override func encode(_ value: Wrapped?, context: inout EncodingContext) -> JSONValue {
        if let value { return wrapped.encode(value, context: &context) }
        return .null
    }

    override func writeJSON(_ value: Wrapped?, to writer: inout JSONWriter, context: inout EncodingContext) {
        if let value { return wrapped.writeJSON(value, to: &writer, context: &context) }
        writer.writeNull()
    }

    override func foundationValue(_ value: Wrapped?, context: inout EncodingContext) -> Any {
        if let value { return wrapped.foundationValue(value, context: &context) }
        return NSNull()
    }

    // One unwrapping for the emptiness check and the value: each costs unspecialised code a
    // lookup of `Optional<Wrapped>`'s metadata.
    override func addMember(
        _ value: Wrapped?, omitting omitted: Emptiness, as key: String, to dictionary: inout [String: Any],
        context: inout EncodingContext
    ) {
        if let scalarOutput { return scalarOutput.addOptionalMember(value, omitted, key, &dictionary) }
        if let value { return wrapped.addMember(value, omitting: omitted, as: key, to: &dictionary, context: &context) }
        if omitted != .none { dictionary[key] = NSNull() }
    }

    override func writeMember(
        _ value: Wrapped?, _ member: JSONOutputLayout.Member, first: Bool, to writer: inout JSONWriter,
        context: inout EncodingContext
    ) -> Bool {
        if let scalarOutput { return scalarOutput.writeOptionalMember(value, member, first, &writer, &context) }
        if let value { return wrapped.writeMember(value, member, first: first, to: &writer, context: &context) }
        guard member.property.omittedEmptiness != .none else { return false }
        writer.writeKey(of: member, first: first)
        writer.writeNull()
        return true
    }

    override func emptiness(_ value: Wrapped?) -> Emptiness {
        if let value { return wrapped.emptiness(value) }
        return .none
    }

    override func replacingModelType(with type: JastorObject.Type) -> Codec<Wrapped?>? {
        wrapped.replacingModelType(with: type).map(OptionalCodec.init(wrapped:))
    }

    override func replacingDates(with dates: Codec<Date>) -> Codec<Wrapped?>? {
        wrapped.replacingDates(with: dates).map(OptionalCodec.init(wrapped:))
    }
}
