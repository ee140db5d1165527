import Foundation

extension ValueDescription {
    /// Numbers for values by their full text: two values with equal texts get the same number.
    ///
    /// A part's text holds its own parts by number (`[#3, #3]`), so each part is written once
    /// however many paths lead to it; an object (by its identity) or any other value met again as a
    /// copy (by its type and stored bytes, ``StoredValue``) takes the number it had, unless its text
    /// depended on what was above it (a cycle cut to an object above it).
    ///
    /// The parts on the way down are kept in a worklist (``Pending``), never on the thread's stack:
    /// a value nested at any depth gets its number, at a cost of one entry a level.
    final class Canonical {
        private var numbers: [String: Int] = [:]
        private var numbersOfObjects: [ObjectIdentifier: Int] = [:]
        /// Numbers of the other parts (arrays, dictionaries, sets, structs, enums, tuples) by their
        /// type and stored bytes: a copy of a value has its bytes, and so shares its number.
        private var numbersOfValues: [StoredValue: Int] = [:]
        /// The values ``numbersOfValues`` numbers, kept alive so that no storage their bytes point
        /// to is freed and reused while the comparison runs.
        private var valuesKept: [Any] = []
        /// The objects on the way down, with their level.
        private var objectsAbove: [ObjectIdentifier: Int] = [:]
        private var level = 0
        /// The lowest level a cycle was cut to while writing the current part.
        private var lowestCut = Int.max
        /// The parts whose text was written: each distinct part once.
        private(set) var partsWritten = 0

        /// The values compared by their own `==` so far, with their numbers.
        private var equatables: [(value: any Equatable, number: Int)] = []

        /// A part being written: what it holds, the texts of the parts written so far, and what to
        /// restore when it is done.
        private struct Pending {
            let value: Any
            /// The object entered for it, to leave when it is done.
            let object: ObjectIdentifier?
            /// Its type and bytes, when it is not an object.
            let stored: StoredValue?
            let parts: Parts
            /// The values below it, in the order their texts are laid out.
            let items: [Any]
            var texts: [String] = []
            /// ``lowestCut`` above it, and ``level`` where it began.
            let outerCut: Int
            let partLevel: Int
        }

        /// The number of `value`'s text.
        func number(of value: Any) -> Int {
            var worklist: [Pending] = []
            switch item(value) {
            case .text(let text): return intern("=" + text)
            case .part(let part):
                switch begin(part) {
                case .number(let number): return number
                case .pending(let pending): worklist.append(pending)
                }
            }
            while !worklist.isEmpty {
                let last = worklist.count - 1
                let next = worklist[last].texts.count
                if next < worklist[last].items.count {
                    // A part below: its text here is `nil`, a leaf's text or its number.
                    switch item(worklist[last].items[next]) {
                    case .text(let text): worklist[last].texts.append(text)
                    case .part(let part):
                        switch begin(part) {
                        case .number(let number): worklist[last].texts.append("#\(number)")
                        case .pending(let pending): worklist.append(pending)
                        }
                    }
                    continue
                }
                let number = finish(worklist.removeLast())
                guard !worklist.isEmpty else { return number }
                worklist[worklist.count - 1].texts.append("#\(number)")
            }
            preconditionFailure("the worklist ends with the value's own number")
        }

        /// A value as a part of another writes it.
        private enum Item {
            /// `nil` or a leaf's text.
            case text(String)
            /// A value with parts of its own, or compared by its own `==`, unwrapped.
            case part(Any)
        }

        private func item(_ value: Any) -> Item {
            var value = value
            // An optional is its wrapped value, as a description writes it: `Optional(3)` equals `3`.
            while let unwrapped = ValueDescription.unwrappedOptional(value) {
                guard let wrapped = unwrapped else { return .text("nil") }
                value = wrapped
            }
            return ValueDescription.leafText(value, isExact: true).map { .text($0) } ?? .part(value)
        }

        private enum Start {
            case number(Int)
            case pending(Pending)
        }

        /// The number of `value` (an ``Item/part(_:)``) when it is known or needs no parts written,
        /// else the part to write.
        private func begin(_ value: Any) -> Start {
            if ValueDescription.comparesByItsOwnEquality(type(of: value)), let equatable = value as? any Equatable {
                return .number(number(ofEquatable: equatable))
            }
            let object = type(of: value) is AnyObject.Type ? ObjectIdentifier(value as AnyObject) : nil
            if let object, objectsAbove[object] == nil, let known = numbersOfObjects[object] { return .number(known) }
            // A value met again as a copy (an array or a dictionary held by several places, a
            // struct, an indirect payload): the same bytes, kept alive since, are the same value.
            let stored = object == nil ? StoredValue(value) : nil
            if let stored, let known = numbersOfValues[stored] { return .number(known) }
            let outerCut = lowestCut
            lowestCut = Int.max
            let partLevel = level
            partsWritten += 1
            // By the type's full name: two nested `Kind`s are different types.
            let typeName = String(reflecting: type(of: value))
            if let object, let levelsUp = enter(object) {
                // A cycle, cut: by how many levels up it closes, so that two cycles closing at
                // different places write different texts.
                let number = intern("\(typeName)(↑\(levelsUp))")
                lowestCut = min(outerCut, lowestCut)
                return .number(number)
            }
            let parts = ValueDescription.parts(of: value, typeName: typeName, isExact: true)
            let items: [Any] =
                switch parts {
                case .list(_, let items, _): items.map(\.value)
                case .entries(_, let entries): entries.flatMap { [$0.key, $0.value] }
                case .set(let elements): elements
                case .payload(_, let payload): [payload]
                case .text: []
                }
            return .pending(
                Pending(
                    value: value, object: object, stored: stored, parts: parts, items: items, outerCut: outerCut,
                    partLevel: partLevel))
        }

        /// Lays out `part`'s text from its parts' texts and numbers it.
        private func finish(_ part: Pending) -> Int {
            if let object = part.object { leave(object) }
            let texts = part.texts
            let text: String
            switch part.parts {
            case .list(let open, let items, let close):
                text =
                    open
                    + zip(items, texts).map { item, text in item.label.map { "\($0): \(text)" } ?? text }
                    .joined(separator: ", ") + close
            case .entries(let prefix, let entries):
                guard !entries.isEmpty else {
                    text = prefix + "[:]"
                    break
                }
                let written = stride(from: 0, to: texts.count, by: 2).map { texts[$0] + ": " + texts[$0 + 1] }
                text = prefix + "[" + written.sorted().joined(separator: ", ") + "]"
            case .set:
                // Sorted: equal sets may list their elements in different orders.
                text = "Set[" + texts.sorted().joined(separator: ", ") + "]"
            case .payload(let prefix, _): text = prefix + texts[0]
            case .text(let written): text = written
            }
            let number = intern(text)
            // Its text holds no cycle cut to an object above it: the same wherever it is met.
            if lowestCut >= part.partLevel {
                if let object = part.object { numbersOfObjects[object] = number }
                if let stored = part.stored {
                    numbersOfValues[stored] = number
                    valuesKept.append(part.value)
                }
            }
            lowestCut = min(part.outerCut, lowestCut)
            return number
        }

        /// Enters `object` and returns `nil`; when it is already on the way down, notes the cut
        /// and returns how many levels up it is (`1`: the object met is the one just above).
        private func enter(_ object: ObjectIdentifier) -> Int? {
            if let above = objectsAbove[object] {
                lowestCut = min(lowestCut, above)
                return level - above
            }
            objectsAbove[object] = level
            level += 1
            return nil
        }

        private func leave(_ object: ObjectIdentifier) {
            objectsAbove[object] = nil
            level -= 1
        }

        /// The number of the first value met that equals `value` by its own `==`, or a new one.
        private func number(ofEquatable value: any Equatable) -> Int {
            for known in equatables where Self.isEqual(value, known.value) { return known.number }
            let number = intern("≡\(type(of: value))#\(equatables.count)")
            equatables.append((value, number))
            return number
        }

        private static func isEqual<Value: Equatable>(_ value: Value, _ other: any Equatable) -> Bool {
            (other as? Value).map { $0 == value } ?? false
        }

        private func intern(_ text: String) -> Int {
            if let known = numbers[text] { return known }
            let number = numbers.count
            numbers[text] = number
            return number
        }
    }
}
