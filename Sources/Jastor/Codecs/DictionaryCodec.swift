import Foundation

/// Reads a JSON object into `[String: Value]`, member by member; in lenient mapping a member
/// that does not fit is left out (and reported).
final class DictionaryCodec<Value>: Codec<[String: Value]>, @unchecked Sendable {
    // @unchecked: `Codec` is a non-final class; this one holds only an immutable `let` value codec.
    private let value: Codec<Value>

    init(value: Codec<Value>) {
        self.value = value
    }

    override var typeName: String { "[String: \(value.typeName)]" }
    override var declarationMistake: DeclarationMistake? { value.declarationMistake }
    override var archivedTransform: String? { value.archivedTransform }

    // The byte reader's values: `decode` below, inlined and so compiled for them.
    override func decodeDocument(
        _ source: DocumentValue, into slot: UnsafeMutablePointer<[String: Value]>, context: inout MappingContext
    ) -> Bool {
        decode(source, into: slot, context: &context)
    }

    // Always inlined, so that `decodeDocument` above holds a copy compiled for the byte reader's
    // values (a generic class's method is not specialised while the class's own parameters are not).
    @inline(__always)
    override func decode<Source: JSONSource>(
        _ source: Source, into slot: UnsafeMutablePointer<[String: Value]>, context: inout MappingContext
    ) -> Bool {
        guard isKind(.object, source, context: &context) else { return false }
        context.recordKeysEqualAsStrings(in: source)
        let members = source.object
        guard !context.isTooDeep() else { return false }
        var result: [String: Value] = [:]
        var repeated = RepeatedKeys()
        withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
            guard let member = buffer.baseAddress else { return }
            members.forEachMember { key, json in
                if context.descend(into: .key(key), { json.read(through: value, into: member, context: &$0) }),
                    result.updateValue(member.move(), forKey: key) != nil
                {
                    repeated.count(key)
                }
            }
        }
        repeated.record(context: &context)
        slot.initialize(to: result)
        return true
    }

    override func encode(_ dictionary: [String: Value], context: inout EncodingContext) -> JSONValue {
        guard !context.isTooDeep() else { return context.typedCut(typeName) }
        var object = JSONObject(capacity: dictionary.count)
        // Sorted for a stable output, and read through the buffer: looking keys up would hand
        // generic code `Value?`s.
        dictionary.sorted { $0.key < $1.key }.withUnsafeBufferPointer { members in
            for (key, member) in members {
                object.appendNew(
                    context.descend(into: .key(key)) { context in value.encode(member, context: &context) }, forKey: key
                )
            }
        }
        return .object(object)
    }

    override func writeJSON(_ dictionary: [String: Value], to writer: inout JSONWriter, context: inout EncodingContext)
    {
        writer.writeDictionary(dictionary, of: value, context: &context)
    }

    override func foundationValue(_ dictionary: [String: Value], context: inout EncodingContext) -> Any {
        MappingEngine.foundationDictionary(dictionary, of: value, context: &context)
    }

    override func emptiness(_ dictionary: [String: Value]) -> Emptiness {
        dictionary.isEmpty ? .emptyCollection : .notEmpty
    }

    override func replacingModelType(with type: JastorObject.Type) -> Codec<[String: Value]>? {
        value.replacingModelType(with: type).map(DictionaryCodec.init(value:))
    }

    override func replacingDates(with dates: Codec<Date>) -> Codec<[String: Value]>? {
        value.replacingDates(with: dates).map(DictionaryCodec.init(value:))
    }
}
