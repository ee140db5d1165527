import Foundation

/// Reads `null` as `nil` and anything else through the wrapped codec.
final class OptionalCodec<Wrapped>: Codec<Wrapped?>, @unchecked Sendable {
    // @unchecked: `Codec` is a non-final class; this one holds only an immutable `let` wrapped codec.
    private let wrapped: Codec<Wrapped>
    /// The wrapped scalar's writer of its optionals as members of JSON text, without unwrapping
    /// them here; taken out of its `ScalarOutput`, whose copy in this generic class would look up
    /// its metadata and retain six closures per value.
    private let writeScalarMember:
        (@Sendable (Wrapped?, JSONOutputLayout.Member, Bool, inout JSONWriter, inout EncodingContext) -> Bool)?
    /// ``addMember(_:omitting:as:to:context:)``: the wrapped scalar's own (taken out of its
    /// `ScalarOutput` likewise), or else one that unwraps
    /// through ``UnwrappableOptional``, compiled where `Wrapped?` is a generic parameter: in this
    /// class `Wrapped?` is not, and unwrapping it looks up `Optional<Wrapped>`'s metadata in the
    /// runtime's cache on every value.
    private let addOptionalMember:
        @Sendable (Wrapped?, Emptiness, String, inout [String: Any], inout EncodingContext) -> Void

    /// The wrapped codec when it is a scalar's, whose optionals read from the byte reader's values
    /// go straight into a property's storage (``ScalarCodec/updateOptionalDocumentStorage``).
    private let scalarWrapped: ScalarCodec<Wrapped>?
    /// Puts `.some` of the value a wrapped slot holds (moved out) into an optional slot, through
    /// ``UnwrappableOptional``: in this class, forming a `Wrapped?` looks up its metadata on every
    /// value read.
    private let initializeSome: @Sendable (UnsafeMutablePointer<Wrapped?>, UnsafeMutablePointer<Wrapped>) -> Void
    /// Puts `nil` into an optional slot, as ``initializeSome`` puts a value.
    private let initializeNone: @Sendable (UnsafeMutablePointer<Wrapped?>) -> Void

    init(wrapped: Codec<Wrapped>) {
        self.wrapped = wrapped
        (self.initializeSome, self.initializeNone) = Self.initializers(Wrapped?.self)
        let scalarWrapped = wrapped as? ScalarCodec<Wrapped>
        self.scalarWrapped = scalarWrapped
        let scalarOutput = scalarWrapped?.direct
        self.writeScalarMember = scalarOutput?.writeOptionalMember
        if let addScalarMember = scalarOutput?.addOptionalMember {
            self.addOptionalMember = { value, omitted, key, dictionary, _ in
                addScalarMember(value, omitted, key, &dictionary)
            }
        } else {
            self.addOptionalMember = Self.memberAdder(Wrapped?.self, wrapped: wrapped)
        }
    }

    override var typeName: String { wrapped.typeName }
    override var archivedTransform: String? { wrapped.archivedTransform }
    // An optional of an optional (`Int??`) is a mistake: JSON has one `null`, so `.some(nil)`
    // could not come back; so is an optional of a type that writes `null` for a value of its own.
    override var declarationMistake: DeclarationMistake? {
        if Wrapped.self is any UnwrappableOptional.Type { return .nestedOptional(Wrapped?.self) }
        if wrapped.writesNull { return .optionalOfNullWriter(Wrapped?.self, wrappedName: wrapped.typeName) }
        return wrapped.declarationMistake
    }

    override var writesNull: Bool { true }

    // The byte reader's values: `decode` below, inlined and so compiled for them.
    override func decodeDocument(
        _ source: DocumentValue, into slot: UnsafeMutablePointer<Wrapped?>, context: inout MappingContext
    ) -> Bool {
        decode(source, into: slot, context: &context)
    }

    override func updateDocument(
        _ source: DocumentValue, storage: UnsafeMutablePointer<Wrapped?>, context: inout MappingContext
    ) -> Bool {
        guard let scalarWrapped else { return super.updateDocument(source, storage: storage, context: &context) }
        return scalarWrapped.updateOptionalDocumentStorage(scalarWrapped, source, storage, &context)
    }

    // Always inlined, so that `decodeDocument` above holds a copy compiled for the byte reader's
    // values (a generic class's method is not specialised while the class's own parameters are not).
    @inline(__always)
    override func decode<Source: JSONSource>(
        _ source: Source, into slot: UnsafeMutablePointer<Wrapped?>, context: inout MappingContext
    ) -> Bool {
        if source.isNull {
            initializeNone(slot)
            return true
        }
        return withUnsafeTemporaryAllocation(of: Wrapped.self, capacity: 1) { buffer in
            guard let wrappedSlot = buffer.baseAddress,
                source.read(through: wrapped, into: wrappedSlot, context: &context)
            else { return false }
            initializeSome(slot, wrappedSlot)
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

    // One unwrapping for the emptiness check and the value, in the closure chosen at `init`.
    override func addMember(
        _ value: Wrapped?, omitting omitted: Emptiness, as key: String, to dictionary: inout [String: Any],
        context: inout EncodingContext
    ) {
        addOptionalMember(value, omitted, key, &dictionary, &context)
    }

    override func writeMember(
        _ value: Wrapped?, _ member: JSONOutputLayout.Member, first: Bool, to writer: inout JSONWriter,
        context: inout EncodingContext
    ) -> Bool {
        if let writeScalarMember { return writeScalarMember(value, member, first, &writer, &context) }
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

    /// ``initializeSome`` and ``initializeNone``, compiled where the optional type is the generic
    /// parameter `Some`, whose metadata the closures hold.
    private static func initializers<Some: UnwrappableOptional>(_: Some.Type) -> (
        @Sendable (UnsafeMutablePointer<Some>, UnsafeMutablePointer<Some.Wrapped>) -> Void,
        @Sendable (UnsafeMutablePointer<Some>) -> Void
    ) {
        (
            { slot, wrappedSlot in slot.initialize(to: Some.wrapping(wrappedSlot.move())) },
            { $0.initialize(to: Some.empty) }
        )
    }

    /// ``addMember(_:omitting:as:to:context:)`` for a wrapped codec without a scalar's output:
    /// the value through `wrapped` (which leaves out an empty collection), `nil` as `NSNull`
    /// unless the default is `nil`.
    ///
    /// `Optional` is the generic parameter `Some` here, so the closure holds its metadata and
    /// unwrapping looks nothing up.
    private static func memberAdder<Some: UnwrappableOptional>(
        _: Some.Type, wrapped: Codec<Some.Wrapped>
    ) -> @Sendable (Some, Emptiness, String, inout [String: Any], inout EncodingContext) -> Void {
        { value, omitted, key, dictionary, context in
            value.unwrap { present in
                wrapped.addMember(present, omitting: omitted, as: key, to: &dictionary, context: &context)
            } none: {
                if omitted != .none { dictionary[key] = NSNull() }
            }
        }
    }
}

/// `Optional` seen through a protocol, so that code generic over an optional type (rather than
/// over its wrapped type) can unwrap it with the metadata it was handed.
protocol UnwrappableOptional: SendableMetatype {
    associatedtype Wrapped
    /// Calls `some` with the wrapped value, or `none` for `nil`.
    func unwrap(_ some: (Wrapped) -> Void, none: () -> Void)
    /// `.some(value)`.
    static func wrapping(_ value: consuming Wrapped) -> Self
    /// `nil`.
    static var empty: Self { get }
}

extension Optional: UnwrappableOptional {
    @inline(__always)
    func unwrap(_ some: (Wrapped) -> Void, none: () -> Void) {
        switch self {
        case .some(let value): some(value)
        case .none: none()
        }
    }

    @inline(__always)
    static func wrapping(_ value: consuming Wrapped) -> Self { .some(value) }

    static var empty: Self { .none }
}
