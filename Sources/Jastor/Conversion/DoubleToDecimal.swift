/// The shortest decimal that reads back as a `Double`, in pure Swift integer arithmetic: the
/// digits ``JSONWriter`` prints.
///
/// This is Schubfach (Raffaello Giulietti, "The Schubfach way to render doubles", 2020) over the
/// 128-bit powers of ten the reader already holds (``PowersOfTen``, rounded up here where they are
/// not exact). Of the decimals that round to the value, it gives one with the fewest digits and,
/// among those, the closest to the value (ties to an even last digit): the digits of the standard
/// library's `description`. `DoubleToDecimalTests` compares the two over random bit patterns and
/// the edges (subnormals, the extremes, powers of ten and of two, large integers).
enum DoubleToDecimal {
    /// A positive finite `Double` as `significand × 10^exponent`, shortest and closest.
    ///
    /// - Parameter value: A finite, non-zero number; its sign is ignored.
    /// - Returns: The significand (below 10^17; it may end in zeros, which ``spell(_:keepsFraction:into:)``
    ///   leaves out) and its power of ten.
    static func shortest(_ value: Double) -> (significand: UInt64, exponent: Int) {
        let bits = value.bitPattern
        let fraction = bits & ((1 << 52) - 1)
        let biasedExponent = Int(truncatingIfNeeded: (bits >> 52) & 0x7FF)
        let c: UInt64
        let q: Int
        if biasedExponent != 0 {
            c = fraction | (1 << 52)
            q = biasedExponent - 1075
            // An integer below 2^53 is its own shortest decimal (trailing zeros aside).
            if q <= 0, q > -53, c & ((1 << UInt64(-q)) - 1) == 0 {
                return (c >> UInt64(-q), 0)
            }
        } else {
            c = fraction
            q = -1074
        }
        // The value is c × 2^q; its rounding interval runs between the midpoints to its
        // neighbours, in units of 2^q / 4. The lower neighbour is closer at a power of two.
        let isEven = c & 1 == 0
        let lowerIsCloser = fraction == 0 && biasedExponent > 1
        let cb = c << 2
        let cbl = cb - 2 + (lowerIsCloser ? 1 : 0)
        let cbr = cb + 2
        // k = floor(log10(2^q)), or floor(log10(3/4 × 2^q)) when the lower neighbour is closer.
        let k = (q * 1_262_611 - (lowerIsCloser ? 524_031 : 0)) >> 22
        let h = q + ((-k * 1_741_647) >> 19) + 1
        let (high, low) = powerOfTen(-k)
        let vbl = roundToOdd(high, low, cbl << UInt64(h))
        let vb = roundToOdd(high, low, cb << UInt64(h))
        let vbr = roundToOdd(high, low, cbr << UInt64(h))
        // An even significand rounds back from the interval's ends, an odd one does not.
        let lower = vbl + (isEven ? 0 : 1)
        let upper = vbr - (isEven ? 0 : 1)
        let s = vb >> 2
        if s >= 10 {
            // One digit fewer: at most one of the two multiples of ten around s is inside.
            let sp = s / 10
            let lowerInside = lower <= 40 * sp
            let upperInside = 40 * sp + 40 <= upper
            if lowerInside != upperInside {
                return (sp + (upperInside ? 1 : 0), k + 1)
            }
        }
        let lowerInside = lower <= 4 * s
        let upperInside = 4 * s + 4 <= upper
        if lowerInside != upperInside {
            return (s + (upperInside ? 1 : 0), k)
        }
        // Both inside: the closer one, an even last digit on a tie.
        let middle = 4 * s + 2
        let roundsUp = vb > middle || (vb == middle && s & 1 != 0)
        return (s + (roundsUp ? 1 : 0), k)
    }

    /// 10^`exponent` as a 128-bit significand with its top bit set, rounded up (the table holds it
    /// rounded down; only 10^0 … 10^55 are exact in 128 bits).
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> (high: UInt64, low: UInt64) {
        // Sound: `exponent` = -k lies in -292 … 324 for every finite double, inside the table's
        // -348 … 347 (the array's own bounds checks stand behind it).
        let row = 2 * (exponent - PowersOfTen.smallestExponent)
        let high = PowersOfTen.mantissas[row]
        let low = PowersOfTen.mantissas[row + 1]
        guard exponent < 0 || exponent > 55 else { return (high, low) }
        let (sum, overflow) = low.addingReportingOverflow(1)
        return (high &+ (overflow ? 1 : 0), sum)
    }

    /// The top 64 bits of the 192-bit product `g × cp`, its last bit set when any bit below is
    /// (rounding to odd, which keeps the comparisons above exact).
    @inline(__always)
    private static func roundToOdd(_ high: UInt64, _ low: UInt64, _ cp: UInt64) -> UInt64 {
        let x1 = low.multipliedFullWidth(by: cp).high
        let y = high.multipliedFullWidth(by: cp)
        let (z, carry) = y.low.addingReportingOverflow(x1)
        let top = y.high &+ (carry ? 1 : 0)
        return top | (z > 1 ? 1 : 0)
    }
}

// MARK: - Text

extension DoubleToDecimal {
    /// The bytes ``spell(_:keepsFraction:into:)`` needs: the longest text is 24 bytes
    /// (`-1.2345678901234567e-308`), and its word stores reach at most 34 bytes in.
    static let textCapacity = 48

    /// Spells a finite `Double` as `description` does, into `text`, and returns its length.
    ///
    /// The layout is the standard library's: exponential (`1e-05`, `1.5e+300`) below 10^-4 and
    /// above 2^53, otherwise positional (`0.001`, `123.45`, `100.0`), with an integral value's
    /// `.0` only when `keepsFraction` is set (`5`, `-0`, as `JSONSerialization` writes them). The
    /// digits are written eight at a time: the significand is scaled to exactly 17 digits, which are
    /// the first digit and two words of eight ASCII digits, and each part of the text is one word
    /// store at its place.
    ///
    /// - Parameters:
    ///   - value: A finite number.
    ///   - keepsFraction: Whether an integral value keeps its `.0`.
    ///   - text: At least ``textCapacity`` bytes (the only caller allocates exactly that many).
    /// - Returns: How many bytes of `text`, from its start, hold the number.
    @inline(__always)
    static func spell(_ value: Double, keepsFraction: Bool, into text: UnsafeMutableRawBufferPointer) -> Int {
        // Sound: `text` holds `textCapacity` = 48 bytes, and every load and store below is at an
        // offset bounded beside it; the furthest ends at byte 34. All 48 are set to `0` first, so
        // the loads read only initialised bytes and the zeros a layout needs are in place.
        for word in 0..<(textCapacity / 8) { text.storeBytes(of: zeros, toByteOffset: 8 * word, as: UInt64.self) }
        // The sign goes first; `start` is where the number's own text begins (0 or 1). Without a
        // sign, byte 0 keeps its `0` (the integer part of `0.001` and of zero).
        let start = value.sign == .minus ? 1 : 0
        text.storeBytes(of: start == 1 ? UInt8(ascii: "-") : UInt8(ascii: "0"), toByteOffset: 0, as: UInt8.self)
        guard value != 0 else {
            // `0`, `-0`, `0.0`, `-0.0`: the zeros are there; the point at 1 or 2.
            guard keepsFraction else { return start + 1 }
            text.storeBytes(of: UInt8(ascii: "."), toByteOffset: start + 1, as: UInt8.self)
            return start + 3
        }
        let (significand, exponent) = shortest(value)
        // `significand` < 10^17 (the integers below 2^53, or at most 2^53 × 10 / 10 + 1 from the
        // interval of Schubfach's `k`), so `digitCount` is 1 … 17 and `17 - digitCount` indexes
        // `powersOfTen` (18 entries; the array checks it too).
        let bitLength = 64 - significand.leadingZeroBitCount
        var digitCount = (bitLength &* 1233) >> 12
        if significand >= powersOfTen[digitCount] { digitCount += 1 }
        // Exactly 17 digits: the first, then two words of eight (the zeros it gained are trailing).
        let scaled = significand &* powersOfTen[17 - digitCount]
        let first = scaled / 10_000_000_000_000_000
        let rest = scaled &- first &* 10_000_000_000_000_000
        let upper = asciiDigits(rest / 100_000_000)
        let lower = asciiDigits(rest % 100_000_000)
        // How many digits are significant: 17, less the zeros that end `lower` (or `upper`).
        let lowerValues = lower ^ zeros
        let kept =
            lowerValues != 0
            ? 17 - lowerValues.leadingZeroBitCount / 8 : 9 - (upper ^ zeros).leadingZeroBitCount / 8
        let firstDigit = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: first)
        // The power of ten of the first digit: -324 … 308.
        let leading = exponent + digitCount - 1
        let biasedExponent = (value.bitPattern >> 52) & 0x7FF
        if leading < -4 || biasedExponent > 1076 || (biasedExponent == 1076 && value.significandBitPattern != 0) {
            // `1.2345e-07` or `5e-324`: the first digit, the point and the others (stores end by
            // 1 + 2 + 16 = 19), then `e`, the sign and the power's 2 or 3 digits in one word
            // stored at `end` ≤ 1 + 17 = 18 (ending by 26).
            text.storeBytes(of: firstDigit, toByteOffset: start, as: UInt8.self)
            text.storeBytes(of: UInt8(ascii: "."), toByteOffset: start + 1, as: UInt8.self)
            text.storeBytes(of: upper.littleEndian, toByteOffset: start + 2, as: UInt64.self)
            text.storeBytes(of: lower.littleEndian, toByteOffset: start + 10, as: UInt64.self)
            let end = kept == 1 ? start + 1 : start + 1 + kept
            let (suffix, length) = exponentText(leading)
            text.storeBytes(of: suffix.littleEndian, toByteOffset: end, as: UInt64.self)
            return end + length
        }
        if leading < 0 {
            // `0.00123`: `0.`, the zeros already there, then the digits from `offset` ≤ 1 + 5 = 6
            // (stores end by 6 + 17 = 23).
            text.storeBytes(of: UInt8(ascii: "."), toByteOffset: start + 1, as: UInt8.self)
            let offset = start + 1 - leading
            text.storeBytes(of: firstDigit, toByteOffset: offset, as: UInt8.self)
            text.storeBytes(of: upper.littleEndian, toByteOffset: offset + 1, as: UInt64.self)
            text.storeBytes(of: lower.littleEndian, toByteOffset: offset + 9, as: UInt64.self)
            return offset + kept
        }
        // Positional, `leading` ≤ 15 (the value is at most 2^53): the 17 digits (stores end by 18).
        text.storeBytes(of: firstDigit, toByteOffset: start, as: UInt8.self)
        text.storeBytes(of: upper.littleEndian, toByteOffset: start + 1, as: UInt64.self)
        text.storeBytes(of: lower.littleEndian, toByteOffset: start + 9, as: UInt64.self)
        let point = start + leading + 1
        guard kept <= leading + 1 else {
            // `123.45`: the digits after the integer part move one place on, as two words loaded
            // from `point` ≤ 17 and stored one further (ending by 17 + 1 + 16 = 34), and the point
            // takes their place.
            let head = text.loadUnaligned(fromByteOffset: point, as: UInt64.self)
            let tail = text.loadUnaligned(fromByteOffset: point + 8, as: UInt64.self)
            text.storeBytes(of: head, toByteOffset: point + 1, as: UInt64.self)
            text.storeBytes(of: tail, toByteOffset: point + 9, as: UInt64.self)
            text.storeBytes(of: UInt8(ascii: "."), toByteOffset: point, as: UInt8.self)
            return start + kept + 1
        }
        // An integer: its digits (the scaled zeros included), and `.0` if kept (ending by 19).
        guard keepsFraction else { return point }
        text.storeBytes(of: UInt8(ascii: "."), toByteOffset: point, as: UInt8.self)
        return point + 2
    }

    /// Eight ASCII `0`s.
    private static let zeros: UInt64 = 0x3030_3030_3030_3030

    /// 10^0 … 10^17.
    private static let powersOfTen: [UInt64] = (0...17).reduce(into: []) { powers, exponent in
        powers.append(exponent == 0 ? 1 : powers[exponent - 1] * 10)
    }

    /// The eight decimal digits of `value` (below 10^8) as ASCII, the first in the low byte.
    ///
    /// Splits it into two halves of four digits, each half into two pairs, each pair into two
    /// digits, all lanes at once (a multiply and shift divides a lane by 100 or by 10 exactly at
    /// these sizes: `x × 5243 >> 19` = `x / 100` for `x` < 10^4, `x × 103 >> 10` = `x / 10` for
    /// `x` < 100, and no lane's product reaches the next lane).
    @inline(__always)
    private static func asciiDigits(_ value: UInt64) -> UInt64 {
        let high = value / 10_000
        let halves = high | ((value &- high &* 10_000) << 32)
        let hundreds = ((halves &* 5243) >> 19) & 0x0000_007F_0000_007F
        let pairs = hundreds | ((halves &- hundreds &* 100) << 16)
        let tens = ((pairs &* 103) >> 10) & 0x000F_000F_000F_000F
        return (tens | ((pairs &- tens &* 10) << 8)) | zeros
    }

    /// `e`, the sign and the two or three digits of a power of ten (`e-05`, `e+308`) as bytes of
    /// a word, the first in the low byte, and how many of them there are.
    @inline(__always)
    private static func exponentText(_ power: Int) -> (word: UInt64, length: Int) {
        let magnitude = UInt64(power.magnitude)
        let sign = UInt64(power < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        let hundreds = magnitude / 100
        let pair = magnitude &- hundreds &* 100
        let tens = pair / 10
        let twoDigits = (UInt64(UInt8(ascii: "0")) &+ tens) | ((UInt64(UInt8(ascii: "0")) &+ pair &- tens &* 10) << 8)
        let head = UInt64(UInt8(ascii: "e")) | (sign << 8)
        guard hundreds > 0 else { return (head | (twoDigits << 16), 4) }
        return (head | ((UInt64(UInt8(ascii: "0")) &+ hundreds) << 16) | (twoDigits << 24), 5)
    }
}
