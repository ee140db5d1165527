/// A Swift scalar type the generator writes, with the date format that reads it.
enum ScalarType: Hashable, Sendable {
    case string, bool, int, int64, double, decimal, url
    case date(DateFormat)

    /// The type's name in Swift source.
    var swiftName: String {
        switch self {
        case .string: "String"
        case .bool: "Bool"
        case .int: "Int"
        case .int64: "Int64"
        case .double: "Double"
        case .decimal: "Decimal"
        case .url: "URL"
        case .date: "Date"
        }
    }

    /// Numbers widen in this order when samples disagree; `nil` for non-numbers.
    var numericRank: Int? {
        switch self {
        case .int: 0
        case .int64: 1
        case .double: 2
        case .decimal: 3
        default: nil
        }
    }
}

/// The type of one generated property, before classes have their final names.
indirect enum PropertyType: Hashable, Sendable {
    /// A scalar.
    case scalar(ScalarType)
    /// A model class, by its index in the graph.
    case model(Int)
    /// `[Element]`.
    case array(PropertyType)
    /// `[String: Value]`, for objects whose keys are data (ids, names) rather than fields.
    case map(PropertyType)
    /// `Wrapped?`, inside arrays and maps whose samples held `null`s.
    case optional(PropertyType)
    /// Arrays that were always empty: `[Any]`.
    case emptyArray
    /// Objects that were always empty: `[String: Any]`.
    case emptyObject
    /// Arrays whose elements were of several kinds: `[Any]`.
    case mixedArray
    /// Keys that were always `null`: kept untyped, with the class's unmapped keys.
    case alwaysNull
    /// Keys whose values were of several kinds (a number here, a string there): kept untyped.
    case mixed

    /// Whether the type keeps the key untyped, with the class's unmapped keys.
    var isUntyped: Bool { self == .alwaysNull || self == .mixed }

    /// Whether the type is kept as JSON comes (`[Any]`, `[String: Any]`, untyped), which typed arrays
    /// and dictionaries cannot hold.
    var isPassthrough: Bool {
        switch self {
        case .emptyArray, .mixedArray, .emptyObject, .alwaysNull, .mixed: true
        case .optional(let wrapped): wrapped.isPassthrough
        default: false
        }
    }

    /// The model classes the type holds, directly or inside arrays and maps.
    var modelIndex: Int? {
        switch self {
        case .model(let index): index
        case .array(let element), .map(let element), .optional(let element): element.modelIndex
        default: nil
        }
    }

    /// The same type with every model index passed through `transform`.
    func mappingModels(_ transform: (Int) -> Int) -> PropertyType {
        switch self {
        case .model(let index): .model(transform(index))
        case .array(let element): .array(element.mappingModels(transform))
        case .map(let element): .map(element.mappingModels(transform))
        case .optional(let element): .optional(element.mappingModels(transform))
        default: self
        }
    }
}

/// One property of a generated class.
struct PropertyPlan: Sendable {
    /// The JSON key.
    var key: String
    /// The property's type.
    var type: PropertyType
    /// Whether some sample lacked the key or held `null` there.
    var isOptional: Bool
}

/// One generated class: where it was seen, its properties in order, and its place in a
/// polymorphic family.
struct ClassNode: Sendable {
    /// Names suggested by the keys it was found under, best first after naming.
    var nameHints: [String]
    /// Where in the samples it was seen: `statuses[].user`.
    var sites: [String]
    /// The class that holds it, for recursion detection.
    var parent: Int?
    /// The properties, in the order their keys were first seen.
    var properties: [PropertyPlan]
    /// The base class, for a member of a polymorphic family.
    var superclass: Int?
    /// The discriminator value that selects this class, for a member of a polymorphic family.
    var tag: String?
    /// The discriminator key, for the base of a polymorphic family.
    var discriminator: String?
    /// Whether the class is the root of a sample.
    var isRoot = false

    /// The keys of its properties.
    var keySet: Set<String> { Set(properties.map(\.key)) }
}
