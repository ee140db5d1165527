/// A small recursive JSON reader for samples (RFC 8259), nesting at most 512 deep.
struct SampleParser {
    private static let maximumDepth = 512

    private let bytes: [UInt8]
    private var offset = 0
    private var depth = 0

    init(text: String) {
        bytes = Array(text.utf8)
    }

    /// Reads the one value of the document; only whitespace may follow it.
    mutating func parseDocument() throws -> SampleValue {
        let value = try parseValue()
        skipWhitespace()
        guard offset == bytes.count else { throw error("unexpected text after the JSON value") }
        return value
    }

    // MARK: - Values

    private mutating func parseValue() throws -> SampleValue {
        skipWhitespace()
        guard let byte = peek() else { throw error("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        default: return try parseNumber()
        }
    }

    private mutating func parseObject() throws -> SampleValue {
        try enter()
        defer { depth -= 1 }
        offset += 1
        var members: [(key: String, value: SampleValue)] = []
        var indexes: [String: Int] = [:]
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object(members) }
        repeat {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a key") }
            let key = try parseString()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw error("expected ':'") }
            let value = try parseValue()
            if let index = indexes[key] {
                members[index].value = value
            } else {
                indexes[key] = members.count
                members.append((key, value))
            }
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { throw error("expected ',' or '}'") }
        return .object(members)
    }

    private mutating func parseArray() throws -> SampleValue {
        try enter()
        defer { depth -= 1 }
        offset += 1
        var elements: [SampleValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            elements.append(try parseValue())
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "]")) else { throw error("expected ',' or ']'") }
        return .array(elements)
    }

    private mutating func parseLiteral(_ word: String, _ value: SampleValue) throws -> SampleValue {
        let expected = Array(word.utf8)
        guard bytes.count - offset >= expected.count, Array(bytes[offset..<offset + expected.count]) == expected else {
            throw error("unexpected character")
        }
        offset += expected.count
        return value
    }

    private mutating func parseNumber() throws -> SampleValue {
        let start = offset
        _ = consume(UInt8(ascii: "-"))
        guard try digits(allowingLeadingZero: false) else { throw error("unexpected character") }
        if consume(UInt8(ascii: ".")) {
            guard try digits(allowingLeadingZero: true) else { throw error("expected a digit") }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            _ = consume(UInt8(ascii: "+")) || consume(UInt8(ascii: "-"))
            guard try digits(allowingLeadingZero: true) else { throw error("expected a digit") }
        }
        return .number(String(decoding: bytes[start..<offset], as: UTF8.self))
    }

    /// Reads a run of digits, `false` when there is none (JSON forbids `01`).
    private mutating func digits(allowingLeadingZero: Bool) throws -> Bool {
        let start = offset
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { offset += 1 }
        if !allowingLeadingZero, offset - start > 1, bytes[start] == UInt8(ascii: "0") {
            throw error("leading zero in a number")
        }
        return offset > start
    }

    // MARK: - Strings

    private mutating func parseString() throws -> String {
        offset += 1
        var scalars = String.UnicodeScalarView()
        var run = offset
        while true {
            guard let byte = peek() else { throw error("unterminated string") }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                scalars.append(contentsOf: String(decoding: bytes[run..<offset], as: UTF8.self).unicodeScalars)
                offset += 1
                if byte == UInt8(ascii: "\"") { return String(scalars) }
                scalars.append(try parseEscape())
                run = offset
            } else if byte < 0x20 {
                throw error("control character in a string")
            } else {
                offset += 1
            }
        }
    }

    private mutating func parseEscape() throws -> Unicode.Scalar {
        guard let byte = peek() else { throw error("unterminated string") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try parseHexUnit()
            if UTF16.isLeadSurrogate(unit), bytes.count - offset >= 6, bytes[offset] == UInt8(ascii: "\\"),
                bytes[offset + 1] == UInt8(ascii: "u")
            {
                let saved = offset
                offset += 2
                let trail = try parseHexUnit()
                if UTF16.isTrailSurrogate(trail) {
                    let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(trail) - 0xDC00)
                    return Unicode.Scalar(value) ?? "\u{FFFD}"
                }
                offset = saved
            }
            return Unicode.Scalar(unit) ?? "\u{FFFD}"
        default:
            throw error("invalid escape")
        }
    }

    private mutating func parseHexUnit() throws -> UInt16 {
        guard bytes.count - offset >= 4 else { throw error("invalid \\u escape") }
        let text = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
        guard text.allSatisfy(\.isHexDigit), let unit = UInt16(text, radix: 16) else {
            throw error("invalid \\u escape")
        }
        offset += 4
        return unit
    }

    // MARK: - Bytes

    private func peek() -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        offset += 1
        return true
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    private mutating func enter() throws {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth)") }
    }

    /// An error at the current offset, with its line and column.
    private func error(_ message: String) -> SampleError {
        let prefix = bytes[..<min(offset, bytes.count)]
        let line = prefix.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let lineStart = prefix.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        return SampleError("line \(line), column \(offset - lineStart + 1): \(message)")
    }
}
