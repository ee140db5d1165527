import Foundation

/// Reads a JSON array element by element.
///
/// In lenient mapping an element that does not fit is left out (and reported); the elements that fit
/// are kept.
final class ArrayCodec<Element>: Codec<[Element]>, @unchecked Sendable {
    // @unchecked: `Codec` is a non-final class; this one holds only an immutable `let` element codec.
    private let element: Codec<Element>
    /// The element scalar's direct output of whole arrays as JSON text.
    ///
    /// Held on its own, as ``foundationScalars`` is: read out of an optional
    /// `ScalarOutput<Element>` in this generic class, every array written looked up that struct's
    /// and its optional's metadata and copied its six closures (canada's 111,126 coordinate arrays, `jsonData()` in the peers' harness:
    /// 130.82 M that way, 80.92 M held on its own; see Performance.md, "Models → JSON (10)").
    private let scalarArrayWriter: (@Sendable ([Element], inout JSONWriter, inout EncodingContext) -> Void)?
    /// How arrays of the byte reader's values are read: the element codec's reader when it
    /// compiles one (scalars, arrays of them), else element by element with `[Element]`'s
    /// metadata held from here.
    private let documentReader: DocumentArrayReader<[Element]>
    /// The element scalar's Foundation array on its own, for the same reason: reading it out of
    /// the scalar's `ScalarOutput` copies the whole rule set (six closures, six retains and
    /// releases) for every array `toDictionary()` writes.
    private let foundationScalars: (@Sendable ([Element], inout EncodingContext) -> Any)?

    init(element: Codec<Element>) {
        self.element = element
        let scalarElement = element as? ScalarCodec<Element>
        self.scalarArrayWriter = scalarElement?.direct?.writeArray
        self.foundationScalars = scalarElement?.direct?.foundationArray
        self.documentReader = element.documentArrayReader() ?? .elementwise(element)
    }

    override var typeName: String { "[\(element.typeName)]" }
    override var declarationMistake: DeclarationMistake? { element.declarationMistake }
    override var archivedTransform: String? { element.archivedTransform }

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
        guard !context.isTooDeep() else { return context.typedCut(typeName) }
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
        guard let scalarArrayWriter else { return writer.writeArray(value, of: element, context: &context) }
        guard !context.isTooDeep() else { return writer.writeNull() }
        scalarArrayWriter(value, &writer, &context)
    }

    override func foundationValue(_ value: [Element], context: inout EncodingContext) -> Any {
        // Scalars at once when the run may still write them all; else one by one, which records the
        // value limit at the element that passes it.
        guard let foundationScalars, context.takeValues(value.count) else {
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
