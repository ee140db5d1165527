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

/// The arrays seen at one place: their elements merged into one shape.
struct ArrayShape: Sendable {
    /// How many arrays were seen.
    var count = 0
    /// The merged shape of every element of every array, one element deep (a box, as a struct
    /// cannot hold itself).
    private var elementBox: [ValueShape] = []

    /// The merged shape of the elements; `count == 0` when every array was empty.
    var element: ValueShape {
        get { elementBox.first ?? ValueShape() }
        set { elementBox = [newValue] }
    }

    init(count: Int, element: ValueShape) {
        self.count = count
        self.element = element
    }

    func merging(_ other: ArrayShape) -> ArrayShape {
        ArrayShape(count: count + other.count, element: element.merging(other.element))
    }
}

/// The objects seen at one place: each key's values merged, keys in the order first seen.
struct ObjectShape: Sendable {
    /// How many objects were seen.
    var count = 0
    /// The keys, in the order they were first seen.
    var keys: [String] = []
    /// What each key held, and in how many of the objects.
    var fields: [String: FieldShape] = [:]
    /// The same objects grouped by the value of the discriminator key, when one was asked for.
    var variants: [String: ObjectShape] = [:]

    /// One key of an object shape.
    struct FieldShape: Sendable {
        /// In how many objects the key was present.
        var presentCount: Int
        /// What it held.
        var value: ValueShape
    }

    /// Adds one member seen in a single object.
    mutating func add(key: String, value: ValueShape) {
        if let existing = fields[key] {
            fields[key] = FieldShape(presentCount: existing.presentCount + 1, value: existing.value.merging(value))
        } else {
            keys.append(key)
            fields[key] = FieldShape(presentCount: 1, value: value)
        }
    }

    func merging(_ other: ObjectShape) -> ObjectShape {
        var merged = self
        merged.count += other.count
        for key in other.keys {
            guard let field = other.fields[key] else { continue }
            if let existing = merged.fields[key] {
                merged.fields[key] = FieldShape(
                    presentCount: existing.presentCount + field.presentCount, value: existing.value.merging(field.value)
                )
            } else {
                merged.keys.append(key)
                merged.fields[key] = field
            }
        }
        for (value, variant) in other.variants {
            merged.variants[value] = merged.variants[value].map { $0.merging(variant) } ?? variant
        }
        return merged
    }
}
