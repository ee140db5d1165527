/// A transform's codec that reads values as its ``ScalarCodec`` reads them and writes them itself,
/// with the run's context: to report a value it cannot write (``TableCodec``), or to write it
/// otherwise for archives and equality (``FormattedDateCodec``).
class ScalarReadingCodec<Value>: Codec<Value>, @unchecked Sendable {
    // @unchecked: `Codec` is a non-final class; this one holds only an immutable codec, and its
    // subclasses only `let`s of immutable values.
    /// What reads the values, from every source.
    let reader: ScalarCodec<Value>

    init(reader: ScalarCodec<Value>) {
        self.reader = reader
    }

    override var typeName: String { reader.typeName }

    // The byte reader's values: the scalar codec's own entry.
    override func decodeDocument(
        _ source: DocumentValue, into slot: UnsafeMutablePointer<Value>, context: inout MappingContext
    ) -> Bool {
        reader.decodeDocument(source, into: slot, context: &context)
    }

    override func decode<Source: JSONSource>(
        _ source: Source, into slot: UnsafeMutablePointer<Value>, context: inout MappingContext
    ) -> Bool {
        reader.decode(source, into: slot, context: &context)
    }
}
