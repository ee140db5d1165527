import Foundation
import Jastor

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

    /// Parses one JSON document with the library's own reader (RFC 8259, at most 512 levels deep).
    ///
    /// ```swift
    /// let value = try SampleValue(parsing: "[1, 2.5, null]")
    /// ```
    ///
    /// - Parameter text: The JSON text.
    /// - Throws: ``SampleError`` with the line and column of a syntax error.
    public init(parsing text: String) throws {
        let document: JSONDocument
        do {
            document = try JSONReader.read(Data(text.utf8))
        } catch {
            throw SampleError(error.issues.first.map { "expected \($0.expected), found \($0.found)" } ?? "\(error)")
        }
        self = document.build(
            literal: { text in
                switch text {
                case "null": .null
                case "true": .bool(true)
                case "false": .bool(false)
                default: .number(text)
                }
            },
            string: { .string($0) }, array: { .array($0) }, object: { .object(Self.lastDuplicateWins($0)) })
    }

    /// The members with each duplicate key's last value, at the place the key first appeared (as
    /// the library's lookups find the last one).
    private static func lastDuplicateWins(_ members: [(key: String, value: SampleValue)]) -> [(
        key: String, value: SampleValue
    )] {
        var kept: [(key: String, value: SampleValue)] = []
        var indexes: [String: Int] = [:]
        for member in members {
            if let index = indexes[member.key] {
                kept[index].value = member.value
            } else {
                indexes[member.key] = kept.count
                kept.append(member)
            }
        }
        return kept
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
