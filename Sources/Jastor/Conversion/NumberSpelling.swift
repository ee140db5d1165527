/// Whether a number literal is a text its `Double` (or `Float`) is written back as, so that reading
/// it into the type keeps the number exactly as written.
///
/// A binary floating-point value has two texts that writers use: its shortest text (what Jastor,
/// Swift's `description`, JavaScript and modern libraries write: `0.1`, `-65.613617`) and its text
/// of 17 significant digits (9 for `Float`), what C's `%.17g` and older writers print
/// (`-65.613616999999977`, as `canada.json` holds it). A literal spelled either way names that
/// value and nothing else; any other literal (`0.1234567890123456789`, `1.0000000000000001`) is a
/// number the type does not hold, kept as the nearest value and reported.
///
/// Literals of at most 15 significant digits (6 for `Float`) of a normal value are always one of
/// the two: no other literal of that length reads as the same value. Longer than 17 (9) digits,
/// never. Between, and for subnormal values, the check is exact integer arithmetic:
/// ``isRounded(_:exponent:fromSignificand:binaryExponent:)`` compares the literal with the value's
/// own rounding to 17 (9) digits, and ``DoubleToDecimal/shortest(_:)`` (`Float`'s `description`)
/// gives the shortest text.
enum NumberSpelling {
    /// Whether `significand` × 10^`exponent`, with `digits` significant digits (trailing zeros
    /// included), is the shortest or 17-digit text of `value`, its nearest `Double`.
    ///
    /// The byte reader's check, from the parts it gathered: free for 15 digits or fewer, a few
    /// multiplications for 16 or 17 (more only beyond 10^±27).
    ///
    /// - Parameters:
    ///   - significand: The literal's significant digits, at most 19 (trailing zeros may be among them).
    ///   - digits: How many digits `significand` has.
    ///   - exponent: The literal's power of ten.
    ///   - value: The nearest `Double` to the literal.
    /// - Returns: Whether reading the literal into a `Double` keeps it as written; `false` for zero
    ///   and infinities, which the literal's text decides.
    @inline(__always)
    static func isWrittenBack(significand: UInt64, digits: Int, exponent: Int, as value: Double) -> Bool {
        if digits <= 15 { return value.isNormal || isWrittenBackLong(significand, digits, exponent, value) }
        // Most long literals: 17 digits, the last not zero (`%.17g`'s texts, and every other
        // 17-digit literal), whose answer is the rounding alone, decided here in a few instructions.
        // A last digit of zero makes it 16 digits, which may be the shortest text instead.
        if digits == 17, value.isNormal {
            let (binarySignificand, binaryExponent) = binaryParts(of: value)
            if let rounded = isRoundedNear(
                significand, exponent: exponent, fromSignificand: binarySignificand, binaryExponent: binaryExponent),
                rounded || significand % 10 != 0
            {
                return rounded
            }
        }
        return isWrittenBackLong(significand, digits, exponent, value)
    }

    /// ``isWrittenBack(significand:digits:exponent:as:)`` for 16 to 19 digits, and for values that are
    /// not normal: subnormal values hold fewer digits (`1.23456789e-320` is written `1.235e-320`).
    ///
    /// Kept out of line, so that the byte reader's loop holds only the common cases.
    @inline(never)
    static func isWrittenBackLong(
        _ significand: UInt64, _ digits: Int, _ exponent: Int, _ value: Double
    ) -> Bool {
        guard value.isFinite, value != 0 else { return false }
        let (significand, exponent, dropped) = withoutTrailingZeros(significand, exponent)
        let digits = digits - dropped
        if digits <= 15, value.isNormal { return true }
        if digits > 17 { return false }
        let (binarySignificand, binaryExponent) = binaryParts(of: value)
        // The value's own rounding to 17 digits, which its shortest text is too when that has 17
        // digits; a shorter literal is that rounding with trailing zeros, or the shortest text.
        var widened = significand
        for _ in digits..<17 { widened *= 10 }
        let rounded = isRounded(
            widened, exponent: exponent - (17 - digits), fromSignificand: binarySignificand,
            binaryExponent: binaryExponent)
        if rounded || digits == 17 { return rounded }
        let shortest = DoubleToDecimal.shortest(value)
        let (shortestSignificand, shortestExponent, _) = withoutTrailingZeros(shortest.significand, shortest.exponent)
        return shortestSignificand == significand && shortestExponent == exponent
    }

    /// `significand × 10^exponent` with the significand's trailing zeros moved into the exponent,
    /// and how many there were.
    private static func withoutTrailingZeros(
        _ significand: UInt64, _ exponent: Int
    ) -> (significand: UInt64, exponent: Int, dropped: Int) {
        var significand = significand
        var dropped = 0
        while significand != 0, significand % 10 == 0 {
            significand /= 10
            dropped += 1
        }
        return (significand, exponent + dropped, dropped)
    }

    /// Whether the literal `parts` is the shortest or 17-digit text of `value`, its nearest `Double`.
    ///
    /// - Parameters:
    ///   - parts: The literal's exact value.
    ///   - value: The nearest `Double` to the literal: finite and not zero.
    /// - Returns: Whether reading the literal into a `Double` keeps it as written.
    static func isWrittenBack(_ parts: DecimalParts, as value: Double) -> Bool {
        guard parts.digits.count <= 17, let significand = parts.significand else { return false }
        return isWrittenBack(significand: significand, digits: parts.digits.count, exponent: parts.exponent, as: value)
    }

    /// Whether the literal `parts` is the shortest or 9-digit text of `value`, its nearest `Float`.
    ///
    /// - Parameters:
    ///   - parts: The literal's exact value.
    ///   - value: The nearest `Float` to the literal: finite and not zero.
    /// - Returns: Whether reading the literal into a `Float` keeps it as written.
    static func isWrittenBack(_ parts: DecimalParts, as value: Float) -> Bool {
        let digits = parts.digits.count
        if digits <= 6, value.isNormal { return true }
        guard digits <= 9, let significand = parts.significand else { return false }
        var widened = significand
        for _ in digits..<9 { widened *= 10 }
        let bits = value.bitPattern
        let biasedExponent = Int((bits >> 23) & 0xFF)
        let fraction = UInt64(bits & 0x7F_FFFF)
        let (binarySignificand, binaryExponent) =
            biasedExponent == 0 ? (fraction, -149) : (fraction | 1 << 23, biasedExponent - 150)
        if isRounded(
            widened, exponent: parts.exponent - (9 - digits), fromSignificand: binarySignificand,
            binaryExponent: binaryExponent)
        {
            return true
        }
        return DecimalParts(numberText: value.description)?.sameValue(as: parts) ?? false
    }

    /// A finite, nonzero `Double`'s magnitude as `significand × 2^exponent`.
    @inline(__always)
    private static func binaryParts(of value: Double) -> (significand: UInt64, exponent: Int) {
        let bits = value.bitPattern
        let biasedExponent = Int(truncatingIfNeeded: (bits >> 52) & 0x7FF)
        let fraction = bits & ((1 << 52) - 1)
        return biasedExponent == 0 ? (fraction, -1074) : (fraction | 1 << 52, biasedExponent - 1075)
    }

    /// Whether `significand × 10^exponent` (`significand` has exactly the digits asked for, at
    /// most 17) is the value `binarySignificand × 2^binaryExponent`, the literal's nearest `Double`
    /// (or `Float`), rounded to that many significant digits, to nearest with ties to an even last
    /// digit, as C's `%.*e` prints it.
    ///
    /// The literal L is the rounding of the value v exactly when |v − L| < 10^exponent / 2, or is
    /// equal to it and the literal's last digit is even. Both sides are scaled by powers of two and
    /// five until they are integers: in 64-bit words for almost every literal
    /// (``isRoundedNear(_:exponent:fromSignificand:binaryExponent:)``, which needs the value to be
    /// the nearest), in as many 32-bit words as it takes for the rest (``WideInteger``).
    static func isRounded(
        _ significand: UInt64, exponent: Int, fromSignificand binarySignificand: UInt64, binaryExponent: Int
    ) -> Bool {
        isRoundedNear(
            significand, exponent: exponent, fromSignificand: binarySignificand, binaryExponent: binaryExponent)
            ?? isRoundedWide(
                significand, exponent: exponent, fromSignificand: binarySignificand, binaryExponent: binaryExponent)
    }

    /// ``isRounded(_:exponent:fromSignificand:binaryExponent:)`` in 64-bit words, for a value that
    /// is the nearest to the literal; `nil` beyond 10^-27 … 10^24 or when the scaled room is too wide.
    ///
    /// The comparison is |A − B| < R (``isRounded(_:exponent:fromSignificand:binaryExponent:)``'s
    /// scaled sides). A and B may be far beyond 64 bits, but A − B is not: it is R × 2|v − L| / 10^q,
    /// and a nearest value is within half its unit in the last place of L, which is at most 22 units of
    /// the literal's last digit (17 digits of a `Double`; 120 for 9 digits of a `Float`). With R below
    /// 2^56, |A − B| < 2^63, so wrapping arithmetic, which is exact modulo 2^64, gives it exactly.
    @inline(__always)
    static func isRoundedNear(
        _ significand: UInt64, exponent: Int, fromSignificand binarySignificand: UInt64, binaryExponent: Int
    ) -> Bool? {
        let twice = significand &<< 1
        let difference: UInt64
        let room: UInt64
        // Wrapping: both exponents are within a few thousand of zero.
        let shift = binaryExponent &- exponent &+ 1
        if exponent <= 0 {
            guard exponent >= -27 else { return nil }
            // 2 v 10^k = m 5^k 2^(e + k + 1), against 2L 10^k = 2w.
            let scaled = binarySignificand &* fivePower(-exponent)
            if shift >= 0 {
                guard shift < 64 else { return nil }
                difference = (scaled &<< UInt64(shift)) &- twice
                room = 1
            } else {
                guard shift >= -55 else { return nil }
                difference = scaled &- (twice &<< UInt64(-shift))
                room = 1 &<< UInt64(-shift)
            }
        } else {
            // 2 v / 2^q = m 2^(e − q + 1), against 2L / 2^q = 2w 5^q, with room 5^q.
            guard exponent <= 24, shift >= 0, shift < 64 else { return nil }
            room = fivePower(exponent)
            difference = (binarySignificand &<< UInt64(shift)) &- (twice &* room)
        }
        let distance = Int64(bitPattern: difference).magnitude
        return distance < room || (distance == room && significand & 1 == 0)
    }

    /// ``isRounded(_:exponent:fromSignificand:binaryExponent:)`` for any exponents: with
    /// A = m 2^(e+1), B = 2w 10^q and C = 10^q, all scaled by 2^s 5^t so that every power is whole,
    /// the literal is the rounding when |A − B| < C (or equal, with an even last digit).
    private static func isRoundedWide(
        _ significand: UInt64, exponent: Int, fromSignificand binarySignificand: UInt64, binaryExponent: Int
    ) -> Bool {
        let twos = Swift.max(0, -Swift.min(binaryExponent + 1, exponent))
        let fives = Swift.max(0, -exponent)
        var scaled = WideInteger(binarySignificand)
        scaled.shiftLeft(by: binaryExponent + 1 + twos)
        scaled.multiply(byPowerOfFive: fives)
        var target = WideInteger(significand)
        target.shiftLeft(by: exponent + 1 + twos)
        target.multiply(byPowerOfFive: exponent + fives)
        var room = WideInteger(1)
        room.shiftLeft(by: exponent + twos)
        room.multiply(byPowerOfFive: exponent + fives)
        let distance = scaled.distance(to: target)
        switch distance.compare(room) {
        case .less: return true
        case .equal: return significand & 1 == 0
        case .greater: return false
        }
    }

    /// 5^`exponent`, for 0 … 27 (each below 2^63): constants, so that the reader's check reads no
    /// lazily made table (a `static let` array costs a `swift_once` check and a bounds check).
    @inline(__always)
    private static func fivePower(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 5
        case 2: 25
        case 3: 125
        case 4: 625
        case 5: 3125
        case 6: 15625
        case 7: 78125
        case 8: 390_625
        case 9: 1_953_125
        case 10: 9_765_625
        case 11: 48_828_125
        case 12: 244_140_625
        case 13: 1_220_703_125
        case 14: 6_103_515_625
        case 15: 30_517_578_125
        case 16: 152_587_890_625
        case 17: 762_939_453_125
        case 18: 3_814_697_265_625
        case 19: 19_073_486_328_125
        case 20: 95_367_431_640_625
        case 21: 476_837_158_203_125
        case 22: 2_384_185_791_015_625
        case 23: 11_920_928_955_078_125
        case 24: 59_604_644_775_390_625
        case 25: 298_023_223_876_953_125
        case 26: 1_490_116_119_384_765_625
        default: 7_450_580_596_923_828_125
        }
    }
}

/// A non-negative integer of any size, in 32-bit words, least significant first: only what
/// ``NumberSpelling/isRoundedWide(_:exponent:fromSignificand:binaryExponent:)`` needs.
private struct WideInteger {
    enum Order { case less, equal, greater }

    private(set) var words: [UInt32]

    init(_ value: UInt64) {
        words = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
        trim()
    }

    private init(words: [UInt32]) {
        self.words = words
        trim()
    }

    private mutating func trim() {
        while let last = words.last, last == 0 { words.removeLast() }
    }

    mutating func multiply(by factor: UInt32) {
        var carry: UInt64 = 0
        for index in words.indices {
            let product = UInt64(words[index]) * UInt64(factor) + carry
            words[index] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry != 0 { words.append(UInt32(carry)) }
    }

    /// Multiplies by 5^`count` (`count` ≥ 0), thirteen fives (below 2^32) at a time.
    mutating func multiply(byPowerOfFive count: Int) {
        var left = count
        while left >= 13 {
            multiply(by: 1_220_703_125)
            left -= 13
        }
        var factor: UInt32 = 1
        for _ in 0..<Swift.max(0, left) { factor *= 5 }
        multiply(by: factor)
    }

    /// Multiplies by 2^`count` (`count` ≥ 0).
    mutating func shiftLeft(by count: Int) {
        guard count > 0, !words.isEmpty else { return }
        let wordShift = count / 32
        let bitShift = UInt32(count % 32)
        var shifted = [UInt32](repeating: 0, count: wordShift)
        var carry: UInt32 = 0
        for word in words {
            shifted.append(bitShift == 0 ? word : (word << bitShift) | carry)
            carry = bitShift == 0 ? 0 : word >> (32 - bitShift)
        }
        if carry != 0 { shifted.append(carry) }
        words = shifted
    }

    func compare(_ other: WideInteger) -> Order {
        if words.count != other.words.count { return words.count < other.words.count ? .less : .greater }
        for index in words.indices.reversed() where words[index] != other.words[index] {
            return words[index] < other.words[index] ? .less : .greater
        }
        return .equal
    }

    /// |self − other|.
    func distance(to other: WideInteger) -> WideInteger {
        let (larger, smaller) = compare(other) == .less ? (other, self) : (self, other)
        var result = larger.words
        var borrow: Int64 = 0
        for index in result.indices {
            var difference = Int64(result[index]) - borrow
            if index < smaller.words.count { difference -= Int64(smaller.words[index]) }
            borrow = difference < 0 ? 1 : 0
            result[index] = UInt32(truncatingIfNeeded: difference + (borrow << 32))
        }
        return WideInteger(words: result)
    }
}
