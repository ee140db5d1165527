import Foundation

/// Compares the output of different model sets: values equal once `null`s and empty collections
/// are left out (Jastor omits those whose default is empty), numbers compared by value.
enum GraphComparison {
    /// A JSON value with its numbers normalised.
    indirect enum Value: Equatable {
        case bool(Bool)
        case integer(Int64)
        case double(Double)
        case string(String)
        case array([Value])
        case object([String: Value])
    }

    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// The normalised form of a Foundation JSON value; `nil` for `null` and empty collections.
    static func normalise(_ value: Any) -> Value? {
        if type(of: value) == Bool.self, let bool = value as? Bool { return .bool(bool) }
        if let number = value as? NSNumber, type(of: value) is NSNumber.Type {
            if ObjectIdentifier(type(of: number)) == booleanClass { return .bool(number.boolValue) }
            let kind = UInt8(bitPattern: number.objCType.pointee)
            return kind == UInt8(ascii: "d") || kind == UInt8(ascii: "f")
                ? .double(number.doubleValue) : .integer(number.int64Value)
        }
        switch value {
        case let integer as Int: return .integer(Int64(integer))
        case let integer as Int64: return .integer(integer)
        case let double as Double: return .double(double)
        case let string as String: return .string(string)
        case let array as [Any]:
            let elements = array.compactMap(normalise)
            return elements.isEmpty ? nil : .array(elements)
        case let object as [String: Any]:
            let members = object.compactMapValues(normalise)
            return members.isEmpty ? nil : .object(members)
        default:
            return nil
        }
    }

    /// Whether two normalised values are equal, doubles within `tolerance` relative.
    static func equivalent(_ lhs: Value?, _ rhs: Value?, tolerance: Double) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): return true
        case (.integer(let a)?, .integer(let b)?): return a == b
        case (.double(let a)?, .double(let b)?): return close(a, b, tolerance)
        case (.integer(let a)?, .double(let b)?), (.double(let b)?, .integer(let a)?):
            return close(Double(a), b, tolerance)
        case (.array(let a)?, .array(let b)?):
            return a.count == b.count && zip(a, b).allSatisfy { equivalent($0, $1, tolerance: tolerance) }
        case (.object(let a)?, .object(let b)?):
            return a.count == b.count && a.allSatisfy { key, value in equivalent(value, b[key], tolerance: tolerance) }
        default: return lhs == rhs
        }
    }

    private static func close(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
        a == b || abs(a - b) <= tolerance * max(abs(a), abs(b))
    }
}
