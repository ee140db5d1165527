import Foundation
import Testing

@testable import Jastor

/// The byte reader's fast `Double` parser gives the standard library's bits, or leaves the number to it.
@Suite struct DecimalToDoubleTests {
    /// Law: the reader's `Double` for number text is the standard library's, bit for bit.
    private func check(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = Double(text) ?? .nan
        do {
            let document = try JSONReader.read(Data("[\(text)]".utf8))
            switch DocumentValue(document: document, index: 1).kind {
            case .scalar(.number(let literal)):
                #expect(
                    literal.double.bitPattern == expected.bitPattern,
                    "\(text): reader \(literal.double), standard library \(expected)", sourceLocation: sourceLocation)
            case .scalar(.integer(let integer)):
                #expect(
                    Double(integer) == expected, "\(text) read as the integer \(integer)",
                    sourceLocation: sourceLocation)
            case let other:
                Issue.record("\(text) read as \(other)", sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("\(text): \(error)", sourceLocation: sourceLocation)
        }
    }

    /// Whether the fast algorithms answer `significand × 10^exponent`; an answer must be the
    /// standard library's bits.
    private func answersFast(_ significand: UInt64, _ exponent: Int, text: String) -> Bool {
        var parts = DecimalToDouble.Parts(isNegative: false)
        parts.significand = significand
        parts.exponent = exponent
        guard let answer = DecimalToDouble.nearest(parts) else { return false }
        #expect(answer.bitPattern == (Double(text) ?? .nan).bitPattern, "\(text): fast \(answer)")
        return true
    }

    @Test func powersOfTenTableIsExact() {
        var power = BigNatural(1)
        var negativePowers: [BigNatural] = [BigNatural(1)]
        for _ in 1...(-PowersOfTen.smallestExponent) {
            negativePowers.append(negativePowers[negativePowers.count - 1].times(10))
        }
        for exponent in 0...PowersOfTen.largestExponent {
            let row = 2 * (exponent - PowersOfTen.smallestExponent)
            let expected = power.top128Bits()
            #expect(PowersOfTen.mantissas[row] == expected.high, "10^\(exponent) high word")
            #expect(PowersOfTen.mantissas[row + 1] == expected.low, "10^\(exponent) low word")
            power = power.times(10)
        }
        // 10^-d: m = floor(2^k / 10^d) with m's top bit set, so m·10^d ≤ 2^k < (m + 1)·10^d.
        for distance in 1...(-PowersOfTen.smallestExponent) {
            let row = 2 * (-distance - PowersOfTen.smallestExponent)
            let high = PowersOfTen.mantissas[row]
            let low = PowersOfTen.mantissas[row + 1]
            #expect(high >> 63 == 1, "10^-\(distance) is normalised")
            let mantissa = BigNatural(high: high, low: low)
            let lower = mantissa.times(negativePowers[distance])
            let upper = lower.plus(negativePowers[distance])
            let exponent = lower.bitLength - (lower.isPowerOfTwo ? 1 : 0)
            #expect(
                BigNatural.powerOfTwo(exponent) < upper && !(BigNatural.powerOfTwo(exponent) < lower),
                "10^-\(distance) is rounded down")
        }
    }

    @Test(arguments: [
        "0", "-0", "0.0", "-0.0", "0e10", "1", "0.1", "0.3", "-65.613616999999977", "1e23", "8.988465674311579e307",
        "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "2.2250738585072011e-308",
        "2.2250738585072012e-308", "2.2250738585072014e-308", "4.9e-324", "5e-324", "2.4703282292062327e-324",
        "9007199254740993.0", "9007199254740992.5", "9007199254740993.5", "9223372036854775807.0",
        "18446744073709551615e0", "3.0540412e5", "7.038531e-26", "1e-348", "1e-349", "1e347", "1e348",
        "123456789012345678e-5", "1234567890123456789e-20", "0.000000000000000000000000000000000001", "1E+2",
        "1e-0", "4503599627370496.5", "4503599627370497.5", "1.00000000000000011102230246251565404236316680908203125",
        "1.00000000000000011102230246251565404236316680908203124", "100000000000000000000000000000.0",
    ])
    func knownHardInputs(text: String) {
        check(text)
        if !text.hasPrefix("-") { check("-" + text) }
    }

    /// Leading fraction zeros offset a huge written exponent: the reader must not clamp the exponent
    /// and so read `0.000…1e1000000` (10^900000) as `1`.
    @Test func hugeExponentsAreNotClamped() {
        for zeros in [99_999, 100_000, 100_299] {
            let fraction = String(repeating: "0", count: zeros)
            check("0.\(fraction)1e1000000")
            check("0.\(fraction)1e100300")
            check("0.\(fraction)1e-1000000")
        }
        check("1e100000")
        check("1e99999")
        check("1e-100000")
    }

    /// Law: over generated numbers the reader's `Double` is the standard library's, and the fast
    /// algorithms answer almost every number of up to 19 digits.
    @Test func generatedNumbersAgreeWithTheStandardLibrary() {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("DecimalToDoubleTests seed: \(seed)")
        var random = SeededRandom(seed: seed)
        var answered = 0
        var asked = 0
        for round in 0..<60_000 {
            let text: String
            switch round % 4 {
            case 0:
                // A random double's shortest text and its 17-digit text.
                let value = Double(bitPattern: random.next() & ~(0x7FF << 52) | (random.next() % 0x7FF) << 52)
                text = round % 8 == 0 ? "\(value)" : String(format: "%.17g", value)
            case 1:
                // A random significand of 1…19 digits with a random point and exponent.
                let digits = Int(random.next() % 19) + 1
                var significand = String(random.next() % 9 + 1)
                for _ in 1..<digits { significand += String(random.next() % 10) }
                let point = Int(random.next() % UInt64(digits + 1))
                let exponent = Int(random.next() % 700) - 350
                let integer = point == 0 ? "0" : String(significand.prefix(point))
                let fraction = String(significand.dropFirst(point))
                text = integer + (fraction.isEmpty ? "" : "." + fraction) + "e\(exponent)"
                let isFast = answersFast(UInt64(significand) ?? 0, exponent - fraction.count, text: text)
                // Subnormal, zero and infinite results are left to the standard library by design.
                if Double(text)?.isNormal == true {
                    asked += 1
                    if isFast { answered += 1 }
                }
            case 2:
                // Halfway between two neighbouring doubles above 2^53, an integer written exactly
                // (the hardest rounding: ties go to the even significand).
                let width = Int(random.next() % 10) + 54
                let ulp = UInt64(1) << UInt64(width - 53)
                let value = (random.next() | 1 << 63) >> UInt64(64 - width) & ~(ulp - 1)
                text = "\(value + ulp / 2)" + (round % 8 == 2 ? ".0" : "e0")
            default:
                // Coordinates like canada.json's.
                let value = Double(Int64(random.next() % 360_000_000_000_000)) / 1e12 - 180
                text = String(format: "%.*f", Int32(random.next() % 15) + 1, value)
            }
            check(text)
        }
        print("DecimalToDoubleTests: \(answered) of \(asked) normal results answered without the standard library")
        #expect(answered * 100 >= asked * 95, "the fast algorithms answer most numbers (seed \(seed))")
    }
}

/// A natural number of any size, just enough to recompute the powers-of-ten table.
private struct BigNatural: Comparable {
    /// Little-endian 32-bit limbs, no leading zero limb.
    private var limbs: [UInt32]

    init(_ value: UInt32) { limbs = value == 0 ? [] : [value] }

    init(high: UInt64, low: UInt64) {
        limbs = [
            UInt32(truncatingIfNeeded: low), UInt32(low >> 32), UInt32(truncatingIfNeeded: high), UInt32(high >> 32),
        ]
        trim()
    }

    private init(limbs: [UInt32]) {
        self.limbs = limbs
        trim()
    }

    static func powerOfTwo(_ exponent: Int) -> BigNatural {
        var limbs = [UInt32](repeating: 0, count: exponent / 32 + 1)
        limbs[exponent / 32] = 1 << UInt32(exponent % 32)
        return BigNatural(limbs: limbs)
    }

    private mutating func trim() {
        while limbs.last == 0 { limbs.removeLast() }
    }

    var bitLength: Int { limbs.isEmpty ? 0 : limbs.count * 32 - limbs[limbs.count - 1].leadingZeroBitCount }

    var isPowerOfTwo: Bool {
        limbs.last.map { $0.nonzeroBitCount == 1 } == true && limbs.dropLast().allSatisfy { $0 == 0 }
    }

    func times(_ factor: UInt32) -> BigNatural {
        var result: [UInt32] = []
        var carry: UInt64 = 0
        for limb in limbs {
            let product = UInt64(limb) * UInt64(factor) + carry
            result.append(UInt32(truncatingIfNeeded: product))
            carry = product >> 32
        }
        if carry > 0 { result.append(UInt32(carry)) }
        return BigNatural(limbs: result)
    }

    func times(_ other: BigNatural) -> BigNatural {
        var result = [UInt32](repeating: 0, count: limbs.count + other.limbs.count + 1)
        for (i, left) in limbs.enumerated() {
            var carry: UInt64 = 0
            for (j, right) in other.limbs.enumerated() {
                let sum = UInt64(left) * UInt64(right) + UInt64(result[i + j]) + carry
                result[i + j] = UInt32(truncatingIfNeeded: sum)
                carry = sum >> 32
            }
            result[i + other.limbs.count] = UInt32(carry)
        }
        return BigNatural(limbs: result)
    }

    func plus(_ other: BigNatural) -> BigNatural {
        var result: [UInt32] = []
        var carry: UInt64 = 0
        for index in 0..<max(limbs.count, other.limbs.count) {
            let sum =
                UInt64(index < limbs.count ? limbs[index] : 0)
                + UInt64(index < other.limbs.count ? other.limbs[index] : 0)
                + carry
            result.append(UInt32(truncatingIfNeeded: sum))
            carry = sum >> 32
        }
        if carry > 0 { result.append(UInt32(carry)) }
        return BigNatural(limbs: result)
    }

    /// The top 128 bits, the number shifted so its highest set bit is bit 127 (truncated, not rounded).
    func top128Bits() -> (high: UInt64, low: UInt64) {
        var words: (high: UInt64, low: UInt64) = (0, 0)
        let length = bitLength
        for bit in 0..<128 {
            let source = length - 1 - bit
            guard source >= 0 else { break }
            let isSet = limbs[source / 32] >> UInt32(source % 32) & 1 == 1
            if isSet {
                if bit < 64 { words.high |= 1 << UInt64(63 - bit) } else { words.low |= 1 << UInt64(127 - bit) }
            }
        }
        return words
    }

    static func < (left: BigNatural, right: BigNatural) -> Bool {
        if left.limbs.count != right.limbs.count { return left.limbs.count < right.limbs.count }
        for index in stride(from: left.limbs.count - 1, through: 0, by: -1)
        where left.limbs[index] != right.limbs[index] {
            return left.limbs[index] < right.limbs[index]
        }
        return false
    }
}
