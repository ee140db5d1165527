/// The type of one generated property, before classes have their final names.
indirect enum PropertyType: Hashable, Sendable {
    /// A scalar.
    case scalar(ScalarType)
    /// A string from a small closed set: a nested enum with these cases (in the order first seen)
    /// and a catch-all for values the samples did not show.
    case enumeration([String])
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
    /// Arrays of numbers no one Swift number type keeps exactly (at any depth): `[Any]`.
    case numberArray
    /// Dictionaries of numbers no one Swift number type keeps exactly: `[String: Any]`.
    case numberMap
    /// Keys that were always `null`: kept untyped, with the class's unmapped keys.
    case alwaysNull
    /// Keys whose values were of several kinds (a number here, a string there): kept untyped.
    case mixed

    /// Whether the type is numbers no one Swift number type keeps exactly, which are kept untyped.
    var isUntypedNumbers: Bool {
        if case .scalar(.number(let facts)) = self { return facts.type == nil }
        return false
    }

    /// Whether the type is, or holds, only numbers no one Swift number type keeps exactly.
    var holdsUntypedNumbers: Bool {
        switch self {
        case .numberArray, .numberMap: true
        case .optional(let wrapped): wrapped.holdsUntypedNumbers
        default: isUntypedNumbers
        }
    }

    /// Whether the type keeps the key untyped, with the class's unmapped keys.
    var isUntyped: Bool { self == .alwaysNull || self == .mixed || isUntypedNumbers }

    /// Whether the type is kept as JSON comes (`[Any]`, `[String: Any]`, untyped), which typed arrays
    /// and dictionaries cannot hold.
    var isPassthrough: Bool {
        switch self {
        case .emptyArray, .mixedArray, .emptyObject, .alwaysNull, .mixed, .numberArray, .numberMap: true
        case .optional(let wrapped): wrapped.isPassthrough
        default: isUntypedNumbers
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
