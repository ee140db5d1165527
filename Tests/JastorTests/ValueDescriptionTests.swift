import Foundation
import Testing

@testable import Jastor

/// A user's own struct in an untyped value.
private struct Appointment {
    var title = "dentist"
    var when = Date(timeIntervalSince1970: .nan)
    var later: Date? = Date(timeIntervalSince1970: .infinity)
    var pair = (Date(timeIntervalSince1970: -.infinity), 2)
}

/// An enum with payloads.
private enum Reminder {
    case at(Date)
    case between(Date, end: Date)
    case never
}

/// A class that refers to itself.
private final class Loop {
    var next: Loop?
    var when = Date(timeIntervalSince1970: .nan)
}

/// A class nested deeper than the walk goes.
private final class Chain {
    var next: Chain?
    var when = Date(timeIntervalSince1970: .nan)
}

/// An enum with cases named as ``Layer``'s.
private enum Other {
    case wrapped, held(Int)
}

/// A user's nested value: layers of enum cases and structs around bytes and a number.
private indirect enum Nest {
    case leaf(Data, Double)
    case wrapped(Nest)
    case labelled(String, Nest)
    case held(Holder)
}

private struct Holder {
    var inner: Nest
    var tag: Int
}

/// A user's value around arrays that share their parts.
private struct Shared {
    var levels: [Any]
}

/// A user's tree of structs whose typed arrays share their parts.
private struct Branch {
    var label: Int
    var children: [Branch]
}

/// A user's struct holding two values of any type (stored out of line when large).
private struct Fork {
    var left: Any
    var right: Any
}

/// A user's enum whose indirect payloads share their boxes.
private indirect enum Tree {
    case leaf(Int)
    case node(Tree, Tree)
}

/// Two nested types of the same name in different enclosing types.
private enum FirstPlace {
    enum Kind { case a }
    struct Point { var x = 1 }
}

private enum SecondPlace {
    enum Kind { case a }
    struct Point { var x = 1 }
}

/// An enum whose cases describe themselves alike.
private enum Said: CustomStringConvertible {
    case up, down
    var description: String { "same" }
}

/// A class whose fields are all its superclass's, and one adding a field of its own.
private class Measured {
    var reading: Int
    init(_ reading: Int) { self.reading = reading }
}

private final class Relabelled: Measured {}

private final class Extended: Measured {
    var unit = "cm"
}

/// A struct whose own mirror hides its fields.
private struct Sealed: CustomReflectable {
    var secret: Int
    var customMirror: Mirror { Mirror(self, children: []) }

    /// A user's struct around one value.
    struct Pair {
        var value: Any
        init(_ value: Any) { self.value = value }
    }
}

/// One layer of a ``Nest``, as the random test builds it.
private enum Layer {
    case wrapped, labelled(String), held(Int)
}

private final class Diary: JastorObject {
    var notes: [String: Any] = [:]
    var entries: [Any] = []

    override class var properties: [JastorProperty] {
        register {
            \.notes
            \.entries
        }
    }
}

/// A value Jastor does not own is described by walking it, never by its own `description`, which
/// traps on a `Date` of NaN or infinite seconds (`Date.description`, an `NSArray`'s, a struct's).
@Suite struct ValueDescriptionTests {
    private static let nan = Date(timeIntervalSince1970: .nan)
    private static let infinity = Date(timeIntervalSince1970: .infinity)

    @Test func structsEnumsAndTuplesHoldingNonFiniteDatesAreDescribed() {
        let diary = Diary()
        diary.notes = [
            "appointment": Appointment(), "reminder": Reminder.between(Self.nan, end: Self.infinity),
            "single": Reminder.at(Self.nan), "never": Reminder.never, "tuple": (Self.nan, label: "x"),
            "optional": Optional(Appointment()) as Any,
        ]
        let text = diary.description
        #expect(
            text.contains(
                #"appointment: Appointment(title: "dentist", when: nan s since 1970, later: inf s since 1970, "#
                    + "pair: (-inf s since 1970, 2))"), "\(text)")
        #expect(text.contains("reminder: Reminder.between(nan s since 1970, end: inf s since 1970)"), "\(text)")
        #expect(text.contains("single: Reminder.at(nan s since 1970)"), "\(text)")
        #expect(text.contains("never: Reminder.never"), "\(text)")
        #expect(text.contains(#"tuple: (nan s since 1970, label: "x")"#), "\(text)")
        #expect(text.contains(#"optional: Appointment(title: "dentist""#), "\(text)")
        #expect(diary == diary && diary.hashValue == diary.hashValue)
        #expect(String(reflecting: diary) == text)
    }

    /// Values of two types that share a short name, two cases of an enum whose own `description`
    /// says the same for both, and two object identifiers are different values: unequal.
    @Test func typesAndCasesAreToldApartByWhatTheyAreNotByTheirText() {
        func diary(_ value: Any) -> Diary {
            let diary = Diary()
            diary.notes = ["v": value]
            return diary
        }
        #expect(diary(FirstPlace.Kind.a) != diary(SecondPlace.Kind.a))
        #expect(diary(FirstPlace.Point()) != diary(SecondPlace.Point()))
        #expect(diary(Said.up) == diary(Said.up))
        // An optional is the value it wraps, alone or inside a list, and hashes alike.
        #expect(ValueDescription.isEqual([Optional(3) as Any], [3]))
        #expect(ValueDescription.isEqual(Optional(3) as Any, 3))
        #expect(ValueDescription.isEqual(Optional(Optional(3)) as Any, 3))
        #expect(!ValueDescription.isEqual(Optional<Int>.none as Any, 0))
        #expect(ValueDescription.isEqual(Optional(CharacterSet.letters) as Any, CharacterSet.letters))
        #expect(ValueDescription.hashText([Optional(3) as Any]) == ValueDescription.hashText([3]))
        #expect(diary(Said.up).hashValue == diary(Said.up).hashValue)
        #expect(diary(ObjectIdentifier(Diary.self)) != diary(ObjectIdentifier(Loop.self)))
        // The case's name comes from the runtime, which a `JASTOR_SAFE_REFLECTION` build does not
        // ask: there a case without a payload is its own text (the documented fallback).
        if RuntimeLayout.isAvailable {
            #expect(diary(Said.up) != diary(Said.down))
            // Descriptions keep the short name and the case's name, never the enum's own text.
            #expect(diary(Said.down).description.contains("v: Said.down"), "\(diary(Said.down))")
        }
    }

    @Test func foundationContainersHoldingNonFiniteDatesAreDescribed() {
        let diary = Diary()
        diary.notes = ["wrapped": [Appointment()] as [Any]]
        diary.entries = [
            NSArray(array: [NSDate(timeIntervalSince1970: .nan), 1]),
            NSDictionary(dictionary: ["when": NSDate(timeIntervalSince1970: .infinity)]),
            [Reminder.at(Self.nan)],
        ]
        let text = diary.description
        #expect(text.contains(#"Appointment(title: "dentist", when: nan s since 1970"#), "\(text)")
        #expect(text.contains("nan s since 1970"), "\(text)")
        #expect(text.contains("inf s since 1970"), "\(text)")
        #expect(text.contains("at(nan s since 1970)"), "\(text)")
        #expect(diary == diary)
    }

    /// Values whose texts were alike compare by what they hold: equal sets in any order, cases
    /// of two enums, text and numbers written the same, values with no parts to walk.
    @Test func valuesAreToldApartByWhatTheyHoldAndTheirType() {
        var large = Set<Int>(minimumCapacity: 1_000)
        for number in 0..<20 { large.insert(number) }
        let small = Set(0..<20)
        #expect(Array(large) != Array(small), "the two sets list their elements in the same order")
        let pairs: [(Any, Any, Bool)] = [
            (large, small, true), (Set(["a", "b"]), Set(["b", "c"]), false), (Layer.wrapped, Other.wrapped, false),
            (Layer.held(1), Other.held(1), false), (Character("1"), 1, false), (Substring("1"), 1, false),
            (Character("1"), Character("1"), true), (CGFloat(1.5), CGFloat(300), false),
            (CGFloat(1.5), CGFloat(1.5), true), (Float16(1), Float16(2), false), (Int128(1), Int128(2), false),
        ]
        for (index, (one, two, equal)) in pairs.enumerated() {
            let first = Diary()
            first.notes = ["value": one]
            let second = Diary()
            second.notes = ["value": two]
            #expect((first == second) == equal, "pair \(index): \(first) vs \(second)")
            if equal { #expect(first.hashValue == second.hashValue, "pair \(index)") }
        }
    }

    @Test func cyclesAreCutAndDepthIsLimited() {
        let loop = Loop()
        loop.next = loop
        // The cycle is broken after the check, so that the leak check of CI finds nothing.
        defer { loop.next = nil }
        #expect(ValueDescription.describing(loop) == "Loop(next: Loop(…), when: nan s since 1970)")
        let head = Chain()
        var last = head
        for _ in 0..<50 {
            let next = Chain()
            last.next = next
            last = next
        }
        let text = ValueDescription.describing(head)
        #expect(text.contains("…") && text.count < 2_000, "\(text)")
        let diary = Diary()
        diary.notes = ["loop": loop, "chain": head]
        #expect(diary.description.contains("loop: Loop(next: Loop(…), when: nan s since 1970)"))
    }

    @Test func dictionariesAreDescribedInOneOrder() {
        var first: [String: Any] = [:]
        var second: [String: Any] = [:]
        for index in 0..<20 { first["k\(index)"] = Appointment(title: "\(index)") }
        for index in (0..<20).reversed() { second["k\(index)"] = Appointment(title: "\(index)") }
        #expect(ValueDescription.describing(first) == ValueDescription.describing(second))
        #expect(ValueDescription.describing([3: "c", 1: "a"]) == #"[1: "a", 3: "c"]"#)
    }

    /// Other Foundation values an untyped value may hold are described by their own text, which
    /// holds no date: a NaN `Decimal`, `NSDecimalNumber.notANumber`, a NaN `NSNumber`, a `URL`.
    @Test func otherFoundationValuesAreDescribedByTheirText() throws {
        let diary = Diary()
        let url = try #require(URL(string: "a:b"))
        diary.entries = [
            Decimal.nan, NSDecimalNumber.notANumber, NSNumber(value: Double.nan), url,
            Appointment(title: "t", when: Date(timeIntervalSince1970: 0), later: nil, pair: (Self.nan, 1)),
        ]
        let text = diary.description
        #expect(text.contains("NaN"), "\(text)")
        #expect(text.contains("a:b"), "\(text)")
        #expect(
            text.contains(
                #"Appointment(title: "t", when: 1970-01-01T00:00:00Z, later: nil, pair: (nan s since 1970, 1))"#),
            "\(text)")
        #expect(diary == diary)
    }

    /// Issue messages and `Codable`'s error describe such a value without describing the date.
    @Test func outputIssuesAndErrorsDescribeWithoutTrapping() throws {
        let diary = Diary()
        diary.notes = ["appointment": Appointment()]
        let error = #expect(throws: JastorError.self) { try diary.jsonData() }
        #expect(error?.issues.map(\.path.description) == ["notes.appointment"], "\(String(describing: error))")
        let encoding = #expect(throws: EncodingError.self) { try JSONEncoder().encode(diary) }
        #expect(String(describing: encoding).contains("nan s since 1970"), "\(String(describing: encoding))")
    }

    /// Builds a ``Nest`` from its layers, outermost first, around a leaf.
    private static func nest(_ layers: [Layer], data: Data, number: Double) -> Nest {
        var value = Nest.leaf(data, number)
        for layer in layers.reversed() {
            switch layer {
            case .wrapped: value = .wrapped(value)
            case .labelled(let label): value = .labelled(label, value)
            case .held(let tag): value = .held(Holder(inner: value, tag: tag))
            }
        }
        return value
    }

    /// Two user values that differ at one random level (up to 50 deep), or in one byte of their
    /// data, are unequal; equal copies are equal and hash alike.
    @Test(arguments: [UInt64(0x5EED_B001), 0x5EED_B002])
    func valuesDifferingAtAnyDepthAreUnequal(seed: UInt64) {
        print("ValueDescriptionTests seed \(String(seed, radix: 16))")
        var random = SeededRandom(seed: seed)
        for round in 0..<200 {
            let depth = Int.random(in: 1...50, using: &random)
            let layers: [Layer] = (0..<depth).map { _ in
                switch Int.random(in: 0..<3, using: &random) {
                case 0: .wrapped
                case 1: .labelled("l\(Int.random(in: 0..<10, using: &random))")
                default: .held(Int.random(in: 0..<10, using: &random))
                }
            }
            let data = Data(
                (0..<Int.random(in: 1...8, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
            let number = Double.random(in: -1...1, using: &random)
            let original = Diary()
            original.entries = [Self.nest(layers, data: data, number: number)]
            let copy = Diary()
            copy.entries = [Self.nest(layers, data: data, number: number)]
            #expect(original == copy, "seed \(seed) round \(round)")
            #expect(original.hashValue == copy.hashValue, "seed \(seed) round \(round)")
            // One change, at a random level: a layer's label or tag, or one byte of the data
            // (the length stays the same).
            let level = Int.random(in: 0...depth, using: &random)
            var changedLayers = layers
            var changedData = data
            if level == depth {
                let index = Int.random(in: 0..<data.count, using: &random)
                changedData[index] ^= 0x01
            } else {
                switch layers[level] {
                case .wrapped: changedLayers[level] = .labelled("new")
                case .labelled(let label): changedLayers[level] = .labelled(label + "'")
                case .held(let tag): changedLayers[level] = .held(tag + 1)
                }
            }
            let changed = Diary()
            changed.entries = [Self.nest(changedLayers, data: changedData, number: number)]
            #expect(original != changed, "seed \(seed) round \(round): depth \(depth), changed at \(level)")
        }
    }

    /// `a = [a, a]`, forty times, from a random leaf: `[Any]` arrays sharing their parts.
    private static func doubled(leaf: Int, levels: Int, changedAt changed: Int? = nil) -> [Any] {
        var value: [Any] = [leaf]
        for level in 0..<levels {
            value = level == changed ? [value, [leaf + 1] as [Any]] : [value, value]
        }
        return value
    }

    /// Values whose arrays share their parts (2^40 paths) compare, hash and describe without
    /// walking every path: each shared part is compared once; a description stops after
    /// `maximumItems` values and says how many items a list left out.
    @Test(arguments: [UInt64(0x5EED_C001), 0x5EED_C002])
    func sharedPartsAreComparedOnce(seed: UInt64) {
        print("ValueDescriptionTests seed \(String(seed, radix: 16))")
        var random = SeededRandom(seed: seed)
        for _ in 0..<4 {
            let leaf = Int.random(in: 0..<1_000, using: &random)
            let changedAt = Int.random(in: 0..<40, using: &random)
            let first = Diary()
            first.entries = [Shared(levels: Self.doubled(leaf: leaf, levels: 40))]
            let second = Diary()
            second.entries = [Shared(levels: Self.doubled(leaf: leaf, levels: 40))]
            let changed = Diary()
            changed.entries = [Shared(levels: Self.doubled(leaf: leaf, levels: 40, changedAt: changedAt))]
            #expect(first == second, "seed \(seed)")
            #expect(first.hashValue == second.hashValue, "seed \(seed)")
            #expect(first != changed, "seed \(seed): changed at level \(changedAt)")
            let text = ValueDescription.describing(Shared(levels: Self.doubled(leaf: leaf, levels: 40)))
            #expect(text.hasPrefix("Shared(levels: [[[[[[[[[[[…, …]"), "\(text.prefix(200))")
            #expect(text.count < 200_000)
        }
        var wide: [Any] = [1]
        for _ in 0..<6 { wide = Array(repeating: wide, count: 100) }
        let text = ValueDescription.describing(wide)
        #expect(text.contains("… (") && text.contains(" more)"), "\(text.suffix(200))")
        #expect(text.count < 200_000)
        #expect(ValueDescription.isEqual(wide, wide))
    }

    /// Forty levels of `a = f(a, a)`, of one of three kinds chosen at random for each level, around
    /// a random leaf; with `changedAt`, that level holds a second leaf instead of its copy.
    private static func doubledParts(
        leaf: Int, kinds: [Int], changedAt changed: Int? = nil
    ) -> Any {
        var value: Any = leaf
        for (level, kind) in kinds.enumerated() {
            let other: Any = level == changed ? leaf + 1 : value
            switch kind {
            case 0: value = Fork(left: value, right: other)
            case 1: value = ["left": value, "right": other] as [String: Any]
            default: value = [Fork(left: value, right: other), Fork(left: other, right: value)]
            }
        }
        return value
    }

    /// Copies of a value met again (a struct, a typed array, a dictionary, an indirect payload
    /// held by several fields) are compared once: forty levels of sharing (2^40 paths) compare
    /// equal to a value built the same way apart, and unequal to one changed at any level, after
    /// writing a number of parts linear in the levels.
    @Test(arguments: [UInt64(0x5EED_C101), 0x5EED_C102, 0x5EED_C103])
    func copiesOfStructsArraysAndDictionariesAreComparedOnce(seed: UInt64) {
        print("ValueDescriptionTests seed \(String(seed, radix: 16))")
        var random = SeededRandom(seed: seed)
        for _ in 0..<4 {
            let leaf = Int.random(in: 0..<1_000, using: &random)
            let kinds = (0..<40).map { _ in Int.random(in: 0..<3, using: &random) }
            let changedAt = Int.random(in: 0..<40, using: &random)
            let first = Self.doubledParts(leaf: leaf, kinds: kinds)
            let second = Self.doubledParts(leaf: leaf, kinds: kinds)
            let same = ValueDescription.comparison(first, second)
            #expect(same.isEqual, "seed \(seed): kinds \(kinds)")
            #expect(same.partsWritten <= 8 * kinds.count + 8, "seed \(seed): \(same.partsWritten) parts written")
            let changed = Self.doubledParts(leaf: leaf, kinds: kinds, changedAt: changedAt)
            let different = ValueDescription.comparison(first, changed)
            #expect(!different.isEqual, "seed \(seed): kinds \(kinds), changed at \(changedAt)")
            #expect(different.partsWritten <= 8 * kinds.count + 8, "seed \(seed)")
        }
        var tree = Tree.leaf(7)
        for _ in 0..<40 { tree = .node(tree, tree) }
        var other = Tree.leaf(7)
        for level in 0..<40 { other = level == 39 ? .node(other, .leaf(8)) : .node(other, other) }
        #expect(ValueDescription.comparison(tree, tree).partsWritten <= 84)
        #expect(!ValueDescription.isEqual(tree, other))
        var branch = Branch(label: 0, children: [])
        for level in 1...40 { branch = Branch(label: level, children: [branch, branch]) }
        #expect(ValueDescription.comparison(branch, branch).isEqual)
    }

    /// Two cycles that close at different places are different values: `1 → 2 → 1 → …` is not
    /// `1 → 2 → 2 → …` (both cuts were written as the class's name alone).
    @Test func cyclesClosingAtDifferentPlacesAreUnequal() {
        let first = Loop()
        first.next = Loop()
        first.next?.next = first
        let second = Loop()
        second.next = Loop()
        second.next?.next = second.next
        let third = Loop()
        third.next = Loop()
        third.next?.next = third
        defer {
            for loop in [first, second, third] { loop.next?.next = nil }
        }
        #expect(!ValueDescription.isEqual(first, second))
        #expect(ValueDescription.isEqual(first, third))
        #expect(ValueDescription.isEqual(second, second))
    }

    /// Foundation values whose `Mirror` shows their storage compare by their own `==`, and equal
    /// ones hash alike.
    @Test func foundationValuesWithStorageCompareByTheirOwnEquality() {
        let pairs: [(Any, Any, Any)] = [
            (CharacterSet(charactersIn: "a"), CharacterSet(charactersIn: "a"), CharacterSet(charactersIn: "b")),
            (IndexSet([1, 2]), IndexSet([1, 2]), IndexSet([3])),
            (Locale(identifier: "en_US"), Locale(identifier: "en_US"), Locale(identifier: "fr_FR")),
            (
                TimeZone(identifier: "UTC") as Any, TimeZone(identifier: "UTC") as Any,
                TimeZone(identifier: "Asia/Tokyo") as Any
            ),
            (
                Measurement(value: 1, unit: UnitLength.meters), Measurement(value: 1, unit: UnitLength.meters),
                Measurement(value: 2, unit: UnitLength.meters)
            ),
            (DateComponents(year: 2020), DateComponents(year: 2020), DateComponents(year: 2021)),
            (AttributedString("a"), AttributedString("a"), AttributedString("b")),
        ]
        for (index, (first, same, other)) in pairs.enumerated() {
            let one = Diary()
            one.notes = ["value": first]
            let two = Diary()
            two.notes = ["value": same]
            let three = Diary()
            three.notes = ["value": other]
            #expect(one == two, "pair \(index)")
            #expect(one.hashValue == two.hashValue, "pair \(index)")
            #expect(one != three, "pair \(index)")
        }
    }

    /// Values the walk finds nothing in (closures, pointers, objects and structs that show no
    /// fields) are equal only when they are the same bits: never two different values by their
    /// type's name alone.
    @Test func valuesWithNothingToWalkAreEqualOnlyWhenTheyAreTheSame() {
        let object = NSObject()
        let other = NSObject()
        let closure: Any = { (x: Int) in x + 1 }
        let pairs: [(name: String, value: Any, same: Any, different: Any)] = [
            ("closure", closure, closure, { (x: Int) in x * 2 }),
            ("object without fields", object, object, other),
            (
                "unmanaged", Unmanaged.passUnretained(object), Unmanaged.passUnretained(object),
                Unmanaged.passUnretained(other)
            ),
            (
                "opaque pointer", OpaquePointer(bitPattern: 8) as Any, OpaquePointer(bitPattern: 8) as Any,
                OpaquePointer(bitPattern: 16) as Any
            ),
            ("hidden fields", Sealed(secret: 1), Sealed(secret: 1), Sealed(secret: 2)),
            ("vector", SIMD2<Float>(1, 2), SIMD2<Float>(1, 2), SIMD2<Float>(1, -2)),
        ]
        for pair in pairs {
            #expect(Diary(notes: pair.value) == Diary(notes: pair.same), "\(pair.name)")
            #expect(Diary(notes: pair.value).hashValue == Diary(notes: pair.same).hashValue, "\(pair.name)")
            #expect(Diary(notes: pair.value) != Diary(notes: pair.different), "\(pair.name)")
        }
        #expect(Diary(notes: SIMD2<Float>(1, -2)).description.contains("SIMD2<Float>(1.0, -2.0)"))
    }

    /// An `Unmanaged` is compared and described by its address, never walked through: the object
    /// it names may be gone (walking it read freed memory, which AddressSanitizer reports).
    @Test func anUnmanagedIsNeverWalkedThrough() {
        var unmanaged: Unmanaged<NSObject>
        do {
            let object = NSObject()
            unmanaged = Unmanaged.passUnretained(object)
        }
        let diary = Diary(notes: Sealed.Pair(unmanaged))
        #expect(diary == diary && diary.hashValue == diary.hashValue)
        let address = String(UInt(bitPattern: unmanaged.toOpaque()), radix: 16)
        #expect(diary.description.contains("Unmanaged<NSObject>(0x\(address))"), "\(diary.description)")
    }

    /// An object is compared and described with its superclasses' fields, not only its own class's.
    @Test func anObjectsInheritedFieldsAreComparedAndDescribed() {
        #expect(Diary(notes: Relabelled(1)) == Diary(notes: Relabelled(1)))
        #expect(Diary(notes: Relabelled(1)) != Diary(notes: Relabelled(2)))
        #expect(Diary(notes: Extended(1)) != Diary(notes: Extended(2)))
        #expect(Diary(notes: Extended(1)).hashValue == Diary(notes: Extended(1)).hashValue)
        #expect(Diary(notes: Extended(3)).description.contains(#"Extended(reading: 3, unit: "cm")"#))
    }

    /// A boolean `NSNumber` inside a value Jastor does not own is `true`, as JSON writes it and as a
    /// `Bool` is, never the number 1; an `NSCountedSet` is its elements with their counts.
    @Test func booleanNumbersAndCountedSetsAreToldApart() throws {
        #expect(Diary(notes: Sealed.Pair(NSNumber(value: true))) != Diary(notes: Sealed.Pair(NSNumber(value: 1))))
        #expect(Diary(notes: Sealed.Pair(NSNumber(value: true))) == Diary(notes: Sealed.Pair(true)))
        #expect(
            Diary(notes: Sealed.Pair(NSNumber(value: true))).hashValue == Diary(notes: Sealed.Pair(true)).hashValue)
        #expect(Diary(notes: Sealed.Pair(NSNumber(value: false))).description.contains("Pair(value: false)"))
        #expect(Diary(notes: NSSet(array: [true])) != Diary(notes: NSSet(array: [1])))
        #expect(Diary(notes: NSSet(array: [false])) != Diary(notes: NSSet(array: [0])))
        let twice = NSCountedSet(array: [1, 1, 2])
        #expect(Diary(notes: twice) == Diary(notes: NSCountedSet(array: [2, 1, 1])))
        #expect(Diary(notes: twice) != Diary(notes: NSCountedSet(array: [1, 2, 2])))
        #expect(Diary(notes: twice).description.contains("NSCountedSet[1: 2, 2: 1]"))
    }

    /// A `URL` or `UUID` inside a value Jastor does not own is itself, never the string, number,
    /// boolean or `nil` its text spells.
    @Test func urlsAndUUIDsEqualOnlyWhatTheyAre() throws {
        let uuid = UUID()
        let spelled: [(Any, Any)] = [
            (try #require(URL(string: "1")), 1), (try #require(URL(string: "true")), true),
            (try #require(URL(string: "nil")), Int?.none as Any), (try #require(URL(string: uuid.uuidString)), uuid),
            (try #require(URL(string: "a")), "a"), (uuid, uuid.uuidString),
        ]
        for (value, other) in spelled {
            #expect(Diary(notes: Sealed.Pair(value)) != Diary(notes: Sealed.Pair(other)), "\(value)")
            #expect(Diary(notes: Sealed.Pair(value)).description != Diary(notes: Sealed.Pair(other)).description)
        }
        // A relative URL is not the absolute URL it resolves to, as `URL`'s own `==` says.
        let base = try #require(URL(string: "https://example.com/a/"))
        let relative = try #require(URL(string: "b", relativeTo: base))
        #expect(Diary(notes: Sealed.Pair(relative)) != Diary(notes: Sealed.Pair(relative.absoluteURL)))
        #expect(
            Diary(notes: Sealed.Pair(relative)) == Diary(notes: Sealed.Pair(URL(string: "b", relativeTo: base) as Any)))
        let url = try #require(URL(string: "https://example.com/a b"))
        #expect(Diary(notes: Sealed.Pair(url)) == Diary(notes: Sealed.Pair(NSURL(string: url.absoluteString) as Any)))
        #expect(
            Diary(notes: Sealed.Pair(uuid)) == Diary(notes: Sealed.Pair(NSUUID(uuidString: uuid.uuidString) as Any)))
    }
}

extension Diary {
    /// A diary holding `value` under the one note `"v"`.
    fileprivate convenience init(notes value: Any) {
        self.init()
        notes = ["v": value]
    }
}
