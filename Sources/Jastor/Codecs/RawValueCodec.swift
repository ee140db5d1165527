import Foundation

/// Reads a `RawRepresentable` enum through its raw value.
final class RawValueCodec<Value: RawRepresentable>: Codec<Value>, @unchecked Sendable {
    // @unchecked: `Codec` is a non-final class; this one holds only an immutable `let` raw-value codec.
    private let raw: Codec<Value.RawValue>
    /// For `String`, `Double` and `Float` raw values, which a case matches by `==` in another
    /// spelling (`"cafe\u{301}"` for `"café"`, `-0.0` for `0.0`): the raw value the case writes,
    /// as text, when it is not the one read; `nil` when it is.
    private let rewrite: (@Sendable (_ read: Value.RawValue, _ kept: Value.RawValue) -> String?)?

    init(raw: Codec<Value.RawValue>) {
        self.raw = raw
        self.rewrite =
            RawValueRewrite.check(for: Value.RawValue.self) as? @Sendable (Value.RawValue, Value.RawValue) -> String?
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
        if let rewrite, let written = rewrite(rawValue, value.rawValue) {
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

/// The raw types whose `==` calls different spellings equal, and how the case's own is written.
private enum RawValueRewrite {
    /// A `(read, kept) -> written text or nil` closure for `type`, or `nil`.
    static func check<Raw>(for type: Raw.Type) -> Any? {
        if type == String.self {
            let check: @Sendable (String, String) -> String? = { read, kept in
                read.utf8.elementsEqual(kept.utf8) ? nil : kept.debugDescription
            }
            return check
        }
        if type == Double.self {
            let check: @Sendable (Double, Double) -> String? = { read, kept in
                read.bitPattern == kept.bitPattern ? nil : NumberText.shortest(kept)
            }
            return check
        }
        if type == Float.self {
            let check: @Sendable (Float, Float) -> String? = { read, kept in
                read.bitPattern == kept.bitPattern ? nil : NumberText.shortest(kept)
            }
            return check
        }
        return nil
    }
}
