import Foundation

/// Reads a `RawRepresentable` enum through its raw value.
final class RawValueCodec<Value: RawRepresentable>: Codec<Value>, @unchecked Sendable {
    // @unchecked: `Codec` is a non-final class; this one holds only an immutable `let` raw-value codec.
    private let raw: Codec<Value.RawValue>
    /// The raw value the case found writes, as text, when it is not the one read.
    ///
    /// `nil` when it is. A case matched by `==` in another spelling (`"cafe\u{301}"` for `"café"`, `-0.0` for
    /// `0.0`) or chosen for another raw value by the enum's own `init?(rawValue:)` (one that folds
    /// `7` into `.high`, whose raw value is `2`) is written otherwise (``WrittenBackAsRead``).
    private let rewrite: @Sendable (_ read: Value.RawValue, _ kept: Value.RawValue) -> String?

    init(raw: Codec<Value.RawValue>) {
        self.raw = raw
        self.rewrite = WrittenBackAsRead.check(for: Value.RawValue.self, codec: raw)
    }

    override var declarationMistake: DeclarationMistake? { raw.declarationMistake }
    override var archivedTransform: String? { raw.archivedTransform }

    // A raw value that is an optional writes its `nil` as `null`.
    override var writesNull: Bool { raw.writesNull }

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
            // A rewrite the raw value's rule reported (`"007"` read as 7) is moot: nothing is kept.
            context.discardIssues(since: mark)
            context.record(.invalidValue, expected: typeName, found: source.kind.summary)
            return false
        }
        // A raw value its rule keeps but writes back otherwise (`"007"` read as 7): the enum's issue.
        if context.issueCount != mark { context.renameExpected(since: mark, to: "\(typeName) written back as read") }
        if let written = rewrite(rawValue, value.rawValue) {
            context.record(
                .invalidValue, expected: "\(typeName) written back as read",
                found: "\(source.kind.summary) (kept as \(typeName).\(value), written \(written))")
        }
        slot.initialize(to: value)
        return true
    }

    override func encode(_ value: Value, context: inout EncodingContext) -> JSONValue {
        raw.encode(value.rawValue, context: &context)
    }
}
