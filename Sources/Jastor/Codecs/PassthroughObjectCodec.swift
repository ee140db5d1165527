import Foundation

/// Keeps a JSON object as `[String: Any]`, exactly as the source holds it.
final class PassthroughObjectCodec: Codec<[String: Any]>, @unchecked Sendable {
    // @unchecked: `Codec` is a non-final class; this one has no stored state.
    override var typeName: String { "[String: Any]" }

    override func decode<Source: JSONSource>(
        _ source: Source, into slot: UnsafeMutablePointer<[String: Any]>, context: inout MappingContext
    ) -> Bool {
        guard isKind(.object, source, context: &context) else { return false }
        // The Foundation dictionary is built only once the value is known to fit.
        guard let value = context.untypedValue(of: source) else { return false }
        guard let dictionary = value as? [String: Any] else {
            recordMismatch(source, context: &context)
            return false
        }
        slot.initialize(to: dictionary)
        return true
    }

    // `decode` above, for a dictionary the mapping built from scalars: nothing to classify, measure
    // or detach (a scalar Foundation reads back is kept as it is).
    override func storeUntypedScalarMembers(
        _ found: [String: Any], into storage: UnsafeMutablePointer<[String: Any]>, context: inout MappingContext
    ) -> Bool {
        guard storage.pointee.isEmpty, context.takeUntypedScalarMembers(found.count) else { return false }
        storage.pointee = found
        return true
    }

    override func encode(_ value: [String: Any], context: inout EncodingContext) -> JSONValue {
        MappingEngine.encodeUntyped(value, context: &context)
    }

    override func emptiness(_ value: [String: Any]) -> Emptiness { value.isEmpty ? .emptyCollection : .notEmpty }
}
