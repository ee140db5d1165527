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
    /// - Returns: The significand (at most 17 digits, no trailing zero) and its power of ten.
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
                return withoutTrailingZeros(c >> UInt64(-q), exponent: 0)
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
                return withoutTrailingZeros(sp + (upperInside ? 1 : 0), exponent: k + 1)
            }
        }
        let lowerInside = lower <= 4 * s
        let upperInside = 4 * s + 4 <= upper
        if lowerInside != upperInside {
            return withoutTrailingZeros(s + (upperInside ? 1 : 0), exponent: k)
        }
        // Both inside: the closer one, an even last digit on a tie.
        let middle = 4 * s + 2
        let roundsUp = vb > middle || (vb == middle && s & 1 != 0)
        return withoutTrailingZeros(s + (roundsUp ? 1 : 0), exponent: k)
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

    @inline(__always)
    private static func withoutTrailingZeros(_ significand: UInt64, exponent: Int) -> (
        significand: UInt64, exponent: Int
    ) {
        var significand = significand
        var exponent = exponent
        while significand >= 10, significand % 10 == 0 {
            significand /= 10
            exponent += 1
        }
        return (significand, exponent)
    }
}
