import Foundation
import Testing

@testable import Jastor

/// A model holding untyped values to compare.
private final class Box: JastorObject {
    var items: [Any] = []

    override class var properties: [JastorProperty] { register { property(\.items) } }
}

/// A user's struct around an untyped value.
private struct Labelled {
    var label: String
    var inner: Any
}

/// A user's enum with payloads holding untyped values.
private enum Wrapped {
    case one(Any)
    case two(Any, tag: Int)
}

/// A user's class around an untyped value, compared by its fields.
private final class Cell {
    let inner: Any

    init(_ inner: Any) {
        self.inner = inner
    }
}

/// Random untyped values, built again from the same seed as equal copies, or with one leaf changed.
private struct RandomValues {
    private var random: SeededRandom
    /// The leaf to change (counted in the order leaves are built), if any.
    private let changedLeaf: Int?
    /// The leaves built so far.
    private(set) var leaves = 0

    init(seed: UInt64, changingLeaf changedLeaf: Int? = nil) {
        random = SeededRandom(seed: seed)
        self.changedLeaf = changedLeaf
    }

    /// A value of up to `levels` levels of containers, structs, enums and objects, sometimes one
    /// chain of single-part levels up to 2 000 deep.
    mutating func value(levels: Int) -> Any {
        if levels > 0, Int.random(in: 0..<12, using: &random) == 0 {
            let depth = Int.random(in: 1...2_000, using: &random)
            var value = self.value(levels: 0)
            for _ in 0..<depth { value = wrapped(value) }
            return value
        }
        guard levels > 0, Int.random(in: 0..<4, using: &random) > 0 else { return leaf() }
        let count = Int.random(in: 0...3, using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return (0..<count).map { _ in value(levels: levels - 1) }
        case 1:
            var dictionary: [String: Any] = [:]
            for index in 0..<count { dictionary["k\(index)"] = value(levels: levels - 1) }
            return dictionary
        case 2:
            var dictionary: [Int: Any] = [:]
            for index in 0..<count { dictionary[index] = value(levels: levels - 1) }
            return dictionary
        case 3: return Labelled(label: "l\(count)", inner: value(levels: levels - 1))
        case 4:
            return count % 2 == 0 ? Wrapped.one(value(levels: levels - 1)) : .two(value(levels: levels - 1), tag: count)
        default: return Cell(value(levels: levels - 1))
        }
    }

    /// `value` one level down, in a container of a random kind.
    private mutating func wrapped(_ value: Any) -> Any {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: [value]
        case 1: ["k": value] as [String: Any]
        case 2: Labelled(label: "l", inner: value)
        case 3: Wrapped.one(value)
        default: Optional(value) as Any
        }
    }

    /// A number, string, boolean, `nil`, set or data; the changed leaf differs from what the same
    /// draws give otherwise.
    private mutating func leaf() -> Any {
        let kind = Int.random(in: 0..<7, using: &random)
        let number = Int.random(in: -1_000...1_000, using: &random)
        let isChanged = leaves == changedLeaf
        leaves += 1
        switch kind {
        case 0: return isChanged ? number + 1 : number
        case 1: return isChanged ? "s\(number)'" : "s\(number)"
        case 2: return isChanged ? Double(number).nextUp : Double(number)
        case 3: return isChanged ? number < 0 : number >= 0
        case 4: return isChanged ? 0 as Any : Optional<Int>.none as Any
        case 5: return isChanged ? Set([number, number + 1, 5_000]) : Set([number, number + 1])
        default: return Data("\(number)".utf8 + (isChanged ? [0] : []))
        }
    }
}

/// Arrays nested `depth` deep around `leaf`, built in code, every level kept, outermost first:
/// freeing the list frees one level at a time (freeing the outermost alone would free the levels
/// below it recursively, and overflow the test thread's stack after Jastor is done).
private func nestedArrays(depth: Int, leaf: Int = 1) -> [Any] {
    var levels: [Any] = [leaf]
    for _ in 0..<depth { levels.append([levels[levels.count - 1]]) }
    return levels.reversed()
}

/// Untyped values compare to their last level, at any depth: equal copies built apart are equal
/// and hash alike, a value with one leaf changed is not.
@Suite struct UntypedEqualityTests {
    /// Random untyped values (containers, structs, enums, objects, optionals, sets and data, with
    /// chains up to 2 000 deep), built twice from a seed, compare equal and hash alike, directly and
    /// in models; one changed leaf makes them unequal. (Deep values are compared outside `#expect`,
    /// which would describe them on a failure, every level.)
    @Test(arguments: [UInt64(0x5EED_E001), 0x5EED_E002, 0x5EED_E003])
    func equalCopiesAreEqualAndOneChangedLeafIsNot(seed: UInt64) {
        print("UntypedEqualityTests seed \(String(seed, radix: 16))")
        var seeds = SeededRandom(seed: seed)
        for round in 0..<60 {
            let valueSeed = seeds.next()
            var builder = RandomValues(seed: valueSeed)
            let original = builder.value(levels: 5)
            var copyBuilder = RandomValues(seed: valueSeed)
            let copy = copyBuilder.value(levels: 5)
            let context = "seed \(String(seed, radix: 16)) round \(round)"
            let equal = ValueDescription.isEqual(original, copy)
            let hashesEqual = ValueDescription.hashText(original) == ValueDescription.hashText(copy)
            #expect(equal, "\(context)")
            #expect(hashesEqual, "\(context)")
            let first = Box()
            first.items = [original]
            let second = Box()
            second.items = [copy]
            let modelsEqual = first == second
            #expect(modelsEqual, "\(context)")
            #expect(first.hashValue == second.hashValue, "\(context)")
            // A value of empty containers alone has no leaf to change.
            guard builder.leaves > 0 else { continue }
            let changedLeaf = Int.random(in: 0..<builder.leaves, using: &seeds)
            var changedBuilder = RandomValues(seed: valueSeed, changingLeaf: changedLeaf)
            let changed = changedBuilder.value(levels: 5)
            let changedEqual = ValueDescription.isEqual(original, changed)
            #expect(!changedEqual, "\(context): leaf \(changedLeaf) changed")
            second.items = [changed]
            let changedModelsEqual = first == second
            #expect(!changedModelsEqual, "\(context): leaf \(changedLeaf) changed")
        }
    }

    /// Two `[Any]` values nested `depth` deep, built apart, compare equal and hash alike in models;
    /// one whose innermost number differs does not; `description` writes the first levels.
    @Test(arguments: [3_000, 100_000])
    func equalCopiesNestedDeepAreEqual(depth: Int) {
        let first = nestedArrays(depth: depth)
        let second = nestedArrays(depth: depth)
        let changed = nestedArrays(depth: depth, leaf: 2)
        let valuesEqual = ValueDescription.isEqual(first[0], second[0])
        let changedValuesEqual = ValueDescription.isEqual(first[0], changed[0])
        #expect(valuesEqual, "[Any] nested \(depth) deep, built apart")
        #expect(!changedValuesEqual, "the innermost number differs")
        let left = Box()
        left.items = [first[0]]
        let right = Box()
        right.items = [second[0]]
        let other = Box()
        other.items = [changed[0]]
        let equal = left == right
        let changedEqual = left == other
        #expect(equal, "[Any] nested \(depth) deep, built apart")
        let hashesEqual = left.hashValue == right.hashValue
        #expect(hashesEqual)
        #expect(!changedEqual, "the innermost number differs")
        let described = left.description.hasPrefix("Box(\n  items: [\n    [\n")
        #expect(described)
    }
}
