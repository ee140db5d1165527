import Foundation

/// The textual side of number conversion: JSON's number grammar, and shortest round-trip text.
enum NumberText {
    static let posix = Locale(identifier: "en_US_POSIX")

    /// The spellings version-1 archives used for values JSON cannot hold.
    static let nonFinite: [String: Double] = ["NaN": .nan, "Infinity": .infinity, "-Infinity": -.infinity]

    /// Whether `text` is an integer in JSON's grammar: an optional `-` and digits.
    static func isInteger(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        return !bytes.isEmpty && bytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// Whether `text` is a number in JSON's grammar (`-12.5e3`; no `+`, hex, `inf` or blanks).
    static func isNumber(_ text: String) -> Bool {
        var scanner = text.utf8.makeIterator()
        var state = 0  // 0 sign, 1 int digits, 2 after dot, 3 frac digits, 4 after e, 5 exp sign, 6 exp digits
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        while let byte = scanner.next() {
            switch (state, byte) {
            case (0, UInt8(ascii: "-")): state = 7
            case (0, _) where isDigit(byte), (7, _) where isDigit(byte), (1, _) where isDigit(byte): state = 1
            case (1, UInt8(ascii: ".")): state = 2
            case (2, _) where isDigit(byte), (3, _) where isDigit(byte): state = 3
            case (1, UInt8(ascii: "e")), (1, UInt8(ascii: "E")), (3, UInt8(ascii: "e")), (3, UInt8(ascii: "E")):
                state = 4
            case (4, UInt8(ascii: "+")), (4, UInt8(ascii: "-")): state = 5
            case (4, _) where isDigit(byte), (5, _) where isDigit(byte), (6, _) where isDigit(byte): state = 6
            default: return false
            }
        }
        return state == 1 || state == 3 || state == 6
    }

    /// The `Double` nearest a `Decimal` (what Linux `JSONSerialization` hands over for numbers
    /// with many digits), rounded correctly.
    ///
    /// The decimal's integer significand and power of ten are written as text for `Double(_:)`,
    /// which rounds correctly; `Decimal.description` would give the same text at about seven
    /// times the cost, and `NSDecimalNumber.doubleValue` is not correctly rounded.
    ///
    /// A decimal the `Double` does not write back (more digits than it holds) is kept as the nearest
    /// `Double` and reported (``ScalarConversion/rewritten(_:)``), as a literal is (``NumberSpelling``).
    static func double(from decimal: Decimal) -> ScalarConversion<Double> {
        guard !decimal.isNaN else { return .failure(.invalidValue) }
        let significand = decimal.significand
        let digits = NSDecimalNumber(decimal: significand).uint64Value
        let sign = decimal.sign == .minus ? "-" : ""
        let text = Decimal(digits) == significand ? "\(sign)\(digits)e\(decimal.exponent)" : decimal.description
        let converted = double(from: text)
        guard case .success(let value) = converted, value != 0, let parts = DecimalParts(numberText: text) else {
            return converted
        }
        return NumberSpelling.isWrittenBack(parts, as: value) || parts.isExactly(value) ? converted : .rewritten(value)
    }

    /// A finite `Double` from numeric text; too large for `Double` is out of range.
    static func double(from text: String) -> ScalarConversion<Double> {
        guard isNumber(text), let value = Double(text) else { return .failure(.invalidValue) }
        return value.isFinite ? .success(value) : .failure(.valueOutOfRange)
    }

    /// The exact value of a finite `Decimal`.
    static func parts(of decimal: Decimal) -> DecimalParts {
        DecimalParts(numberText: decimal.description) ?? DecimalParts(negative: false, digits: [], exponent: 0)
    }

    /// The text of a number handed over as a value, for a `String` property and for issues:
    /// ``shortest(_:)-(Double)``, but a negative zero keeps its sign (`-0`, as JSON text writes it).
    static func text(_ value: Double) -> String {
        if value == 0 && value.sign == .minus { return "-0" }
        return shortest(value)
    }

    /// The text of a `Float` handed over as a value: ``shortest(_:)-(Float)``, a negative zero
    /// with its sign, as ``text(_:)-(Double)`` writes a `Double`.
    static func text(_ value: Float) -> String {
        if value == 0 && value.sign == .minus { return "-0" }
        return shortest(value)
    }

    /// The shortest text that reads back as `value`; integral values have no `.0`.
    static func shortest(_ value: Double) -> String {
        if let integer = Int64(exactly: value), abs(value) <= 9_007_199_254_740_992 { return String(integer) }
        return value.description
    }

    /// The shortest digits that read back as `value` in `Float`, written as the `Double` overload
    /// writes a number: `Float(1e10)` is `10000000000`, as `Double(1e10)` is, not `1e+10`.
    ///
    /// The `Float`'s shortest text, read as a `Double`, is the `Double` whose own shortest text has
    /// those digits (nine significant digits at most, which a `Double` keeps), so one number is
    /// written one way whichever type held it; an untyped value writes a `Float` as that `Double`.
    static func shortest(_ value: Float) -> String {
        guard value.isFinite, let double = Double(value.description) else { return value.description }
        return shortest(double)
    }
}
