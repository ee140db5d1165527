import Foundation

// MARK: - Dates

extension JastorTransform where Value: JastorValue & LosslessStringConvertible {
    /// Values read by the usual rules (so from numbers or strings) and written as strings, for APIs
    /// that box numbers in strings (`"225"`).
    ///
    /// ```swift
    /// .init("bench", \PowerLifter.bench, transform: .stringEncoded)
    /// ```
    public static var stringEncoded: JastorTransform<Value> {
        JastorTransform(codec: StringEncodedCodec(inner: Value.codec))
    }
}

extension JastorTransform where Value == String {
    /// Strings read by the usual rules (so from numbers too, as the text they were written with),
    /// written as JSON numbers when that number reads back as the same text.
    ///
    /// `"94015"` is written `94015` and `"2.5"` `2.5`; other text is written as a string (`"02134"`,
    /// `"1.50"`, `"-0"`, `"1e3"`), so that the text that came in is the text that goes out. A JSON
    /// number whose text is not so written (`19.90`, `1e3`) is kept as its text and reported, since
    /// it goes out as a string.
    ///
    /// ```swift
    /// .init("zip", \Person.zip, transform: .numberEncoded)
    /// ```
    public static var numberEncoded: JastorTransform<String> {
        JastorTransform(
            codec: ScalarCodec(
                typeName: "String",
                decode: { scalar in
                    let read = String.converting(scalar)
                    guard case .success(let text) = read, scalar.isNumber, case .string = numberEncoding(of: text)
                    else { return read }
                    return .rewritten(text)
                },
                encode: numberEncoding(of:),
                rewritten: Rewritten(
                    kind: .valueOutOfRange, expected: "a number .numberEncoded writes back as a number",
                    kept: "its text"), transform: "numberEncoded"))
    }

    /// What ``numberEncoded`` writes for `text`: the number it spells when that number's text is
    /// `text`, else the string.
    private static func numberEncoding(of text: String) -> JSONValue {
        if NumberText.isInteger(text), let integer = Int64(text), String(integer) == text {
            return .integer(integer)
        }
        if NumberText.isInteger(text), let integer = UInt64(text), String(integer) == text {
            return .unsignedInteger(integer)
        }
        if NumberText.isNumber(text), let double = Double(text), double.isFinite, NumberText.shortest(double) == text {
            return .double(double)
        }
        return .string(text)
    }
}

/// Reads through another codec and writes the value's text.
private final class StringEncodedCodec<Value: LosslessStringConvertible>: Codec<Value>, @unchecked Sendable {
    // @unchecked: `Codec` is a non-final class (see `AnyCodec`); this one holds only an immutable `let` codec.
    private let inner: Codec<Value>
    /// Whether `Value` is a floating-point type, whose NaN and infinities have no text to write:
    /// decided once, not by a cast of every value written.
    private let isFloatingPoint: Bool

    init(inner: Codec<Value>) {
        self.inner = inner
        self.isFloatingPoint = Value.self is any FloatingPoint.Type
    }

    override var typeName: String { inner.typeName }
    override var archivedTransform: String? { "stringEncoded" }

    override func decode<Source: JSONSource>(
        _ source: Source, into slot: UnsafeMutablePointer<Value>, context: inout MappingContext
    ) -> Bool {
        let mark = context.issueCount
        guard inner.decode(source, into: slot, context: &context) else { return false }
        // A string is written back as the value's text: other text (`"007"`, `"1.50"`) is reported,
        // here, in place of the rewrite the inner rule reports (it writes a number, `7`).
        if case .scalar(.string(let text)) = source.kind {
            context.discardIssues(since: mark)
            let written = slot.pointee.description
            if !WrittenBackAsRead.isSameText(text, written) {
                context.record(
                    .invalidValue, expected: "\(typeName) written back as read",
                    found: "\(source.kind.summary) (written \(written.debugDescription))")
            }
        }
        return true
    }

    override func encode(_ value: Value, context: inout EncodingContext) -> JSONValue {
        // NaN or an infinity has no text that reads back (`"nan"` is no number): written as the
        // inner rule writes it, which JSON outputs report and archives keep.
        if isFloatingPoint, let number = value as? any FloatingPoint, !number.isFinite {
            return inner.encode(value, context: &context)
        }
        return .string(value.description)
    }
}

// MARK: - Tables

extension JastorTransform where Value: Equatable & Sendable {
    /// Values looked up by their JSON string in a table, and written back as their string.
    ///
    /// A string the table does not have is an invalid value: strict mapping reports it, lenient
    /// mapping keeps the property's default. A value the table does not have is written as `null`
    /// and reported by output that reports issues (``JastorObject/jsonData(options:)`` throws it at
    /// its path). A table that gives one value two strings could not write back the one that was
    /// read, so it is a declaration issue at each property that uses it: spellings that should also
    /// read go in `aliases`, which are read and written back as the value's string in `table`.
    ///
    /// ```swift
    /// JastorTransform.table(["female": Gender.female, "male": .male]).registerAsDefault()
    /// ```
    ///
    /// With aliases, `"F"` reads `.female` and is written back `"female"` — a rewrite the
    /// declaration asks for:
    ///
    /// ```swift
    /// JastorTransform.table(["female": Gender.female, "male": .male], aliases: ["F": .female, "M": .male])
    /// ```
    ///
    /// An alias that is also a table string, or whose value the table does not have (it could not
    /// be written back), is a declaration issue.
    ///
    /// - Parameters:
    ///   - table: The value for each JSON string, one string per value: what is written.
    ///   - aliases: Other strings read as a value of `table`, never written.
    /// - Returns: The transform.
    public static func table(_ table: [String: Value], aliases: [String: Value] = [:]) -> JastorTransform<Value> {
        JastorTransform(codec: TableCodec(table: table, aliases: aliases))
    }
}
