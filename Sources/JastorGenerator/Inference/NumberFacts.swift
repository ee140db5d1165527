import Foundation
import Jastor

/// What the numbers seen at one place need: a fraction, 64 bits, more than `Double` keeps, more than
/// `Decimal` keeps, or more than any Swift number keeps.
struct NumberFacts: Sendable, Equatable {
    /// Some number was written with a fraction or an exponent (`2.5`, `1.0`, `1e3`).
    var hasFraction = false
    /// Some integer lies outside `Int32`.
    var exceeds32Bits = false
    /// Some integer lies outside `Int64`.
    var exceeds64Bits = false
    /// Some number is more than a `Double` keeps: its `Double`'s shortest text is another number
    /// (`9007199254740993`, `12345678901234567890.5`, `-65.613616999999977`), or it lies beyond
    /// its range either way (`1e400`, and `1e-400`, which would read as `0`).
    var exceedsDouble = false
    /// Some number is more than a `Decimal` keeps exactly: more than 38 significant digits (39
    /// below 2^128), or a power of ten beyond its range (about 1e-128 to 3.4e165).
    var exceedsDecimal = false

    /// The facts of one number, from its JSON text.
    init(text: String) {
        hasFraction = text.contains { $0 == "." || $0 == "e" || $0 == "E" }
        let parts = DecimalParts(numberText: text)
        exceedsDecimal = parts?.decimal == nil
        exceedsDouble = parts.map { !$0.isHeld(by: Double(text) ?? .nan) } ?? true
        guard !hasFraction else { return }
        guard let integer = Int64(text) else {
            exceeds32Bits = true
            exceeds64Bits = true
            return
        }
        exceeds32Bits = Int32(exactly: integer) == nil
    }

    private init(
        hasFraction: Bool, exceeds32Bits: Bool, exceeds64Bits: Bool, exceedsDouble: Bool, exceedsDecimal: Bool
    ) {
        self.hasFraction = hasFraction
        self.exceeds32Bits = exceeds32Bits
        self.exceeds64Bits = exceeds64Bits
        self.exceedsDouble = exceedsDouble
        self.exceedsDecimal = exceedsDecimal
    }

    func merging(_ other: NumberFacts) -> NumberFacts {
        NumberFacts(
            hasFraction: hasFraction || other.hasFraction, exceeds32Bits: exceeds32Bits || other.exceeds32Bits,
            exceeds64Bits: exceeds64Bits || other.exceeds64Bits,
            exceedsDouble: exceedsDouble || other.exceedsDouble,
            exceedsDecimal: exceedsDecimal || other.exceedsDecimal)
    }

    /// The Swift type a careful engineer would pick: the narrowest that takes every number exactly.
    ///
    /// `Int`, `Int64`, `Double`, `Decimal`, in that order. As Jastor's untyped values
    /// do, a number is a `Double` when its `Double`'s shortest text is that number (`0.1`, `2.5`),
    /// else a `Decimal` when one keeps it.
    ///
    /// A number no Swift number type keeps (`1e400`, `1e-400`, 40 significant digits) would reach
    /// an untyped value as its text, with an issue. A `String` takes a JSON number as the text it
    /// was written with, exactly and without an issue, so such a place is typed
    /// ``ScalarType/numberText``, a `String`, and the class's comment says why.
    var scalarType: ScalarType {
        if !hasFraction, !exceeds64Bits { return exceeds32Bits ? .int64 : .int }
        if !exceedsDouble, hasFraction { return .double }
        return exceedsDecimal ? .numberText : .decimal
    }
}
