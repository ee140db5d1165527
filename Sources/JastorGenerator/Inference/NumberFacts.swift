import Foundation

/// What the numbers seen at one place need: a fraction, 64 bits, more than `Double` holds exactly,
/// or more than any Swift number holds.
struct NumberFacts: Sendable, Equatable {
    /// Some number was written with a fraction or an exponent (`2.5`, `1.0`, `1e3`).
    var hasFraction = false
    /// Some integer lies outside `Int32`.
    var exceeds32Bits = false
    /// Some integer lies outside ±2^53, where `Double` stops being exact.
    var exceedsDoublePrecision = false
    /// Some integer lies outside `Int64`.
    var exceeds64Bits = false
    /// Some number lies beyond `Double`'s range (`1e400`), and so beyond `Decimal`'s (about 1e165).
    var exceedsDoubleRange = false
    /// Some number's magnitude lies beyond `Decimal`'s (about 3.4e165).
    var exceedsDecimalRange = false

    /// `Decimal.greatestFiniteMagnitude` as a `Double`.
    private static let decimalLimit = NSDecimalNumber(decimal: .greatestFiniteMagnitude).doubleValue

    /// The facts of one number, from its JSON text.
    init(text: String) {
        hasFraction = text.contains { $0 == "." || $0 == "e" || $0 == "E" }
        exceedsDoubleRange = Double(text)?.isFinite != true
        exceedsDecimalRange = (Double(text)?.magnitude ?? .infinity) > Self.decimalLimit
        guard !hasFraction else { return }
        guard let integer = Int64(text) else {
            exceeds32Bits = true
            exceedsDoublePrecision = true
            exceeds64Bits = true
            return
        }
        exceeds32Bits = Int32(exactly: integer) == nil
        exceedsDoublePrecision = integer.magnitude > 1 << 53
    }

    private init(
        hasFraction: Bool, exceeds32Bits: Bool, exceedsDoublePrecision: Bool, exceeds64Bits: Bool,
        exceedsDoubleRange: Bool, exceedsDecimalRange: Bool
    ) {
        self.hasFraction = hasFraction
        self.exceeds32Bits = exceeds32Bits
        self.exceedsDoublePrecision = exceedsDoublePrecision
        self.exceeds64Bits = exceeds64Bits
        self.exceedsDoubleRange = exceedsDoubleRange
        self.exceedsDecimalRange = exceedsDecimalRange
    }

    func merging(_ other: NumberFacts) -> NumberFacts {
        NumberFacts(
            hasFraction: hasFraction || other.hasFraction, exceeds32Bits: exceeds32Bits || other.exceeds32Bits,
            exceedsDoublePrecision: exceedsDoublePrecision || other.exceedsDoublePrecision,
            exceeds64Bits: exceeds64Bits || other.exceeds64Bits,
            exceedsDoubleRange: exceedsDoubleRange || other.exceedsDoubleRange,
            exceedsDecimalRange: exceedsDecimalRange || other.exceedsDecimalRange)
    }

    /// The Swift type a careful engineer would pick: `Int` unless a value needs more.
    ///
    /// A number beyond `Double`'s range fits no Swift number type (`Decimal` stops near 1e165),
    /// nor does an integer beyond 64 bits and beyond `Decimal`'s range: an untyped value would
    /// keep it as its text, with an issue. A `String` takes a JSON number as the text it was
    /// written with, exactly and without an issue, so such a place is typed
    /// ``ScalarType/numberText``, a `String`, and the class's comment says why.
    var scalarType: ScalarType {
        if exceedsDoubleRange { return .numberText }
        if hasFraction { return exceedsDoublePrecision ? .decimal : .double }
        if exceeds64Bits { return exceedsDecimalRange ? .numberText : .decimal }
        return exceeds32Bits ? .int64 : .int
    }
}
