import Foundation

/// The library's own JSON reader: UTF-8 bytes to a ``JSONDocument``, with no `JSONSerialization`
/// and no `NSNumber` or `NSDictionary` bridging.
///
/// The reader follows RFC 8259 strictly (it accepts every `y_` file of JSONTestSuite and rejects
/// every `n_` file). It is iterative, so nesting costs no stack; it stops at ``maximumDepth``
/// levels with an error instead. Within strings, invalid UTF-8 and lone surrogate escapes are
/// replaced with U+FFFD, and the document counts each such string it hands out, for the mapping
/// run to report (``DocumentValue``); duplicate keys are kept, and lookups find the last one.
package struct JSONReader {
    /// How deep arrays and objects may nest.
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var tape: JSONDocument.Tape

    /// The largest input the reader takes: 4 GiB - 1 bytes, so that its tape stores string
    /// lengths and node indexes in 32 bits.
    static let maximumSize = Int(UInt32.max)

    /// Reads `data` into a document, or reports the first syntax error with its position.
    ///
    /// - Parameters:
    ///   - data: UTF-8 JSON.
    ///   - isArchive: Whether `data` is a Jastor archive, whose strings are read by ``ArchiveSpelling``.
    /// - Returns: The document.
    /// - Throws: ``JastorError`` with the first syntax error, or an archive marker Jastor never writes.
    package static func read(_ data: Data, isArchive: Bool = false) throws(JastorError) -> JSONDocument {
        guard data.count <= maximumSize else {
            throw JastorError(issues: [
                JastorIssue(
                    path: [], kind: .invalidJSON, expected: "at most \(maximumSize) bytes of JSON",
                    found: "\(data.count) bytes")
            ])
        }
        let stored = [UInt8](data)
        let result: Result<JSONDocument, JSONSyntaxError> = stored.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer)
            do throws(JSONSyntaxError) {
                try reader.readDocument()
                if isArchive {
                    do throws(ArchiveSpelling.UnknownMarker) {
                        try reader.tape.readArchiveMarkers(in: buffer)
                    } catch {
                        return .failure(
                            JSONSyntaxError(expected: "a value Jastor archives hold, not \(error.reason)", offset: 0))
                    }
                }
                return .success(JSONDocument(bytes: stored, tape: reader.tape))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let document): return document
        case .failure(let error): throw error.jastorError(in: stored)
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
    private mutating func readKey() throws(JSONSyntaxError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("a string key") }
        try readString()
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
    /// step looks for the first byte that is not a space in the next eight, and steps over it only
    /// when it is a line feed, carriage return or tab.
    private mutating func skipWhitespaceRun() {
        // Pretty-printed JSON starts each line with a line feed, then indents it.
        if bytes[position] == 0x0A { position += 1 }
        if let base = bytes.baseAddress {
            // Eight bytes at a time while `position + 8 <= count`: the load stays inside the input.
            while position + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                // The high bit of each byte that is not a space (exact: no carry crosses a byte).
                let other = Self.nonZeroBytes(word ^ Self.repeated(0x20))
                if other == 0 {
                    position += 8
                    continue
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

    /// The high bit of each byte of `word` that is not zero, and no other bit.
    @inline(__always)
    private static func nonZeroBytes(_ word: UInt64) -> UInt64 {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return (((word & lows) &+ lows) | word) & ~lows
    }

    private mutating func readLiteral(_ literal: StaticString, as kind: JSONDocument.Kind) throws(JSONSyntaxError) {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw error("'\(literal)'") }
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

    // MARK: Strings

    /// Reads a string; plain ones stay a range of the input, escaped ones are decoded now.
    ///
    /// Inlined into its two callers (values and keys).
    @inline(__always)
    private mutating func readString() throws(JSONSyntaxError) {
        position += 1  // the opening quote
        let start = position
        skipPlainStringBytes()
        // Most strings have no escape: the scan stops at their closing quote.
        if position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
            tape.appendString(start: start, count: position - start)
            position += 1
            return
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                tape.appendString(start: start, count: position - start)
                position += 1
                return
            }
            if byte == UInt8(ascii: "\\") { return try readEscapedString(from: start) }
            guard byte >= 0x20 else { throw error("a string character (control characters must be escaped)") }
            position += 1
        }
        throw error("'\"' to close the string")
    }

    /// Skips eight bytes at a time while none of them ends the plain run of a string: no quote,
    /// no backslash, no control character (the byte loop then finds which one it is).
    ///
    /// Inlined into ``readString()``, which calls it for every string and key.
    @inline(__always)
    private mutating func skipPlainStringBytes() {
        guard let base = bytes.baseAddress else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while position + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
            let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
            // A byte is zero in `quotes` or `backslashes`, or below 0x20 in `word`: exact tests
            // that some byte matches.
            let found =
                ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes) | ((word &- ones &* 0x20) & ~word)
            // The lowest flagged byte is exact (a borrow only flags bytes above a real match), so
            // the byte loop resumes at the quote, backslash or control character itself.
            if found & highs != 0 {
                position += (found & highs).trailingZeroBitCount / 8
                return
            }
            position += 8
        }
    }

    /// The first backslash at or after `index`, or `end` when none comes before it; eight bytes at
    /// a time while a whole word lies before `end`.
    private func nextBackslash(from index: Int, before end: Int) -> Int {
        var index = index
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            // `index + 8 <= end` and `end < bytes.count`: the load stays inside the input.
            while index + 8 <= end {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
                // The lowest flagged byte is exact, as in ``skipPlainStringBytes()``.
                let found = (backslashes &- ones) & ~backslashes & highs
                if found != 0 { return index + found.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < end, bytes[index] != UInt8(ascii: "\\") { index += 1 }
        return index
    }

    /// Reads the rest of a string that has escapes (`position` is at the first backslash) in two
    /// passes: this one checks it and counts its decoded bytes, then ``decodedString(from:firstEscape:end:count:)``
    /// decodes it into a buffer of exactly that size and validates it once.
    private mutating func readEscapedString(from start: Int) throws(JSONSyntaxError) {
        let firstEscape = position
        var count = position - start
        var hasLoneSurrogate = false
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                let end = position
                position += 1
                let (string, isValid) = decodedString(from: start, firstEscape: firstEscape, end: end, count: count)
                tape.appendDecodedString(string, repaired: hasLoneSurrogate || !isValid)
                return
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { break }
                count += try measureEscape(noting: &hasLoneSurrogate)
            case 0..<0x20:
                throw error("a string character (control characters must be escaped)")
            default:
                // A plain run, counted at once up to the next quote, backslash or control character.
                let run = position
                position += 1
                skipPlainStringBytes()
                count += position - run
            }
        }
        throw error("'\"' to close the string")
    }

    /// Checks the escape after a backslash (at `position`), steps over it and returns how many
    /// UTF-8 bytes it decodes to; sets `hasLoneSurrogate` when it is a lone surrogate (U+FFFD).
    private mutating func measureEscape(noting hasLoneSurrogate: inout Bool) throws(JSONSyntaxError) -> Int {
        switch bytes[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 1
            return 1
        case UInt8(ascii: "u"):
            position += 1
            guard let (scalar, end, isLone) = unicodeEscape(at: position) else {
                // The first quad, or else the second of a pair, has the byte that is not a hex digit.
                position = hexQuad(at: position) == nil ? hexError(at: position) : hexError(at: position + 6)
                throw error("four hex digits")
            }
            position = end
            if isLone { hasLoneSurrogate = true }
            return Self.utf8Width(scalar)
        default:
            throw error("an escape (\\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX)")
        }
    }

    /// The second pass of ``readEscapedString(from:)``: the string decoded into `count` bytes.
    ///
    /// The string runs from `start` to its closing quote at `end`, and its first backslash is at
    /// `firstEscape`; the first pass checked every escape and counted `count`. The bytes are
    /// decoded into a temporary buffer (on the stack when small), validated once, and copied into
    /// the `String` without a second check (``JSONDocument/validString(_:preferringSpan:)``);
    /// `String(unsafeUninitializedCapacity:initializingUTF8With:)`, used before, validated them
    /// again after this check had. Invalid UTF-8 is repaired by `String(decoding:as:)`, and
    /// `isValid` is then `false`, so that the repair is reported, never silent.
    private func decodedString(
        from start: Int, firstEscape: Int, end: Int, count: Int
    ) -> (string: String, isValid: Bool) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            let written = decode(from: start, firstEscape: firstEscape, end: end, into: buffer)
            let text = UnsafeBufferPointer(rebasing: buffer[..<written])
            if let valid = JSONDocument.validString(text) { return (valid, true) }
            return (String(decoding: text, as: UTF8.self), false)
        }
    }

    /// Decodes the string of ``decodedString(from:firstEscape:end:count:)`` into `buffer`, which
    /// has room for its `count` bytes; returns how many it wrote.
    ///
    /// Each plain run is copied and each escape written in the order the first pass counted them,
    /// with the same widths (``utf8Width(_:)`` and ``encode(_:into:)`` agree), so the writes fill
    /// exactly the `count` bytes of the buffer; the runs read only bytes before `end`.
    private func decode(
        from start: Int, firstEscape: Int, end: Int, into buffer: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        guard let target = buffer.baseAddress, let source = bytes.baseAddress else { return 0 }
        var written = 0
        var index = start
        var runEnd = firstEscape
        while true {
            (target + written).initialize(from: source + index, count: runEnd - index)
            written += runEnd - index
            guard runEnd < end else { return written }
            // A backslash at `runEnd`, and the escape the first pass checked after it.
            let escape = bytes[runEnd + 1]
            index = runEnd + 2
            switch escape {
            case UInt8(ascii: "u"):
                guard let (scalar, next, _) = unicodeEscape(at: index) else { return written }  // checked: never
                written += Self.encode(scalar, into: target + written)
                index = next
            case UInt8(ascii: "b"): target[written] = 0x08
            case UInt8(ascii: "f"): target[written] = 0x0C
            case UInt8(ascii: "n"): target[written] = 0x0A
            case UInt8(ascii: "r"): target[written] = 0x0D
            case UInt8(ascii: "t"): target[written] = 0x09
            default: target[written] = escape  // `"`, `\` or `/`
            }
            if escape != UInt8(ascii: "u") { written += 1 }
            // The next run ends at a backslash or at the closing quote (`end`): the first pass
            // found no other quote and no control character before it.
            runEnd = nextBackslash(from: index, before: end)
        }
    }

    /// The scalar of the `\u` escape whose four hex digits start at `index`, and where it ends.
    ///
    /// A high surrogate followed by a `\u` low surrogate is one scalar, and a lone surrogate is
    /// U+FFFD (`isLone`). `nil` when the digits (or those of the low surrogate after a high one)
    /// are not hex.
    private func unicodeEscape(at index: Int) -> (scalar: Unicode.Scalar, end: Int, isLone: Bool)? {
        guard var scalar = hexQuad(at: index) else { return nil }
        var end = index + 4
        if (0xD800..<0xDC00).contains(scalar), end + 6 <= bytes.count, bytes[end] == UInt8(ascii: "\\"),
            bytes[end + 1] == UInt8(ascii: "u")
        {
            guard let low = hexQuad(at: end + 2) else { return nil }
            if (0xDC00..<0xE000).contains(low) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                end += 6
            }  // else not a pair: the second escape is read on its own
        }
        guard let valid = Unicode.Scalar(scalar) else { return ("\u{FFFD}", end, true) }
        return (valid, end, false)
    }

    /// The value of the four hex digits at `index`, or `nil` when fewer than four bytes are left or
    /// one is not a hex digit.
    private func hexQuad(at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in index..<index + 4 {
            guard let digit = Self.hexDigit(bytes[offset]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    /// Where the four hex digits at `index` go wrong: the first byte that is not a hex digit, or
    /// `index` when fewer than four bytes are left.
    private func hexError(at index: Int) -> Int {
        guard index + 4 <= bytes.count else { return index }
        return (index..<index + 4).first { Self.hexDigit(bytes[$0]) == nil } ?? index
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// How many bytes UTF-8 takes for `scalar`: what ``encode(_:into:)`` writes.
    private static func utf8Width(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case ..<0x80: 1
        case ..<0x800: 2
        case ..<0x1_0000: 3
        default: 4
        }
    }

    /// Writes `scalar` as UTF-8 at `target`, which has room for its ``utf8Width(_:)`` bytes; returns
    /// that width.
    private static func encode(_ scalar: Unicode.Scalar, into target: UnsafeMutablePointer<UInt8>) -> Int {
        let value = scalar.value
        switch value {
        case ..<0x80:
            target[0] = UInt8(value)
            return 1
        case ..<0x800:
            target[0] = 0xC0 | UInt8(value >> 6)
            target[1] = 0x80 | UInt8(value & 0x3F)
            return 2
        case ..<0x1_0000:
            target[0] = 0xE0 | UInt8(value >> 12)
            target[1] = 0x80 | UInt8(value >> 6 & 0x3F)
            target[2] = 0x80 | UInt8(value & 0x3F)
            return 3
        default:
            target[0] = 0xF0 | UInt8(value >> 18)
            target[1] = 0x80 | UInt8(value >> 12 & 0x3F)
            target[2] = 0x80 | UInt8(value >> 6 & 0x3F)
            target[3] = 0x80 | UInt8(value & 0x3F)
            return 4
        }
    }

    // MARK: Numbers

    /// Reads a number by JSON's grammar; integers that fit 64 bits stay exact integers, every other
    /// number is kept as a literal (its position) with its nearest `Double`.
    ///
    /// Properties convert a literal from its digits, so `-9223372036854775809` never becomes
    /// `Int64.min` by way of a rounded double, and `1.000000000000000005` is not `1`. A number beyond
    /// `Double`'s range (`1e400`) is read too: a `String` property takes its text, other types report it.
    private mutating func readNumber() throws(JSONSyntaxError) {
        let start = position
        let isNegative = bytes[position] == UInt8(ascii: "-")
        if isNegative { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("a digit") }
        // The number's parts, gathered while its digits are checked: at most 19 significant digits
        // (always exact in a UInt64) and a power of ten; `isLong` past 19.
        var parts = DecimalToDouble.Parts(isNegative: isNegative)
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            readDigits(into: &parts, inFraction: false)
        }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("a digit after '.'") }
            readDigits(into: &parts, inFraction: true)
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            var exponentIsNegative = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                exponentIsNegative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("a digit in the exponent") }
            var written = 0
            while position < bytes.count, isDigit(bytes[position]) {
                // A written exponent past 100 000 is left to the standard library's parser (as a long
                // number): leading fraction zeros can offset any exponent, so it is not clamped.
                if written < 100_000 {
                    written = written * 10 + Int(bytes[position] &- UInt8(ascii: "0"))
                } else {
                    parts.isLong = true
                }
                position += 1
            }
            parts.exponent += exponentIsNegative ? -written : written
        }
        if isInteger {
            // `-0` is kept as a literal: as an integer it would lose its sign (a `Double` or `String` keeps it).
            if isNegative, parts.significand == 0 {
                return tape.appendIntegerLiteral(start: start, count: position - start)
            }
            // Most integers: at most 19 digits, within `Int64` (its most negative value aside).
            if !parts.isLong, parts.significand <= UInt64(Int64.max) {
                let magnitude = Int64(parts.significand)
                return tape.appendInteger(isNegative ? -magnitude : magnitude)
            }
            let integer =
                parts.isLong ? Self.integer(UnsafeBufferPointer(rebasing: bytes[start..<position])) : parts.integer
            guard let integer else { return tape.appendIntegerLiteral(start: start, count: position - start) }
            return tape.append(integer)
        }
        let nearest =
            parts.isLong ? nil : DecimalToDouble.nearest(parts)
        tape.appendDouble(
            nearest ?? Double(String(decoding: bytes[start..<position], as: UTF8.self)) ?? .infinity,
            literalStart: start)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// Reads a run of digits into `parts`: leading zeros are not significant, a fraction digit lowers
    /// the exponent, and a 20th significant digit marks the number long.
    ///
    /// Eight digits at a time while they are all significant (the significand is nonzero, or this
    /// is the integer part, which has no leading zero) and at most 19 are gathered; then one at a time.
    @inline(__always)
    private mutating func readDigits(into parts: inout DecimalToDouble.Parts, inFraction: Bool) {
        if let base = bytes.baseAddress, !inFraction || parts.significand != 0 {
            // `position + 8 <= bytes.count`: the load stays inside the input.
            while parts.digits <= 11, position + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                guard let eight = Self.eightDigits(word) else { break }
                parts.significand = parts.significand &* 100_000_000 &+ eight
                parts.digits += 8
                if inFraction { parts.exponent -= 8 }
                position += 8
            }
        }
        while position < bytes.count {
            let digit = bytes[position] &- UInt8(ascii: "0")
            guard digit < 10 else { return }
            if parts.digits < 19 {
                parts.significand = parts.significand &* 10 &+ UInt64(digit)
                if parts.significand != 0 { parts.digits += 1 }
            } else {
                parts.isLong = true
            }
            if inFraction { parts.exponent -= 1 }
            position += 1
        }
    }

    /// The value of eight ASCII digits loaded little-endian (the first digit in the lowest byte), or
    /// `nil` when a byte is not a digit.
    ///
    /// Each byte minus `0x30` must be below 10: adding `0x76` then sets no high bit (10 + `0x76` is `0x80`), and no byte of
    /// `word` is below `0x30` or has its high bit set. The digits are then combined in three
    /// multiply-and-shift steps, pairs, quads and the eight (Lemire, "Number Parsing at a Gigabyte per Second").
    @inline(__always)
    static func eightDigits(_ word: UInt64) -> UInt64? {
        let highs: UInt64 = 0x8080_8080_8080_8080
        let digits = word &- 0x3030_3030_3030_3030
        // A byte below 0x30 borrows (sets a high bit, or takes it from the next byte, which then
        // shows one too); a byte above 0x39 gets its high bit from `+ 0x76` (no carry leaves a byte whose
        // high bit was clear in `word`).
        guard (word | digits | (digits &+ 0x7676_7676_7676_7676)) & highs == 0 else { return nil }
        let pairs = (digits &* 10) &+ (digits >> 8)
        let quads = ((pairs & 0x0000_00FF_0000_00FF) &* (100 &+ (1_000_000 << 32)))
        let mixed = ((pairs >> 16) & 0x0000_00FF_0000_00FF) &* (1 &+ (10_000 << 32))
        return (quads &+ mixed) >> 32
    }

    /// The exact value of integer text, when it fits `Int64` or (non-negative) `UInt64`.
    private static func integer(_ text: UnsafeBufferPointer<UInt8>) -> JSONScalar? {
        let negative = text.first == UInt8(ascii: "-")
        var magnitude: UInt64 = 0
        for byte in text.dropFirst(negative ? 1 : 0) {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return .integer(magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude))
        }
        return magnitude <= UInt64(Int64.max) ? .integer(Int64(magnitude)) : .unsignedInteger(magnitude)
    }

    // MARK: Errors

    private func error(_ expected: String) -> JSONSyntaxError {
        JSONSyntaxError(expected: expected, offset: position)
    }
}

// MARK: - Node storage

extension JSONDocument {
    /// The nodes of a document: a buffer the reader appends to through a pointer, with no
    /// uniqueness or capacity check of an `Array` per node, read afterwards by bounds-checked index.
    ///
    /// Unsafe code, fenced here: `base` points at `capacity` nodes allocated for the buffer, of
    /// which the first `count` are initialised. ``append(_:)`` grows the allocation before writing
    /// when `count == capacity`, so every write is below `capacity`; every read and write by
    /// index checks `index < count` first. The allocation is freed by its ``Allocation`` when the
    /// last copy of the buffer (the reader's tape, then the document) goes; a grow frees the old
    /// one after moving the nodes, and tells the allocation the new one. Once the reader hands the
    /// buffer to the document, nothing writes to it again. Copies share the allocation, so a grow
    /// or a write by index (the rare paths) first checks that this copy is the only one: a copy
    /// that outlived a grow would point at freed memory.
    struct NodeBuffer: @unchecked Sendable {
        // `@unchecked Sendable`: the document's buffer is immutable (only the reader, before
        // handing it over, writes), so threads share nothing mutable through the pointer.

        /// Frees the buffer's current allocation when the last copy of the buffer goes.
        private final class Allocation {
            var base: UnsafeMutablePointer<Node>

            init(base: UnsafeMutablePointer<Node>) { self.base = base }

            // `Node` is a trivial type: no node needs deinitialising before the memory is freed.
            deinit { base.deallocate() }
        }

        private var base: UnsafeMutablePointer<Node>
        private(set) var count = 0
        private var capacity: Int
        private var allocation: Allocation

        init(capacity: Int) {
            self.capacity = Swift.max(capacity, 16)
            self.base = UnsafeMutablePointer<Node>.allocate(capacity: self.capacity)
            self.allocation = Allocation(base: base)
        }

        var indices: Range<Int> { 0..<count }

        var first: Node? { count > 0 ? base[0] : nil }

        /// Appends `node` and returns its index.
        @inline(__always)
        @discardableResult
        mutating func append(_ node: Node) -> Int {
            if count == capacity { grow() }
            // `count < capacity` here: the write is inside the allocation.
            (base + count).initialize(to: node)
            count += 1
            return count - 1
        }

        /// Doubles the capacity: the nodes move to a new allocation, and the old one is freed.
        @inline(never)
        private mutating func grow() {
            precondition(isKnownUniquelyReferenced(&allocation), "a node buffer grows only while it has one copy")
            let newCapacity = capacity * 2
            let newBase = UnsafeMutablePointer<Node>.allocate(capacity: newCapacity)
            // The first `count` nodes are initialised, and `count <= capacity < newCapacity`.
            newBase.moveInitialize(from: base, count: count)
            base.deallocate()
            base = newBase
            capacity = newCapacity
            allocation.base = newBase
        }

        subscript(index: Int) -> Node {
            @inline(__always) get {
                // One unsigned comparison: a negative index is above every count.
                precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "node index out of range")
                return base[index]
            }
            set {
                precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "node index out of range")
                precondition(
                    isKnownUniquelyReferenced(&allocation), "a node buffer is written only while it has one copy")
                base[index] = newValue
            }
        }
    }
}
