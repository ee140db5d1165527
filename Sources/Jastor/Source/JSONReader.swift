import Foundation

/// The library's own JSON reader: UTF-8 bytes to a ``JSONDocument``, with no `JSONSerialization`
/// and no `NSNumber` or `NSDictionary` bridging.
///
/// The reader follows RFC 8259 strictly (it accepts every `y_` file of JSONTestSuite and rejects
/// every `n_` file). It is iterative, so nesting costs no stack; it stops at ``maximumDepth``
/// levels with an error instead. Within strings, invalid UTF-8 and lone surrogate escapes are
/// replaced with U+FFFD, and the document counts each such string it hands out, for the mapping
/// run to report (``DocumentValue``); duplicate keys are kept, and lookups find the last one.
///
/// Unsafe code, fenced here and in the reader's two other files (`JSONReader+Strings.swift`, string
/// scanning and decoding; `JSONReader+Numbers.swift`, number scanning): the input is `bytes`, the
/// caller's `Data` as `withUnsafeBytes` lends it for the whole read; every byte is read at an index
/// checked against `bytes.count` first, every word load at `index` only where `index + 8 <=
/// bytes.count` (two or four bytes where `index + 2` or `index + 4 <=`), stated at each load. The
/// document's storage (its nodes, and the input it borrows or copies) is fenced in
/// `JSONDocument+Storage.swift`.
package struct JSONReader {
    /// How deep arrays and objects may nest.
    static let maximumDepth = 512

    // Read by the string and number scanning in JSONReader+Strings.swift and JSONReader+Numbers.swift.
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var tape: JSONDocument.Tape

    /// The largest input the reader takes: 4 GiB - 1 bytes, so that its tape stores string
    /// lengths and node indexes in 32 bits.
    static let maximumSize = Int(UInt32.max)

    /// Reads `data` into a document that owns a copy of it, or reports the first syntax error with
    /// its position.
    ///
    /// For documents kept beyond one call (archives, the generator's samples); a mapping call reads
    /// in place with ``withDocument(reading:_:)``.
    ///
    /// - Parameters:
    ///   - data: UTF-8 JSON.
    ///   - isArchive: Whether `data` is a Jastor archive, whose strings are read by ``ArchiveSpelling``.
    /// - Returns: The document.
    /// - Throws: ``JastorError`` with the first syntax error, or an archive marker Jastor never writes.
    package static func read(_ data: Data, isArchive: Bool = false) throws(JastorError) -> JSONDocument {
        try checkSize(of: data)
        let result: Result<JSONDocument, JastorError> = data.withUnsafeBytes { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            return read(buffer, isArchive: isArchive) { .copying(buffer) }
        }
        return try result.get()
    }

    /// Reads `data` in place, without copying it, and runs `body` with the document.
    ///
    /// The document borrows the bytes of `data` for this call only (``JSONDocument/Input``): when
    /// `body` returns and something still holds the document (a view a hook kept), its bytes are
    /// copied first, so it never reads `data` after the call.
    ///
    /// - Parameters:
    ///   - data: UTF-8 JSON.
    ///   - body: Maps the document.
    /// - Returns: What `body` returns.
    /// - Throws: ``JastorError`` with the first syntax error, or what `body` throws.
    static func withDocument<Value>(
        reading data: Data, _ body: (JSONDocument) throws(JastorError) -> Value
    ) throws(JastorError) -> Value {
        try checkSize(of: data)
        let result: Result<Value, JastorError> = data.withUnsafeBytes { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            var document: JSONDocument
            switch read(buffer, isArchive: false, input: { .borrowing(buffer) }) {
            case .success(let read): document = read
            case .failure(let error): return .failure(error)
            }
            let result: Result<Value, JastorError>
            do throws(JastorError) {
                result = .success(try body(document))
            } catch {
                result = .failure(error)
            }
            // `body`'s references are gone; one left elsewhere would outlive `data`'s bytes.
            if !isKnownUniquelyReferenced(&document) { document.endBorrow() }
            return result
        }
        return try result.get()
    }

    private static func checkSize(of data: Data) throws(JastorError) {
        guard data.count <= maximumSize else {
            throw JastorError(issues: [
                JastorIssue(
                    path: [], kind: .invalidJSON, expected: "at most \(maximumSize) bytes of JSON",
                    found: "\(data.count) bytes")
            ])
        }
    }

    /// Reads `buffer` into a document over the input `makeInput` returns (called only when the
    /// read succeeds), or the first syntax error with its position.
    private static func read(
        _ buffer: UnsafeBufferPointer<UInt8>, isArchive: Bool, input makeInput: () -> JSONDocument.Input
    ) -> Result<JSONDocument, JastorError> {
        var reader = JSONReader(bytes: buffer)
        do throws(JSONSyntaxError) {
            try reader.readDocument()
            if isArchive {
                do throws(ArchiveSpelling.UnknownMarker) {
                    try reader.tape.readArchiveMarkers(in: buffer)
                } catch {
                    throw JSONSyntaxError(expected: "a value Jastor archives hold, not \(error.reason)", offset: 0)
                }
            }
            return .success(JSONDocument(input: makeInput(), tape: reader.tape))
        } catch {
            return .failure(error.jastorError(in: buffer))
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.tape = JSONDocument.Tape(capacity: bytes.count / 8)
    }

    // MARK: Structure

    /// A container being read: its node, how many members or elements it has so far, and its kind.
    private struct OpenContainer {
        var index: Int
        var count: Int
        var isObject: Bool
    }

    /// Reads one value and checks that only whitespace follows it.
    ///
    /// The containers being read are a stack of at most ``maximumDepth`` entries in one buffer
    /// allocated here: `depth` is checked against the capacity before each push, and entries are
    /// read only below `depth`, so every access is inside the buffer.
    private mutating func readDocument() throws(JSONSyntaxError) {
        try skipByteOrderMark()
        let open = UnsafeMutableBufferPointer<OpenContainer>.allocate(capacity: Self.maximumDepth)
        defer { open.deallocate() }
        var depth = 0
        value: while true {
            skipWhitespace()
            guard position < bytes.count else { throw error("a value") }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                if let index = try openContainer(.object, closing: UInt8(ascii: "}"), depth: depth) {
                    open.initializeElement(at: depth, to: OpenContainer(index: index, count: 0, isObject: true))
                    depth += 1
                    try readKey()
                    continue value
                }
            case UInt8(ascii: "["):
                if let index = try openContainer(.array, closing: UInt8(ascii: "]"), depth: depth) {
                    open.initializeElement(at: depth, to: OpenContainer(index: index, count: 0, isObject: false))
                    depth += 1
                    continue value
                }
            case UInt8(ascii: "\""):
                try readString()
            case UInt8(ascii: "t"):
                try readLiteral("true", as: .true)
            case UInt8(ascii: "f"):
                try readLiteral("false", as: .false)
            case UInt8(ascii: "n"):
                try readLiteral("null", as: .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try readNumber()
            default:
                throw error("a value")
            }
            // After a value: a separator, the end of enclosing containers, or the end of the input.
            while depth > 0 {
                open[depth - 1].count += 1
                let isObject = open[depth - 1].isObject
                skipWhitespace()
                guard position < bytes.count else { throw error(isObject ? "',' or '}'" : "',' or ']'") }
                let byte = bytes[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    if isObject { try readKey() }
                    continue value
                }
                guard byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw error(isObject ? "',' or '}'" : "',' or ']'")
                }
                position += 1
                depth -= 1
                tape.close(open[depth].index, count: open[depth].count)
            }
            skipWhitespace()
            guard position == bytes.count else { throw error("the end of the input") }
            return
        }
    }

    /// Which of the first four bytes are zero (a bit each, the first byte's highest) in UTF-32BE,
    /// UTF-16BE, UTF-32LE and UTF-16LE text without a byte order mark, as RFC 4627 §3 tells them
    /// apart (JSON text starts with two ASCII characters); no UTF-8 JSON text starts so.
    private static let unmarkedWideText: Set<UInt8> = [0b1110, 0b1010, 0b0111, 0b0101]

    /// Steps over one UTF-8 byte order mark (EF BB BF) at the start of the input, which RFC 8259
    /// §8.1 lets a parser ignore (`JSONSerialization` does); refuses a UTF-16 or UTF-32 one,
    /// naming it, since Jastor reads UTF-8 only.
    private mutating func skipByteOrderMark() throws(JSONSyntaxError) {
        // Each comparison reads a byte only after checking that the input has it.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
            return
        }
        let encoding: String
        if bytes.count >= 4, bytes[0] == 0x00, bytes[1] == 0x00, bytes[2] == 0xFE, bytes[3] == 0xFF {
            encoding = "UTF-32"
        } else if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xFE, bytes[2] == 0x00, bytes[3] == 0x00 {
            encoding = "UTF-32"
        } else if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            encoding = "UTF-16"
        } else if bytes.count >= 4,
            Self.unmarkedWideText.contains((0..<4).reduce(0) { $0 << 1 | (bytes[$1] == 0x00 ? 1 : 0) })
        {
            throw JSONSyntaxError(
                expected: "UTF-8 JSON", offset: 0,
                found:
                    "UTF-16 or UTF-32 text without a byte order mark (zero bytes among the first four); Jastor reads UTF-8"
            )
        } else {
            return
        }
        throw JSONSyntaxError(
            expected: "UTF-8 JSON", offset: 0, found: "a \(encoding) byte order mark; Jastor reads UTF-8")
    }

    /// Starts an object or array at the current `{` or `[`, `depth` containers deep; returns its
    /// node when it has contents to read (an empty one is closed at once, and `nil` returned).
    private mutating func openContainer(
        _ kind: JSONDocument.Kind, closing: UInt8, depth: Int
    ) throws(JSONSyntaxError) -> Int? {
        guard depth < Self.maximumDepth else { throw error("at most \(Self.maximumDepth) levels of nesting") }
        let index = tape.append(kind)
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == closing {
            position += 1
            tape.close(index, count: 0)
            return nil
        }
        return index
    }

    /// Reads `"key"` and the `:` after it.
    ///
    /// Inlined into ``readDocument()``, which reads every key, so that no call saves and restores
    /// registers for each.
    @inline(__always)
    private mutating func readKey() throws(JSONSyntaxError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("a string key") }
        try readString()
        // Pretty-printed JSON follows a key with `": "`: both bytes in one load (`position + 2 <=
        // bytes.count` keeps it inside the input), so that the value's whitespace check finds none.
        if position + 2 <= bytes.count, let base = bytes.baseAddress,
            UInt16(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt16.self)) == 0x203A
        {
            position += 2
            return
        }
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("':'") }
        position += 1
        // Pretty-printed JSON puts one space after the colon: taken here, so that the value's
        // whitespace check finds none and calls no run.
        if position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
    }

    /// Skips JSON whitespace (space, tab, line feed, carriage return), eight bytes at a time.
    @inline(__always)
    private mutating func skipWhitespace() {
        // Most values follow their separator at once (compact JSON) or after one space.
        guard position < bytes.count, bytes[position] <= 0x20 else { return }
        skipWhitespaceRun()
    }

    /// Skips a run of whitespace that starts at `position`; indentation is mostly spaces, so each
    /// step looks for the first byte that is not a space in the next sixteen (then eight), and
    /// steps over it only when it is a line feed, carriage return or tab.
    private mutating func skipWhitespaceRun() {
        // Pretty-printed JSON starts each line with a line feed, then indents it.
        if bytes[position] == 0x0A { position += 1 }
        if let base = bytes.baseAddress {
            let spaces = Self.repeated(0x20)
            while true {
                // A byte of `other` is zero where the input has a space, so the lowest set bit is
                // in the first byte that is not one (little-endian: the first byte is the lowest).
                var other: UInt64
                // Sixteen bytes while `position + 16 <= count`, then eight while `position + 8 <=
                // count`: every load stays inside the input.
                if position + 16 <= bytes.count {
                    let low = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                    let high = UInt64(
                        littleEndian: UnsafeRawPointer(base + position + 8).loadUnaligned(as: UInt64.self))
                    if (low ^ spaces) | (high ^ spaces) == 0 {
                        position += 16
                        continue
                    }
                    if low != spaces {
                        other = low ^ spaces
                    } else {
                        position += 8
                        other = high ^ spaces
                    }
                } else if position + 8 <= bytes.count {
                    other =
                        UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)) ^ spaces
                    if other == 0 {
                        position += 8
                        continue
                    }
                } else {
                    break
                }
                position += other.trailingZeroBitCount / 8
                switch bytes[position] {
                case 0x0A, 0x0D, 0x09: position += 1
                default: return
                }
            }
        }
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// `byte` in each of a word's eight bytes.
    @inline(__always)
    private static func repeated(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

    private mutating func readLiteral(_ literal: StaticString, as kind: JSONDocument.Kind) throws(JSONSyntaxError) {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else {
            // Truncated: the error is at the first byte that differs, or at the end of the input.
            position = (position..<bytes.count).first { bytes[$0] != literal.utf8Start[$0 - position] } ?? bytes.count
            throw error("'\(literal)'")
        }
        // The literal's first four bytes as one word (the guard above keeps the load inside the
        // input; every literal has at least four); a mismatch is located byte by byte below.
        if let base = bytes.baseAddress,
            UnsafeRawPointer(base + position).loadUnaligned(as: UInt32.self)
                == UnsafeRawPointer(literal.utf8Start).loadUnaligned(as: UInt32.self),
            count == 4 || bytes[position + 4] == literal.utf8Start[4]
        {
            position += count
            tape.append(kind)
            return
        }
        for offset in 0..<count where bytes[position + offset] != literal.utf8Start[offset] {
            position += offset
            throw error("'\(literal)'")
        }
        position += count
        tape.append(kind)
    }

    // MARK: Errors

    func error(_ expected: String) -> JSONSyntaxError {
        JSONSyntaxError(expected: expected, offset: position)
    }
}
