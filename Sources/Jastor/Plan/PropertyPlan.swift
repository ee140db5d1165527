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
    }
}
