/// How one registered property is read and written.
///
/// A class, so that the engine's loop over a plan retains one reference per property rather
/// than each of its fields.
final class PropertyPlan: Sendable {
    /// The stored property's name; archives store the property under it.
    let name: String
    /// Where the property is read from in JSON, or `nil` when it is never read.
    let inputPath: [JastorPath.Component]?
    /// The input key when the input path is one key, the common case the engine reads directly.
    let inputKey: JastorPath.Component?
    /// Where `toDictionary()` writes the property, or `nil` when it is never written.
    let outputPath: [JastorPath.Component]?
    /// The output key when the output path is one key.
    let outputKey: JastorPath.Component?
    let accessor: PropertyAccessor
    /// How the class's default value is empty (`nil`, an empty collection), if it is.
    ///
    /// A value empty in the same way is left out of JSON output, since reading it back leaves the
    /// same default; archives write it, since another version of the class may declare another one.
    /// `.notEmpty` (never left out) for a required property, whose key its own output must hold.
    let omittedEmptiness: Emptiness
    /// Whether a JSON object the model is created from must have the property's input key.
    let isRequired: Bool
    /// Whether the property is written but never read (`.encodeOnly`): what it writes is never
    /// read back, so no output check about reading back applies below it.
    let isWrittenOnly: Bool
    /// The UTF-8 length of ``inputKey`` when it is ASCII, else -1: a key `String` calls equal to
    /// an ASCII one is spelled with the same bytes exactly when it has as many (each other
    /// spelling of an ASCII text, the Kelvin sign for `K`, is longer), so a dictionary's key is
    /// checked by its length alone.
    let inputKeyASCIICount: Int
    /// Whether another Unicode spelling of ``inputKey`` exists (``hasOtherSpellings(_:)``): every
    /// other key has one spelling, so a dictionary's key found for it is not checked.
    let inputKeyHasOtherSpellings: Bool
    /// Whether a key of ``inputPath`` has another Unicode spelling (as ``inputKeyHasOtherSpellings``
    /// tells of one key): only then are a key path's steps checked for one.
    let inputPathHasOtherSpellings: Bool

    init(
        name: String, inputPath: [JastorPath.Component]?, inputKey: JastorPath.Component?,
        outputPath: [JastorPath.Component]?, accessor: PropertyAccessor, omittedEmptiness: Emptiness,
        isRequired: Bool
    ) {
        self.name = name
        self.isRequired = isRequired
        self.inputPath = inputPath
        self.inputKey = inputKey
        self.outputPath = outputPath
        self.outputKey = outputPath?.count == 1 ? outputPath?.first.map { .key($0.objectKey) } : nil
        self.accessor = accessor
        self.omittedEmptiness = omittedEmptiness
        self.isWrittenOnly = inputPath == nil && outputPath != nil
        if case .key(let key)? = inputKey, key.utf8.allSatisfy({ $0 < 0x80 }) {
            self.inputKeyASCIICount = key.utf8.count
        } else {
            self.inputKeyASCIICount = -1
        }
        self.inputKeyHasOtherSpellings = inputKey.map(Self.hasOtherSpellings) ?? false
        self.inputPathHasOtherSpellings = inputPath?.contains(where: Self.hasOtherSpellings) ?? false
    }

    /// Whether `component` is a key with another Unicode spelling (``hasOtherSpellings(utf8:)``);
    /// an index has none.
    private static func hasOtherSpellings(_ component: JastorPath.Component) -> Bool {
        guard case .key(let key) = component else { return false }
        return hasOtherSpellings(utf8: key.utf8)
    }

    /// Whether the text of these UTF-8 bytes has another Unicode spelling, which `String` calls
    /// equal: text outside ASCII, or text holding an ASCII character another scalar stands for
    /// (`K`, the Kelvin sign U+212A; `;`, the Greek question mark U+037E; the backtick U+0060, the
    /// Greek varia U+1FEF: the only scalars whose canonical decomposition is ASCII).
    static func hasOtherSpellings(utf8: some Sequence<UInt8>) -> Bool {
        utf8.contains { $0 >= 0x80 || $0 == UInt8(ascii: "K") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "`") }
    }
}
