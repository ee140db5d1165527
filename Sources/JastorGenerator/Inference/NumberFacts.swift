/// What the numbers seen at one place need: a fraction, 64 bits, or more than `Double` holds exactly.
struct NumberFacts: Sendable, Equatable {
    /// Some number was written with a fraction or an exponent (`2.5`, `1.0`, `1e3`).
    var hasFraction = false
    /// Some integer lies outside `Int32`.
    var exceeds32Bits = false
    /// Some integer lies outside ±2^53, where `Double` stops being exact.
    var exceedsDoublePrecision = false
    /// Some integer lies outside `Int64`.
    var exceeds64Bits = false

    /// The facts of one number, from its JSON text.
    init(text: String) {
        hasFraction = text.contains { $0 == "." || $0 == "e" || $0 == "E" }
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

    private init(hasFraction: Bool, exceeds32Bits: Bool, exceedsDoublePrecision: Bool, exceeds64Bits: Bool) {
        self.hasFraction = hasFraction
        self.exceeds32Bits = exceeds32Bits
        self.exceedsDoublePrecision = exceedsDoublePrecision
        self.exceeds64Bits = exceeds64Bits
    }

    func merging(_ other: NumberFacts) -> NumberFacts {
        NumberFacts(
            hasFraction: hasFraction || other.hasFraction, exceeds32Bits: exceeds32Bits || other.exceeds32Bits,
            exceedsDoublePrecision: exceedsDoublePrecision || other.exceedsDoublePrecision,
            exceeds64Bits: exceeds64Bits || other.exceeds64Bits)
    }

    /// The Swift type a careful engineer would pick: `Int` unless a value needs more.
    var scalarType: ScalarType {
        if hasFraction { return exceedsDoublePrecision ? .decimal : .double }
        if exceeds64Bits { return .decimal }
        return exceeds32Bits ? .int64 : .int
    }
}
