extension JSONDocument {
    /// Whether `text` is valid UTF-8 (`nil` when not), and if so whether it is all ASCII.
    ///
    /// What `UTF8Span(validating:)` decides, in fewer instructions for the text JSON carries:
    /// ASCII runs are skipped eight bytes at a time, and runs of three-byte sequences (CJK text)
    /// are checked with one four-byte load each. Valid means what Unicode's well-formed table says
    /// (the standard library's definition): no stray continuation byte, no overlong form
    /// (`C0`, `C1`, `E0 80…9F`, `F0 80…8F`), no surrogate (`ED A0…BF`), nothing above U+10FFFF
    /// (`F4 90…`, `F5`–`FF`), no sequence cut short. `UTF8ValidationTests` compares it with the
    /// standard library's validation over every two-byte prefix and seeded random text.
    ///
    /// Unsafe code, fenced here: every byte is read at an index checked against `text.count`
    /// first, every word load at `index` only where `index + 8 <= text.count` (four bytes where
    /// `index + 4 <=`), stated at each load.
    static func utf8Validation(of text: UnsafeBufferPointer<UInt8>) -> (isValid: Bool, isASCII: Bool) {
        guard let base = text.baseAddress else { return (true, true) }
        let raw = UnsafeRawPointer(base)
        let count = text.count
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        // Most strings are ASCII: a word at a time (`index + 8 <= count`), and the last bytes in
        // one word that overlaps the previous one (`count >= 8`, so `count - 8` is a start).
        if count >= 8 {
            while index + 8 <= count,
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) & highs == 0
            {
                index += 8
            }
            if index + 8 > count,
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) & highs == 0
            {
                return (true, true)
            }
        }
        var isASCII = true
        while index < count {
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                // The rest of an ASCII run, eight bytes at a time (`index + 8 <= count`).
                while index + 8 <= count,
                    UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) & highs == 0
                {
                    index += 8
                }
                continue
            }
            isASCII = false
            if lead & 0xF0 == 0xE0 {
                // Runs of three-byte sequences (CJK text): two at a time while eight bytes remain
                // (`index + 8 <= count`), then one while four do (`index + 4 <= count`). One test
                // checks the leads' high nibbles and the continuations' top bits; then each
                // sequence's lead and second byte (``isWellFormedThreeByte(_:)``).
                while index &+ 8 <= count {
                    let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                    guard word & 0x0000_C0C0_F0C0_C0F0 == 0x0000_8080_E080_80E0 else { break }
                    guard Self.isWellFormedThreeByte(word), Self.isWellFormedThreeByte(word &>> 24) else {
                        return (false, false)
                    }
                    index &+= 6
                }
                while index &+ 4 <= count {
                    let word = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt32.self)))
                    guard word & 0x00C0_C0F0 == 0x0080_80E0 else { break }
                    guard Self.isWellFormedThreeByte(word) else { return (false, false) }
                    index &+= 3
                }
                // At the end of the text, or the next byte does not start one: the general steps.
                guard index < count else { break }
                guard base[index] & 0xF0 == 0xE0 else { continue }
            }
            switch base[index] {
            case 0xC2...0xDF:
                // `index + 1 < count` before the continuation is read.
                guard index + 1 < count, base[index + 1] & 0xC0 == 0x80 else { return (false, false) }
                index += 2
            case 0xE0...0xEF:
                guard index + 2 < count else { return (false, false) }
                let second = base[index + 1]
                let third = base[index + 2]
                let top = UInt32(base[index] & 0x0F) << 6 | UInt32(second & 0x3F)
                guard second & 0xC0 == 0x80, third & 0xC0 == 0x80, top >= 0x20, top &- 0x360 >= 0x20 else {
                    return (false, false)
                }
                index += 3
            case 0xF0...0xF4:
                guard index + 3 < count else { return (false, false) }
                let second = base[index + 1]
                // The scalar's bits above the lowest twelve: 0x10–0x10F (U+10000–U+10FFFF).
                let top = UInt32(base[index] & 0x07) << 6 | UInt32(second & 0x3F)
                guard second & 0xC0 == 0x80, base[index + 2] & 0xC0 == 0x80, base[index + 3] & 0xC0 == 0x80,
                    top &- 0x10 < 0x100
                else { return (false, false) }
                index += 4
            default:
                return (false, false)
            }
        }
        return (true, isASCII)
    }

    /// Whether the three-byte sequence in the low bytes of `word`, whose lead and continuation
    /// bytes have the right top bits, is neither overlong (`E0 80…9F`) nor a surrogate
    /// (`ED A0…BF`): the lead's low nibble and bit 5 of the second byte index a 32-bit table of
    /// the two bad pairs (bit 0: `E0` with bit 5 clear; bit 27: `ED` with it set).
    @inline(__always)
    private static func isWellFormedThreeByte(_ word: UInt64) -> Bool {
        let key = UInt32(truncatingIfNeeded: (word & 0x0F) &<< 1 | (word &>> 13 & 1))
        return (UInt32(0x0800_0001) &>> key) & 1 == 0
    }
}
