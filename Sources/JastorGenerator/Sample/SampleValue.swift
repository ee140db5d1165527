/// One JSON value of a sample, as the generator needs it: object keys in document order, and numbers
/// kept as the text that was written, so that `1` and `1.0` and `1e3` stay apart.
///
/// ```swift
/// let value = try SampleValue(parsing: #"{"id": 1, "tags": ["a"]}"#)
/// ```
public indirect enum SampleValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as written.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([SampleValue])
    /// An object, its members in document order (of duplicate keys, the last one counts).
    case object([(key: String, value: SampleValue)])

    /// Parses one JSON document.
    ///
    /// ```swift
    /// let value = try SampleValue(parsing: "[1, 2.5, null]")
    /// ```
    ///
    /// - Parameter text: The JSON text.
    /// - Throws: ``SampleError`` with the line and column of a syntax error.
    public init(parsing text: String) throws {
        var parser = SampleParser(text: text)
        self = try parser.parseDocument()
    }

    // MARK: - Equatable

    /// Whether two values are the same JSON, object members compared in order.
    public static func == (lhs: SampleValue, rhs: SampleValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let left), .bool(let right)): return left == right
        case (.number(let left), .number(let right)): return left == right
        case (.string(let left), .string(let right)): return left == right
        case (.array(let left), .array(let right)): return left == right
        case (.object(let left), .object(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }
}
