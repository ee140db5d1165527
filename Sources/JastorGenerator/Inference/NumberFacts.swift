import Foundation
import Jastor

/// What the numbers seen at one place need: a fraction, 64 bits, a negative zero, more than `Double`
/// keeps, more than `Decimal` keeps, or more than any one Swift number type keeps.
struct NumberFacts: Sendable, Hashable {
    /// A Swift number type the generator writes.
    enum NumberType: Sendable, Hashable {
        case int, int64, double, decimal

        /// The type's name in Swift source.
        var swiftName: String {
            switch self {
            case .int: "Int"
            case .int64: "Int64"
            case .double: "Double"
            case .decimal: "Decimal"
            }
        }
    }

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
    /// Some number is a zero with a minus sign (`-0`, `-0.0`), which only a `Double` keeps: an
    /// integer type and `Decimal` have no negative zero.
    var hasNegativeZero = false

    /// The facts of one number, from its JSON text.
    init(text: String) {
        hasFraction = text.contains { $0 == "." || $0 == "e" || $0 == "E" }
        let parts = DecimalParts(numberText: text)
        hasNegativeZero = parts.map { $0.isZero && $0.negative } ?? false
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

    func merging(_ other: NumberFacts) -> NumberFacts {
        var merged = self
        merged.hasFraction = hasFraction || other.hasFraction
        merged.exceeds32Bits = exceeds32Bits || other.exceeds32Bits
        merged.exceeds64Bits = exceeds64Bits || other.exceeds64Bits
        merged.exceedsDouble = exceedsDouble || other.exceedsDouble
        merged.exceedsDecimal = exceedsDecimal || other.exceedsDecimal
        merged.hasNegativeZero = hasNegativeZero || other.hasNegativeZero
        return merged
    }

    /// The Swift type a careful engineer would pick: the narrowest that takes every number exactly,
    /// or `nil` when no one type does.
    ///
    /// `Int`, `Int64`, `Double`, `Decimal`, in that order. As Jastor's untyped values
    /// do, a number is a `Double` when its `Double`'s shortest text is that number (`0.1`, `2.5`),
    /// else a `Decimal` when one keeps it. A negative zero makes a `Double`, the one type that keeps
    /// its sign (an `Int` or `Decimal` would write `-0` back as `0`).
    ///
    /// When no one type keeps every number (`5e-324` beside `9007199254740993`, `-0` beside
    /// `12345678901234567890.5`, `1e400`, 40 significant digits), the place is kept untyped: an
    /// untyped value keeps each number exactly and writes it back as a number (an integer as `Int`,
    /// a number its `Double` writes as written as `Double`, any other as an exact `Decimal`), and
    /// reports one nothing keeps (`1e400`) at its path. A `String` would keep the text but write it
    /// back as a JSON string.
    var type: NumberType? {
        if !hasFraction, !exceeds64Bits, !hasNegativeZero { return exceeds32Bits ? .int64 : .int }
        if !exceedsDouble, hasFraction || hasNegativeZero { return .double }
        if !exceedsDecimal, !hasNegativeZero { return .decimal }
        return nil
    }
}
