import Foundation

/// Reads a JSON array element by element.
///
/// In lenient mapping an element that does not fit is left out (and reported); the elements that fit
/// are kept.
final class ArrayCodec<Element>: Codec<[Element]>, @unchecked Sendable {
    // @unchecked: `Codec` is a non-final class; this one holds only an immutable `let` element codec.
    private let element: Codec<Element>
    /// The element scalar's direct output, which writes whole arrays of it.
    private let scalarOutput: ScalarOutput<Element>?
    /// How arrays of the byte reader's values are read: the element codec's reader when it
    /// compiles one (scalars, arrays of them), else element by element with `[Element]`'s
    /// metadata held from here.
    private let documentReader: DocumentArrayReader<[Element]>
    /// `scalarOutput`'s Foundation array on its own: reading it out of `scalarOutput` copies the
    /// whole rule set (six closures, six retains and releases) for every array `toDictionary()` writes.
    private let foundationScalars: (@Sendable ([Element], inout EncodingContext) -> Any)?

    init(element: Codec<Element>) {
        self.element = element
        let scalarElement = element as? ScalarCodec<Element>
        self.scalarOutput = scalarElement?.direct
        self.foundationScalars = scalarElement?.direct?.foundationArray
        self.documentReader = element.documentArrayReader() ?? .elementwise(element)
    }

    override var typeName: String { "[\(element.typeName)]" }
    override var declarationMistake: DeclarationMistake? { element.declarationMistake }

    // The byte reader's values: through `documentReader`, which walks them as `decode` below does
    // without looking up `[Element]`'s metadata per array (and, for scalars, compiled for their type).
    override func decodeDocument(
        _ source: DocumentValue, into slot: UnsafeMutablePointer<[Element]>, context: inout MappingContext
    ) -> Bool {
        guard source.isArray else {
            recordMismatch(source, context: &context)
            return false
        }
        return documentReader.read(source, slot, &context)
    }

    override func updateDocument(
        _ source: DocumentValue, storage: UnsafeMutablePointer<[Element]>, context: inout MappingContext
    ) -> Bool {
        guard source.isArray else {
            recordMismatch(source, context: &context)
            return false
        }
        return documentReader.update(source, storage, &context)
    }

    override func documentArrayReader() -> DocumentArrayReader<[[Element]]>? { documentReader.nested() }

    // Every other source (the byte reader's values go through `documentReader`).
    override func decode<Source: JSONSource>(
        _ source: Source, into slot: UnsafeMutablePointer<[Element]>, context: inout MappingContext
    ) -> Bool {
        guard isKind(.array, source, context: &context) else { return false }
        return [Element].reading(elementsOf: source, into: slot, context: &context) { member, elementSlot, context in
            member.read(through: element, into: elementSlot, context: &context)
        }
    }

    override func encode(_ value: [Element], context: inout EncodingContext) -> JSONValue {
        guard !context.isTooDeep() else { return .null }
        var encoded: [JSONValue] = []
        encoded.reserveCapacity(value.count)
        // Through the buffer: an array's own iterator hands generic code `Element?`s.
        value.withUnsafeBufferPointer { members in
            for index in members.indices {
                encoded.append(
                    context.descend(into: .index(index)) { context in element.encode(members[index], context: &context)
                    })
            }
        }
        return .array(encoded)
    }

    override func writeJSON(_ value: [Element], to writer: inout JSONWriter, context: inout EncodingContext) {
        guard let scalarOutput else { return writer.writeArray(value, of: element, context: &context) }
        guard !context.isTooDeep() else { return writer.writeNull() }
        scalarOutput.writeArray(value, &writer, &context)
    }

    override func foundationValue(_ value: [Element], context: inout EncodingContext) -> Any {
        guard let foundationScalars else {
            return MappingEngine.foundationArray(value, of: element, context: &context)
        }
        guard !context.isTooDeep() else { return NSNull() }
        return foundationScalars(value, &context)
    }

    // `count`, not `isEmpty`: unspecialised, `isEmpty` is `Collection`'s, found through the
    // array's metadata and witness table on every call.
    override func emptiness(_ value: [Element]) -> Emptiness { value.count == 0 ? .emptyCollection : .notEmpty }

    override func replacingModelType(with type: JastorObject.Type) -> Codec<[Element]>? {
        element.replacingModelType(with: type).map(ArrayCodec.init(element:))
    }

    override func replacingDates(with dates: Codec<Date>) -> Codec<[Element]>? {
        element.replacingDates(with: dates).map(ArrayCodec.init(element:))
    }
}
