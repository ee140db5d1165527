import Foundation

/// A JSON number as it was written: its text, the nearest `Double`, and whether it was written as
/// an integer (no fraction and no exponent).
///
/// Properties convert the exact value written, not a `Double` rounded on the way: `Decimal` and
/// the integer types read the digits, `String` reads the text. The byte reader hands numbers over
/// as ``DocumentNumber``s, which find their text only when a conversion asks for it.
struct NumberLiteral {
    /// The literal's text, as written.
    let text: String
    /// The nearest `Double` (infinite when the literal is beyond `Double`'s range).
    let double: Double
    /// Whether the literal has neither a fraction nor an exponent.
    let isIntegerForm: Bool

    /// A literal from text in JSON's number grammar.
    init(text: String) {
        self.init(
            text: text, double: Double(text) ?? .nan,
            isIntegerForm: !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") })
    }

    /// A literal whose nearest `Double` is already known.
    init(text: String, double: Double, isIntegerForm: Bool) {
        self.text = text
        self.double = double
        self.isIntegerForm = isIntegerForm
    }

    /// An integer handed over as a value, as a `Double` by ``doubleValue``'s rule: at once when the
    /// `Double` is exact (the common case), through the integer's text otherwise.
    static func double<Integer: BinaryInteger>(ofInteger value: Integer) -> ScalarConversion<Double> {
        if let exact = Double(exactly: value) { return .success(exact) }
        return NumberLiteral(text: String(value)).doubleValue
    }

    /// An integer handed over as a value, as a `Float` by ``floatValue``'s rule: at once up to 2^24,
    /// where every integer is its `Float`'s shortest text, through the integer's text beyond (2^30
    /// is a `Float`, written `1073741800`).
    static func float<Integer: BinaryInteger>(ofInteger value: Integer) -> ScalarConversion<Float> {
        if value.magnitude <= 1 << 24, let exact = Float(exactly: value) { return .success(exact) }
        return NumberLiteral(text: String(value)).floatValue
    }

    /// The literal's exact value as digits and a power of ten.
    var parts: DecimalParts { DecimalParts(numberText: text) ?? DecimalParts(negative: false, digits: [], exponent: 0) }
}

extension NumberLiteral {
    /// The literal as an integer of type `Integer`: exact, or out of range (a fraction is never
    /// truncated).
    func integer<Integer: FixedWidthInteger>(as type: Integer.Type) -> ScalarConversion<Integer> {
        parts.integer(as: type).map { .success($0) } ?? .failure(.valueOutOfRange)
    }

    /// The literal as a `Double`: an integer literal must be held by the `Double` (its shortest text is
    /// that integer, or the `Double` is exactly it: `9007199254740993` is refused, `1e22` and 2^70
    /// written out in full are not), since the byte reader hands integers over as values, as
    /// dictionaries do; a fraction or exponent reads as the nearest `Double`, unless that is zero for
    /// a nonzero literal or beyond `Double`'s range, and is kept with a report
    /// (``ScalarConversion/rewritten(_:)``) when the literal is neither a text that `Double` is
    /// written back as (``NumberSpelling``) nor exactly it (`1180591620717411303424.0`, 2^70):
    /// `0.1234567890123456789` is written `0.12345678901234568`.
    var doubleValue: ScalarConversion<Double> {
        guard double.isFinite else { return .failure(.valueOutOfRange) }
        let parts = parts
        if isIntegerForm {
            return parts.isHeld(by: double) ? .success(double) : .failure(.valueOutOfRange)
        }
        if parts.isZero { return .success(double) }
        if double == 0 { return .failure(.valueOutOfRange) }
        return NumberSpelling.isWrittenBack(parts, as: double) || parts.isExactly(double)
            ? .success(double) : .rewritten(double)
    }

    /// The literal as a `Float`, by the rule of ``doubleValue``.
    ///
    /// A literal that is not the `Float`'s shortest or 9-digit text is kept as the nearest `Float`
    /// and reported. An integer literal, which stands for a value (the byte reader hands integers
    /// over as dictionaries do), is quiet when it is the `Float`'s shortest text, kept and reported
    /// when the `Float` is exactly it but writes it otherwise (`1073741824`, written `1073741800`),
    /// and refused when no `Float` is it (`16777217`, `1073741820`).
    var floatValue: ScalarConversion<Float> {
        let text = text
        guard let float = Float(text), float.isFinite else { return .failure(.valueOutOfRange) }
        let parts = parts
        if parts.isZero { return .success(float) }
        if isIntegerForm {
            if let shortest = DecimalParts(numberText: float.description), shortest.sameValue(as: parts) {
                return .success(float)
            }
            return parts.isExactly(Double(float)) ? .rewritten(float) : .failure(.valueOutOfRange)
        }
        if float == 0 { return .failure(.valueOutOfRange) }
        return NumberSpelling.isWrittenBack(parts, as: float) ? .success(float) : .rewritten(float)
    }

    /// The literal as a `Decimal`, exactly, or out of range.
    var decimalValue: ScalarConversion<Decimal> {
        parts.decimal.map { .success($0) } ?? .failure(.valueOutOfRange)
    }

    /// The value untyped properties keep: the `Double` when it holds the number as written
    /// (`0.1`, `1e3`), else an exact `Decimal`, else `nil` (no Foundation number holds it exactly).
    var untypedValue: JSONValue? {
        let parts = parts
        if double.isFinite, parts.isHeld(by: double) {
            // `-0` stays a negative zero: as the integer 0 it would lose its sign.
            if isIntegerForm, !(parts.isZero && parts.negative), let integer = parts.integer(as: Int64.self) {
                return .integer(integer)
            }
            return .double(double)
        }
        return parts.decimal.map { .decimal($0) }
    }

    /// The value untyped properties keep when nothing holds it exactly (a lenient run reports that):
    /// the nearest `Double`, or the literal's text when that is infinite, so that output stays JSON.
    var untypedValueOrNearest: JSONValue {
        if let untypedValue { return untypedValue }
        return double.isFinite ? .double(double) : .string(text)
    }
}
