import Foundation

/// The library's own JSON tree: what the plan writes when a model is output, and what archives
/// and `Codable` decoding read back through the same engine as `[String: Any]`.
///
/// Objects keep their member order, and model objects remember their class, so that equality,
/// description and archives can tell a subclass from its base class.
enum JSONValue {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsignedInteger(UInt64)
    case double(Double)
    case decimal(Decimal)
    /// A number as written that neither a `Double` nor a `Decimal` holds (`1e-400`, which
    /// `JSONDecoder` refuses to read as either), held as the one number of a document read from
    /// its text: only `Codable` decoding makes one, and mapping converts it as the byte reader's
    /// numbers (a `String` keeps its text, a `Double` or an untyped value reports it).
    case numberLiteral(DocumentValue)
    case string(String)
    /// A `Date` kept in an untyped value (property lists hold them); archives spell it exactly.
    case date(Date)
    /// A `Data` kept in an untyped value (property lists hold them); archives spell it in Base64.
    case data(Data)
    case array([JSONValue])
    case object(JSONObject)
    /// A value that JSON cannot hold, found inside a pass-through `[String: Any]`; kept as is
    /// for `toDictionary()`, rejected by archives.
    case opaque(OpaqueValue)
}

extension JSONValue {
    /// An empty container of the kind `component` steps into.
    static func container(for component: JastorPath.Component) -> JSONValue {
        if case .index = component { return .array([]) }
        return .object(JSONObject())
    }

    /// Stores `value` at a key path below this value, replacing a scalar in the way with the
    /// container the path needs and padding arrays with `null`.
    ///
    /// A loop, not a call per key, so that no key path can take the stack: the containers on the
    /// way down are taken out of their parents (each then held once, and changed in place) and
    /// put back from the bottom up.
    mutating func insert(_ value: JSONValue, at path: ArraySlice<JastorPath.Component>) {
        var above: [(container: JSONValue, component: JastorPath.Component)] = []
        above.reserveCapacity(path.count)
        var current = self
        self = .null
        var reached = true
        for component in path {
            switch (current, component) {
            case (.array, .index(let index)) where index >= 0: break
            case (.object, _): break
            case (_, .index(let index)) where index < 0:
                // No plan holds one (a declaration mistake that leaves the property unwritten); a
                // negative index names no element to write.
                reached = false
            default: current = .container(for: component)
            }
            guard reached else { break }
            let child = current.takeChild(at: component)
            above.append((current, component))
            current = child
        }
        if reached { current = value }
        while let (container, component) = above.popLast() {
            var parent = container
            parent.putChild(current, at: component)
            current = parent
        }
        self = current
    }

    /// The child of this array or object at `component` (`null` when it has none), replaced by
    /// `null` here; an array is padded with `null` up to the index.
    private mutating func takeChild(at component: JastorPath.Component) -> JSONValue {
        switch self {
        case .array(var elements):
            guard case .index(let index) = component else { return .null }
            self = .null
            while elements.count <= index { elements.append(.null) }
            let child = exchange(&elements[index], with: .null)
            self = .array(elements)
            return child
        case .object(var object):
            self = .null
            let child = object.takeValue(forKey: component.objectKey)
            self = .object(object)
            return child ?? .null
        default:
            return .null
        }
    }

    /// Puts `child` back where ``takeChild(at:)`` took it from.
    private mutating func putChild(_ child: JSONValue, at component: JastorPath.Component) {
        switch self {
        case .array(var elements):
            guard case .index(let index) = component else { return }
            self = .null
            elements[index] = child
            self = .array(elements)
        case .object(var object):
            self = .null
            object.append(child, forKey: component.objectKey)
            self = .object(object)
        default:
            break
        }
    }
}

// MARK: - JSONSource

extension JSONValue: JSONSource {
    typealias Object = JSONObject
    typealias Elements = [JSONValue]

    var kind: JSONKind {
        switch self {
        case .null: .scalar(.null)
        case .bool(let value): .scalar(.bool(value))
        case .integer(let value): .scalar(.integer(value))
        case .unsignedInteger(let value): .scalar(.unsignedInteger(value))
        case .double(let value): .scalar(.double(value))
        case .decimal(let value): .scalar(.decimal(value))
        case .numberLiteral(let number): number.kind
        case .string(let value): .scalar(.string(value))
        case .date(let value): .scalar(.date(value))
        case .data(let value): .scalar(.data(value))
        case .array: .array
        case .object: .object
        case .opaque(let opaque): .unsupported(typeName: opaque.typeName)
        }
    }

    var object: JSONObject {
        if case .object(let object) = self { return object }
        return JSONObject()
    }

    var elements: [JSONValue] {
        if case .array(let elements) = self { return elements }
        return []
    }

    func forEachElement(_ body: (JSONValue) -> Void) {
        guard case .array(let elements) = self else { return }
        for element in elements {
            body(element)
        }
    }

    /// The tree as `JSONSerialization` would produce it: `[String: Any]`, `[Any]`, `String`,
    /// `Bool`, `Int`, `UInt64`, `Double`, `Decimal` and `NSNull`.
    var foundationValue: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): value
        case .integer(let value): Int(value)
        case .unsignedInteger(let value): value
        case .double(let value): value
        case .decimal(let value): value
        case .numberLiteral(let number): number.foundationValue
        case .string(let value): value
        case .date(let value): value
        case .data(let value): value
        case .array(let elements): elements.map(\.foundationValue)
        case .object(let object): object.foundationDictionary
        case .opaque(let opaque): opaque.value
        }
    }
}

extension JSONValue: Hashable {
    /// Structural equality; numbers compare by the JSON number they write (`12` equals `12.0`, a
    /// `Decimal` `0.1` equals the `Double` whose shortest text is `0.1`, and one that is exactly a
    /// `Double`'s value, 2^64, equals that `Double`, as an integer does), `-0.0` differs from `0.0`,
    /// and `NaN` equals `NaN`, so that a model equals its own copy exactly when every value came back.
    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.numberLiteral(let a), .numberLiteral(let b)): a.literalText == b.literalText
        case (.date(let a), .date(let b)): a == b
        case (.data(let a), .data(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.model == b.model && a.entries.elementsEqual(b.entries) { $0.key == $1.key && $0.value == $1.value }
        case (.opaque(let a), .opaque(let b)):
            ValueDescription.isEqual(a.value, b.value)
        case (.integer, _), (.unsignedInteger, _), (.double, _), (.decimal, _): numbersEqual(lhs, rhs)
        default: false
        }
    }

    /// Numbers by the JSON number they write; out of line, so that the recursion of ``==`` through
    /// nested values keeps a small stack frame.
    @inline(never)
    private static func numbersEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.unsignedInteger(let a), .unsignedInteger(let b)): a == b
        case (.double(let a), .double(let b)): (a == b && a.sign == b.sign) || (a.isNaN && b.isNaN)
        case (.integer(let a), .unsignedInteger(let b)), (.unsignedInteger(let b), .integer(let a)):
            a >= 0 && UInt64(a) == b
        case (.integer(let a), .double(let b)), (.double(let b), .integer(let a)):
            JSONValue.integer(a, isWrittenBy: b)
        case (.unsignedInteger(let a), .double(let b)), (.double(let b), .unsignedInteger(let a)):
            JSONValue.integer(a, isWrittenBy: b)
        case (.decimal(let a), .decimal(let b)): a == b || (a.isNaN && b.isNaN)
        case (.decimal(let a), .double(let b)), (.double(let b), .decimal(let a)):
            // Its shortest text or exactly its value, as for an integer (2^64, which the byte
            // reader keeps untyped as the `Double` it is exactly).
            !a.isNaN && (b != 0 || b.sign == .plus)
                && (NumberText.parts(of: a).isHeld(by: b) || NumberText.parts(of: a).isExactly(b))
        case (.decimal(let a), .integer(let b)), (.integer(let b), .decimal(let a)):
            !a.isNaN && NumberText.parts(of: a).sameValue(as: NumberText.parts(of: Decimal(b)))
        case (.decimal(let a), .unsignedInteger(let b)), (.unsignedInteger(let b), .decimal(let a)):
            !a.isNaN && NumberText.parts(of: a).sameValue(as: NumberText.parts(of: Decimal(b)))
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .integer, .unsignedInteger, .double, .decimal: hashNumber(self, into: &hasher)
        case .numberLiteral(let number): hasher.combine(number.literalText)
        case .string(let value): hasher.combine(value)
        case .date(let value): hasher.combine(value)
        case .data(let value): hasher.combine(value)
        case .array(let elements): hasher.combine(elements)
        case .object(let object):
            hasher.combine(object.model)
            hasher.combine(object.entries.count)
            object.forEachMember { key, value in
                hasher.combine(key)
                hasher.combine(value)
            }
        case .opaque(let opaque): hasher.combine(ValueDescription.hashText(opaque.value))
        }
    }

    /// Hashes a number consistently with ``numbersEqual(_:_:)``; out of line, as that is.
    @inline(never)
    private func hashNumber(_ number: JSONValue, into hasher: inout Hasher) {
        switch number {
        case .integer(let value): hashNumber(Double(value), exactly: value, into: &hasher)
        case .unsignedInteger(let value):
            if let integer = Int64(exactly: value) {
                hashNumber(Double(integer), exactly: integer, into: &hasher)
            } else {
                hashNumber(Double(value), into: &hasher)
            }
        case .double(let value): hashNumber(value, into: &hasher)
        case .decimal(let value):
            // As the double it equals, if any.
            if value.isNaN {
                hasher.combine(Int.min)
            } else {
                hashNumber(Double(value.description) ?? 0, into: &hasher)
            }
        default: break
        }
    }

    /// Hashes a double as the integer it equals, when it equals one, consistently with `==`.
    ///
    /// Integers beyond 2^53 hash as their nearest double, which is the double they equal when they
    /// are its shortest text, and what an equal `Decimal` hashes as: the limit is checked on the
    /// integer itself, since its nearest double may be 2^53 (`9007199254740993`).
    private func hashNumber(_ value: Double, exactly integer: Int64? = nil, into hasher: inout Hasher) {
        let exact = integer.flatMap { $0.magnitude <= 1 << 53 ? $0 : nil }
        if value.isNaN {
            hasher.combine(Int.min)
        } else if abs(value) <= Self.exactIntegerLimit, let integer = exact ?? Int64(exactly: value) {
            hasher.combine(integer)
        } else {
            hasher.combine(value)
        }
    }

    /// 2^53: every integer up to it is exactly a `Double`.
    private static let exactIntegerLimit = 9_007_199_254_740_992.0

    /// Whether the integer `integer` is the number `double` writes: exactly it, or its shortest text
    /// (`63630433426472340` is what `-6.363043342647234e16` writes).
    private static func integer<Integer: BinaryInteger>(_ integer: Integer, isWrittenBy double: Double) -> Bool {
        guard double.isFinite, double == double.rounded(.towardZero), double != 0 || double.sign == .plus else {
            return false
        }
        if Integer(exactly: double) == integer { return true }
        guard let parts = DecimalParts(numberText: String(integer)) else { return false }
        return parts.isHeld(by: double)
    }
}
