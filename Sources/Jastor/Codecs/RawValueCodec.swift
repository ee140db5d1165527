import Foundation

/// Reads a `RawRepresentable` enum through its raw value.
final class RawValueCodec<Value: RawRepresentable>: Codec<Value>, @unchecked Sendable {
    // @unchecked: `Codec` is a non-final class; this one holds only an immutable `let` raw-value codec.
    private let raw: Codec<Value.RawValue>

    init(raw: Codec<Value.RawValue>) {
        self.raw = raw
    }

    override var declarationMistake: DeclarationMistake? { raw.declarationMistake }

    // The byte reader's values: `decode` below, inlined and so compiled for them.
    override func decodeDocument(
        _ source: DocumentValue, into slot: UnsafeMutablePointer<Value>, context: inout MappingContext
    ) -> Bool {
        decode(source, into: slot, context: &context)
    }

    // Always inlined, so that `decodeDocument` above holds a copy compiled for the byte reader's
    // values (a generic class's method is not specialised while the class's own parameters are not).
    @inline(__always)
    override func decode<Source: JSONSource>(
        _ source: Source, into slot: UnsafeMutablePointer<Value>, context: inout MappingContext
    ) -> Bool {
        let mark = context.issueCount
        guard let rawValue = raw.decode(source, context: &context) else {
            // What the property expected is the enum, not its raw type (`colour: expected Colour`).
            if context.issueCount != mark { context.renameExpected(since: mark, to: typeName) }
            return false
        }
        guard let value = Value(rawValue: rawValue) else {
            context.record(.invalidValue, expected: typeName, found: source.kind.summary)
            return false
        }
        slot.initialize(to: value)
        return true
    }

    override func encode(_ value: Value, context: inout EncodingContext) -> JSONValue {
        raw.encode(value.rawValue, context: &context)
    }
}
