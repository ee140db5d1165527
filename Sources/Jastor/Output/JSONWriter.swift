import Foundation

/// The library's one JSON text writer: UTF-8 bytes, the escaping policy, number spelling and layout.
///
/// ``JastorObject/jsonData(options:)`` streams models through it, and the JSON archive
/// (``JSONTextWriter``) spells its tree with it, so both escape strings alike:
/// `"` and `\` with a backslash; `\b`, `\f`, `\n`, `\r`, `\t` in their short forms; every other
/// control character as `\u00xx`; `/` as `\/` unless asked not to (as `JSONSerialization` does).
/// Everything else, U+2028 and U+2029 included, is written as its UTF-8 bytes: valid JSON,
/// and a Swift `String` holds no lone surrogate to worry about.
///
/// Numbers are written exactly: integers in full, a `Double` as its shortest round-trip text
/// (what `description` prints), with or without a trailing `.0`.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Whether `/` is written as `\/`.
    let escapesSlashes: Bool
    /// Whether containers are indented, one member per line.
    let isPretty: Bool
    /// Whether object members are written in ``JSONKeyOrder``, not in their own order.
    let sortsKeys: Bool
    /// How many containers are open: the indentation of the next member.
    private var level = 0

    init(escapesSlashes: Bool, isPretty: Bool = false, sortsKeys: Bool = false, capacity: Int = 4096) {
        self.escapesSlashes = escapesSlashes
        self.isPretty = isPretty
        self.sortsKeys = sortsKeys
        bytes.reserveCapacity(capacity)
    }

    // MARK: Scalars

    mutating func writeNull() { append("null") }

    mutating func writeBool(_ value: Bool) { append(value ? "true" : "false") }

    /// Writes a signed integer in full (`-9223372036854775808`).
    mutating func writeInteger(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        writeDigits(of: value.magnitude)
    }

    /// Writes an unsigned integer in full (`18446744073709551615`).
    mutating func writeInteger(_ value: UInt64) {
        writeDigits(of: value)
    }

    private mutating func writeDigits(of value: UInt64) {
        guard value >= 10 else { return bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)) }
        // Twenty digits hold any UInt64; written backwards into a fixed buffer, then copied.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            // Sound: `count` stays below 20 and the buffer holds 24 bytes.
            while rest > 0 {
                count += 1
                buffer[24 - count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            bytes.append(contentsOf: buffer[(24 - count)...])
        }
    }

    /// Writes a finite `Double` as its shortest round-trip text, spelled as `description` spells it.
    ///
    /// ``DoubleToDecimal`` gives the digits and their layout, in a local buffer appended in one call.
    ///
    /// - Parameters:
    ///   - value: A finite number.
    ///   - keepsFraction: Whether an integral value keeps its `.0` (`5.0`), so that it
    ///     reads back as a double (archives); otherwise it is dropped (`5`, `-0`), as
    ///     `JSONSerialization` and `JSONEncoder` write it.
    mutating func writeDouble(_ value: Double, keepsFraction: Bool) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DoubleToDecimal.textCapacity) { buffer in
            // Sound: the buffer holds `textCapacity` bytes, as `spell` needs, and lives for this
            // closure only; `spell` sets all of it, and its first `count` (≤ 24) bytes are copied out.
            let count = DoubleToDecimal.spell(
                value, keepsFraction: keepsFraction, into: UnsafeMutableRawBufferPointer(buffer))
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Writes number text known to be in JSON's grammar (a `Decimal`'s description).
    mutating func writeNumberText(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes a string, quoted, with the escapes of the policy above.
    mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        let escapesSlashes = self.escapesSlashes
        let written: Bool? = string.utf8.withContiguousStorageIfAvailable { utf8 in
            // Sound: `utf8` is the string's own storage, read within this closure only; words are
            // loaded only where eight bytes remain.
            let count = utf8.count
            let raw = UnsafeRawBufferPointer(utf8)
            var runStart = 0
            var index = 0
            while index < count {
                if index + 8 <= count,
                    !Self.wordNeedsEscape(
                        raw.loadUnaligned(fromByteOffset: index, as: UInt64.self), escapesSlashes: escapesSlashes)
                {
                    index += 8
                    continue
                }
                let end = min(index + 8, count)
                while index < end {
                    let byte = utf8[index]
                    if Self.needsEscape(byte, escapesSlashes: escapesSlashes) {
                        if runStart < index { bytes.append(contentsOf: utf8[runStart..<index]) }
                        writeEscape(byte)
                        runStart = index + 1
                    }
                    index += 1
                }
            }
            if runStart < utf8.count { bytes.append(contentsOf: utf8[runStart...]) }
            return true
        }
        if written == nil {
            for byte in string.utf8 {
                if Self.needsEscape(byte, escapesSlashes: escapesSlashes) {
                    writeEscape(byte)
                } else {
                    bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether any of eight bytes may need an escape (exact when none does: the byte tests of
    /// "Bit Twiddling Hacks", `haszero` and `hasless`, flag a word only if some byte matches).
    @inline(__always)
    private static func wordNeedsEscape(_ word: UInt64, escapesSlashes: Bool) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        let control = (word &- ones &* 0x20) & ~word & highs != 0
        return control || hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\""))))
            || hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
            || (escapesSlashes && hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "/")))))
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8, escapesSlashes: Bool) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            || (byte == UInt8(ascii: "/") && escapesSlashes)
    }

    private mutating func writeEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case UInt8(ascii: "/"): append("\\/")
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        case UInt8(ascii: "\n"): append("\\n")
        case UInt8(ascii: "\r"): append("\\r")
        case UInt8(ascii: "\t"): append("\\t")
        default:
            append("\\u00")
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0xF)])
        }
    }

    /// The quoted, escaped text of `key`: what ``writeKey(quoted:first:)`` takes.
    static func quoted(_ key: String, escapesSlashes: Bool) -> [UInt8] {
        var writer = JSONWriter(escapesSlashes: escapesSlashes, capacity: key.utf8.count + 2)
        writer.writeString(key)
        return writer.bytes
    }

    // MARK: Containers

    mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        level += 1
    }

    /// Writes the separator before a member, its key and the colon.
    mutating func writeKey(_ key: String, first: Bool) {
        beginMember(first: first)
        writeString(key)
        writeColon()
    }

    /// Writes the separator before a member, its already quoted key and the colon.
    mutating func writeKey(quoted key: [UInt8], first: Bool) {
        beginMember(first: first)
        bytes.append(contentsOf: key)
        writeColon()
    }

    mutating func endObject(isEmpty: Bool) {
        endContainer(isEmpty: isEmpty)
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func beginArray() {
        bytes.append(UInt8(ascii: "["))
        level += 1
    }

    /// Writes the separator before an element.
    mutating func beginElement(first: Bool) {
        beginMember(first: first)
    }

    mutating func endArray(isEmpty: Bool) {
        endContainer(isEmpty: isEmpty)
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func beginMember(first: Bool) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        if isPretty { newline(indent: level) }
    }

    private mutating func writeColon() {
        if isPretty {
            append(" : ")
        } else {
            bytes.append(UInt8(ascii: ":"))
        }
    }

    /// Closes a container's layout; an empty one is written as `JSONSerialization` writes it
    /// (`{\n\n}` at its indentation when pretty).
    private mutating func endContainer(isEmpty: Bool) {
        level -= 1
        guard isPretty else { return }
        if isEmpty { bytes.append(UInt8(ascii: "\n")) }
        newline(indent: level)
    }

    private mutating func newline(indent: Int) {
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<indent { append("  ") }
    }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
