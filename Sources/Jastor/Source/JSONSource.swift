import Foundation

/// A JSON scalar as the mapper sees it, whatever representation it was read from.
///
/// Integers that fit `Int64` are ``integer(_:)``; only larger non-negative ones are
/// ``unsignedInteger(_:)``, so a twitter id such as `505874924095815681` stays exact. Every
/// other number read from JSON text is a ``number(_:)`` literal, converted from its digits.
enum JSONScalar {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsignedInteger(UInt64)
    /// A `Double` handed over as one (Foundation's numbers, archives).
    case double(Double)
    case decimal(Decimal)
    /// A number as written in JSON text.
    case number(DocumentNumber)
    case string(String)
    /// A `Date` object in a Foundation dictionary (property lists hold them) or an archive.
    case date(Date)
    /// A `Data` object in a Foundation dictionary (property lists hold them) or an archive.
    case data(Data)
}

/// What a ``JSONSource`` holds at one position: a scalar, an object, an array, or something
/// that is not JSON at all (a `Date` inside a hand-built `[String: Any]`, say).
///
/// The kind carries no container contents (those come from ``JSONSource/object`` and
/// ``JSONSource/elements``), so it is one concrete type for every source: generic engine code
/// can switch over it without asking the runtime for a generic type's metadata on every value.
enum JSONKind {
    case scalar(JSONScalar)
    case object
    case array
    case unsupported(typeName: String)
}

/// A JSON value the mapping engine can read, independent of how it is stored.
///
/// The engine is generic over this protocol so that each source (Foundation's `[String: Any]`,
/// the library's own value tree, the byte-level reader's tape) is consumed directly, with no
/// conversion pass in between.
protocol JSONSource {
    associatedtype Object: JSONObjectSource where Object.Member == Self
    associatedtype Elements: Collection where Elements.Element == Self

    /// What the value is.
    var kind: JSONKind { get }

    /// The members, when ``kind`` is `.object` (an empty object otherwise).
    var object: Object { get }

    /// The elements, when ``kind`` is `.array` (no elements otherwise).
    var elements: Elements { get }

    /// The value as Foundation JSON (`[String: Any]`, `[Any]`, `String`, `NSNull`, numbers), for
    /// properties that pass JSON through untyped.
    var foundationValue: Any { get }

    /// Calls `body` with each element, in order, when the value is an array.
    ///
    /// Generic code iterates through this rather than `elements`' iterator, whose `Element?`
    /// results make unspecialised code look up `Optional`'s metadata.
    func forEachElement(_ body: (Self) -> Void)
}

/// The members of a JSON object, looked up by key.
protocol JSONObjectSource: FoundationMemberLookup {
    associatedtype Member

    /// The member stored under `key`, or `nil` when the object has no such key.
    subscript(key: String) -> Member? { get }

    /// Calls `body` with each of `plan`'s single-key properties whose key the object has, in the
    /// plan's order, and the member under that key (the last one, if the key repeats).
    func forEachMappedMember(of plan: ClassPlan, _ body: (PropertyPlan, Member) -> Void)

    /// Calls `body` with every member, in the object's own order where it has one.
    func forEachMember(_ body: (String, Member) -> Void)

    /// The members as a Foundation dictionary, for class hooks that inspect the whole object.
    var foundationDictionary: [String: Any] { get }
}

// MARK: - Paths

extension JSONSource {
    /// The member or element one path step names, or `nil` when it is missing or this value is not
    /// a container.
    ///
    /// An index step also finds an object member whose key is those digits, and a key step of
    /// digits an array element, so `reports.0.text` works whichever the data holds.
    func child(at component: JastorPath.Component) -> Self? {
        switch kind {
        case .object:
            return object[component.objectKey]
        case .array:
            let elements = elements
            guard let index = component.arrayIndex, index >= 0, index < elements.count else { return nil }
            return elements[elements.index(elements.startIndex, offsetBy: index)]
        case .scalar, .unsupported:
            return nil
        }
    }
}

// MARK: - Describing found values

extension JSONKind {
    /// What was found, for an issue: `String "abc"`, `Number 300`, `Object`, `null`.
    var summary: String {
        switch self {
        case .scalar(let scalar): scalar.summary
        case .object: "Object"
        case .array: "Array"
        case .unsupported(let typeName): "\(typeName) (not a JSON value)"
        }
    }
}

extension JSONScalar {
    /// What was found, for an issue; long strings are cut to keep messages readable.
    var summary: String {
        switch self {
        case .null: "null"
        case .bool(let value): "Bool \(value)"
        case .integer(let value): "Number \(value)"
        case .unsignedInteger(let value): "Number \(value)"
        case .double(let value): "Number \(NumberText.shortest(value))"
        case .decimal(let value): "Number \(value)"
        case .number(let literal): "Number \(Self.shortened(literal.text))"
        case .string(let value):
            value.count > 60
                ? "String \(String(value.prefix(57)).debugDescription)…" : "String \(value.debugDescription)"
        case .date(let value): "Date \(ISO8601Text.string(from: value) ?? String(describing: value))"
        case .data(let value): "Data (\(value.count) bytes)"
        }
    }

    /// Whether converting the scalar can give a non-finite number (a `Double` handed over as one, or
    /// the text `"NaN"`); JSON's number literals cannot.
    var mayBeNonFinite: Bool {
        switch self {
        case .double, .decimal, .string: true
        default: false
        }
    }

    /// Long number text cut to keep messages readable.
    private static func shortened(_ text: String) -> String {
        text.utf8.count > 60 ? "\(text.prefix(40))…(\(text.utf8.count) characters)" : text
    }

    /// The scalar as a value of the library's own tree.
    var jsonValue: JSONValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .integer(let value): .integer(value)
        case .unsignedInteger(let value): .unsignedInteger(value)
        case .double(let value): .double(value)
        case .decimal(let value): .decimal(value)
        case .number(let literal): literal.untypedValueOrNearest
        case .string(let value): .string(value)
        case .date(let value): .date(value)
        case .data(let value): .data(value)
        }
    }
}
