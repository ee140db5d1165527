/// The nearest `Double` to a JSON number, from the parts the byte reader gathers: no `String`, no `strtod`.
///
/// Two exact algorithms answer almost every number:
/// - Clinger's fast path: a significand of at most 2^53 and a power of ten of at most 10^22 are
///   both exact doubles, so one correctly rounded multiplication or division gives the answer.
/// - Eisel–Lemire: the significand (at most 19 digits) times a 128-bit truncated power of ten
///   (``PowersOfTen``); when the product's discarded bits cannot change the rounding, its top
///   54 bits round to the answer. It gives up (`nil`) when they might, and on values that are
///   subnormal, zero after rounding or infinite.
///
/// `nil` also means more than 19 significant digits or an exponent beyond the table. The reader then
/// asks the standard library's parser (`Double(_: String)`), which is correctly rounded but builds a
/// `String` first. Both answers are the same bits: `DecimalToDoubleTests` checks it through the
/// reader over generated numbers, halfway cases and the known hard inputs.
///
/// This is the algorithm of Go's `strconv.eiselLemire64` and of `fast_float` (Lemire, "Number
/// Parsing at a Gigabyte per Second", 2021), written in Swift over the same table.
enum DecimalToDouble {
    /// A decimal number as `significand × 10^exponent`, gathered by the byte reader as it checks the
    /// digits (so no digit is read twice).
    struct Parts {
        /// The first 19 significant digits (leading zeros are not significant).
        var significand: UInt64 = 0
        /// How many significant digits `significand` holds.
        var digits = 0
        /// The power of ten.
        var exponent = 0
        var isNegative: Bool
        /// More than 19 significant digits: `significand` holds only the first 19.
        var isLong = false

        init(isNegative: Bool) { self.isNegative = isNegative }

        /// The exact integer, when the number is one that fits `Int64` or, non-negative, `UInt64`.
        var integer: JSONScalar? {
            guard !isLong, exponent == 0 else { return nil }
            if isNegative {
                guard significand <= UInt64(Int64.max) + 1 else { return nil }
                return .integer(significand == UInt64(Int64.max) + 1 ? .min : -Int64(significand))
            }
            return significand <= UInt64(Int64.max) ? .integer(Int64(significand)) : .unsignedInteger(significand)
        }
    }

    /// The nearest `Double` to `parts`, or `nil` when the fast algorithms cannot decide (or the
    /// number is long).
    static func nearest(_ parts: Parts) -> Double? {
        guard !parts.isLong else { return nil }
        if parts.significand == 0 { return parts.isNegative ? -0.0 : 0.0 }
        if parts.significand <= 1 << 53, (-22...22).contains(parts.exponent) {
            let significand = Double(parts.significand)
            let value =
                parts.exponent < 0
                ? significand / exactPowersOfTen[-parts.exponent]
                : significand * exactPowersOfTen[parts.exponent]
            return parts.isNegative ? -value : value
        }
        return eiselLemire(parts.significand, exponent: parts.exponent, isNegative: parts.isNegative)
    }

    /// 10^0 … 10^22: every one is an exact `Double`.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]

    /// Eisel–Lemire for `significand × 10^exponent`, with `significand` nonzero.
    private static func eiselLemire(_ significand: UInt64, exponent: Int, isNegative: Bool) -> Double? {
        guard exponent >= PowersOfTen.smallestExponent, exponent <= PowersOfTen.largestExponent else { return nil }
        let row = 2 * (exponent - PowersOfTen.smallestExponent)
        let high = PowersOfTen.mantissas[row]
        let low = PowersOfTen.mantissas[row + 1]

        // Normalise the significand so its top bit is set.
        let leadingZeros = significand.leadingZeroBitCount
        let normalized = significand << UInt64(leadingZeros)
        // 217706 / 2^16 ≈ log2(10): the binary exponent of 10^exponent, biased by 1023.
        var binaryExponent = UInt64(truncatingIfNeeded: ((217_706 &* exponent) >> 16) &+ 64 &+ 1023)
        binaryExponent = binaryExponent &- UInt64(leadingZeros)

        var product = normalized.multipliedFullWidth(by: high)
        // When the top 55 bits' tail is all ones, the truncated table value may matter: widen.
        if product.high & 0x1FF == 0x1FF, product.low &+ normalized < normalized {
            let lowProduct = normalized.multipliedFullWidth(by: low)
            var mergedHigh = product.high
            let mergedLow = product.low &+ lowProduct.high
            if mergedLow < product.low { mergedHigh &+= 1 }
            if mergedHigh & 0x1FF == 0x1FF, mergedLow &+ 1 == 0, lowProduct.low &+ normalized < normalized {
                return nil
            }
            product = (mergedHigh, mergedLow)
        }

        // Keep 54 bits: the 53 of the result and one for rounding.
        let topBit = product.high >> 63
        var mantissa = product.high >> (topBit + 9)
        binaryExponent = binaryExponent &- (1 ^ topBit)

        // Exactly halfway between two doubles, as far as these bits tell: undecided.
        if product.low == 0, product.high & 0x1FF == 0, mantissa & 3 == 1 { return nil }

        // Round to nearest, ties to even, from 54 to 53 bits.
        mantissa &+= mantissa & 1
        mantissa >>= 1
        if mantissa >> 53 > 0 {
            mantissa >>= 1
            binaryExponent &+= 1
        }
        // Zero or below: subnormal; 0x7FF or above: infinite. Both go to the slow path.
        guard binaryExponent &- 1 < 0x7FF - 1 else { return nil }
        let bits = binaryExponent << 52 | mantissa & 0x000F_FFFF_FFFF_FFFF | (isNegative ? 1 << 63 : 0)
        return Double(bitPattern: bits)
    }
}
