// Number scanning, inside the reader's unsafe fence (its contract is on ``JSONReader``).
extension JSONReader {
    /// Reads a number by JSON's grammar; integers that fit 64 bits stay exact integers, every other
    /// number is kept as a literal (its position) with its nearest `Double`.
    ///
    /// Properties convert a literal from its digits, so `-9223372036854775809` never becomes
    /// `Int64.min` by way of a rounded double, and `1.000000000000000005` is not `1`. A number beyond
    /// `Double`'s range (`1e400`) is read too: a `String` property takes its text, other types report it.
    mutating func readNumber() throws(JSONSyntaxError) {
        let start = position
        let isNegative = bytes[position] == UInt8(ascii: "-")
        if isNegative { position += 1 }
        // The number's parts, gathered while its digits are checked: at most 19 significant digits
        // (always exact in a UInt64) and a power of ten; `isLong` past 19.
        var parts = DecimalToDouble.Parts(isNegative: isNegative)
        if let (value, count) = shortIntegerPart() {
            // Most numbers: an integer part of 1 to 15 digits, from two word loads.
            position += count
            if value != 0 {
                parts.significand = value
                parts.digits = count
            }
            let next = bytes[position]
            if next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e"), !isNegative || value != 0 {
                // An integer (ids and counts): `-0` aside, which is kept as a literal below.
                return tape.appendInteger(isNegative ? -Int64(value) : Int64(value))
            }
        } else {
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("a digit") }
            if bytes[position] == UInt8(ascii: "0") {
                position += 1
            } else {
                readDigits(into: &parts, inFraction: false)
            }
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
        guard !parts.isLong, let nearest = DecimalToDouble.nearest(parts) else {
            return tape.appendDouble(
                Double(String(decoding: bytes[start..<position], as: UTF8.self)) ?? .infinity, literalStart: start)
        }
        // Whether a `Double` property keeps the number as written (zero is left to the literal's
        // text, which tells `0.0` from a nonzero number too small for a `Double`).
        let spellsDouble = NumberSpelling.isWrittenBack(
            significand: parts.significand, digits: parts.digits, exponent: parts.exponent, as: nearest)
        tape.appendDouble(nearest, literalStart: start, spellsDouble: spellsDouble)
    }

    /// The value and length of a number's integer part of 1 to 15 digits, from two word loads.
    ///
    /// `nil`, for the digit-by-digit path, when the part is longer, is not a digit, has a leading
    /// zero before another digit, or fewer than 16 bytes are left. `position` is left where it
    /// was; the byte after the digits (`bytes[position + count]`) is inside the input.
    @inline(__always)
    private func shortIntegerPart() -> (value: UInt64, count: Int)? {
        // `position + 16 <= bytes.count`: both word loads, at `position` and at `position + 8`
        // or before, stay inside the input, and so does the byte after at most 15 digits.
        guard let base = bytes.baseAddress, position + 16 <= bytes.count else { return nil }
        let first = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
        var count = Self.leadingDigitCount(first)
        // A zero is the whole integer part only when it stands alone (`01` is the general path's
        // error).
        guard count > 0, first & 0xFF != 0x30 || count == 1 else { return nil }
        if count < 8 { return (Self.leadingDigits(first, count: count), count) }
        let second = UInt64(littleEndian: UnsafeRawPointer(base + position + 8).loadUnaligned(as: UInt64.self))
        let more = Self.leadingDigitCount(second)
        guard more < 8 else { return nil }
        count += more
        // The first `more` digits, then the last eight, loaded where they start.
        let last = UInt64(littleEndian: UnsafeRawPointer(base + position + more).loadUnaligned(as: UInt64.self))
        return (
            Self.leadingDigits(first, count: more) &* 100_000_000 &+ Self.combined(last &- 0x3030_3030_3030_3030), count
        )
    }

    /// How many of a word's bytes, from the first (the lowest), are ASCII digits: 0 to 8.
    ///
    /// The flags are those of ``eightDigits(_:)``; the lowest one is exact, since the digits
    /// before it neither borrow nor carry into it.
    @inline(__always)
    private static func leadingDigitCount(_ word: UInt64) -> Int {
        let digits = word &- 0x3030_3030_3030_3030
        let others = (word | digits | (digits &+ 0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080
        return others.trailingZeroBitCount / 8
    }

    /// The value of the first `count` bytes of `word` (1 to 8, all digits): shifted up to the
    /// top of the word, so that the bytes below them are leading zeros.
    @inline(__always)
    private static func leadingDigits(_ word: UInt64, count: Int) -> UInt64 {
        combined((word &- 0x3030_3030_3030_3030) << UInt64(64 - 8 * count))
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
            // Then four (the tail of a 17-digit fraction), from one 32-bit load inside the input.
            if parts.digits <= 15, position + 4 <= bytes.count {
                let word = UInt32(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt32.self))
                if let four = Self.fourDigits(word) {
                    parts.significand = parts.significand &* 10_000 &+ four
                    parts.digits += 4
                    if inFraction { parts.exponent -= 4 }
                    position += 4
                }
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
        return combined(digits)
    }

    /// The value of four ASCII digits loaded little-endian, or `nil` when a byte is not a digit: the
    /// check and the first combining step of ``eightDigits(_:)`` on half a word.
    @inline(__always)
    static func fourDigits(_ word: UInt32) -> UInt64? {
        let digits = word &- 0x3030_3030
        guard (word | digits | (digits &+ 0x7676_7676)) & 0x8080_8080 == 0 else { return nil }
        let pairs = (digits &* 10) &+ (digits >> 8)
        return UInt64(pairs & 0xFF) &* 100 &+ UInt64((pairs >> 16) & 0xFF)
    }

    /// The value of eight digits, each byte of `digits` one of them (0 to 9), the first in the
    /// lowest byte.
    @inline(__always)
    private static func combined(_ digits: UInt64) -> UInt64 {
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

}
