/// A Swift scalar type the generator writes, with the date format that reads it.
enum ScalarType: Hashable, Sendable {
    case string, bool, url
    /// Numbers, typed by what they need (``NumberFacts/type``); untyped when no one Swift number
    /// type keeps them all.
    case number(NumberFacts)
    case date(DateFormat)

    /// The type's name in Swift source.
    var swiftName: String {
        switch self {
        case .string: "String"
        case .bool: "Bool"
        case .number(let facts): facts.type?.swiftName ?? "Any"
        case .url: "URL"
        case .date: "Date"
        }
    }

    /// Whether the type is a number's.
    var isNumber: Bool {
        if case .number = self { return true }
        return false
    }
}
