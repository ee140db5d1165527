/// How ``JastorObject/jsonData(options:)`` lays out the JSON it writes.
///
/// The options mirror `JSONSerialization.WritingOptions`: with none, the text is compact, keys
/// come in declaration order and `/` is escaped as `\/`.
///
/// ```swift
/// let data = try product.jsonData(options: [.sortedKeys, .prettyPrinted])
/// ```
public struct JastorJSONOptions: OptionSet, Sendable, Hashable {
    /// The options' bits.
    public let rawValue: Int

    /// Creates options from their bits.
    ///
    /// ```swift
    /// let options = JastorJSONOptions(rawValue: 1)  // .sortedKeys
    /// ```
    ///
    /// - Parameter rawValue: The options' bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Keys in the order `JSONSerialization`'s `.sortedKeys` gives (numeric, case-insensitive,
    /// then forced), so that the same model always writes the same bytes and `diff` shows changes.
    ///
    /// ```swift
    /// let data = try product.jsonData(options: .sortedKeys)
    /// ```
    public static let sortedKeys = JastorJSONOptions(rawValue: 1 << 0)

    /// Indented text: two spaces per level, one member per line, `"key" : value`, as
    /// `JSONSerialization`'s `.prettyPrinted` writes it.
    ///
    /// ```swift
    /// print(try product.jsonString(options: .prettyPrinted))
    /// ```
    public static let prettyPrinted = JastorJSONOptions(rawValue: 1 << 1)

    /// `/` written as itself rather than as `\/` (both are valid JSON).
    ///
    /// ```swift
    /// let data = try link.jsonData(options: .withoutEscapingSlashes)
    /// ```
    public static let withoutEscapingSlashes = JastorJSONOptions(rawValue: 1 << 2)
}
