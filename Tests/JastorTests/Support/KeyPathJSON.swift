import Foundation

/// Random JSON text over a few keys that key paths share (`address`, `rows`, `meta`, …), shaped
/// to meet the paths half-way: the right container at a step, or the wrong one, `null`, a
/// scalar, an index past the end, a key given twice.
///
/// Built as a tree of its own (so that an object may give a key twice) and written as JSON text.
indirect enum KeyPathJSON: CustomStringConvertible {
    case null
    case int(Int)
    case string(String)
    case bool(Bool)
    case array([KeyPathJSON])
    case object([(String, KeyPathJSON)])

    /// The keys the law models read and write, and one none does.
    static let keys = ["address", "city", "zip", "rows", "v", "name", "in", "meta", "out", "y", "other"]

    /// A random object `depth` levels deep at most, from `random`.
    static func object(depth: Int, _ random: inout SeededRandom) -> KeyPathJSON {
        var members: [(String, KeyPathJSON)] = []
        for _ in 0..<Int(random.next() % 5) {
            let key = keys[Int(random.next() % UInt64(keys.count))]
            members.append((key, value(depth: depth - 1, &random)))
        }
        return .object(members)
    }

    /// A random value; containers only while `depth` is positive.
    static func value(depth: Int, _ random: inout SeededRandom) -> KeyPathJSON {
        switch random.next() % (depth > 0 ? 8 : 5) {
        case 0: return .null
        case 1: return .int(Int(random.next() % 7))
        case 2: return .string(["a", "b", "", "5"][Int(random.next() % 4)])
        case 3: return .bool(random.next() % 2 == 0)
        case 4: return .int(Int(random.next() % 3))
        case 5, 6: return object(depth: depth, &random)
        default:
            return .array((0..<Int(random.next() % 6)).map { _ in value(depth: depth - 1, &random) })
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .int(let value): "\(value)"
        case .string(let value): "\"\(value)\""
        case .bool(let value): "\(value)"
        case .array(let elements): "[" + elements.map(\.description).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
        }
    }

    /// This object without `key`, and the last value it gives `key` (`nil` when none).
    func removing(_ key: String) -> (rest: KeyPathJSON, value: KeyPathJSON?) {
        guard case .object(let members) = self else { return (self, nil) }
        return (.object(members.filter { $0.0 != key }), members.last { $0.0 == key }?.1)
    }

    /// Whether the object gives a key twice, at any level.
    var repeatsKeys: Bool {
        switch self {
        case .array(let elements): elements.contains(where: \.repeatsKeys)
        case .object(let members):
            Set(members.map(\.0)).count != members.count || members.contains(where: \.1.repeatsKeys)
        default: false
        }
    }

    /// Whether `output` (a Foundation value read from JSON text) holds everything this value holds:
    /// objects each member (a `null`, or a container of nothing but such, may be missing: output
    /// leaves out an empty value), arrays each element at its index, scalars the same JSON value
    /// (or, for a number, the text a `String` property writes for it, and for a numeric string the
    /// number a number property writes).
    func isHeld(by output: Any?) -> Bool {
        switch self {
        case .null: return output == nil || output is NSNull
        case .int(let value):
            // A `String` property takes a number as the text it was written with (MappingRules).
            if let text = output as? String { return text == "\(value)" }
            guard let number = output as? NSNumber, !Self.isBoolean(number) else { return false }
            return number == NSNumber(value: value)
        case .bool(let value):
            guard let number = output as? NSNumber, Self.isBoolean(number) else { return false }
            return number.boolValue == value
        case .string(let value):
            // A number property takes a numeric string spelled as its number is written (MappingRules).
            if let number = output as? NSNumber, !Self.isBoolean(number) { return "\(number)" == value }
            return (output as? String).map { $0.utf8.elementsEqual(value.utf8) } ?? false
        case .array(let elements):
            if output == nil, isVacuous { return true }
            guard let array = output as? [Any], array.count >= elements.count else { return false }
            return zip(elements, array).allSatisfy { $0.isHeld(by: $1) }
        case .object(let members):
            if output == nil, isVacuous { return true }
            guard let object = output as? [String: Any] else { return false }
            // The last value of a key is the one read.
            var last: [String: KeyPathJSON] = [:]
            for (key, value) in members { last[key] = value }
            return last.allSatisfy { key, value in value.isHeld(by: object[key]) }
        }
    }

    /// `null`, or a container of nothing but such values.
    private var isVacuous: Bool {
        switch self {
        case .null: true
        case .array(let elements): elements.allSatisfy(\.isVacuous)
        case .object(let members): members.allSatisfy(\.1.isVacuous)
        default: false
        }
    }

    /// Whether `number` is one of Foundation's booleans (`JSONSerialization` reads `true` as one).
    private static func isBoolean(_ number: NSNumber) -> Bool {
        ObjectIdentifier(type(of: number)) == ObjectIdentifier(type(of: NSNumber(value: true)))
    }
}
