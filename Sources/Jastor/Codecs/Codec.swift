import Foundation

/// A codec with its value type erased, as tables keyed by type hold it.
///
/// Every codec is a ``Codec``; this base exists so that codecs of different types share one type.
class AnyCodec: @unchecked Sendable {
    // @unchecked: codecs are immutable once built and shared by every thread that maps.
    init() {}
}

/// How one Swift type maps to JSON and back: the typed codec behind ``AnyCodec``.
///
/// This base class is the codec of a type Jastor cannot map: it reports every value as a declaration
/// problem, so a mistake never traps.
class Codec<Value>: AnyCodec, @unchecked Sendable {
    // @unchecked: as `AnyCodec`; subclasses hold only `let`s of immutable values and codecs.
    /// The type's name in messages: `Int64`, `[Product]`.
    var typeName: String { TypeName.short(Value.self) }

    /// What is wrong with this codec's rules (or those of a codec inside it), if anything: a type
    /// with neither rules nor a transform, a transform that cannot write back what it reads.
    ///
    /// Checked once, when the class plan is built, and reported at the property.
    var declarationMistake: DeclarationMistake? {
        type(of: self) == Codec<Value>.self ? .typeWithoutRules(typeName) : nil
    }

    /// Reads a value into `slot`, or records why it cannot.
    ///
    /// Codecs read into a caller's slot instead of returning `Value?` because unspecialised
    /// generic code looks up the metadata of every `Optional<Value>` it touches, on every call.
    ///
    /// - Parameters:
    ///   - source: The JSON to read.
    ///   - slot: Uninitialised memory for one value; initialised when the read succeeds, left
    ///     uninitialised otherwise.
    ///   - context: The mapping run.
    /// - Returns: Whether `slot` now holds a value.
    func decode<Source: JSONSource>(
        _ source: Source, into slot: UnsafeMutablePointer<Value>, context: inout MappingContext
    ) -> Bool {
        context.record(.invalidDeclaration, expected: "a transform for \(typeName)", found: "none registered")
        return false
    }

    /// Reads a value of the byte reader's document into `slot`, as ``decode(_:into:context:)`` does.
    ///
    /// A generic method of a class is called through its vtable unspecialised, so every
    /// `source.kind` and every nested codec of the byte reader's values would go through witness
    /// tables and metadata lookups. This non-generic entry is what ``DocumentValue`` calls
    /// (``JSONSource/read(through:into:context:)``): each final codec overrides it with a call to
    /// its own `decode`, which the compiler then specialises for ``DocumentValue`` — the same
    /// body, compiled for the hot input.
    func decodeDocument(
        _ source: DocumentValue, into slot: UnsafeMutablePointer<Value>, context: inout MappingContext
    ) -> Bool {
        decode(source, into: slot, context: &context)
    }

    /// Reads a value of the byte reader's document into a property's storage, which holds a
    /// value: replaced when the read succeeds, left as it was otherwise.
    ///
    /// ``KeyPathAccessor`` calls this for a property whose storage the class plan found
    /// (``RuntimeLayout``). By default the value is read into a temporary slot and moved in, in
    /// code compiled for no type in particular; ``ScalarCodec`` and ``OptionalCodec`` of a scalar
    /// override it with a closure compiled where the type is known, which reads and stores the
    /// value without a call through a value witness.
    ///
    /// - Parameters:
    ///   - source: The JSON to read.
    ///   - storage: The property's storage, initialised.
    ///   - context: The mapping run.
    /// - Returns: Whether `storage` now holds the value read.
    func updateDocument(
        _ source: DocumentValue, storage: UnsafeMutablePointer<Value>, context: inout MappingContext
    ) -> Bool {
        withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
            guard let slot = buffer.baseAddress, decodeDocument(source, into: slot, context: &context) else {
                return false
            }
            storage.pointee = slot.move()
            return true
        }
    }

    /// Stores `found`, members the mapping kept for an `.unmappedKeys` property, every value a
    /// scalar, into the property's storage when it holds an empty dictionary, counting them
    /// against the run's limits as reading them as a JSON object would
    /// (``MappingContext/takeUntypedScalarMembers(_:)``).
    ///
    /// - Returns: Whether it stored them; `false` (the default, and whenever the storage holds
    ///   members already or the members would not fit) changes nothing, for the caller to read
    ///   them as a JSON object.
    func storeUntypedScalarMembers(
        _ found: [String: Any], into storage: UnsafeMutablePointer<Value>, context: inout MappingContext
    ) -> Bool { false }

    /// How arrays of this codec's values are read from the byte reader's document, when this
    /// codec compiles a reader for them (``ScalarCodec``, and ``ArrayCodec`` of one); `nil` lets
    /// ``ArrayCodec`` read them element by element.
    func documentArrayReader() -> DocumentArrayReader<[Value]>? { nil }

    /// Reads a value, or records why it cannot and returns `nil`; for callers off the hot path.
    final func decode<Source: JSONSource>(_ source: Source, context: inout MappingContext) -> Value? {
        withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
            guard let slot = buffer.baseAddress, source.read(through: self, into: slot, context: &context) else {
                return nil
            }
            return slot.move()
        }
    }

    /// Writes a value.
    func encode(_ value: Value, context: inout EncodingContext) -> JSONValue {
        context.record(.invalidDeclaration, expected: "a transform for \(typeName)", found: "none registered")
        return .null
    }

    /// Writes a value as JSON text (``JastorObject/jsonData(options:)``): by default the tree
    /// ``encode(_:context:)`` builds; containers and models stream instead.
    func writeJSON(_ value: Value, to writer: inout JSONWriter, context: inout EncodingContext) {
        writer.writeTree(encode(value, context: &context), context: &context)
    }

    /// A value as `toDictionary()` holds it: by default the tree ``encode(_:context:)`` builds, as
    /// Foundation values; containers and models build theirs directly.
    func foundationValue(_ value: Value, context: inout EncodingContext) -> Any {
        encode(value, context: &context).foundationValue
    }

    /// Adds `value` to `toDictionary()`'s dictionary as `key`, unless it is empty as `omitted`
    /// says (``Emptiness/notEmpty`` leaves nothing out).
    func addMember(
        _ value: Value, omitting omitted: Emptiness, as key: String, to dictionary: inout [String: Any],
        context: inout EncodingContext
    ) {
        if omitted != .notEmpty, emptiness(value) == omitted { return }
        dictionary[key] = foundationValue(value, context: &context)
    }

    /// Writes `value` as `member` of the object being written (separator, key, value), unless
    /// it is empty as the property's omitted emptiness says; returns whether it wrote it.
    func writeMember(
        _ value: Value, _ member: JSONOutputLayout.Member, first: Bool, to writer: inout JSONWriter,
        context: inout EncodingContext
    ) -> Bool {
        let omitted = member.property.omittedEmptiness
        if omitted != .notEmpty, emptiness(value) == omitted { return false }
        writer.writeKey(of: member, first: first)
        context.descend(into: member.component) { writeJSON(value, to: &writer, context: &$0) }
        return true
    }

    /// Whether some value is written as `null` (an optional's `nil`, or a raw value that is one):
    /// an optional of this type could not tell that value from `nil`.
    var writesNull: Bool { false }

    /// Whether `value` is `nil`, an empty collection, or neither: output leaves a property out
    /// only when its value is empty in the same way as the class's default (`nil` is not `[]`).
    func emptiness(_ value: Value) -> Emptiness { .notEmpty }

    /// The same codec building `type` wherever it builds models (for `arrayElementTypes`), or
    /// `nil` when it builds no models or `type` does not fit.
    func replacingModelType(with type: JastorObject.Type) -> Codec<Value>? { nil }

    /// The same codec with `dates` for its `Date`s, or `nil` when it has none to replace.
    ///
    /// Replaced are the `Date`s read and written by the built-in rule or the process-wide default
    /// (for a class's ``JastorObject/dateTransform``); a transform given to a property is kept.
    func replacingDates(with dates: Codec<Date>) -> Codec<Value>? {
        guard Value.self == Date.self, isBuiltInRule || self === DefaultTransforms.shared.codec(for: Date.self) else {
            return nil
        }
        return dates as? Codec<Value>
    }

    /// Whether this is a type's built-in rule rather than a transform.
    var isBuiltInRule: Bool { false }

    /// The transform this codec writes archived values with, as archives record it
    /// (`millisecondsSince1970`), or `nil` when it writes them by its type's built-in rules; a
    /// container or optional tells its elements'.
    ///
    /// Archives store values as their transforms write them, so a reader compares what the
    /// archive records with what the class declares now (``ArchiveTransforms``).
    var archivedTransform: String? { nil }

    /// Whether `source` is an object or an array, as `kind` asks; records the mismatch when not.
    ///
    /// The first step of every container codec.
    @inline(__always)
    func isKind<Source: JSONSource>(
        _ kind: ContainerKind, _ source: Source, context: inout MappingContext
    ) -> Bool {
        switch (kind, source.kind) {
        case (.object, .object), (.array, .array): return true
        default:
            recordMismatch(source, context: &context)
            return false
        }
    }

    /// The kinds of container ``isKind(_:_:context:)`` tells apart.
    enum ContainerKind {
        case object, array
    }

    /// Records that `source` does not have the shape this codec reads.
    func recordMismatch<Source: JSONSource>(_ source: Source, context: inout MappingContext) {
        context.record(.typeMismatch, expected: typeName, found: source.kind.summary)
    }
}
