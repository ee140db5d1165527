// String scanning and decoding, inside the reader's unsafe fence (its contract is on ``JSONReader``).
extension JSONReader {
    /// Reads a string; plain ones stay a range of the input, escaped ones are decoded now.
    ///
    /// Inlined into its two callers (values and keys).
    @inline(__always)
    mutating func readString() throws(JSONSyntaxError) {
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
            // Flipping bit 1 leaves control characters below 0x20 and makes the quote 0x20, and
            // takes no other byte below 0x21 (0x20 becomes 0x22, 0x23 becomes 0x21): one test
            // finds both.
            let flipped = word ^ (ones &* 0x02)
            let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
            // A byte is below 0x21 in `flipped` or zero in `backslashes`: exact tests that some
            // byte matches.
            let found = ((flipped &- ones &* 0x21) & ~flipped) | ((backslashes &- ones) & ~backslashes)
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
            let (written, isWhole) = decode(from: start, firstEscape: firstEscape, end: end, into: buffer)
            let text = UnsafeBufferPointer(rebasing: buffer[..<written])
            if isWhole, let valid = JSONDocument.validString(text) { return (valid, true) }
            return (String(decoding: text, as: UTF8.self), false)
        }
    }

    /// Decodes the string of ``decodedString(from:firstEscape:end:count:)`` into `buffer`, which
    /// has room for its `count` bytes; returns how many it wrote, and whether it decoded the whole
    /// string.
    ///
    /// Each plain run is copied and each escape written in the order the first pass counted them,
    /// with the same widths (``utf8Width(_:)`` and ``encode(_:into:)`` agree), so the writes fill
    /// exactly the `count` bytes of the buffer; the runs read only bytes before `end`. Every write
    /// is still checked against the buffer's room: the input is the caller's memory, which a file
    /// mapped into memory or `Data(bytesNoCopy:)` may change between the passes. Then the
    /// decoding stops short (`isWhole` false), and the string is reported as repaired.
    private func decode(
        from start: Int, firstEscape: Int, end: Int, into buffer: UnsafeMutableBufferPointer<UInt8>
    ) -> (written: Int, isWhole: Bool) {
        guard let target = buffer.baseAddress, let source = bytes.baseAddress else { return (0, buffer.isEmpty) }
        let room = buffer.count
        var written = 0
        var index = start
        var runEnd = firstEscape
        while true {
            guard index <= runEnd, runEnd - index <= room - written else { return (written, false) }
            (target + written).initialize(from: source + index, count: runEnd - index)
            written += runEnd - index
            guard runEnd < end else { return (written, true) }
            // A backslash at `runEnd`, and the escape the first pass checked after it; `runEnd`
            // is before `end`, the closing quote's index in the input.
            let escape = bytes[runEnd + 1]
            index = runEnd + 2
            switch escape {
            case UInt8(ascii: "u"):
                guard let (scalar, next, _) = unicodeEscape(at: index), Self.utf8Width(scalar) <= room - written
                else { return (written, false) }
                written += Self.encode(scalar, into: target + written)
                index = next
                runEnd = nextBackslash(from: index, before: end)
                continue
            default:
                guard written < room else { return (written, false) }
            }
            switch escape {
            case UInt8(ascii: "b"): target[written] = 0x08
            case UInt8(ascii: "f"): target[written] = 0x0C
            case UInt8(ascii: "n"): target[written] = 0x0A
            case UInt8(ascii: "r"): target[written] = 0x0D
            case UInt8(ascii: "t"): target[written] = 0x09
            default: target[written] = escape  // `"`, `\` or `/`
            }
            written += 1
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
    /// the end of the input when it ends first.
    private func hexError(at index: Int) -> Int {
        let end = Swift.min(index + 4, bytes.count)
        return (index..<end).first { Self.hexDigit(bytes[$0]) == nil } ?? end
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

}
