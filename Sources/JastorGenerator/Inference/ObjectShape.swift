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
