/// A Swift scalar type the generator writes, with the date format that reads it.
enum ScalarType: Hashable, Sendable {
    case string, bool, int, int64, double, decimal, url
    /// Numbers no Swift number type keeps exactly (beyond `Double`'s range or `Decimal`'s digits),
    /// kept as the text they were written with in a `String`.
    case numberText
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
        case .numberText: "String"
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
        case .numberText: 4
        default: nil
        }
    }
}
