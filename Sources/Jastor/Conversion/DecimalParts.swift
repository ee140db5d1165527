import Foundation

/// The exact value of a decimal number: a sign, significant digits with no leading or trailing
/// zeros, and a power of ten, so that the value is `digits × 10^exponent` (zero has no digits).
///
/// Every exact conversion (literal into `Int`, `Decimal`, `Double` when it must be exact) compares
/// or builds these, never a rounded `Double`. The generator (`JastorGenerator`, same package) types
/// a sample's numbers by them, so a generated class takes its sample by the same rules.
package struct DecimalParts: Equatable {
    package var negative: Bool
    /// ASCII digits, the first and last nonzero.
    package var digits: [UInt8]
    package var exponent: Int

    init(negative: Bool, digits: [UInt8], exponent: Int) {
        self.negative = negative
        self.digits = digits
        self.exponent = exponent
    }

    /// The parts of number text, or `nil` for anything else.
    ///
    /// Reads JSON's number grammar and `Double.description` / `Decimal.description` output (`1e-05`,
    /// `1.5e+300`). Exponents beyond ±10^15 are clamped,
    /// which keeps them beyond every type's range.
    package init?(numberText text: String) {
        var negative = false
        var digits: [UInt8] = []
        var pointShift = 0
        var sawPoint = false
        var sawDigit = false
        var exponent = 0
        var iterator = text.utf8.makeIterator()
        var byte = iterator.next()
        if byte == UInt8(ascii: "-") {
            negative = true
            byte = iterator.next()
        }
        while let current = byte {
            if current >= UInt8(ascii: "0"), current <= UInt8(ascii: "9") {
                sawDigit = true
                if !(digits.isEmpty && current == UInt8(ascii: "0")) { digits.append(current) }
                if sawPoint { pointShift -= 1 }
            } else if current == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                break
            }
            byte = iterator.next()
        }
        guard sawDigit else { return nil }
        if let marker = byte {
            guard marker | 0x20 == UInt8(ascii: "e") else { return nil }
            var exponentNegative = false
            byte = iterator.next()
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                exponentNegative = byte == UInt8(ascii: "-")
                byte = iterator.next()
            }
            var sawExponentDigit = false
            while let current = byte, current >= UInt8(ascii: "0"), current <= UInt8(ascii: "9") {
                sawExponentDigit = true
                exponent = Swift.min(exponent * 10 + Int(current - UInt8(ascii: "0")), 1_000_000_000_000_000)
                byte = iterator.next()
            }
            guard sawExponentDigit, byte == nil else { return nil }
            if exponentNegative { exponent = -exponent }
        }
        // Digits after the first significant one count from the end; trailing zeros move to the exponent.
        var trailingZeros = 0
        while let last = digits.last, last == UInt8(ascii: "0") {
            digits.removeLast()
            trailingZeros += 1
        }
        self.negative = negative
        self.digits = digits
        self.exponent = digits.isEmpty ? 0 : exponent + pointShift + trailingZeros
    }

    /// Whether the value is zero.
    package var isZero: Bool { digits.isEmpty }

    /// The significant digits as an integer, when there are at most 19.
    var significand: UInt64? {
        guard digits.count <= 19 else { return nil }
        var value: UInt64 = 0
        for digit in digits { value = value * 10 + UInt64(digit - UInt8(ascii: "0")) }
        return value
    }

    /// Whether the value is an integer.
    var isInteger: Bool { exponent >= 0 || digits.isEmpty }

    /// The integer's magnitude, when the value is an integer below 2^64.
    var integerMagnitude: UInt64? {
        guard isInteger else { return nil }
        guard digits.count + exponent <= 20 else { return nil }
        var magnitude: UInt64 = 0
        for digit in digits + [UInt8](repeating: UInt8(ascii: "0"), count: exponent) {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
        }
        return magnitude
    }

    /// The value as an integer of type `Integer`, when it is one and fits.
    func integer<Integer: FixedWidthInteger>(as type: Integer.Type) -> Integer? {
        guard let magnitude = integerMagnitude else { return nil }
        if negative {
            guard Integer.isSigned else { return magnitude == 0 ? 0 : nil }
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            let value = magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
            return Integer(exactly: value)
        }
        return Integer(exactly: magnitude)
    }

    /// The value as a `Decimal`, when a `Decimal` holds it exactly (38 significant digits, 39 when
    /// they are below 2^128, as `Decimal.greatestFiniteMagnitude`'s are, and a power of ten within
    /// its range).
    package var decimal: Decimal? {
        if digits.isEmpty { return Decimal(0) }
        guard digits.count <= 39 else { return nil }
        var digits = digits
        var exponent = exponent
        // A power of ten above Decimal's range fits when zeros can move into the significand.
        while exponent > 127, digits.count < 39 {
            digits.append(UInt8(ascii: "0"))
            exponent -= 1
        }
        // Through text: `Decimal(sign:exponent:significand:)` normalises `10 × 10^127` into an
        // overflow, while the parser keeps the significand as written.
        guard exponent >= -128, exponent <= 127,
            let value = Decimal(
                string: (negative ? "-" : "") + String(decoding: digits, as: UTF8.self) + "e\(exponent)",
                locale: NumberText.posix)
        else { return nil }
        guard !value.isNaN, DecimalParts(numberText: value.description) == self.magnitudeMatchingSign(of: value)
        else { return nil }
        return value
    }

    /// These parts, with the sign `Decimal` gives zero (it has no negative zero).
    private func magnitudeMatchingSign(of value: Decimal) -> DecimalParts {
        var parts = self
        if digits.isEmpty { parts.negative = value.sign == .minus }
        return parts
    }

    /// The parts of a finite `Double`'s exact value when it is an integer (`2^70` has all its
    /// digits, not `1.1805916207174113e21`'s seventeen).
    init?(exactIntegerOf value: Double) {
        guard value.isFinite, value == value.rounded(.towardZero) else { return nil }
        if let small = Int64(exactly: value) {
            self = DecimalParts(numberText: String(small)) ?? DecimalParts(negative: false, digits: [], exponent: 0)
            if value.sign == .minus, small == 0 { negative = true }
            return
        }
        // significand × 2^shift, doubled in base 10^9 limbs, least significant first.
        let significand = value.significandBitPattern | (1 << UInt64(Double.significandBitCount))
        let shift = Int(value.exponent) - Double.significandBitCount
        var limbs: [UInt64] = [significand % 1_000_000_000, significand / 1_000_000_000 % 1_000_000_000]
        limbs.append(significand / 1_000_000_000_000_000_000)
        for _ in 0..<shift {
            var carry: UInt64 = 0
            for index in limbs.indices {
                let doubled = limbs[index] * 2 + carry
                limbs[index] = doubled % 1_000_000_000
                carry = doubled / 1_000_000_000
            }
            if carry > 0 { limbs.append(carry) }
        }
        let text = Self.decimalText(ofLimbs: limbs)
        self = DecimalParts(numberText: text) ?? DecimalParts(negative: false, digits: [], exponent: 0)
        negative = value.sign == .minus
    }

    /// Whether `value` holds the number as written: its shortest text has this value (`0.1`,
    /// `1.5e300`), or, for an integer, `value` is exactly it (`2^70` written with all its digits).
    package func isHeld(by value: Double) -> Bool {
        guard value.isFinite else { return false }
        if let shortest = DecimalParts(numberText: value.description), shortest.sameValue(as: self) { return true }
        guard isInteger, let exact = DecimalParts(exactIntegerOf: value) else { return false }
        return exact.sameValue(as: self)
    }

    /// Whether `value` is exactly this number: an integer (`1e59` is not `10^59`), or a fraction
    /// written with every digit of the `Double`'s binary value (2^-30 as `9.31322574615478515625e-10`).
    func isExactly(_ value: Double) -> Bool {
        guard isInteger else { return isExactFraction(of: value) }
        guard let exact = DecimalParts(exactIntegerOf: value) else { return false }
        return exact.sameValue(as: self)
    }

    /// Whether this number, not an integer, is `value`'s exact decimal value.
    ///
    /// `value` is `m × 2^e` with `m` odd; for `e < 0` that is `m × 5^-e × 10^e`, whose last digit is
    /// 5, so the number must have exactly `-e` digits after the point (checked before any arithmetic)
    /// and the digits of `m × 5^-e`, formed in base-10^9 limbs, thirteen fives at a time.
    private func isExactFraction(of value: Double) -> Bool {
        guard value.isFinite, value != 0, negative == (value.sign == .minus) else { return false }
        let bits = value.bitPattern
        let biasedExponent = Int((bits >> 52) & 0x7FF)
        var significand = bits & ((1 << 52) - 1)
        var power = -1074
        if biasedExponent != 0 {
            significand |= 1 << 52
            power = biasedExponent - 1075
        }
        let zeros = significand.trailingZeroBitCount
        significand >>= UInt64(zeros)
        power += zeros
        guard power < 0, exponent == power else { return false }
        let base: UInt64 = 1_000_000_000
        var limbs: [UInt64] = [significand % base, significand / base % base, significand / (base * base)]
        var fives = -power
        while fives > 0 {
            let step = Swift.min(fives, 13)
            var factor: UInt64 = 1
            for _ in 0..<step { factor *= 5 }
            var carry: UInt64 = 0
            for index in limbs.indices {
                // Below 10^9 × 5^13 + carry < 2^61.
                let product = limbs[index] * factor + carry
                limbs[index] = product % base
                carry = product / base
            }
            while carry > 0 {
                limbs.append(carry % base)
                carry /= base
            }
            fives -= step
        }
        return digits.elementsEqual(Self.decimalText(ofLimbs: limbs).utf8)
    }

    /// The digits of a number held in base-10^9 limbs, least significant first, without leading zeros.
    private static func decimalText(ofLimbs limbs: [UInt64]) -> String {
        var limbs = limbs
        while limbs.count > 1, limbs.last == 0 { limbs.removeLast() }
        var text = String(limbs.last ?? 0)
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return text
    }

    /// Equal values (zero equals negative zero).
    func sameValue(as other: DecimalParts) -> Bool {
        digits == other.digits && exponent == other.exponent && (digits.isEmpty || negative == other.negative)
    }
}
