import Foundation

/// The codec of a scalar type or a built-in transform: a rule over JSON scalars and a rule back
/// (a row of the conversion table, or a transform's).
final class ScalarCodec<Value>: Codec<Value>, @unchecked Sendable {
    // @unchecked: `Codec` is a non-final class; this one holds only `let`s, and its rules are
    // `@Sendable` closures (they capture immutable values or thread-safe formatters).
    private let name: String
    /// Converts a scalar into the slot: `nil` when it is stored as it reads.
    private let decodeScalar: @Sendable (JSONScalar, UnsafeMutablePointer<Value>) -> Deviation?
    private let encodeValue: @Sendable (Value) -> JSONValue
    /// For a rule that keeps values it writes back otherwise (``ScalarConversion/rewritten(_:)``):
    /// the issue's kind, what it expects, and what the kept value is (`the nearest Date`).
    private let rewritten: Rewritten?
    /// For `Double` and `Float`: whether a value is one that JSON cannot hold, which only archives
    /// may bring back.
    private let isNonFinite: (@Sendable (Value) -> Bool)?
    private let builtIn: Bool
    /// For a built-in transform: its name as archives record it (``Codec/archivedTransform``).
    private let transform: String?
    /// For the conversion table's rows: the value written as JSON text and as a Foundation value
    /// directly, without a ``JSONValue`` on the way (the same text and value `encodeValue` gives).
    let direct: ScalarOutput<Value>?
    /// `direct`'s Foundation value on its own: reading it out of `direct` copies the whole rule
    /// set (six closures, six retains and releases) for every value `toDictionary()` writes, and
    /// in this generic class looks up `ScalarOutput<Value>`'s and its optional's metadata.
    private let directFoundationValue: (@Sendable (Value) -> Any)?
    /// `direct`'s JSON text on its own, likewise, for every value `jsonData()` writes.
    private let directWrite: (@Sendable (Value, inout JSONWriter, inout EncodingContext) -> Void)?
    /// An array of this type from the byte reader's document (once its kind is checked):
    /// ``ArrayBuilding/reading(elementsOf:into:context:_:)`` with this codec's
    /// ``decodeDocument(_:into:context:)``, compiled where the type is known; a value that
    /// `documentValue` reads is taken without forming its kind.
    private let readDocumentArray:
        @Sendable (ScalarCodec<Value>, DocumentValue, UnsafeMutablePointer<[Value]>, inout MappingContext) -> Bool
    /// Arrays of arrays of this type, likewise (``readDocumentArray`` for each element).
    private let readDocumentArrays:
        @Sendable (ScalarCodec<Value>, DocumentValue, UnsafeMutablePointer<[[Value]]>, inout MappingContext) -> Bool
    /// Arrays of arrays of arrays of this type (GeoJSON's polygons), likewise.
    private let readDocumentArrays3:
        @Sendable (ScalarCodec<Value>, DocumentValue, UnsafeMutablePointer<[[[Value]]]>, inout MappingContext) -> Bool
    /// ``updateDocument(_:storage:context:)``: this codec's `decode`, compiled where `Value` is
    /// known, so that the value is read and stored without a temporary slot of an unknown type.
    private let updateDocumentStorage:
        @Sendable (ScalarCodec<Value>, DocumentValue, UnsafeMutablePointer<Value>, inout MappingContext) -> Bool
    /// ``OptionalCodec/updateDocument(_:storage:context:)`` for a property of type `Value?`:
    /// `null` stores `nil`, anything else is read as ``updateDocumentStorage`` reads it.
    let updateOptionalDocumentStorage:
        @Sendable (ScalarCodec<Value>, DocumentValue, UnsafeMutablePointer<Value?>, inout MappingContext) -> Bool

    // Always inlined, so that the closure wrapping `decode` is compiled where `Value` is known:
    // unspecialised, it would look up `ScalarConversion<Value>`'s metadata on every value.
    @inline(__always)
    init(
        typeName: String, decode: @escaping @Sendable (JSONScalar) -> ScalarConversion<Value>,
        encode: @escaping @Sendable (Value) -> JSONValue, isNonFinite: (@Sendable (Value) -> Bool)? = nil,
        isBuiltIn: Bool = false, direct: ScalarOutput<Value>? = nil,
        documentValue: (@Sendable (DocumentValue) -> Value?)? = nil, rewritten: Rewritten? = nil,
        transform: String? = nil
    ) {
        self.name = typeName
        self.decodeScalar = { scalar, slot in
            switch decode(scalar) {
            case .success(let value):
                slot.initialize(to: value)
                return nil
            case .rewritten(let value):
                slot.initialize(to: value)
                return .rewritten
            case .failure(let kind):
                return .refused(kind)
            }
        }
        self.encodeValue = encode
        self.rewritten = rewritten
        self.isNonFinite = isNonFinite
        self.builtIn = isBuiltIn
        self.transform = transform
        self.direct = direct
        self.directFoundationValue = direct?.foundationValue
        self.directWrite = direct?.write
        let readArray:
            @Sendable (ScalarCodec<Value>, DocumentValue, UnsafeMutablePointer<[Value]>, inout MappingContext) -> Bool =
                { codec, source, slot, context in
                    [Value].reading(elementsOf: source, into: slot, placement: .appended, context: &context) {
                        member, elementSlot, context in
                        if let documentValue {
                            // As `member.read(through:)`: a string repaired here is reported here.
                            let repairs = member.document.repairCount
                            if let value = documentValue(member) {
                                elementSlot.initialize(to: value)
                                if member.document.repairCount != repairs {
                                    member.reportRepairs(keeping: repairs, context: &context)
                                }
                                return true
                            }
                        }
                        return member.read(through: codec, into: elementSlot, context: &context)
                    }
                }
        let readArrays:
            @Sendable (ScalarCodec<Value>, DocumentValue, UnsafeMutablePointer<[[Value]]>, inout MappingContext) -> Bool =
                { codec, source, slot, context in
                    DocumentArrayReader.readArrays(
                        of: source, into: slot, context: &context, innerName: { "[\(codec.typeName)]" }
                    ) { readArray(codec, $0, $1, &$2) }
                }
        self.readDocumentArray = readArray
        self.readDocumentArrays = readArrays
        self.readDocumentArrays3 = { codec, source, slot, context in
            DocumentArrayReader.readArrays(
                of: source, into: slot, context: &context, innerName: { "[[\(codec.typeName)]]" }
            ) { readArrays(codec, $0, $1, &$2) }
        }
        // A property's value the row accepts as it is (`documentValue`) is stored without forming
        // its kind; a string repaired on the way is reported by `DocumentValue.read(through:)`,
        // around the accessor that called this.
        self.updateDocumentStorage = { codec, source, storage, context in
            if let documentValue, let value = documentValue(source) {
                storage.pointee = value
                return true
            }
            return withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
                guard let slot = buffer.baseAddress, codec.decode(source, into: slot, context: &context) else {
                    return false
                }
                storage.pointee = slot.move()
                return true
            }
        }
        self.updateOptionalDocumentStorage = { codec, source, storage, context in
            if let documentValue, let value = documentValue(source) {
                storage.pointee = value
                return true
            }
            // As `OptionalCodec.decode`: `null` is `nil`, anything else goes through the scalar's rule.
            if source.isNull {
                storage.pointee = nil
                return true
            }
            return withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
                guard let slot = buffer.baseAddress, codec.decode(source, into: slot, context: &context) else {
                    return false
                }
                storage.pointee = slot.move()
                return true
            }
        }
    }

    override var typeName: String { name }

    override var isBuiltInRule: Bool { builtIn }

    override var archivedTransform: String? { transform }

    // The byte reader's values: `decode` below, inlined and so compiled for them.
    override func decodeDocument(
        _ source: DocumentValue, into slot: UnsafeMutablePointer<Value>, context: inout MappingContext
    ) -> Bool {
        decode(source, into: slot, context: &context)
    }

    override func updateDocument(
        _ source: DocumentValue, storage: UnsafeMutablePointer<Value>, context: inout MappingContext
    ) -> Bool {
        updateDocumentStorage(self, source, storage, &context)
    }

    // Arrays of this type, of arrays of it and of arrays of those, read by the loops compiled in
    // `init`; deeper arrays element by element (``DocumentArrayReader/elementwise(_:)``).
    override func documentArrayReader() -> DocumentArrayReader<[Value]>? {
        let (readArray, readArrays, readArrays3) = (readDocumentArray, readDocumentArrays, readDocumentArrays3)
        let arrays3 = DocumentArrayReader<[[[Value]]]> { readArrays3(self, $0, $1, &$2) }
        let arrays = DocumentArrayReader<[[Value]]>(read: { readArrays(self, $0, $1, &$2) }, nested: arrays3)
        return DocumentArrayReader<[Value]>(read: { readArray(self, $0, $1, &$2) }, nested: arrays)
    }

    // Always inlined, so that `decodeDocument` above holds a copy compiled for the byte reader's
    // values (a generic class's method is not specialised while the class's own parameters are not).
    @inline(__always)
    override func decode<Source: JSONSource>(
        _ source: Source, into slot: UnsafeMutablePointer<Value>, context: inout MappingContext
    ) -> Bool {
        guard case .scalar(let scalar) = source.kind else {
            recordMismatch(source, context: &context)
            return false
        }
        guard let deviation = decodeScalar(scalar, slot) else {
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
        switch deviation {
        case .refused(let kind):
            context.record(kind, expected: name, found: scalar.summary)
            return false
        case .rewritten:
            // Kept (a finite value: only text reads so), and reported with the text it is written as.
            recordRewritten(scalar, as: slot.pointee, context: &context)
            return true
        }
    }

    /// Reports a value kept from `scalar` that is written back as another JSON value.
    private func recordRewritten(_ scalar: JSONScalar, as value: Value, context: inout MappingContext) {
        let written =
            switch encodeValue(value) {
            case .string(let text): text.debugDescription
            case .integer(let number): String(number)
            case .unsignedInteger(let number): String(number)
            case .double(let number) where number.isFinite: NumberText.text(number)
            case .decimal(let number) where !number.isNaN: number.description
            case let other: other.kind.summary
            }
        let note = rewritten ?? Rewritten(kind: .invalidValue, expected: "\(name) written back as read", kept: "read")
        context.record(
            note.kind, expected: note.expected, found: "\(scalar.summary) (kept as \(note.kept), written \(written))")
    }

    override func encode(_ value: Value, context: inout EncodingContext) -> JSONValue {
        encodeValue(value)
    }

    override func writeJSON(_ value: Value, to writer: inout JSONWriter, context: inout EncodingContext) {
        guard let directWrite else { return writer.writeTree(encodeValue(value), context: &context) }
        directWrite(value, &writer, &context)
    }

    override func foundationValue(_ value: Value, context: inout EncodingContext) -> Any {
        guard let directFoundationValue else { return encodeValue(value).foundationValue }
        return directFoundationValue(value)
    }

    // A scalar is never empty (`emptiness` is `.notEmpty`), so no omission leaves it out: the
    // value goes in without the base class's emptiness check and second call.
    override func addMember(
        _ value: Value, omitting omitted: Emptiness, as key: String, to dictionary: inout [String: Any],
        context: inout EncodingContext
    ) {
        dictionary[key] = foundationValue(value, context: &context)
    }
}

/// What a ``ScalarCodec``'s rule did with a scalar it did not store as it reads (outside the codec,
/// which is generic, so that it needs no metadata of its own).
private enum Deviation {
    /// Stored, but written back as another JSON value.
    case rewritten
    /// Not stored.
    case refused(JastorIssue.Kind)
}

/// How a rule's issue reads for a value it keeps but writes back otherwise
/// (``ScalarConversion/rewritten(_:)``): `plain: expected a date-time that a Date holds exactly,
/// found String "…00.999999999Z" (kept as the nearest Date, written "…01Z")`.
struct Rewritten: Sendable {
    /// The issue's kind.
    let kind: JastorIssue.Kind
    /// What the issue expects.
    let expected: String
    /// What the kept value is: `the nearest Date`, `the date it reads`.
    let kept: String
}

/// How a row of the conversion table writes its values straight out: as JSON text and as the
/// Foundation value `toDictionary()` holds.
///
/// Both closures are formed where the value's type is known (``ScalarConvertible``), so that
/// writing a `String`, an integer or a `Double` costs no ``JSONValue`` and no generic lookup.
struct ScalarOutput<Value>: Sendable {
    /// Writes the value as JSON text; a value JSON cannot hold is refused as ``JSONWriter/writeTree(_:context:)``
    /// refuses it.
    let write: @Sendable (Value, inout JSONWriter, inout EncodingContext) -> Void
    /// The value as `toDictionary()` holds it (what ``JSONValue/foundationValue`` gives).
    let foundationValue: @Sendable (Value) -> Any
    /// ``OptionalCodec/addMember(_:omitting:as:to:context:)`` for an optional of this type,
    /// compiled where the type is known: unwrapping an optional in unspecialised code looks up
    /// its metadata on every value.
    let addOptionalMember: @Sendable (Value?, Emptiness, String, inout [String: Any]) -> Void
    /// ``OptionalCodec/writeMember(_:_:first:to:context:)`` likewise.
    let writeOptionalMember:
        @Sendable (Value?, JSONOutputLayout.Member, Bool, inout JSONWriter, inout EncodingContext) -> Bool

    /// ``ArrayCodec/writeJSON(_:to:context:)`` for an array of this type, looping where the type
    /// is known (no call through the element codec per element).
    let writeArray: @Sendable ([Value], inout JSONWriter, inout EncodingContext) -> Void
    /// ``ArrayCodec/foundationValue(_:context:)`` likewise.
    let foundationArray: @Sendable ([Value], inout EncodingContext) -> Any

    /// The rules of a type whose values write through `write` and `foundationValue`.
    @inline(__always)
    init(
        write: @escaping @Sendable (Value, inout JSONWriter, inout EncodingContext) -> Void,
        foundationValue: @escaping @Sendable (Value) -> Any
    ) {
        self.write = write
        self.foundationValue = foundationValue
        // A scalar is never empty: only `nil` may be left out, when the default is `nil`.
        self.addOptionalMember = { value, omitted, key, dictionary in
            if let value {
                dictionary[key] = foundationValue(value)
            } else if omitted != .none {
                dictionary[key] = NSNull()
            }
        }
        self.writeOptionalMember = { value, member, first, writer, context in
            guard let value else {
                guard member.property.omittedEmptiness != .none else { return false }
                writer.writeKey(of: member, first: first)
                writer.writeNull()
                return true
            }
            writer.writeKey(of: member, first: first)
            context.descend(into: member.component) { write(value, &writer, &$0) }
            return true
        }
        // The caller checks the depth, as `JSONWriter.writeArray` and `MappingEngine.foundationArray` do.
        self.writeArray = { array, writer, context in
            writer.beginArray()
            for index in array.indices {
                writer.beginElement(first: index == 0)
                context.descend(into: .index(index)) { write(array[index], &writer, &$0) }
            }
            writer.endArray(isEmpty: array.isEmpty)
        }
        self.foundationArray = { array, _ in array.map(foundationValue) }
    }
}
