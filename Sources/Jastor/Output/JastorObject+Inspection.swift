import Foundation

extension JastorObject {
    /// The model as read through its plan for `description`: every registered property by name,
    /// every nested model with its class, down to the nesting limit.
    var inspectionValue: JSONValue {
        var context = EncodingContext(purpose: .inspection, limits: Self.inspectionLimits)
        return MappingEngine.encode(self, declaredType: type(of: self), context: &context)
    }

    /// The model's own values for equality and hashing: every registered property by name, each
    /// nested model as its class only (an empty object tagged with it), and those models in the
    /// order they are met.
    var ownInspectionValue: (value: JSONValue, nestedModels: [JastorObject]) {
        var context = EncodingContext(purpose: .inspection, limits: Self.inspectionLimits)
        context.nestedModels = []
        let value = MappingEngine.encode(self, declaredType: type(of: self), context: &context)
        return (value, context.nestedModels ?? [])
    }

    /// The value limit of `description` and equality: the current limit, plus room for 65 536
    /// values more.
    ///
    /// Inspection is bounded, so that a graph built in code that shares models or containers
    /// (2^40 paths) is described and compared in time proportional to the limit. The room is for
    /// the `nil` and empty values inspection shows where output leaves them out: one a property,
    /// and a class has far fewer than 65 536, so a model that reads back under a limit compares
    /// under it.
    fileprivate static var inspectionLimits: JastorLimits {
        let limit = JastorLimits.current.maximumValueCount
        let (sum, overflow) = limit.addingReportingOverflow(65_536)
        return JastorLimits(maximumValueCount: overflow ? .max : sum)
    }
}

// MARK: - Hashable

extension JastorObject: Hashable {
    /// Whether two models are of the same class and hold equal values in every registered
    /// property, nested models and arrays included, at any depth.
    ///
    /// Models are compared pair by pair: each pair's own values, with their nested models as their
    /// classes only, then the pairs of nested models at the same places, each pair once. So a
    /// model shared by several places costs one comparison, time grows with the number of distinct
    /// pairs (not with the paths through a shared graph), and no depth of nesting is cut or
    /// overflows the stack. A cycle compares as the graph it is: a model holding itself equals
    /// another model holding itself with equal values, and never one holding `nil`. Untyped values
    /// compare to their last level (numbers by the JSON number they write; below the nesting limit
    /// of 256 levels, and wherever a container holds itself, by their full text, as described in
    /// <doc:GuaranteesAndLimits>). One model's own values are read as output reads them, within
    /// ``JastorLimits/maximumValueCount`` (plus room for the `nil` and empty values output leaves
    /// out): a model built in code whose own values pass it (an untyped value sharing containers
    /// along 2^40 paths, say) is equal only to itself, since the values past the limit were not
    /// compared.
    ///
    /// ```swift
    /// #expect(Product(dictionary: product.toDictionary()) == product)
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: A model.
    ///   - rhs: Another model.
    /// - Returns: `true` when both have the same class and equal registered values.
    public static func == (lhs: JastorObject, rhs: JastorObject) -> Bool {
        guard lhs !== rhs else { return true }
        var pairsSeen: Set<ModelPair> = [ModelPair(lhs, rhs)]
        var pairsLeft = [(lhs, rhs)]
        while let (left, right) = pairsLeft.popLast() {
            guard type(of: left) == type(of: right) else { return false }
            let (leftValue, leftModels) = left.ownInspectionValue
            let (rightValue, rightModels) = right.ownInspectionValue
            // Equal values hold their nested models at the same places: the lists pair them.
            guard leftValue == rightValue, leftModels.count == rightModels.count else { return false }
            for (nestedLeft, nestedRight) in zip(leftModels, rightModels) where nestedLeft !== nestedRight {
                if pairsSeen.insert(ModelPair(nestedLeft, nestedRight)).inserted {
                    pairsLeft.append((nestedLeft, nestedRight))
                }
            }
        }
        return true
    }

    /// Hashes the class and the model's own registered values, consistently with `==`; a nested
    /// model adds its class only, so the work is bounded by the model's own values.
    ///
    /// ```swift
    /// let unique = Set(products)
    /// ```
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ownInspectionValue.value)
    }
}

/// Two models being compared, by identity.
private struct ModelPair: Hashable {
    let left: ObjectIdentifier
    let right: ObjectIdentifier

    init(_ left: JastorObject, _ right: JastorObject) {
        self.left = ObjectIdentifier(left)
        self.right = ObjectIdentifier(right)
    }
}

/// What `description` writes in place of a model it does not write in full: one nested too deeply
/// (`Node(… left out: nested too deeply)`), or one already being written above, a cycle, with how
/// many models up it closes (`Node(↑1)`: the model holds itself); also in place of a typed array
/// or dictionary nested too deeply (`[Node](… left out: nested too deeply)`).
struct InspectionMark {
    /// The model's class, as `String(reflecting:)` spells it, or the container's type.
    let className: String
    /// How many models up the cycle closes; `nil` for a model left out.
    let levelsUp: Int?
}

// MARK: - CustomStringConvertible

extension JastorObject: CustomStringConvertible {
    /// The model as a nested, indented dump of its registered properties.
    ///
    /// ```swift
    /// print(ProductCategory(dictionary: ["name": "1"]))
    /// // ProductCategory(
    /// //   name: "1",
    /// //   children: []
    /// // )
    /// ```
    public var description: String {
        var text = ""
        ModelDescription.write(inspectionValue, indent: "", into: &text)
        return text
    }
}

/// Renders an inspection value the way a person reads a struct dump.
private enum ModelDescription {
    static func write(_ value: JSONValue, indent: String, into text: inout String) {
        switch value {
        case .null: text += "nil"
        case .bool(let value): text += String(value)
        case .integer(let value): text += String(value)
        case .unsignedInteger(let value): text += String(value)
        case .double(let value): text += String(value)
        case .decimal(let value): text += value.description
        case .numberLiteral(let number): text += number.literalText
        case .string(let value): text += value.debugDescription
        case .date(let value): text += ISO8601Text.describing(value)
        case .data(let value): text += "Data(\(value.count) bytes)"
        case .opaque(let opaque):
            guard let mark = opaque.value as? InspectionMark else {
                return text += ValueDescription.describing(opaque.value)
            }
            text += typeName(mark.className) + (mark.levelsUp.map { "(↑\($0))" } ?? "(… left out: nested too deeply)")
        case .array(let elements): writeArray(elements, indent: indent, into: &text)
        case .object(let object): writeObject(object, indent: indent, into: &text)
        }
    }

    private static func writeArray(_ elements: [JSONValue], indent: String, into text: inout String) {
        guard !elements.isEmpty else { return text += "[]" }
        if elements.allSatisfy(\.isScalar) {
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += ", " }
                write(element, indent: indent, into: &text)
            }
            return text += "]"
        }
        text += "[\n"
        for (index, element) in elements.enumerated() {
            text += index > 0 ? ",\n" + indent + "  " : indent + "  "
            write(element, indent: indent + "  ", into: &text)
        }
        text += "\n" + indent + "]"
    }

    private static func writeObject(_ object: JSONObject, indent: String, into text: inout String) {
        let open = object.model.map { "\(typeName($0.className))(" } ?? "["
        let close = object.model == nil ? "]" : ")"
        guard !object.isEmpty else { return text += object.model == nil ? "[:]" : open + close }
        text += open + "\n"
        var first = true
        object.forEachMember { key, member in
            if !first { text += ",\n" }
            first = false
            text += indent + "  " + (object.model == nil ? shownKey(key) : key) + ": "
            write(member, indent: indent + "  ", into: &text)
        }
        text += "\n" + indent + close
    }

    /// A dictionary's key as written: bare when it is a plain name (ASCII letters, digits, `_`,
    /// `-`, `.`, `$`), else quoted and escaped, so that no key can spell other entries (`"a: 1,\n b"`).
    private static func shownKey(_ key: String) -> String {
        let isPlain =
            !key.isEmpty
            && key.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."),
                    UInt8(ascii: "$"):
                    true
                default: false
                }
            }
        return isPlain ? key : key.debugDescription
    }
}

extension ModelDescription {
    /// A class's name as `String(describing:)` writes its type, from its `String(reflecting:)`
    /// name: `Box<Int>` for `App.Box<Swift.Int>`, `Inner` for `App.Outer.Inner`.
    fileprivate static func typeName(_ className: String) -> String {
        var result = ""
        var token = ""
        for character in ArchiveIdentity.moduleFreeName(className) {
            if ArchiveIdentity.isNameCharacter(character) {
                token.append(character)
            } else {
                result += token.split(separator: ".").last ?? ""
                token = ""
                result.append(character)
            }
        }
        return result + (token.split(separator: ".").last ?? "")
    }
}

extension JSONValue {
    fileprivate var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}
