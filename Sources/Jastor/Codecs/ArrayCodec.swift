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
    /// The element codec when it is a scalar's, whose arrays of the byte reader's values are read
    /// by a loop compiled for the scalar's type.
    private let scalarElement: ScalarCodec<Element>?
    /// `scalarOutput`'s Foundation array on its own: reading it out of `scalarOutput` copies the
    /// whole rule set (six closures, six retains and releases) for every array `toDictionary()` writes.
    private let foundationScalars: (@Sendable ([Element], inout EncodingContext) -> Any)?

    init(element: Codec<Element>) {
        self.element = element
        let scalarElement = element as? ScalarCodec<Element>
        self.scalarElement = scalarElement
        self.scalarOutput = scalarElement?.direct
        self.foundationScalars = scalarElement?.direct?.foundationArray
    }

    override var typeName: String { "[\(element.typeName)]" }
    override var declarationMistake: DeclarationMistake? { element.declarationMistake }

    // The byte reader's values: `decode` below, inlined and so compiled for them; arrays of a
    // scalar through the scalar codec's own loop, where building the array looks up no metadata
    // (unspecialised, every `[Element]` built looks up its storage class's generic metadata).
    override func decodeDocument(
        _ source: DocumentValue, into slot: UnsafeMutablePointer<[Element]>, context: inout MappingContext
    ) -> Bool {
        guard let scalarElement else { return decode(source, into: slot, context: &context) }
        guard isKind(.array, source, context: &context) else { return false }
        return scalarElement.readDocumentArray(scalarElement, source, slot, &context)
    }

    // Always inlined, so that `decodeDocument` above holds a copy compiled for the byte reader's
    // values (a generic class's method is not specialised while the class's own parameters are not).
    @inline(__always)
    override func decode<Source: JSONSource>(
        _ source: Source, into slot: UnsafeMutablePointer<[Element]>, context: inout MappingContext
    ) -> Bool {
        guard isKind(.array, source, context: &context) else { return false }
        return Self.readElements(of: source, into: slot, context: &context) { member, elementSlot, context in
            member.read(through: element, into: elementSlot, context: &context)
        }
    }

    /// Reads the elements of `source`, an array, into a new array in `slot`, each through
    /// `readElement`; an element that does not fit is left out.
    ///
    /// The one walk of every array read: ``decode(_:into:context:)``'s, and the one
    /// ``ScalarCodec`` compiles for arrays of its type.
    @inline(__always)
    static func readElements<Source: JSONSource>(
        of source: Source, into slot: UnsafeMutablePointer<[Element]>, context: inout MappingContext,
        _ readElement: (Source, UnsafeMutablePointer<Element>, inout MappingContext) -> Bool
    ) -> Bool {
        let elements = source.elements
        guard !context.isTooDeep() else { return false }
        guard !elements.isEmpty else {
            // Not through `unsafeUninitializedCapacity`: for no elements it writes the count of the
            // empty-array singleton every thread shares (a data race ThreadSanitizer reports).
            slot.initialize(to: [])
            return true
        }
        // Elements are read straight into the new array's storage: no per-element temporary.
        let result = [Element](unsafeUninitializedCapacity: elements.count) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            var index = 0
            source.forEachElement { member in
                guard count < buffer.count else { return }
                if context.descend(into: .index(index), { readElement(member, base + count, &$0) }) {
                    count += 1
                }
                index += 1
            }
        }
        slot.initialize(to: result)
        return true
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
