import Foundation

/// A value produced by `JSONSerialization`, a property list, or built by hand as `[String: Any]`.
///
/// Classifying such a value has traps on Linux, where `JSONSerialization` hands over both JSON
/// booleans and numbers as `NSNumber`, and `NSNumber(1) as? Bool` succeeds:
/// - JSON booleans arrive as Foundation's shared boolean `NSNumber` subclass; they are told apart
///   from numbers by that class, never by `as? Bool`, so `1` is never `true` and `true` never `1`.
/// - Numbers are classified by their `objCType`: `d` becomes a double, `f` a float,
///   everything else an exact integer (`UInt64` beyond `Int64.max`).
/// - Swift containers are matched first, by their exact type, and Foundation's classes by their
///   type, never by a cast, so a Swift `Dictionary` (whatever its keys) is never bridged to
///   `NSDictionary` just to ask whether it is `NSNull`.
struct FoundationJSON: JSONSource {
    let raw: Any
    let kind: JSONKind
    private let dictionary: [String: Any]
    private let array: [Any]

    /// Wraps a Foundation value, classifying it once.
    init(raw: Any) {
        self.raw = raw
        (kind, dictionary, array) = Self.classify(raw)
    }

    var object: FoundationObject { FoundationObject(dictionary: dictionary) }

    var elements: FoundationElements { FoundationElements(array: array) }

    var foundationValue: Any { Self.detached(raw) }

    /// The model an untyped value is (or an optional wraps), `nil` for any other value.
    ///
    /// Told by its type, never by a cast to the class: on Linux a cast of a Swift array or
    /// dictionary to a class bridges it to Foundation first, every level below at once, which
    /// overflows the stack on one nested 10 000 deep and costs a walk of everything below at each
    /// level written.
    static func model(in value: Any) -> JastorObject? {
        let type = Swift.type(of: value)
        if type is JastorObject.Type { return value as? JastorObject }
        guard let optional = type as? any UnwrappableOptional.Type else { return nil }
        func wrapped<Some: UnwrappableOptional>(_: Some.Type) -> Any? {
            var wrapped: Any?
            (value as? Some)?.unwrap({ wrapped = $0 }, none: {})
            return wrapped
        }
        return wrapped(optional).flatMap(model(in:))
    }

    /// The identity of the value when it is a Foundation container, which may be met again below
    /// itself (a cycle).
    var containerIdentity: ObjectIdentifier? { FoundationContainer.identity(of: raw) }

    var hasKeysEqualAsStrings: Bool {
        // A Swift dictionary (JSONSerialization's, or built by hand) has one value per String key.
        guard case .object = kind, type(of: raw) != [String: Any].self, containerIdentity != nil else {
            return false
        }
        return ((raw as AnyObject) as? NSDictionary)?.count != dictionary.count
    }

    var keysEqualAsStrings: [String] {
        hasKeysEqualAsStrings ? FoundationContainer.keysEqualAsStrings(in: raw) : []
    }

    var otherParts: [FoundationJSON]? {
        guard case .unsupported = kind else { return nil }
        return FoundationContainer.otherParts(of: raw)?.map { FoundationJSON(raw: $0) }
    }

    func forEachElement(_ body: (FoundationJSON) -> Void) {
        for element in array {
            body(FoundationJSON(raw: element))
        }
    }

    /// The value's kind, and its contents when it is a container.
    private static func classify(_ raw: Any) -> (JSONKind, [String: Any], [Any]) {
        classifyOpened(raw)
    }

    /// Classifies the value inside an `Any` by its exact type first.
    ///
    /// Called with the `Any` opened, so the value's type is a parameter and the common types of
    /// `JSONSerialization`'s output are matched by comparing types, with no runtime cast (a
    /// dynamic cast from `Any` costs about 250 instructions). Anything else takes the casts.
    private static func classifyOpened<Value>(_ value: Value) -> (JSONKind, [String: Any], [Any]) {
        // Each `unsafeBitCast` below is sound because it converts a value to the very type it has
        // (just compared); for `NSNumber` the type is a class, so the cast to `AnyObject` only
        // re-types the same reference, and `unsafeDowncast` to the `NSNumber` it was checked to be.
        if Value.self == String.self {
            return (.scalar(.string(unsafeBitCast(value, to: String.self))), [:], [])
        }
        if Value.self is NSNumber.Type {
            let number = unsafeDowncast(unsafeBitCast(value, to: AnyObject.self), to: NSNumber.self)
            return (.scalar(scalar(from: number)), [:], [])
        }
        if Value.self == [String: Any].self {
            return (.object, unsafeBitCast(value, to: [String: Any].self), [])
        }
        if Value.self == [Any].self {
            return (.array, [:], unsafeBitCast(value, to: [Any].self))
        }
        if Value.self == NSNull.self {
            return (.scalar(.null), [:], [])
        }
        return classifyByCasting(value)
    }

    /// Classifies what the exact types do not cover: bridged strings and containers of other
    /// element types, Swift scalars, optionals.
    private static func classifyByCasting(_ raw: Any) -> (JSONKind, [String: Any], [Any]) {
        if let string = raw as? String {
            return (.scalar(.string(string)), [:], [])
        }
        if Swift.type(of: raw) is NSNumber.Type, let number = raw as? NSNumber {
            return (.scalar(scalar(from: number)), [:], [])
        }
        // Foundation's containers are read one level at a time: a cast would bridge all their
        // levels at once, and overflow the stack on one that holds itself.
        if let members = FoundationContainer.members(of: raw) {
            return (.object, members, [])
        }
        if let elements = FoundationContainer.elements(of: raw) {
            return (.array, [:], elements)
        }
        // Any other Foundation container (a set, a dictionary whose keys are not all strings) is
        // not JSON, and never cast: a cast would bridge all its levels at once.
        if FoundationContainer.identity(of: raw) != nil {
            return (.unsupported(typeName: String(describing: Swift.type(of: raw))), [:], [])
        }
        if let dictionary = raw as? [String: Any] {
            return (.object, dictionary, [])
        }
        if let array = raw as? [Any] {
            return (.array, [:], array)
        }
        // By its type, never `is NSNull`: on Linux a cast to a Foundation class bridges a Swift
        // container the casts above miss (an `[Int: Any]`, an `[AnyHashable: Any]`) to Foundation,
        // every level below at once, which overflows the stack on one nested 10 000 deep.
        let type = Swift.type(of: raw)
        if type is NSNull.Type {
            return (.scalar(.null), [:], [])
        }
        // A set element or dictionary key the caller wrapped: classified as the value it holds
        // (a cast would see through the wrapper, a type check does not).
        if type == AnyHashable.self, let hashable = raw as? AnyHashable {
            return classify(hashable.base)
        }
        return nativeKind(of: raw)
    }

    /// Classifies an `NSNumber` without ever confusing booleans and numbers.
    static func scalar(from number: NSNumber) -> JSONScalar {
        if ObjectIdentifier(Swift.type(of: number)) == booleanNumberClass {
            return .bool(number.boolValue)
        }
        if let decimal = number as? NSDecimalNumber {
            return .decimal(decimal.decimalValue)
        }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "d"):
            return .double(number.doubleValue)
        case UInt8(ascii: "f"):
            return .float(number.floatValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"):
            let value = number.uint64Value
            return value > UInt64(Int64.max) ? .unsignedInteger(value) : .integer(Int64(value))
        default:
            return .integer(number.int64Value)
        }
    }

    /// Classifies the Swift scalars a hand-built dictionary may hold (`["age": 25, "vip": true]`), and
    /// the dates and data a property list holds.
    private static func nativeKind(of raw: Any) -> (JSONKind, [String: Any], [Any]) {
        let scalar: JSONScalar
        switch raw {
        case let value as Bool: scalar = .bool(value)
        case let value as Int: scalar = .integer(Int64(value))
        case let value as Double: scalar = .double(value)
        case let value as Int64: scalar = .integer(value)
        case let value as Int32: scalar = .integer(Int64(value))
        case let value as Int16: scalar = .integer(Int64(value))
        case let value as Int8: scalar = .integer(Int64(value))
        case let value as UInt: scalar = unsigned(UInt64(value))
        case let value as UInt64: scalar = unsigned(value)
        case let value as UInt32: scalar = .integer(Int64(value))
        case let value as UInt16: scalar = .integer(Int64(value))
        case let value as UInt8: scalar = .integer(Int64(value))
        case let value as Float: scalar = .float(value)
        case let value as Decimal: scalar = .decimal(value)
        case let value as Substring: scalar = .string(String(value))
        case let value as Date: scalar = .date(value)
        case let value as Data: scalar = .data(value)
        default: return unwrappedOptional(raw)
        }
        return (.scalar(scalar), [:], [])
    }

    private static func unsigned(_ value: UInt64) -> JSONScalar {
        value > UInt64(Int64.max) ? .unsignedInteger(value) : .integer(Int64(value))
    }

    /// A dictionary literal such as `["nick": nil as String?]` stores an `Optional` inside `Any`;
    /// `nil` reads as JSON `null`, a wrapped value as itself.
    private static func unwrappedOptional(_ raw: Any) -> (JSONKind, [String: Any], [Any]) {
        let mirror = Mirror(reflecting: raw)
        guard mirror.displayStyle == .optional else {
            return (.unsupported(typeName: String(describing: Swift.type(of: raw))), [:], [])
        }
        guard let wrapped = mirror.children.first?.value else { return (.scalar(.null), [:], []) }
        return classify(wrapped)
    }
}

/// The class of Foundation's boolean `NSNumber`s (`__NSCFBoolean` on Linux and Apple platforms).
private let booleanNumberClass = ObjectIdentifier(type(of: NSNumber(value: true)))

/// The elements of a Foundation array.
struct FoundationElements: RandomAccessCollection {
    let array: [Any]

    var startIndex: Int { 0 }
    var endIndex: Int { array.count }

    subscript(position: Int) -> FoundationJSON { FoundationJSON(raw: array[position]) }
}
