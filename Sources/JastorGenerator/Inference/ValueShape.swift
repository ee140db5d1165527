/// Everything the samples showed at one place in the JSON.
///
/// It counts which kinds of value appeared there and keeps the facts that decide a Swift type;
/// shapes of the same place merge.
struct ValueShape: Sendable {
    /// How many values were seen here, `null`s included.
    var count = 0
    /// How many of them were `null`.
    var nullCount = 0
    /// How many were `true` or `false`.
    var boolCount = 0
    /// The numbers seen, if any.
    var numbers: NumberFacts?
    /// The strings seen, if any.
    var strings: StringFacts?
    /// The arrays seen, if any.
    var array: ArrayShape?
    /// The objects seen, if any.
    var object: ObjectShape?

    /// How many kinds other than `null` appeared (bool, number, string, array, object).
    var kindCount: Int {
        [boolCount > 0, numbers != nil, strings != nil, array != nil, object != nil].filter { $0 }.count
    }

    /// The shape of both samples' values.
    func merging(_ other: ValueShape) -> ValueShape {
        var merged = self
        merged.count += other.count
        merged.nullCount += other.nullCount
        merged.boolCount += other.boolCount
        merged.numbers = Self.merge(numbers, other.numbers) { $0.merging($1) }
        merged.strings = Self.merge(strings, other.strings) { $0.merging($1) }
        merged.array = Self.merge(array, other.array) { $0.merging($1) }
        merged.object = Self.merge(object, other.object) { $0.merging($1) }
        return merged
    }

    private static func merge<Facts>(_ left: Facts?, _ right: Facts?, _ combine: (Facts, Facts) -> Facts) -> Facts? {
        switch (left, right) {
        case (let left?, let right?): return combine(left, right)
        default: return left ?? right
        }
    }
}
