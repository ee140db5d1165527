/// One JSON sample: a name for doc comments and headers, and its parsed value.
///
/// ```swift
/// let sample = try Sample(name: "user.json", text: #"{"id": 1}"#)
/// ```
public struct Sample: Sendable {
    /// The sample's name, usually its file name.
    public let name: String
    /// The parsed JSON.
    public let value: SampleValue

    /// A sample from JSON text.
    ///
    /// ```swift
    /// let sample = try Sample(name: "user.json", text: #"{"id": 1}"#)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The sample's name, usually its file name.
    ///   - text: The JSON text.
    /// - Throws: ``SampleError`` naming the sample, line and column of a syntax error.
    public init(name: String, text: String) throws {
        self.name = name
        do {
            value = try SampleValue(parsing: text)
        } catch {
            throw SampleError("\(name): \(error)")
        }
    }
}
